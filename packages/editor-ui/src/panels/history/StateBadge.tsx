import type { HistoryRowState } from '../../features/history-rows.ts'

/** Each state's word and colours (11 px text at WCAG AA on its own background, light and dark). */
const STATES: Readonly<Record<HistoryRowState, { label: string; className: string; hint: string }>> = {
  pending: {
    label: 'Pending',
    className: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
    hint: 'Waiting to be saved',
  },
  shown: {
    label: 'Shown',
    className: 'bg-[var(--selected)] text-[var(--accent-ink)]',
    hint: 'Shown in the page, being saved',
  },
  saved: {
    label: 'Saved',
    className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
    hint: 'Written to the code',
  },
  failed: {
    label: 'Failed',
    className: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
    hint: 'Not written: see why below',
  },
  undone: {
    label: 'Undone',
    className: 'bg-[var(--chrome-2)] text-[var(--ink-2)] ring-1 ring-[var(--line)] ring-inset',
    hint: 'Taken back: redo puts it back',
  },
}

/** A change's state as a labelled badge: Pending, Shown, Saved, Failed, Undone. */
export function StateBadge({ state }: { state: HistoryRowState }) {
  const { label, className, hint } = STATES[state]
  return (
    <span
      title={hint}
      className={`inline-flex h-4 w-[52px] shrink-0 items-center justify-center rounded-sm font-medium text-[11px] leading-none ${className}`}
    >
      {label}
    </span>
  )
}
