import type { ReactNode } from 'react'

const FIELD =
  'mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none disabled:bg-gray-50 disabled:text-gray-500'

/** A labelled text field of the profile forms. */
export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  disabled,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  type?: string
  autoComplete?: string
  disabled?: boolean
}) {
  return (
    <label className="block text-sm font-medium text-gray-700">
      {label}
      <input
        className={FIELD}
        type={type}
        value={value}
        autoComplete={autoComplete}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  )
}

/** An on/off switch with its label (a checkbox with role switch). */
export function Switch({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  hint?: ReactNode
}) {
  return (
    <label className="flex items-center justify-between gap-4 py-2 text-sm text-gray-700">
      <span>
        {label}
        {hint && <span className="block text-xs text-gray-500">{hint}</span>}
      </span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="h-5 w-9 cursor-pointer appearance-none rounded-full bg-gray-300 transition-colors before:block before:h-4 before:w-4 before:translate-x-0.5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-blue-600 checked:before:translate-x-4.5 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
      />
    </label>
  )
}

/** A form's outcome: a success note or an error, announced. */
export function Outcome({ outcome }: { outcome: { ok: boolean; text: string } | null }) {
  if (!outcome) return null
  return (
    <p
      role={outcome.ok ? 'status' : 'alert'}
      className={`rounded-md px-4 py-3 text-sm ${outcome.ok ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-700'}`}
    >
      {outcome.text}
    </p>
  )
}
