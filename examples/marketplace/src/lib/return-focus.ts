import { useLayoutEffect, useRef } from 'react'

/**
 * Focus back where it was, for a Radix dialog opened by state rather than by its own Trigger (Radix
 * then has no trigger to return focus to, and focus fell to the page's start). The element focused
 * when `open` became true gets it again when the dialog closes, if it is still in the page. Pass the
 * result as `Dialog.Content`'s `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null)
  // A layout effect: it runs before the dialog's own focus trap moves focus into it.
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
  }, [open])
  return (event) => {
    const target = opener.current
    opener.current = null
    if (!target?.isConnected) return
    event.preventDefault()
    target.focus()
  }
}
