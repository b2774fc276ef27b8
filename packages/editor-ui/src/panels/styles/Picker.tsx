import * as Select from '@radix-ui/react-select'
import { Check, ChevronDown } from 'lucide-react'
import type { ReactNode } from 'react'

export interface PickerOption {
  value: string
  /** What the list shows (default: the value). */
  label?: ReactNode
  /** Shown before the label: a swatch, a sample. */
  before?: ReactNode
}

/**
 * A list to pick one value from (Radix Select): keyboard (arrows, type-ahead, Enter, Escape), a
 * visible focus ring, its accessible name from `label`. `compact`: the unit beside a number field.
 */
export function Picker({
  label,
  value,
  options,
  onChange,
  compact = false,
  disabled = false,
  describedBy,
  className = '',
}: {
  label: string
  value: string
  options: readonly PickerOption[]
  onChange: (value: string) => void
  compact?: boolean
  disabled?: boolean
  describedBy?: string
  className?: string
}) {
  // A value the list does not offer (a computed `-webkit-box`) is still shown as it is.
  const all =
    value !== '' && !options.some((option) => option.value === value) ? [{ value }, ...options] : options
  return (
    <Select.Root value={value === '' ? undefined : value} onValueChange={onChange} disabled={disabled}>
      <Select.Trigger
        aria-label={label}
        aria-describedby={describedBy}
        className={`inline-flex h-6 min-w-0 items-center justify-between gap-0.5 rounded text-[11px] outline-none hover:bg-[var(--hover)] focus-visible:ring-2 focus-visible:ring-accent disabled:opacity-50 data-[placeholder]:text-[var(--ink-3)] ${
          compact
            ? 'shrink-0 px-1 text-[var(--ink-3)]'
            : `${className || 'w-full'} border border-[var(--line)] bg-[var(--chrome-2)] px-1.5 text-[var(--ink)]`
        } ${compact ? className : ''}`}
      >
        <span className="truncate">
          <Select.Value placeholder={compact ? '' : '—'} />
        </span>
        {compact ? null : (
          <Select.Icon>
            <ChevronDown aria-hidden="true" size={12} className="shrink-0 text-[var(--ink-3)]" />
          </Select.Icon>
        )}
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={2}
          className="z-50 max-h-[min(320px,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded border border-[var(--line)] bg-[var(--chrome)] text-[12px] text-[var(--ink)] shadow-lg"
        >
          <Select.Viewport className="p-1">
            {all.map((option) => (
              <Select.Item
                key={option.value}
                value={option.value}
                className="flex h-6 cursor-default select-none items-center gap-1.5 rounded px-1.5 outline-none data-[highlighted]:bg-[var(--selected)]"
              >
                {option.before}
                <Select.ItemText>{option.label ?? option.value}</Select.ItemText>
                <Select.ItemIndicator className="ml-auto">
                  <Check aria-hidden="true" size={12} />
                </Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  )
}
