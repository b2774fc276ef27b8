import type { ReactNode } from 'react'

/** A text field's look in the Subscriptions dialogs; red when it has a problem; `spaced` below its label. */
export const inputClass = (invalid: boolean, spaced = true) =>
  `${spaced ? 'mt-1 ' : ''}block w-full rounded-md border px-3 py-2 text-sm text-gray-900 focus:ring-2 focus:outline-none disabled:bg-gray-100 disabled:text-gray-500 ${
    invalid
      ? 'border-red-500 focus:border-red-500 focus:ring-red-500'
      : 'border-gray-300 focus:border-blue-500 focus:ring-blue-500'
  }`

/** The ids a field's hint and problem have, for its `aria-describedby`. */
export const describedBy = (id: string, hint: boolean, error: string | undefined) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined

interface FieldProps {
  id: string
  label: string
  hint?: ReactNode
  error?: string
  className?: string
  /** The control, given `id`, `aria-invalid` and `aria-describedby` by its caller (describedBy). */
  children: ReactNode
}

/** A labelled control with its hint under it and, after a check, its problem in red. */
export function Field({ id, label, hint, error, className = '', children }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  )
}

/** A field's problem, said where the field is. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  )
}

/** Focuses the form's first field marked invalid (after a check found problems). */
export function focusFirstProblem(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
}

/** A dialog's Cancel and submit buttons; the submit says `busyLabel` while it runs. */
export function DialogButtons({
  busy,
  submitLabel,
  busyLabel,
  onCancel,
}: {
  busy: boolean
  submitLabel: string
  busyLabel: string
  onCancel: () => void
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <button
        type="button"
        onClick={onCancel}
        disabled={busy}
        className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50"
      >
        Cancel
      </button>
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 disabled:opacity-60"
      >
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  )
}
