import { useLayoutEffect, useRef } from 'react'

/**
 * Where the focus goes back when a dialog with no trigger closes: where it was when the dialog opened
 * (a layers row, a field, the app's frame). Radix's dialog gives the focus to its trigger, and these
 * open from the keyboard. Returns the dialog's `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const before = useRef<HTMLElement | null>(null)
  // Before the dialog's focus scope moves the focus in (its effect runs after this layout effect).
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) before.current = document.activeElement
  }, [open])
  return (event) => {
    const target = before.current
    before.current = null
    if (!target?.isConnected) return
    event.preventDefault()
    target.focus({ preventScroll: true })
  }
}
