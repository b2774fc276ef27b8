import {
  type CallableFunction,
  type ElementKey,
  elementKeysEqual,
  type InspectorEventHandlers,
  type InspectorLookup,
  OutboundEvent,
} from 'vite-plugin-visual-edit/protocol'
import type { CallMirror } from '../port/mirrored-bridge.ts'
import { STORYBOARD_ID } from './connection.ts'
import { logFailure } from './failures.ts'
import { FrameConnection } from './frame-connection.ts'
import {
  clampFrameWidth,
  type FrameSpec,
  framesStorageKey,
  MAX_EXTRA_FRAMES,
  newFrameId,
  parseFrames,
  rekey,
} from './frames-model.ts'
import type { Selection } from './selection.ts'
import type { Slice, SliceStore } from './slice.ts'
import type { View } from './view.ts'
import { nextZoom } from './zoom.ts'

/** The room between two frames on the canvas, in screen pixels (canvas/Canvas.tsx's `gap-8`). */
const FRAME_GAP_PX = 32

export interface FramesState {
  /** The extra breakpoint frames beside the primary one, left to right. */
  frames: readonly FrameSpec[]
}

/**
 * The primary frame's calls that every extra frame gets too: what it shows (the selection and the
 * hover, instant updates and their flush state, renamed ids, lookups, zoom, AI context, drive mode,
 * the dark preview). Not the ones that read the page (the Styles panel's) or act on it once (text
 * editing, drags, navigation: the frames follow the primary's address instead).
 */
const MIRRORED: ReadonlySet<CallableFunction> = new Set<CallableFunction>([
  'applyChangeItemToDocument',
  'setIsFlushing',
  'setSelectedElement',
  'setMultiselectedElementKeys',
  'setHoveredElement',
  'clearHoveredOutlines',
  'updateCodebaseIds',
  'setNewLookups',
  'setZoomPerc',
  'setAiContext',
  'enableDriveMode',
  'disableDriveMode',
  'setDarkMode',
  'updateOutlines',
])

/** Events of an extra frame that its user's input makes, handed on as the primary's would be. */
const FORWARDED = [
  OutboundEvent.KEY_DOWN,
  OutboundEvent.KEY_UP,
  OutboundEvent.START_EDITING_TEXT,
  OutboundEvent.EDITED_TEXT,
  OutboundEvent.EDIT_DYNAMIC_TEXT,
  OutboundEvent.DRAG_START,
  OutboundEvent.DRAG_END,
  OutboundEvent.DRAG_CANCEL,
] as const

/**
 * Breakpoint frames (docs/EDITOR.md, Breakpoint frames): the same route beside the primary frame at
 * other widths, each its own storyboard (`app-768`) with its own connection. What the primary's
 * inspector is told, they are told (the `MirroredBridge`'s calls, keys moved to their storyboard), so
 * a selection and an edit show in all of them in the same task; they load the primary's address when
 * it moves. A click or a key in one of them is the user's in the primary's storyboard: the selection
 * (by the element's key there, else its codebase id) and the commands, whose gesture gate and schema
 * checks are the primary's. The list is kept per project in localStorage.
 */
export class Frames {
  readonly #slice: Slice<FramesState>
  readonly #connections = new Map<string, FrameConnection>()
  readonly #app: { origin: string; src: string }
  readonly #deps: FramesDeps
  readonly #storageKey: string

  constructor(store: SliceStore<unknown>, deps: FramesDeps) {
    this.#app = deps.app
    this.#deps = deps
    this.#storageKey = framesStorageKey(deps.app.origin)
    const frames = parseFrames(localStorage.getItem(this.#storageKey))
    this.#slice = store.slice<FramesState>({ frames })
    for (const frame of frames) this.#open(frame.id)
    this.#refit()
    store.subscribe(() => this.#follow(deps.href()))
  }

  get state(): FramesState {
    return this.#slice.state
  }

  /** The bridge's listener: each mirrored call goes to every connected extra frame, rekeyed. */
  readonly mirror: CallMirror = (name, args) => {
    if (!MIRRORED.has(name)) return
    for (const connection of this.#connections.values()) {
      if (!connection.bridge.connected) continue
      connection.bridge
        .call(name, ...rekey(args, STORYBOARD_ID, connection.id))
        .catch(
          logFailure(`The breakpoint frame ${connection.id} did not get ${name} (its next load repeats it)`),
        )
    }
  }

  connectionOf(id: string): FrameConnection | undefined {
    return this.#connections.get(id)
  }

  /** Where a new frame opens: the primary's address when it is the app's, else the app's first page. */
  get src(): string {
    const href = this.#deps.href()
    return this.#isAppAddress(href) ? href : this.#app.src
  }

  add(width: number): void {
    const frames = this.state.frames
    if (frames.length >= MAX_EXTRA_FRAMES) return
    const frame = { id: newFrameId(width, frames), width: clampFrameWidth(width) }
    this.#open(frame.id)
    this.#set([...frames, frame])
  }

  remove(id: string): void {
    this.#connections.get(id)?.stop()
    this.#connections.delete(id)
    this.#set(this.state.frames.filter((frame) => frame.id !== id))
  }

  resize(id: string, width: number): void {
    const next = clampFrameWidth(width)
    if (this.state.frames.find((frame) => frame.id === id)?.width === next) return
    this.#set(this.state.frames.map((frame) => (frame.id === id ? { ...frame, width: next } : frame)))
  }

  attach(id: string, element: HTMLIFrameElement | null): void {
    this.#connections.get(id)?.frame.attach(element)
  }

  loaded(id: string): void {
    this.#connections.get(id)?.loaded()
  }

  #set(frames: FrameSpec[]): void {
    this.#slice.set({ frames })
    localStorage.setItem(this.#storageKey, JSON.stringify(frames))
    this.#refit()
  }

  /** The fitted zoom fits every frame: their widths, and the canvas's gap before each (`gap-8`). */
  #refit(): void {
    this.#deps.view.fitBesides(() => {
      const frames = this.state.frames
      return {
        width: frames.reduce((sum, frame) => sum + frame.width, 0),
        gaps: FRAME_GAP_PX * frames.length,
      }
    })
  }

