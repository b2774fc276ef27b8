import * as Dialog from '@radix-ui/react-dialog'
import { CircleCheck, Flag, X } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { listingsSource } from '../../lib/listings/source.ts'

const REPORT_REASONS = ['Spam', 'Fraud or scam', 'Wrong category', 'Already sold', 'Other'] as const

interface ReportListingDialogProps {
  listingId: string
}

/** The Report button and its dialog: a reason, optional details, then a thank-you. */
export function ReportListingDialog({ listingId }: ReportListingDialogProps) {
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [details, setDetails] = useState('')
  const [sent, setSent] = useState(false)
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const detailsId = useId()

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) {
      setReason('')
      setDetails('')
      setSent(false)
      setFailure(null)
    }
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!reason || sending) return
    const note = details.trim()
    setSending(true)
    setFailure(null)
    try {
      await (await listingsSource()).report(listingId, note ? `${reason}: ${note}` : reason)
      setSent(true)
    } catch (error) {
      // The report was not recorded: the form stays as it was, with why.
      setFailure(error instanceof Error ? error.message : String(error))
    } finally {
      setSending(false)
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="flex flex-1 items-center justify-center gap-1.5 rounded-md border border-gray-300 px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
        >
          <Flag className="h-4 w-4" aria-hidden="true" />
          Report
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-gray-900">Report this listing</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded-md p-1 text-gray-500 hover:bg-gray-100">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {sent ? (
            <>
              <Dialog.Description
                role="status"
                className="mt-4 flex items-start gap-2 rounded-md bg-green-50 px-3 py-3 text-green-800"
              >
                <CircleCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
                Thanks, your report has been sent to our moderators.
              </Dialog.Description>
              <div className="mt-6 flex justify-end">
                <Dialog.Close className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700">
                  Done
                </Dialog.Close>
              </div>
            </>
          ) : (
            <form onSubmit={onSubmit} className="mt-2">
              <Dialog.Description className="text-sm text-gray-600">
                Tell our moderators what is wrong with this listing.
              </Dialog.Description>
              <fieldset className="mt-4">
                <legend className="text-sm font-medium text-gray-900">Reason</legend>
                <div className="mt-2 space-y-2">
                  {REPORT_REASONS.map((option) => (
                    <label
                      key={option}
                      className="flex cursor-pointer items-center gap-2 text-sm text-gray-700"
                    >
                      <input
                        type="radio"
                        name="report-reason"
                        value={option}
                        checked={reason === option}
                        onChange={() => setReason(option)}
                        className="h-4 w-4 accent-blue-600"
                      />
                      {option}
                    </label>
                  ))}
                </div>
              </fieldset>
              <label htmlFor={detailsId} className="mt-4 block text-sm font-medium text-gray-900">
                Details (optional)
              </label>
              <textarea
                id={detailsId}
                rows={3}
                value={details}
                onChange={(event) => setDetails(event.target.value)}
                className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
              />
              {failure && (
                <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                  {failure}
                </p>
              )}
              <div className="mt-6 flex justify-end gap-2">
                <Dialog.Close
                  type="button"
                  className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
                >
                  Cancel
                </Dialog.Close>
                <button
                  type="submit"
                  disabled={!reason || sending}
                  className="rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-50"
                >
                  {sending ? 'Sending...' : 'Submit Report'}
                </button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
