import type { ReactNode } from 'react'

interface TextSectionProps {
  title: string
  children: ReactNode
}

/** A titled block of prose on the About, Privacy and Terms pages. */
export function TextSection({ title, children }: TextSectionProps) {
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
      <h2 className="text-xl font-semibold text-gray-900">{title}</h2>
      <div className="mt-3 space-y-3 leading-relaxed text-gray-700">{children}</div>
    </section>
  )
}