  #open(id: string): void {
    const { view, driving, selection, lookups, ai } = this.#deps
    const connection = new FrameConnection(id, this.#app, () => ({
      zoom: view.state.zoom,
      ai: ai(),
      driving: driving(),
      selected: selection.keys,
      lookups: lookups(),
    }))
    connection.bridge.on(this.#handlersFor(connection))
    this.#connections.set(id, connection)
  }

  /** The primary moved to another address of the app: each frame loads it (a full load, then its handshake). */
  #follow(href: string): void {
    if (!this.#isAppAddress(href)) return
    for (const connection of this.#connections.values()) {
      if (connection.href === href || connection.requested === href) continue
      if (!connection.href) continue // still loading its first page, which is where the primary was
      connection.requested = href
      connection.frame.navigate(href)
    }
  }

  #isAppAddress(href: string): boolean {
    return URL.canParse(href) && new URL(href).origin === this.#app.origin
  }

  /** An extra frame's events, in the primary's storyboard; the rest (its tree, its CSS replies) are its own. */
  #handlersFor(connection: FrameConnection): Partial<InspectorEventHandlers> {
    const { selection, events, view } = this.#deps
    const toPrimary = <T>(value: T): T => rekey(value, connection.id, STORYBOARD_ID)
    const primaryKey = (key: ElementKey | null): ElementKey | null => {
      if (!key) return null
      const same = toPrimary(key)
      if (this.#deps.tree.nodeOf(same)) return same
      return this.#deps.tree.firstWithCodebaseId(key.codebaseId)?.key ?? same
    }
    const handlers: Partial<InspectorEventHandlers> = {
      [OutboundEvent.SELECTED_ELEMENT_KEY]: ({ elementKey }) => {
        const key = primaryKey(elementKey)
        const current = selection.keys
        if (key === null ? current.length === 0 : current.length === 1 && elementKeysEqual(current[0], key))
          return
        void selection.select(key)
      },
      [OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS]: (keys) => {
        for (const key of keys) {
          const mapped = primaryKey(key)
          if (mapped && !selection.keys.some((known) => elementKeysEqual(known, mapped)))
            void selection.toggle(mapped)
        }
      },
      [OutboundEvent.HOVERED_ELEMENT_KEY]: (key) => {
        const mapped = primaryKey(key)
        const hovered = selection.actor.getSnapshot().context.hovered
        if (!elementKeysEqual(hovered ?? undefined, mapped ?? undefined)) selection.hover(mapped)
      },
      [OutboundEvent.CONTEXT_MENU]: (menu) =>
        selection.menuInFrame(primaryKey(menu.elementKey), this.#toEditor(connection, menu)),
      [OutboundEvent.LATEST_HREF]: (href) => {
        connection.href = href
      },
      [OutboundEvent.WHEEL]: (wheel) => {
        if (!(wheel.ctrlKey || wheel.metaKey)) return
        view.setZoom(nextZoom(view.state.zoom, wheel.deltaY), this.#toEditor(connection, wheel))
      },
    }
    for (const event of FORWARDED)
      (handlers as Record<string, (payload: unknown) => void>)[event] = (payload) =>
        (events[event] as (payload: unknown) => void)(toPrimary(payload))
    return handlers
  }

  /** A point of an extra frame's viewport in editor coordinates. */
  #toEditor(connection: FrameConnection, point: { clientX: number; clientY: number }) {
    const rect = connection.frame.rect()
    const scale = this.#deps.view.state.zoom / 100
    return { x: (rect?.left ?? 0) + point.clientX * scale, y: (rect?.top ?? 0) + point.clientY * scale }
  }
}

export interface FramesDeps {
  app: { origin: string; src: string }
  selection: Selection
  view: View
  tree: {
    nodeOf(key: ElementKey): { key: ElementKey } | undefined
    firstWithCodebaseId(codebaseId: string): { key: ElementKey } | undefined
  }
  /** The session's table of the primary's event handlers: the forwarded events go to the same ones. */
  events: InspectorEventHandlers
  /** The primary frame's address (LATEST_HREF). */
  href: () => string
  ai: () => boolean
  driving: () => boolean
  lookups: () => ReadonlyMap<string, InspectorLookup>
}
