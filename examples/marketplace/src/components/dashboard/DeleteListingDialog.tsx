import * as Dialog from '@radix-ui/react-dialog'
import { useState } from 'react'
import type { Listing } from '../../data/listing.ts'

interface DeleteListingDialogProps {
  listing: Listing | null
  onCancel: () => void
  onConfirm: (listing: Listing) => Promise<void>
}

/** Delete, confirmed (spec section 2): the listing's title, Cancel or Delete; a failure says why. */
export function DeleteListingDialog({ listing, onCancel, onConfirm }: DeleteListingDialogProps) {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const close = () => {
    setFailure(null)
    onCancel()
  }
  return (
    <Dialog.Root open={listing !== null} onOpenChange={(open) => !open && !busy && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-gray-900">Delete this listing?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-gray-600">
            “{listing?.title}” and its images will be removed. This cannot be undone.
          </Dialog.Description>
          {failure && (
            <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
              {failure}
            </p>
          )}
          <div className="mt-6 flex justify-end gap-3">
            <button
              type="button"
              onClick={close}
              disabled={busy}
              className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
            >
              Cancel
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                if (!listing) return
                setBusy(true)
                onConfirm(listing).then(
                  () => {
                    setBusy(false)
                    setFailure(null)
                  },
                  (error: unknown) => {
                    setBusy(false)
                    setFailure(error instanceof Error ? error.message : String(error))
                  },
                )
              }}
              className="rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-60"
            >
              {busy ? 'Deleting...' : 'Delete'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
