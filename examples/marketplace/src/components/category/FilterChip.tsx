import { X } from 'lucide-react'

interface FilterChipProps {
  /** Visible text, such as 'Subcategory: pg & roommates'. */
  label: string
  /** Accessible name of the clear button. */
  clearLabel: string
  onClear: () => void
}

/** An active URL filter with a button that removes it. */
export function FilterChip({ label, clearLabel, onClear }: FilterChipProps) {
  return (
    <span
      data-testid="filter-chip"
      className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-1 pr-1 pl-3 text-sm font-medium text-blue-800"
    >
      {label}
      <button
        type="button"
        aria-label={clearLabel}
        onClick={onClear}
        className="rounded-full p-0.5 text-blue-700 hover:bg-blue-100 hover:text-blue-900"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </span>
  )
}
