/** The Props panel's shared looks: the one input, the small buttons, a row's columns. */

export const INPUT =
  'h-6 w-full min-w-0 rounded border border-[var(--line)] bg-[var(--chrome-2)] px-1.5 text-[12px] text-[var(--ink)] outline-none placeholder:text-[var(--ink-3)] hover:border-[var(--ink-3)] focus:border-accent focus:bg-[var(--chrome)] disabled:opacity-60 aria-invalid:border-red-500'

export const BUTTON =
  'inline-flex h-6 items-center justify-center gap-1 rounded px-1.5 text-[12px] text-[var(--ink-2)] outline-none hover:bg-[var(--hover)] hover:text-[var(--ink)] focus-visible:ring-2 focus-visible:ring-accent disabled:pointer-events-none disabled:opacity-40'

/** The label column (a third of a narrow panel, at most 96 px), the control, and the remove button. */
export const ROW = 'grid grid-cols-[minmax(56px,min(35%,96px))_minmax(0,1fr)_20px] items-start gap-1'
export const NAME = 'flex h-6 min-w-0 items-center truncate font-mono text-[11px] text-[var(--ink-2)]'

export const LABEL = 'text-[11px] text-[var(--ink-3)]'
