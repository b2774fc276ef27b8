import { Share2 } from 'lucide-react'
import { useEffect, useState } from 'react'

interface ShareListingButtonProps {
  title: string
}

type ShareNotice = { kind: 'copied' } | { kind: 'manual'; url: string }

const COPIED_NOTICE_MS = 3000
const MANUAL_NOTICE_MS = 15000

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/**
 * Shares the page through the system share sheet, else copies its address; when neither works the
 * address is shown so it can be copied by hand.
 */
export function ShareListingButton({ title }: ShareListingButtonProps) {
  const [notice, setNotice] = useState<ShareNotice | null>(null)

  useEffect(() => {
    if (!notice) return
    const timer = window.setTimeout(
      () => setNotice(null),
      notice.kind === 'copied' ? COPIED_NOTICE_MS : MANUAL_NOTICE_MS,
    )
    return () => window.clearTimeout(timer)
  }, [notice])

  const share = async () => {
    const url = window.location.href
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url })
        return
      } catch (error) {
        if (isAbort(error)) return
      }
    }
    try {
      await navigator.clipboard.writeText(url)
      setNotice({ kind: 'copied' })
    } catch {
      setNotice({ kind: 'manual', url })
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={share}
        className="flex flex-1 items-center justify-center gap-1.5 rounded-md border border-gray-300 px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
      >
        <Share2 className="h-4 w-4" aria-hidden="true" />
        Share
      </button>
      <div role="status" data-testid="share-notice" className="order-last basis-full text-sm empty:hidden">
        {notice?.kind === 'copied' && (
          <p className="rounded-md bg-green-50 px-3 py-2 text-green-800">Link copied</p>
        )}
        {notice?.kind === 'manual' && (
          <div className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
            <p>Copy this link to share the listing:</p>
            <input
              type="text"
              readOnly
              aria-label="Listing link"
              value={notice.url}
              onFocus={(event) => event.target.select()}
              className="mt-1 w-full rounded border border-amber-200 bg-white px-2 py-1 text-gray-900"
            />
          </div>
        )}
      </div>
    </>
  )
}
