import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import type { AdminListing } from '../../../lib/admin/admin-listings.ts'
import { useReturnFocus } from '../../../lib/return-focus.ts'

interface ReviewReportsDialogProps {
  /** The reported listing under review; null: closed. */
  listing: AdminListing | null
  busy: boolean
  onDecide: (listing: AdminListing, decision: 'dismiss' | 'reject') => void
  onClose: () => void
}

/** A reported listing's review: the reasons given, then dismiss the reports or reject the listing. */
export function ReviewReportsDialog({ listing, busy, onDecide, onClose }: ReviewReportsDialogProps) {
  const returnFocus = useReturnFocus(listing !== null)
  return (
    <Dialog.Root open={listing !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-gray-900">Review reports</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded-md p-1 text-gray-500 hover:bg-gray-100">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-gray-600">
            {listing
              ? `${listing.title} (${listing.id}) has ${listing.reportCount} open ${listing.reportCount === 1 ? 'report' : 'reports'}.`
              : ''}
          </Dialog.Description>
          {listing && (
            <ul aria-label="Reasons given" className="mt-4 list-disc space-y-1 pl-5 text-sm text-gray-800">
              {(listing.reportReasons ?? []).map((reason, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two reports may give the same reason
                <li key={index}>{reason}</li>
              ))}
            </ul>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <button
              type="button"
              disabled={busy || !listing}
              onClick={() => listing && onDecide(listing, 'dismiss')}
              className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50"
            >
              Dismiss reports
            </button>
            <button
              type="button"
              disabled={busy || !listing}
              onClick={() => listing && onDecide(listing, 'reject')}
              className="rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-50"
            >
              Reject listing
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
