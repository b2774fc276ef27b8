import { useId, useState } from 'react'
import { FieldRow } from './FieldRow.tsx'
import { useStyles, useStyleValue } from './styles-context.ts'
import { useStyleEdit } from './use-style-edit.ts'

/** The columns of a grid as equal tracks: `repeat(3, minmax(0, 1fr))` (Tailwind's grid-cols-3). */
const equalColumns = (count: number) => `repeat(${count}, minmax(0, 1fr))`

/**
 * How many columns a grid has (its computed template lists every track: `240px 240px 240px` is 3),
 * edited as a count of equal columns: typed and Enter, or arrows, each press written (a count is a
 * step a user takes one at a time, not a gesture).
 */
export function GridColumnsField() {
  const { loading } = useStyles()
  const { computed, source } = useStyleValue('grid-template-columns')
  const edit = useStyleEdit('grid-template-columns')
  const badgeId = useId()
  const count = computed === 'none' || computed === '' ? 0 : computed.trim().split(/\s+(?![^(]*\))/).length
  const [draft, setDraft] = useState<string | null>(null)
  const write = (value: number) => {
    if (!Number.isInteger(value) || value < 1 || value > 24) return
    void edit.commit(equalColumns(value), equalColumns(count)).finally(() => setDraft(null))
  }
  return (
    <FieldRow label="Columns" source={source} badgeId={badgeId}>
      <input
        type="text"
        role="spinbutton"
        aria-label="Grid columns"
        aria-describedby={badgeId}
        aria-valuenow={count}
        aria-valuemin={1}
        aria-valuemax={24}
        aria-busy={loading}
        inputMode="numeric"
        autoComplete="off"
        value={draft ?? (loading ? '' : String(count))}
        title={computed}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
            event.preventDefault()
            write(count + (event.key === 'ArrowUp' ? 1 : -1))
          } else if (event.key === 'Enter' && draft !== null) {
            event.preventDefault()
            write(Number(draft))
          } else if (event.key === 'Escape') setDraft(null)
        }}
        onBlur={() => {
          if (draft !== null) write(Number(draft))
        }}
        className="h-6 w-full min-w-0 rounded border border-[var(--line)] bg-[var(--chrome-2)] px-1 text-[11px] tabular-nums text-[var(--ink)] outline-none hover:border-[var(--ink-3)] focus:border-accent"
      />
    </FieldRow>
  )
}
