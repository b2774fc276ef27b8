import { type ElementKey, elementKeyToString } from '../../protocol/element-key.ts'
import type { InspectorConfig } from '../../protocol/inspector-config.ts'
import type { InspectorLookup } from '../../protocol/lookups.ts'
import {
  type OutboundEvent,
  StoryboardType,
  type StoryboardType as StoryboardTypeValue,
} from '../../protocol/messages.ts'
import type { InspectorEventPayloads } from '../../protocol/port.ts'
import { SESSION_STORAGE_PREFIX } from './constants.ts'

/** The attribute of the overlay host; the navigation tree skips the element that carries it. */
export const OVERLAY_ATTRIBUTE = 'data-visual-edit-overlay'

/** Flags read from the page URL (docs/INSPECTOR.md, Page flags). */
export interface QueryFlags {
  storyboard: boolean
  type: StoryboardTypeValue
  framework: string | null
  debugLog: boolean
}

export function readQueryFlags(search: string): QueryFlags {
  const params = new URLSearchParams(search)
  const type = params.get('type')
  return {
    storyboard: params.get('storyboard') === 'true',
    type:
      type === StoryboardType.STORY || type === StoryboardType.COMPONENT ? type : StoryboardType.APPLICATION,
    framework: params.get('framework'),
    debugLog: params.get('debugLog') === 'true',
  }
}

/**
 * What the inspector's modules tell each other on its event bus: an editor connected; the selection,
 * the hover or drive mode changed; a tree was built; the zoom or the AI context changed.
 */
export type InspectorEvent =
  | 'connected'
  | 'selection'
  | 'hover'
  | 'drive'
  | 'tree'
  | 'zoom'
  | 'ai'
  | 'mirrored'

/**
 * The inspector's state, shared by its modules. One AbortController's signal removes every listener
 * a module adds, so `stop()` leaves the page as it found it.
 */
export class InspectorContext {
  readonly win: Window
  readonly config: InspectorConfig
  readonly flags: QueryFlags
  /** What the server knows about codebase ids, handed over by the editor (initProject, setNewLookups). */
  readonly lookups = new Map<string, InspectorLookup>()
  storyboardId = 'app'
  /** The storyboard component's file (STORY and COMPONENT storyboards keep only its elements). */
  storyboardFile: string | null = null
  originalUrl: string | null = null
  zoom = 1
  aiContext = false
  isFlushing = false
  /** The selection shown is another frame's (setMirroredSelection): drawn with secondary outlines only. */
  mirrored = false
  /** Hot updates of code (js) this page has rendered (React Refresh ran them): what a held key was read from (see `flushBeganAt`). */
  codeUpdates = 0
  /** `codeUpdates` when the editor's last save began (setIsFlushing(true)). */
  flushBeganAt = 0
  /** Changes whenever the selection does; the tree runs queued after-build callbacks only if it did not. */
  selectionToken = ''
  #port: MessagePort | null = null
  #connections = 0
  #controller = new AbortController()
  readonly #listeners = new Set<(type: InspectorEvent) => void>()

  constructor(win: Window, config: InspectorConfig = {}) {
    this.win = win
    this.config = config
    this.flags = readQueryFlags(win.location.search)
  }

  get doc(): Document {
    return this.win.document
  }

  /** Aborted by stop(): pass to every addEventListener. */
  get signal(): AbortSignal {
    return this.#controller.signal
  }

  /**
   * A module's own controller for the listeners it adds in start(): its stop() aborts it, and so does
   * this context's stop().
   */
  moduleController(): AbortController {
    const own = new AbortController()
    const shared = this.signal
    if (shared.aborted) own.abort()
    else shared.addEventListener('abort', () => own.abort(), { once: true, signal: own.signal })
    return own
  }

  get connected(): boolean {
    return this.#port !== null
  }

  /** Counts connect() calls: which editor, of those that connected, gets what is sent now. */
  get connection(): number {
    return this.#connections
  }

  connect(port: MessagePort): void {
    this.#port?.close()
    this.#port = port
    this.#connections++
  }

  /**
   * Posts an event to the editor, with its payload as the port's map has it (protocol/port.ts); a no-op
   * until one connects. `transfer` moves buffers instead of copying them.
   */
  send<Event extends OutboundEvent>(
    type: Event,
    payload: InspectorEventPayloads[Event],
    transfer: Transferable[] = [],
  ): void {
    this.#port?.postMessage({ type, payload }, transfer)
  }

  /** Lets modules react to each other without importing each other. */
  on(listener: (type: InspectorEvent) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  emit(type: InspectorEvent): void {
    for (const listener of this.#listeners) listener(type)
  }

  debug(...values: unknown[]): void {
    if (this.flags.debugLog) console.debug('[visual-edit]', ...values)
  }

  /** Session storage, under keys prefixed per instance. */
  storageKey(name: string): string {
    return `${SESSION_STORAGE_PREFIX}${this.storyboardId}:${name}`
  }

  keyString(key: ElementKey): string {
    return elementKeyToString(key)
  }

  stop(): void {
    this.#controller.abort()
    this.#controller = new AbortController()
    this.#port?.close()
    this.#port = null
    this.#listeners.clear()
  }
}
