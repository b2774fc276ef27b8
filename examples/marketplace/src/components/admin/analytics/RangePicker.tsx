import { Download } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { DATE_RANGES, type DateRangeId, type DateSpan, rangeSpan } from '../../../lib/admin/date-range.ts'

interface RangePickerProps {
  choice: DateRangeId
  /** The dates read now: a custom range's form starts from them. */
  span: DateSpan
  onChoose: (choice: DateRangeId) => void
  /** A custom range that passed the checks. */
  onApply: (span: DateSpan) => void
  exportDisabled: boolean
  onExport: () => void
}

const BUTTON =
  'rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-1 sm:px-3'

/**
 * Analytics' range buttons (spec section 2) and Export. 7 days, 30 days, 90 days and Year end today;
 * Custom opens a from/to pair, read only on Apply and checked first (real dates, from not after to,
 * not in the future, at most MAX_CUSTOM_DAYS), a problem said next to the dates.
 */
export function RangePicker({ choice, span, onChoose, onApply, exportDisabled, onExport }: RangePickerProps) {
  const [from, setFrom] = useState(span.from)
  const [to, setTo] = useState(span.to)
  const [problem, setProblem] = useState<string | null>(null)
  const problemId = useId()
  const today = new Date().toISOString().slice(0, 10)

  const choose = (id: DateRangeId) => {
    if (id === 'custom' && choice !== 'custom') {
      setFrom(span.from)
      setTo(span.to)
    }
    setProblem(null)
    onChoose(id)
  }

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const checked = rangeSpan('custom', new Date(), { from, to })
    if ('problem' in checked) {
      setProblem(checked.problem)
      return
    }
    setProblem(null)
    onApply(checked)
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="grid w-full grid-cols-5 gap-1 rounded-lg bg-gray-100 p-1 sm:flex sm:w-auto">
          <legend className="sr-only">Date range</legend>
          {DATE_RANGES.map((range) => (
            <button
              key={range.id}
              type="button"
              aria-pressed={choice === range.id}
              onClick={() => choose(range.id)}
              className={`${BUTTON} text-gray-700 hover:bg-white/70 aria-pressed:bg-white aria-pressed:text-blue-700 aria-pressed:shadow-sm`}
            >
              {range.label}
            </button>
          ))}
        </fieldset>
        <button
          type="button"
          onClick={onExport}
          disabled={exportDisabled}
          className={`${BUTTON} ml-auto inline-flex items-center gap-2 border border-gray-300 bg-white py-2 text-gray-700 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-50`}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Export
        </button>
      </div>
      {choice === 'custom' && (
        <form
          noValidate
          onSubmit={apply}
          aria-label="Custom range"
          className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-3"
        >
          {(
            [
              ['From', from, setFrom],
              ['To', to, setTo],
            ] as const
          ).map(([label, value, set]) => (
            <label key={label} className="flex flex-col gap-1 text-sm font-medium text-gray-700">
              {label}
              <input
                type="date"
                value={value}
                max={today}
                onChange={(event) => set(event.target.value)}
                aria-invalid={problem !== null}
                aria-describedby={problem ? problemId : undefined}
                className="rounded-md border border-gray-300 px-3 py-1.5 text-sm text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none aria-invalid:border-red-500"
              />
            </label>
          ))}
          <button type="submit" className={`${BUTTON} bg-blue-600 py-2 text-white hover:bg-blue-700`}>
            Apply
          </button>
          {problem && (
            <p id={problemId} role="alert" className="w-full text-sm text-red-700">
              {problem}
            </p>
          )}
        </form>
      )}
    </div>
  )
}
