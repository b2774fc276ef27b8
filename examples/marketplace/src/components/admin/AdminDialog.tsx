import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import { useReturnFocus } from '../../lib/return-focus.ts'
import type { FieldLook } from './fields.tsx'

const WIDTHS = { lg: 'max-w-lg', '2xl': 'max-w-2xl' } as const

interface AdminDialogProps {
  open: boolean
  /** Escape or a press outside asks for it; never while `busy`. */
  onClose: () => void
  /** Saving or sending: the dialog cannot be closed. */
  busy?: boolean
  title: ReactNode
  description?: ReactNode
  /** How wide the box grows: `lg`, or `2xl` for a form of two columns. */
  width?: keyof typeof WIDTHS
  /** An Escape pressed in it: preventDefault keeps the dialog open (for a list of its own to close). */
  onEscapeKeyDown?: (event: KeyboardEvent) => void
  children: ReactNode
}

/**
 * The admin sections' dialog: a box over the dimmed page, its title and description, scrolling within
 * 90% of the screen's height. The admin dialogs open by state, not by a Radix Trigger, so focus goes
 * back to what had it when the dialog opened (useReturnFocus) when it closes.
 */
export function AdminDialog({
  open,
  onClose,
  busy = false,
  title,
  description,
  width = 'lg',
  onEscapeKeyDown,
  children,
}: AdminDialogProps) {
  const returnFocus = useReturnFocus(open)
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          onEscapeKeyDown={onEscapeKeyDown}
          // Without a description Radix is told there is none (else it warns).
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] ${WIDTHS[width]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl`}
        >
          <Dialog.Title className="text-lg font-semibold text-gray-900">{title}</Dialog.Title>
          {description !== undefined && (
            <Dialog.Description className="mt-1 text-sm break-words text-gray-600">
              {description}
            </Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

interface DialogButtonsProps {
  busy: boolean
  submitLabel: string
  /** The submit's label while `busy`. */
  busyLabel: string
  cancelLabel?: string
  onCancel: () => void
  /** `compact` (Subscriptions) stacks them on a phone, the submit on top. */
  look?: FieldLook
}

/**
 * A dialog form's Cancel and submit. While `busy` Cancel is disabled; the submit is not (that would
 * drop the focus) but marked aria-disabled, and the form ignores a second press.
 */
export function DialogButtons({
  busy,
  submitLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  onCancel,
  look = 'plain',
}: DialogButtonsProps) {
  return (
    <div
      className={
        look === 'compact'
          ? 'flex flex-col-reverse gap-3 sm:flex-row sm:justify-end'
          : 'flex justify-end gap-3 pt-2'
      }
    >
      <button
        type="button"
        onClick={onCancel}
        disabled={busy}
        className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50"
      >
        {cancelLabel}
      </button>
      <button
        type="submit"
        aria-disabled={busy}
        className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 aria-disabled:opacity-60"
      >
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  )
}

/** What kept the whole form from being saved or sent (not one field's problem), announced. */
export function FormAlert({ look = 'plain', children }: { look?: FieldLook; children: ReactNode }) {
  return (
    <p
      role="alert"
      className={`rounded-md bg-red-50 text-sm text-red-700 ${look === 'compact' ? 'px-4 py-3' : 'px-3 py-2'}`}
    >
      {children}
    </p>
  )
}
