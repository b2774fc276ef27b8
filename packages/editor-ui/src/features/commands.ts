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
  | 'palette'
  | 'shortcuts'
  | 'nextSibling'
  | 'previousSibling'
  | 'firstChild'
  | 'parent'
  | 'toggleLayers'
  | 'toggleElement'
  | 'copyForAgent'

export interface KeyLike {
  key: string
  altKey: boolean
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
}

/** The modifier of shortcuts: Cmd on macOS, Ctrl elsewhere. */
export const isMac = (): boolean =>
  typeof navigator !== 'undefined' && /Mac|iP(hone|ad|od)/.test(navigator.platform)

/**
 * One key combination of a command. `keys` are the `key` values it takes (lower case for letters;
 * the first is the one shown), `mod` is Cmd on macOS and Ctrl elsewhere, `shift` true, false or
 * `'any'` (the key's character may need it: `+`, `?`), `platform` limits it to one side.
 */
interface KeyBinding {
  command: Command
  keys: readonly string[]
  mod: boolean
  alt: boolean
  shift: boolean | 'any'
  platform?: 'mac' | 'other'
}

/**
 * The shortcuts, the one table both `commandFor` (key -> command) and `shortcutOf` (command -> what
 * the menus, the palette and the shortcuts sheet show) read, in the order they are tried:
 * Cmd/Ctrl+Z undoes and Shift+Cmd/Ctrl+Z (or Ctrl+Y) redoes, Cmd/Ctrl+D duplicates, Cmd/Ctrl with +
 * (or =) or - zooms the canvas in or out and with 0 back to 100% (the browser's own zoom of the
 * editor stays out of the way), Cmd/Ctrl+Alt+G wraps in a div (Alt changes the character a key types
 * on macOS: the physical G is 'g' or '©'), Cmd/Ctrl+Alt+C copies the selection for a coding agent, Cmd/Ctrl+K opens the command palette; without modifiers,
 * Delete or Backspace deletes, Enter edits text, Escape goes to the parent and then to nothing, and
 * ? shows the shortcuts. The selection moves through the page's tree as the layers' arrows move
 * through their rows: Down and Up to the next and previous sibling, Right into the first child, Left
 * (or Shift+Enter, Figma's) out to the parent (Tab is left to the focus: taking it in the frame
 * would trap the keyboard there). Cmd/Ctrl+Alt+1 and 2 show or hide the layers and the element
 * panel (Alt+digit types '¡' and '™' on macOS).
 */
const BINDINGS: readonly KeyBinding[] = [
  { command: 'undo', keys: ['z'], mod: true, alt: false, shift: false },
  { command: 'redo', keys: ['z'], mod: true, alt: false, shift: true },
  { command: 'redo', keys: ['y'], mod: true, alt: false, shift: false, platform: 'other' },
  { command: 'duplicate', keys: ['d'], mod: true, alt: false, shift: false },
  { command: 'zoomIn', keys: ['+', '='], mod: true, alt: false, shift: 'any' },
  { command: 'zoomOut', keys: ['-'], mod: true, alt: false, shift: false },
  { command: 'zoomReset', keys: ['0'], mod: true, alt: false, shift: false },
  { command: 'wrap', keys: ['g', '©'], mod: true, alt: true, shift: 'any' },
  { command: 'copyForAgent', keys: ['c', 'ç'], mod: true, alt: true, shift: 'any' },
  { command: 'palette', keys: ['k'], mod: true, alt: false, shift: false },
  { command: 'toggleLayers', keys: ['1', '¡'], mod: true, alt: true, shift: false },
  { command: 'toggleElement', keys: ['2', '™'], mod: true, alt: true, shift: false },
  { command: 'delete', keys: ['Delete', 'Backspace'], mod: false, alt: false, shift: 'any' },
  { command: 'editText', keys: ['Enter'], mod: false, alt: false, shift: false },
  { command: 'parent', keys: ['ArrowLeft'], mod: false, alt: false, shift: false },
  { command: 'parent', keys: ['Enter'], mod: false, alt: false, shift: true },
  { command: 'nextSibling', keys: ['ArrowDown'], mod: false, alt: false, shift: false },
  { command: 'previousSibling', keys: ['ArrowUp'], mod: false, alt: false, shift: false },
  { command: 'firstChild', keys: ['ArrowRight'], mod: false, alt: false, shift: false },
  { command: 'escape', keys: ['Escape'], mod: false, alt: false, shift: 'any' },
  { command: 'shortcuts', keys: ['?'], mod: false, alt: false, shift: 'any' },
]

const onPlatform = (binding: KeyBinding, mac: boolean) =>
  binding.platform === undefined || binding.platform === (mac ? 'mac' : 'other')

/**
 * The command a key press means (docs/EDITOR.md, Gestures; the table is BINDINGS). The other
 * platform's modifier (Ctrl on macOS) makes no shortcut. `mac` says which modifier.
 */
export function commandFor(event: KeyLike, mac = isMac()): Command | null {
  const mod = mac ? event.metaKey : event.ctrlKey
  if (mac ? event.ctrlKey : event.metaKey) return null
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key
  const found = BINDINGS.find(
    (binding) =>
      binding.mod === mod &&
      binding.alt === event.altKey &&
      (binding.shift === 'any' || binding.shift === event.shiftKey) &&
      onPlatform(binding, mac) &&
      binding.keys.includes(key),
  )
  return found?.command ?? null
}

/** How keys are written in the shortcuts shown. */
const KEY_NAMES: Readonly<Record<string, { mac: string; other: string }>> = {
  Escape: { mac: 'Esc', other: 'Esc' },
  Enter: { mac: '↵', other: 'Enter' },
  Delete: { mac: '⌫', other: 'Delete' },
  ArrowDown: { mac: '↓', other: '↓' },
  ArrowUp: { mac: '↑', other: '↑' },
  ArrowLeft: { mac: '←', other: '←' },
  ArrowRight: { mac: '→', other: '→' },
}

/** The commands that move the selection through the page's tree (features/selection-nav.ts). */
export const NAVIGATION_COMMANDS: ReadonlySet<Command> = new Set([
  'nextSibling',
  'previousSibling',
  'firstChild',
  'parent',
])

/**
 * The shortcut of `command` as this platform writes it (its first binding), or null if it has none:
 * `⇧⌘Z` on macOS, `Ctrl+Shift+Z` elsewhere. A key whose character needs Shift (`?`, `+`) is shown
 * without it.
 */
export function shortcutOf(command: Command, mac = isMac()): string | null {
  const binding = BINDINGS.find((candidate) => candidate.command === command && onPlatform(candidate, mac))
  if (!binding) return null
  const first = binding.keys[0] as string
  const key = KEY_NAMES[first]?.[mac ? 'mac' : 'other'] ?? first.toUpperCase()
  const shift = binding.shift === true
  if (mac) return `${binding.alt ? '⌥' : ''}${shift ? '⇧' : ''}${binding.mod ? '⌘' : ''}${key}`
  return [binding.mod ? 'Ctrl' : '', binding.alt ? 'Alt' : '', shift ? 'Shift' : '', key]
    .filter(Boolean)
    .join('+')
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
