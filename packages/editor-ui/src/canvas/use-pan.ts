import { type PointerEvent as ReactPointerEvent, type RefObject, useEffect } from 'react'
import { isTyping } from '../features/commands.ts'
import type { EditorSession } from '../session/editor-session.ts'

/**
 * Space+drag and middle-drag pan the canvas, as in design tools. Space held is the session's
 * `spaceHeld` (with the focus in the frame it comes as the inspector's key events), so the canvas can
 * lay a cover over the frame, whose pointer events would otherwise go to the app. Returns what starts
 * a pan from a pointerdown.
 */
export function usePan(
  surface: RefObject<HTMLDivElement | null>,
  session: EditorSession,
): (event: ReactPointerEvent<HTMLElement>) => void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== 'Space' || event.repeat || isTyping(event.target)) return
      // A focused button would take the space as a click.
      if (event.target instanceof HTMLButtonElement) return
      event.preventDefault()
      session.setSpaceHeld(event.type === 'keydown')
    }
    const onBlur = () => session.setSpaceHeld(false)
    window.addEventListener('keydown', onKey)
    window.addEventListener('keyup', onKey)
    window.addEventListener('blur', onBlur)
    return () => {
      window.removeEventListener('keydown', onKey)
      window.removeEventListener('keyup', onKey)
      window.removeEventListener('blur', onBlur)
    }
  }, [session])

  return (event) => {
    const element = surface.current
    if (!element) return
    event.preventDefault()
    const target = event.currentTarget
    target.setPointerCapture(event.pointerId)
    let last = { x: event.clientX, y: event.clientY }
    const move = (moveEvent: PointerEvent) => {
      element.scrollLeft -= moveEvent.clientX - last.x
      element.scrollTop -= moveEvent.clientY - last.y
      last = { x: moveEvent.clientX, y: moveEvent.clientY }
    }
    const up = () => {
      target.removeEventListener('pointermove', move)
      target.removeEventListener('pointerup', up)
      target.removeEventListener('pointercancel', up)
    }
    target.addEventListener('pointermove', move)
    target.addEventListener('pointerup', up)
    target.addEventListener('pointercancel', up)
  }
}
