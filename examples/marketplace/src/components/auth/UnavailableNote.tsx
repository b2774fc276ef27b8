import { Info } from 'lucide-react'
import type { ReactNode } from 'react'

/** Says plainly that a sign-in method shown here does not work on this server. */
export function UnavailableNote({ children }: { children: ReactNode }) {
  return (
    <p role="note" className="flex items-start gap-2 rounded-md bg-gray-100 px-3 py-2 text-sm text-gray-700">
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  )
}
