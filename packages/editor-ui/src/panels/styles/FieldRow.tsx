import type { HTMLAttributes, ReactNode } from 'react'
import type { StyleSource } from '../../features/style-source.ts'
import { SourceBadge } from './SourceBadge.tsx'
import { useStyles } from './styles-context.ts'

/** One row of a section, 28 px: the label and where the value comes from, then the control. */
export function FieldRow({
  label,
  source,
  badgeId,
  narrow = false,
  children,
}: {
  label: string
  source: StyleSource
  badgeId: string
  /** Two rows side by side (W and H): a short label column. */
  narrow?: boolean
  children: ReactNode
}) {
  return (
    <div className={`grid h-7 items-center gap-1 ${narrow ? LABEL_NARROW : LABEL_WIDE}`}>
      <FieldLabel label={label} source={source} badgeId={badgeId} />
      <div className="flex min-w-0 items-center">{children}</div>
    </div>
  )
}

/** The label column of a row: 96 px, or 48 px for two fields a row. */
export const LABEL_WIDE = 'grid-cols-[96px_minmax(0,1fr)]'
export const LABEL_NARROW = 'grid-cols-[48px_minmax(0,1fr)]'

/** A row's label and its source badge; `handle` makes it a scrub handle (a number's label). */
export function FieldLabel({
  label,
  source,
  badgeId,
  handle,
}: {
  label: string
  source: StyleSource
  badgeId: string
  handle?: HTMLAttributes<HTMLSpanElement>
}) {
  const { loading } = useStyles()
  return (
    <span className="flex min-w-0 items-center gap-1">
      <span
        aria-hidden={handle ? true : undefined}
        title={label}
        {...handle}
        className={`truncate text-[11px] text-[var(--ink-2)] ${handle ? 'cursor-ew-resize select-none hover:text-[var(--ink)]' : ''}`}
      >
        {label}
      </span>
      <SourceBadge source={loading ? { kind: 'none' } : source} id={badgeId} />
    </span>
  )
}
