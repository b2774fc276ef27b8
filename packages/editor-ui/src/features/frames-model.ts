/**
 * Breakpoint frames (docs/EDITOR.md, Breakpoint frames), the pure part: the breakpoints users know,
 * the extra frames' list as it is kept per project, their storyboard ids, and the key mapping between
 * the primary frame's storyboard and an extra frame's.
 */

/** Tailwind's breakpoints, by the names users know, and the toolbar's phone preset. */
export const BREAKPOINTS: readonly { name: string; width: number }[] = [
  { name: 'phone', width: 390 },
  { name: 'sm', width: 640 },
  { name: 'md', width: 768 },
  { name: 'lg', width: 1024 },
  { name: 'xl', width: 1280 },
  { name: '2xl', width: 1536 },
]

/** A frame's width, as the primary's (View.setWidth). */
const MIN_FRAME_WIDTH = 240
const MAX_FRAME_WIDTH = 3840

/** More would run that many copies of the app: each extra frame is the whole app. */
export const MAX_EXTRA_FRAMES = 4

/** One extra frame: its storyboard id (`app-768`) and its width in CSS pixels. */
export interface FrameSpec {
  id: string
  width: number
}

export function clampFrameWidth(width: number): number {
  if (!Number.isFinite(width)) return 768
  return Math.round(Math.min(MAX_FRAME_WIDTH, Math.max(MIN_FRAME_WIDTH, width)))
}

/** The breakpoint a width is, by name ('md'), or null between them. */
export function breakpointOf(width: number): string | null {
  return BREAKPOINTS.find((breakpoint) => breakpoint.width === width)?.name ?? null
}

/**
 * The breakpoint name a frame shows above it before its width (`md` of `md 768 px`), or null: a width
 * of no breakpoint, or the phone preset (390 alone says it).
 */
export function frameLabelName(width: number): string | null {
  const name = breakpointOf(width)
  return name && name !== 'phone' ? name : null
}

/**
 * A new frame's storyboard id: `app-<width it was added at>` (the spec allows letters, digits, hyphen
 * and underscore), with a counter when that id is taken. It stays when the frame is resized: the
 * inspector's session storage is kept under it.
 */
export function newFrameId(width: number, taken: readonly FrameSpec[]): string {
  const base = `app-${clampFrameWidth(width)}`
  let id = base
  for (let count = 2; taken.some((frame) => frame.id === id); count++) id = `${base}_${count}`
  return id
}

const FRAME_ID = /^app-[0-9]+(_[0-9]+)?$/

/**
 * The frames kept in localStorage, read back: anything that is not a list of `{ id, width }` with
 * ids of ours is left out (the storage is the user's, and an old build's), widths clamped.
 */
export function parseFrames(stored: string | null): FrameSpec[] {
  if (!stored) return []
  let value: unknown
  try {
    value = JSON.parse(stored)
  } catch (error) {
    console.warn(`[visual-edit] The kept breakpoint frames were not JSON, so none are shown: ${error}`)
    return []
  }
  if (!Array.isArray(value)) return []
  const frames: FrameSpec[] = []
  for (const entry of value) {
    if (entry === null || typeof entry !== 'object') continue
    const { id, width } = entry as Record<string, unknown>
    if (typeof id !== 'string' || !FRAME_ID.test(id) || typeof width !== 'number') continue
    if (frames.some((frame) => frame.id === id)) continue
    frames.push({ id, width: clampFrameWidth(width) })
  }
  return frames.slice(0, MAX_EXTRA_FRAMES)
}

/** The localStorage key of a project's frames: the editor's origin is shared by nothing else, the app's names the project. */
export function framesStorageKey(appOrigin: string): string {
  return `visual-edit:frames:${appOrigin}`
}

/**
 * A copy of `value` in which every `storyboardId: from` is `to`: the keys of a call mirrored to an
 * extra frame (its inspector finds elements by its own storyboard id), or of an event it sent, taken
 * to the primary's storyboard. Plain data only (what goes over a port).
 */
export function rekey<T>(value: T, from: string, to: string): T {
  if (Array.isArray(value)) return value.map((item) => rekey(item, from, to)) as T
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(value))
    out[name] = name === 'storyboardId' && field === from ? to : rekey(field, from, to)
  return out as T
}
