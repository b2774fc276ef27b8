import { CircleCheck } from 'lucide-react'
import { useEffect, useState } from 'react'

/** What an admin section says after an action: a success goes after 3 s, an error stays. */
export interface AdminNotice {
  kind: 'success' | 'error'
  text: string
}

/** How long a success message stays (spec section 9). */
const SUCCESS_MS = 3000

/** A section's notice and its setter; a success clears itself after SUCCESS_MS. */
export function useAdminNotice(): [AdminNotice | null, (notice: AdminNotice | null) => void] {
  const [notice, setNotice] = useState<AdminNotice | null>(null)
  useEffect(() => {
    if (notice?.kind !== 'success') return
    const timer = window.setTimeout(() => setNotice(null), SUCCESS_MS)
    return () => window.clearTimeout(timer)
  }, [notice])
  return [notice, setNotice]
}

/** The notice as a line: a status for a success, an alert for an error; nothing without one. */
export function AdminNoticeLine({ notice }: { notice: AdminNotice | null }) {
  if (!notice) return null
  return (
    <p
      role={notice.kind === 'error' ? 'alert' : 'status'}
      className={`flex items-center gap-2 rounded-md px-4 py-3 text-sm ${notice.kind === 'error' ? 'bg-red-50 text-red-700' : 'bg-green-50 text-green-800'}`}
    >
      {notice.kind === 'success' && <CircleCheck className="h-4 w-4 shrink-0" aria-hidden="true" />}
      {notice.text}
    </p>
  )
}
