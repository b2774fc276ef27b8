import * as Dialog from '@radix-ui/react-dialog'
import { useState } from 'react'
import { useReturnFocus } from '../../lib/return-focus.ts'

interface ConfirmDialogProps {
  open: boolean
  title: string
  description: string
  /** The buttons: keep things as they are, and go ahead (danger-coloured). */
  cancelLabel?: string
  confirmLabel: string
  /** While `onConfirm` runs. */
  busyLabel: string
  onCancel: () => void
  /** Does it; a throw is shown in the dialog, which stays open. */
  onConfirm: () => Promise<void>
}

/**
 * A destructive step confirmed (an alertdialog): what it does, Cancel or the action; the action's
 * failure said in the dialog. It cannot be closed while the action runs.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  cancelLabel = 'Cancel',
  confirmLabel,
  busyLabel,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const close = () => {
    if (busy) return
    setFailure(null)
    onCancel()
  }
  const confirm = () => {
    setBusy(true)
    onConfirm().then(
      () => {
        setBusy(false)
        setFailure(null)
      },
      (error: unknown) => {
        setBusy(false)
        setFailure(error instanceof Error ? error.message : String(error))
      },
    )
  }
  const returnFocus = useReturnFocus(open)
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-gray-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-gray-600">{description}</Dialog.Description>
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
              className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50"
            >
              {cancelLabel}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={confirm}
              className="rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-60"
            >
              {busy ? busyLabel : confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
