import * as Tooltip from '@radix-ui/react-tooltip'
import type { ComponentPropsWithRef, ReactNode } from 'react'

/** The one button style of the chrome: 28 px square (or with a label), hover, focus ring, pressed, disabled. */
export const BUTTON =
  'inline-flex h-7 min-w-7 items-center justify-center gap-1 rounded px-1.5 text-[12px] text-[var(--ink-2)] outline-none hover:bg-[var(--hover)] hover:text-[var(--ink)] focus-visible:ring-2 focus-visible:ring-accent disabled:pointer-events-none disabled:opacity-40 aria-pressed:bg-[var(--selected)] aria-pressed:text-[var(--ink)]'

interface IconButtonProps extends ComponentPropsWithRef<'button'> {
  /** The accessible name, shown as the tooltip too. */
  label: string
  /** The shortcut the tooltip shows beside the label. */
  shortcut?: string
  children: ReactNode
}

/** A toolbar button: its label is its accessible name and its tooltip. */
export function IconButton({ label, shortcut, children, className, ...props }: IconButtonProps) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button type="button" aria-label={label} className={`${BUTTON} ${className ?? ''}`} {...props}>
          {children}
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          sideOffset={6}
          className="z-50 rounded bg-[var(--ink)] px-2 py-1 text-[11px] text-[var(--chrome)] shadow-sm"
        >
          {label}
          {shortcut ? <span className="ml-2 opacity-60">{shortcut}</span> : null}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  )
}
