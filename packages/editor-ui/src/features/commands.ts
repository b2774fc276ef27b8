/** What the editor can do to the selection or its history, from a shortcut, a menu or the toolbar. */
export type Command =
  | 'duplicate'
  | 'wrap'
  | 'delete'
  | 'editText'
  | 'escape'
  | 'undo'
  | 'redo'
  | 'zoomIn'
  | 'zoomOut'
  | 'zoomReset'

export interface KeyLike {
  key: string
  altKey: boolean
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
}

/** The modifier of shortcuts: Cmd on macOS, Ctrl elsewhere. */
const isMac = () => typeof navigator !== 'undefined' && /Mac|iP(hone|ad|od)/.test(navigator.platform)

/**
 * The command a key press means (docs/EDITOR.md, Gestures): Cmd/Ctrl+D duplicates, Cmd/Ctrl+Alt+G
 * wraps in a div, Delete or Backspace deletes, Enter edits text, Escape goes to the parent and then to
 * nothing, Cmd/Ctrl+Z undoes and Shift+Cmd/Ctrl+Z (or Ctrl+Y) redoes; Cmd/Ctrl with =, + or - zooms the
 * canvas in or out and with 0 back to 100% (the browser's own zoom of the editor stays out of the
 * way). `mac` says which modifier.
 */
export function commandFor(event: KeyLike, mac = isMac()): Command | null {
  const mod = mac ? event.metaKey : event.ctrlKey
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key
  if (mod && !event.altKey && key === 'z') return event.shiftKey ? 'redo' : 'undo'
  if (mod && !mac && !event.altKey && !event.shiftKey && key === 'y') return 'redo'
  if (mod && !event.altKey && !event.shiftKey && key === 'd') return 'duplicate'
  if (mod && !event.altKey && (key === '=' || key === '+')) return 'zoomIn'
  if (mod && !event.altKey && !event.shiftKey && key === '-') return 'zoomOut'
  if (mod && !event.altKey && !event.shiftKey && key === '0') return 'zoomReset'
  // Alt changes the character a key types on macOS: the physical G is 'g' or '©'.
  if (mod && event.altKey && (key === 'g' || key === '©')) return 'wrap'
  if (mod || event.altKey) return null
  if (key === 'Delete' || key === 'Backspace') return 'delete'
  if (key === 'Enter' && !event.shiftKey) return 'editText'
  if (key === 'Escape') return 'escape'
  return null
}

/** Whether a key press happens where the user types (so a shortcut must not take it). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  const tag = target.tagName
  return (
    tag === 'TEXTAREA' ||
    tag === 'SELECT' ||
    (tag === 'INPUT' && (target as HTMLInputElement).type !== 'checkbox')
  )
}

/** Roles whose element Enter activates, as a button's. */
const ACTIVATED_ROLES = new Set([
  'button',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'tab',
])

/**
 * Whether Enter on `target` is the control's own action (a focused button, link or menu item): the
 * edit-text shortcut must leave it to the control, so every button works from the keyboard.
 */
export function activatesOnEnter(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  const tag = target.tagName
  if (tag === 'BUTTON' || tag === 'SUMMARY' || (tag === 'A' && target.hasAttribute('href'))) return true
  return ACTIVATED_ROLES.has(target.getAttribute('role') ?? '')
}
