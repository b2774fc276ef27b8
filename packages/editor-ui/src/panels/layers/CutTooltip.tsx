import * as Tooltip from '@radix-ui/react-tooltip'
import { type ReactElement, type ReactNode, useLayoutEffect, useRef, useState } from 'react'

/** The look of the editor's tooltips (as the toolbar's, app/ui.tsx), wrapping a long name anywhere. */
const TOOLTIP =
  'z-50 max-w-md rounded bg-[var(--ink)] px-2 py-1 text-[11px] text-[var(--chrome)] shadow-sm [overflow-wrap:anywhere]'

/** Whether an element's text is cut: it, or one of its parts, is wider than the room it was given. */
const isCut = (element: HTMLElement | null) =>
  element !== null && [element, ...element.children].some((part) => part.scrollWidth > part.clientWidth)

interface CutTooltipProps {
  /** What the tooltip says: the whole text. */
  content: ReactNode
  /** Open now (if the text is cut), as the keyboard's focus would: for a row of a tree that keeps the focus. */
  keyboard?: boolean
  /** Escape closed a tooltip opened by `keyboard`. */
  onDismiss?: () => void
  /** The element whose text may be cut (one element, it takes the trigger's props). */
  children: ReactElement
}

/**
 * A tooltip with the whole of a text that an ellipsis cuts: Radix's, on hover (after the provider's
 * delay) and focus, or at once while `keyboard` says so; never for a text that fits.
 */
export function CutTooltip({ content, keyboard = false, onDismiss, children }: CutTooltipProps) {
  const trigger = useRef<HTMLElement>(null)
  const [asked, setAsked] = useState(false)
  const [cut, setCut] = useState(false)
  useLayoutEffect(() => {
    if (keyboard) setCut(isCut(trigger.current))
  }, [keyboard])
  return (
    <Tooltip.Root
      open={(asked || keyboard) && cut}
      onOpenChange={(open) => {
        if (open) setCut(isCut(trigger.current))
        setAsked(open)
      }}
    >
      <Tooltip.Trigger
        asChild
        ref={(element: HTMLElement | null) => {
          trigger.current = element
        }}
      >
        {children}
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="top"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className={TOOLTIP}
          onEscapeKeyDown={() => onDismiss?.()}
        >
          {content}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  )
}
