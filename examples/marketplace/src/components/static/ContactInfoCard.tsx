import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

interface ContactInfoCardProps {
  icon: LucideIcon
  title: string
  children: ReactNode
}

/** One of the contact page's side cards: an icon, a heading and the detail. */
export function ContactInfoCard({ icon: Icon, title, children }: ContactInfoCardProps) {
  return (
    <section className="flex gap-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-blue-50 text-blue-600">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <h2 className="font-semibold text-gray-900">{title}</h2>
        <div className="mt-1 text-sm text-gray-600">{children}</div>
      </div>
    </section>
  )
}
