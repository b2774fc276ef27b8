import * as ToggleGroup from '@radix-ui/react-toggle-group'
import { type ReactNode, useId } from 'react'
import { FieldRow } from './FieldRow.tsx'
import { useStyles, useStyleValue } from './styles-context.ts'
import { useStyleEdit } from './use-style-edit.ts'

export interface Segment {
  value: string
  /** The accessible name and tooltip: `Row`, `Align centre`. */
  label: string
  icon: ReactNode
}

/**
 * A few keyword values as icon buttons in one group (flex direction, text alignment): one tab stop,
 * arrows move between them, Enter or Space picks; a pick writes at once. The group's name is `label`.
 */
export function SegmentedField({
  property,
  label,
  segments,
}: {
  property: string
  label: string
  segments: readonly Segment[]
}) {
  const { loading } = useStyles()
  const { computed, source } = useStyleValue(property)
  const edit = useStyleEdit(property)
  const badgeId = useId()
  return (
    <FieldRow label={label} source={source} badgeId={badgeId}>
      <ToggleGroup.Root
        type="single"
        aria-label={label}
        aria-describedby={badgeId}
        value={loading ? '' : computed}
        disabled={loading}
        onValueChange={(value) => {
          if (value) void edit.commit(value, computed)
        }}
        className="flex h-6 w-full items-center rounded border border-[var(--line)] bg-[var(--chrome-2)] p-px"
      >
        {segments.map((segment) => (
          <ToggleGroup.Item
            key={segment.value}
            value={segment.value}
            aria-label={segment.label}
            title={segment.label}
            className="flex h-full flex-1 items-center justify-center rounded-[3px] text-[var(--ink-2)] outline-none hover:text-[var(--ink)] focus-visible:ring-2 focus-visible:ring-accent data-[state=on]:bg-[var(--chrome)] data-[state=on]:text-[var(--ink)] data-[state=on]:shadow-sm"
          >
            {segment.icon}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
    </FieldRow>
  )
}
