import {
  ChangeType,
  CODEBASE_ID_PREFIX,
  checkInstantUpdateReply,
  decodeNavTree,
  type ElementKey,
  type ElementLookup,
  HydrationStatus,
  type InspectorEventHandlers,
  MAX_LOOKUP_IDS,
  type NavTreeNode,
  OutboundEvent,
  StoryboardType,
  type StylingFramework,
} from 'vite-plugin-visual-edit/protocol'
import { type Actor, createActor, fromPromise } from 'xstate'
import type { ServerApi } from '../api/server-api.ts'
import { InspectorBridge } from '../canvas/inspector-bridge.ts'
import { ChangeLedger, type SubmitOutcome } from '../ledger/ledger.ts'
import { connectionMachine } from '../machines/connection.machine.ts'
import { dragMachine } from '../machines/drag.machine.ts'
import { selectionMachine } from '../machines/selection.machine.ts'
import { textEditMachine } from '../machines/text-edit.machine.ts'
import type { AppLocation } from '../session/app-location.ts'
import { type Command, commandFor } from './commands.ts'
import { failureToast, type Toast } from './toasts.ts'
import { clampZoom, fitZoom, nextZoom, stepZoom } from './zoom.ts'

/** The one storyboard `visual-edit edit` opens: the app at a route. */
const STORYBOARD_ID = 'app'

/** Key commands that write the user's files (the rest move the view or the selection). */
const CHANGING_COMMANDS: ReadonlySet<Command> = new Set(['undo', 'redo', 'duplicate', 'wrap', 'delete'])

export interface EditorState {
  nodes: readonly NavTreeNode[]
  lookups: ReadonlyMap<string, ElementLookup>
  stylingFramework: StylingFramework | null
  /** The frame's address as the app last reported it. */
  href: string
  hydrationError: boolean
  /** Percent. */
  zoom: number
  /** The zoom follows the canvas and the frame's width so that the whole width shows (until the user zooms). */
  fit: boolean
  /**
   * Where the last zoom was centred (editor coordinates) and the frame point that was under it (frame
   * CSS pixels): the canvas scrolls so that the point stays under the pointer. Null: no anchor.
   */
  zoomAnchor: { x: number; y: number; frameX: number; frameY: number } | null
  /** The frame's width in CSS pixels. */
  width: number
  drive: boolean
  ai: boolean
  dark: boolean
  toasts: readonly Toast[]
  lastSave: { at: Date; files: readonly string[] } | null
  /** Space is held (anywhere, the frame included): the canvas pans on drag instead of selecting. */
  spaceHeld: boolean
  /** Where the context menu opens (editor coordinates), and for which element; null when closed. */
  contextMenu: { x: number; y: number } | null
}

/** A session id per tab: the server keeps one undo history per canvas, which a reload of the editor keeps. */
export function canvasId(): string {
  const key = 'visual-edit:canvas'
  const known = sessionStorage.getItem(key)
  if (known) return known
  const id = `editor-${crypto.randomUUID().slice(0, 8)}`
  sessionStorage.setItem(key, id)
  return id
}

const sameKey = (a: ElementKey | null | undefined, b: ElementKey | null | undefined) =>
  !!a &&
  !!b &&
  a.codebaseId === b.codebaseId &&
  a.storyboardId === b.storyboardId &&
  a.uniquePath === b.uniquePath

/**
 * Everything the editor page does, apart from drawing it: the connection to the inspector in the app's
 * frame, the tree and lookups it reports, the selection and text-edit machines, the change ledger and
 * its toasts. React reads it through `subscribe`/`state` and the machines' actors; components never
 * talk to the bridge or the server themselves.
 */
export class EditorSession {
  readonly api: ServerApi
  /** Where the frame shows the app; the bridge talks to that origin only. */
  readonly app: AppLocation
  readonly bridge = new InspectorBridge()
  readonly ledger: ChangeLedger
  readonly selection: Actor<typeof selectionMachine>
  readonly textEdit: Actor<typeof textEditMachine>
  readonly connection: Actor<typeof connectionMachine>
  readonly drag: Actor<typeof dragMachine>

  #state: EditorState
  readonly #listeners = new Set<() => void>()
  #frame: HTMLIFrameElement | null = null
  #nextToast = 0
  #lookupsInFlight = false
  readonly #lookupsAsked = new Set<string>()
  #canvasWidth = 0

  constructor(initial: { width: number; dark: boolean; api: ServerApi; app: AppLocation }) {
    this.api = initial.api
    this.app = initial.app
    this.#state = {
      nodes: [],
      lookups: new Map(),
      stylingFramework: null,
      href: '',
      hydrationError: false,
      zoom: 100,
      fit: true,
      zoomAnchor: null,
      width: initial.width,
      drive: false,
      ai: false,
      dark: initial.dark,
      toasts: [],
      lastSave: null,
      contextMenu: null,
      spaceHeld: false,
    }
    this.ledger = new ChangeLedger({
      api: this.api,
      refOf: (codebaseId) => this.#refOf(codebaseId),
      stylingFramework: () => this.#state.stylingFramework,
      instant: {
        apply: async (item) =>
          checkInstantUpdateReply(await this.bridge.call('applyChangeItemToDocument', item)),
        setFlushing: (flushing) => {
          this.bridge.call('setIsFlushing', flushing).catch(() => {})
        },
      },
      classCss: async (classes) => (await this.api.classCss(classes)).css,
      remapped: (map) => {
        this.selection.send({ type: 'REMAP', map })
        this.bridge.call('updateCodebaseIds', map).catch(() => {})
      },
    })
    this.selection = createActor(selectionMachine, {
      input: { areSiblings: (a, b) => this.#areSiblings(a, b) },
    }).start()
    // A newly selected element's lookup is asked again: the panel shows its code as it is now.
    let primary: string | undefined
    this.selection.subscribe((snapshot) => {
      const id = snapshot.context.selected[0]?.codebaseId
      if (id === primary) return
      primary = id
      if (id) this.#askLookups([id])
    })
    this.textEdit = createActor(
      textEditMachine.provide({
        actors: {
          commitText: fromPromise(async ({ input }) => {
            const outcome = await this.ledger.submit({
              type: ChangeType.EDIT_TEXT,
              changeFields: {
                codebaseIdToEditText: input.key.codebaseId,
                newText: input.newText,
                oldText: input.oldText,
              },
            })
            this.#report('Edit text', outcome)
            if (!outcome.ok) throw outcome.error
          }),
        },
      }),
    ).start()
    this.drag = createActor(
      dragMachine.provide({
        actors: {
          moveElement: fromPromise(async ({ input }) => {
            const { drop } = input
            const outcome = await this.ledger.submit(
              {
                type: ChangeType.MOVE_JSX,
                changeFields: {
                  codebaseIdToMove: input.key.codebaseId,
                  codebaseIdToMoveTo: drop.codebaseIdToMoveTo,
                  ...(drop.beforeCodebaseId ? { beforeCodebaseId: drop.beforeCodebaseId } : {}),
                  ...(drop.afterCodebaseId ? { afterCodebaseId: drop.afterCodebaseId } : {}),
                  ...(input.expectedParent ? { expectedCurrentParentCodebaseId: input.expectedParent } : {}),
                },
              },
              // A drop on the canvas showed the move already; a refused one is taken back by that id.
              { instantShownAs: input.changeId },
            )
            this.#report('Move', outcome)
            if (!outcome.ok) throw outcome.error
          }),
        },
        actions: {
          cancelled: ({ context, event }) => {
            const told = event.type === 'CANCEL' && event.fromInspector
            if (context.source === 'canvas' && !told) this.bridge.call('triggerDragCancel').catch(() => {})
          },
        },
      }),
    ).start()
    this.connection = createActor(
      connectionMachine.provide({
        actors: { handshake: fromPromise(({ input }) => this.#handshake(input.reconnect)) },
      }),
    ).start()
    this.bridge.on(this.#eventHandlers())
  }

  get state(): EditorState {
    return this.#state
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #set(patch: Partial<EditorState>): void {
    this.#state = { ...this.#state, ...patch }
    for (const listener of this.#listeners) listener()
  }

  // --- the frame and the handshake ---------------------------------------------------------------

  /** The app's frame; every load of it (the first, or a full reload) redoes the handshake. */
  attachFrame(frame: HTMLIFrameElement | null): void {
    this.#frame = frame
  }

  frameLoaded(): void {
    this.bridge.disconnect()
    this.connection.send({ type: 'FRAME_LOADED' })
  }

  async #handshake(reconnect: boolean): Promise<void> {
    const target = this.#frame?.contentWindow
    if (!target) throw new Error('The app frame is not there')
    const selectedBefore = this.selection.getSnapshot().context.selected[0] ?? null
    this.bridge.connect(target, this.app.origin)
    await this.bridge.call('initProject', {
      storyboardId: STORYBOARD_ID,
      storyboardType: StoryboardType.APPLICATION,
      originalUrl: this.app.src,
    })
    await Promise.all([
      this.bridge.call('setZoomPerc', this.#state.zoom),
      this.bridge.call('setAiContext', this.#state.ai),
      this.bridge.call(this.#state.drive ? 'enableDriveMode' : 'disableDriveMode'),
      this.bridge.call('checkIfHydrationError'),
    ])
    // After a full reload the selection is restored by codebase id (paths may have moved).
    if (reconnect && selectedBefore) {
      const node = this.#state.nodes.find(
        (candidate) => candidate.key.codebaseId === selectedBefore.codebaseId,
      )
      if (node) await this.select(node.key)
      else this.selection.send({ type: 'CLEAR' })
    }
  }

  // --- inspector events ---------------------------------------------------------------------------

  /**
   * Whether an input of the user's is under way (the browser's transient activation): a click or key
   * in the app's frame activates the editor's page too. The app's frame runs the app's own scripts,
   * which can post any event on the inspector's port (docs/SECURITY.md): an event that would start a
   * change (a key command, a drag, editing text) is taken only while the user is giving input. A
   * browser without the API is trusted as before.
   */
  #userActive(): boolean {
    return navigator.userActivation?.isActive ?? true
  }

  /** An event that would have made a change without the user's input: dropped, and the user told. */
  #refuseUnasked(what: string): void {
    console.warn(`[visual-edit] Ignored ${what} from the app's frame: no input of the user's made it.`)
    this.toast({
      kind: 'info',
      title: `Ignored ${what} that the app's page sent without your input.`,
      detail:
        'A script of the app can post messages to the editor; only your own clicks and keys make changes.',
    })
  }

  /**
   * What each event of the inspector does: one handler per event of the port's map (protocol/port.ts),
   * each given the payload its schema accepted.
   */
  #eventHandlers(): InspectorEventHandlers {
    const ignored = () => {}
    return {
      [OutboundEvent.NAV_TREE]: (payload) => {
        const nodes = decodeNavTree(payload.tree)
        this.#set({ nodes })
        this.#lookupsForTree(nodes)
      },
      [OutboundEvent.SELECTED_ELEMENT_KEY]: ({ elementKey: key }) => {
        const current = this.selection.getSnapshot().context.selected
        if (key === null) this.selection.send({ type: 'CLEAR' })
        else if (!(current.length === 1 && sameKey(current[0], key)))
          this.selection.send({ type: 'SELECT', key })
      },
      [OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS]: (keys) => {
        const current = this.selection.getSnapshot().context.selected
        for (const key of keys)
          if (!current.some((known) => sameKey(known, key))) this.selection.send({ type: 'TOGGLE', key })
      },
      [OutboundEvent.HOVERED_ELEMENT_KEY]: (key) => this.selection.send({ type: 'HOVER', key }),
      [OutboundEvent.LATEST_HREF]: (href) => this.#set({ href }),
      [OutboundEvent.HYDRATION_STATUS]: (report) =>
        this.#set({ hydrationError: report.status === HydrationStatus.ERROR }),
      [OutboundEvent.KEY_UP]: (key) => {
        if (key.code === 'Space') this.setSpaceHeld(false)
      },
      [OutboundEvent.KEY_DOWN]: (key) => {
        if (key.code === 'Space' && !key.repeat && !this.#state.drive) {
          this.setSpaceHeld(true)
          return
        }
        const command = commandFor(key)
        // Keys typed into the app's own fields in drive mode are the app's.
        if (!command || (this.#state.drive && command !== 'undo' && command !== 'redo')) return
        if (CHANGING_COMMANDS.has(command) && !this.#userActive()) {
          this.#refuseUnasked(`the ${command} shortcut`)
          return
        }
        void this.run(command)
      },
      [OutboundEvent.WHEEL]: (wheel) => {
        if (!(wheel.ctrlKey || wheel.metaKey)) return
        const rect = this.#frame?.getBoundingClientRect()
        const scale = this.#state.zoom / 100
        this.setZoom(nextZoom(this.#state.zoom, wheel.deltaY), {
          x: (rect?.left ?? 0) + wheel.clientX * scale,
          y: (rect?.top ?? 0) + wheel.clientY * scale,
        })
      },
      [OutboundEvent.CONTEXT_MENU]: (menu) => {
        if (this.#state.drive) return
        if (menu.elementKey) void this.select(menu.elementKey)
        const rect = this.#frame?.getBoundingClientRect()
        const scale = this.#state.zoom / 100
        this.#set({
          contextMenu: {
            x: (rect?.left ?? 0) + menu.clientX * scale,
            y: (rect?.top ?? 0) + menu.clientY * scale,
          },
        })
      },
      [OutboundEvent.DRAG_START]: ({ elementKey }) => {
        // A drag starts with the pointer pressed in the frame; the drop that ends it is bound to it.
        if (!this.#userActive()) {
          this.#refuseUnasked('a drag')
          return
        }
        const parent = this.#parentOf(elementKey)?.key.codebaseId ?? null
        this.drag.send({ type: 'STARTED', key: elementKey, expectedParent: parent })
      },
      [OutboundEvent.DRAG_END]: (end) => {
        const dragged = this.drag.getSnapshot().context.key
        if (!sameKey(dragged, end.elementKey)) return
        this.drag.send({
          type: 'DROP',
          drop: end.drop,
          changeId: end.changeId,
          expectedParent: end.expectedCurrentParentCodebaseId,
        })
      },
      [OutboundEvent.DRAG_CANCEL]: () => this.drag.send({ type: 'CANCEL', fromInspector: true }),
      [OutboundEvent.START_EDITING_TEXT]: ({ elementKey, oldText }) => {
        // Editing starts with a double-click or a key in the frame; the commit is bound to its element.
        if (!this.#userActive()) {
          this.#refuseUnasked('a text edit')
          return
        }
        this.textEdit.send({ type: 'START', key: elementKey, oldText })
      },
      [OutboundEvent.EDITED_TEXT]: ({ elementKey, newText }) => {
        const editing = this.textEdit.getSnapshot()
        if (editing.value === 'editing' && sameKey(editing.context.key, elementKey))
          this.textEdit.send({ type: 'COMMIT', newText })
      },
      [OutboundEvent.EDIT_DYNAMIC_TEXT]: ({ elementKey }) => {
        const lookup = this.#state.lookups.get(elementKey.codebaseId)
        this.toast({
          kind: 'info',
          title: 'This text comes from code, so it is edited there.',
          detail: lookup ? `It is in ${lookup.file}:${lookup.line}.` : undefined,
        })
      },
      // The replies of the functions that send these carry the same; no panel asks for them yet.
      [OutboundEvent.PROCESSED_CSS_RULES]: ignored,
      [OutboundEvent.CSS_EVALS]: ignored,
      [OutboundEvent.RULE_MATCH]: ignored,
      [OutboundEvent.ELEMENT_CLASS_LIST]: ignored,
      // The ledger follows an instant update by applyChangeItemToDocument's reply.
      [OutboundEvent.INSTANT_UPDATE_DONE]: ignored,
      // Pointer moves over the frame matter to the inspector's own hover; the spec's context request is not used.
      [OutboundEvent.MOUSE_MOVE]: ignored,
      [OutboundEvent.CONTEXT_REQUESTED]: ignored,
    }
  }

  /**
   * Asks the server about codebase ids: one request at a time, the ids asked meanwhile go in the next.
   * The answers go to the inspector too (`setNewLookups`). An id the server leaves out (unknown, or its
   * file changed on disk and the dev server has not served it again) keeps its last lookup: the edits it
   * allows are checked against the file by the server anyway, and a panel that empties while the user
   * types would lose what they typed.
   */
  #askLookups(ids: Iterable<string>): void {
    for (const id of ids) if (id.startsWith(CODEBASE_ID_PREFIX)) this.#lookupsAsked.add(id)
    if (this.#lookupsInFlight || this.#lookupsAsked.size === 0) return
    const asked = [...this.#lookupsAsked].slice(0, MAX_LOOKUP_IDS)
    for (const id of asked) this.#lookupsAsked.delete(id)
    this.#lookupsInFlight = true
    this.api
      .lookups(asked)
      .then(async (answer) => {
        const lookups = new Map(this.#state.lookups)
        for (const [id, lookup] of Object.entries(answer.lookups)) lookups.set(id, lookup)
        this.#set({ lookups, stylingFramework: answer.stylingFramework })
        if (Object.keys(answer.lookups).length > 0) await this.bridge.call('setNewLookups', answer.lookups)
      })
      .catch(() => {})
      .finally(() => {
        this.#lookupsInFlight = false
        this.#askLookups([])
      })
  }

  /** With each tree: the ids the editor has no lookup for, and the selection's again (its code may have changed). */
  #lookupsForTree(nodes: readonly NavTreeNode[]): void {
    const known = this.#state.lookups
    const missing = nodes.map((node) => node.key.codebaseId).filter((id) => !known.has(id))
    this.#askLookups([...missing, ...this.selectedKeys.map((key) => key.codebaseId)])
  }

  /** After an edit wrote `files`: what the server now says about their elements (the index is updated at once). */
  #lookupsForFiles(files: readonly string[]): void {
    this.#set({ lastSave: { at: new Date(), files } })
    this.#askLookups(
      [...this.#state.lookups].filter(([, lookup]) => files.includes(lookup.file)).map(([id]) => id),
    )
  }

  // --- selection --------------------------------------------------------------------------------

  get selectedKeys(): ElementKey[] {
    return this.selection.getSnapshot().context.selected
  }

  async select(key: ElementKey | null): Promise<void> {
    if (key === null) this.selection.send({ type: 'CLEAR' })
    else this.selection.send({ type: 'SELECT', key })
    await this.bridge.call('setSelectedElement', key).catch(() => {})
  }

  /** Shift-click: adds or removes a sibling of the selection; the machine refuses anything else. */
  async toggle(key: ElementKey): Promise<void> {
    this.selection.send({ type: 'TOGGLE', key })
    const selected = this.selectedKeys
    const call =
      selected.length > 1
        ? this.bridge.call('setMultiselectedElementKeys', selected)
        : this.bridge.call('setSelectedElement', selected[0] ?? null)
    await call.catch(() => {})
  }

  hover(key: ElementKey | null): void {
    this.selection.send({ type: 'HOVER', key })
    this.bridge.call('setHoveredElement', key).catch(() => {})
  }

  nodeOf(key: ElementKey | null | undefined): NavTreeNode | undefined {
    return key ? this.#state.nodes.find((node) => sameKey(node.key, key)) : undefined
  }

  #parentOf(key: ElementKey): NavTreeNode | undefined {
    const node = this.nodeOf(key)
    return node?.parent === null || node?.parent === undefined ? undefined : this.#state.nodes[node.parent]
  }

  #areSiblings(a: ElementKey, b: ElementKey): boolean {
    const parentA = this.nodeOf(a)?.parent
    return parentA !== undefined && parentA === this.nodeOf(b)?.parent
  }

  #refOf(codebaseId: string): { codebaseId: string; storyboardId?: string; uniquePath?: string } {
    const key = this.selectedKeys.find((selected) => selected.codebaseId === codebaseId)
    return key ?? { codebaseId }
  }

  // --- commands ---------------------------------------------------------------------------------

  async run(command: Command): Promise<void> {
    const selected = this.selectedKeys
    const ids = [...new Set(selected.map((key) => key.codebaseId))].filter((id) => id.startsWith('tempo-'))
    switch (command) {
      case 'undo':
        return this.#history('undo')
      case 'redo':
        return this.#history('redo')
      case 'escape': {
        if (this.textEdit.getSnapshot().value === 'editing') return
        if (this.drag.getSnapshot().can({ type: 'CANCEL' })) {
          this.drag.send({ type: 'CANCEL' })
          return
        }
        const parent = selected.length === 1 ? this.#parentOf(selected[0] as ElementKey) : undefined
        await this.select(parent?.key.codebaseId.startsWith('tempo-') ? parent.key : null)
        return
      }
      case 'zoomIn':
      case 'zoomOut':
        return this.setZoom(stepZoom(this.#state.zoom, command === 'zoomIn' ? 1 : -1))
      case 'zoomReset':
        return this.setZoom(100)
      case 'editText':
        if (ids.length === 1) await this.bridge.call('startEditingText').catch(() => {})
        return
      default:
    }
    if (ids.length === 0 || this.#state.drive) return
    if (command === 'duplicate')
      await this.#submit('Duplicate', {
        type: ChangeType.DUPLICATE,
        changeFields: { codebaseIdsToDuplicate: ids },
      })
    else if (command === 'wrap')
      await this.#submit('Wrap in div', {
        type: ChangeType.WRAP_DIV,
        changeFields: { codebaseIdsToWrap: ids },
      })
    else if (command === 'delete') {
      await this.select(null)
      await this.#submit('Delete', {
        type: ChangeType.REMOVE_JSX,
        changeFields: { codebaseIdsToRemove: ids },
      })
    }
  }

  async editClasses(codebaseId: string, newClasses: string[], oldClasses: string[]): Promise<boolean> {
    return this.#submit('Edit classes', {
      type: ChangeType.UPDATE_CLASSES,
      changeFields: { codebaseIdToUpdateClass: codebaseId, newClasses, oldClasses },
    })
  }

  async editText(codebaseId: string, newText: string, oldText: string): Promise<boolean> {
    return this.#submit('Edit text', {
      type: ChangeType.EDIT_TEXT,
      changeFields: { codebaseIdToEditText: codebaseId, newText, oldText },
    })
  }

  async #submit(action: string, change: unknown): Promise<boolean> {
    const outcome = await this.ledger.submit(change)
    this.#report(action, outcome)
    return outcome.ok
  }

  async #history(direction: 'undo' | 'redo'): Promise<void> {
    const outcome = direction === 'undo' ? await this.ledger.undo() : await this.ledger.redo()
    this.#report(direction === 'undo' ? 'Undo' : 'Redo', outcome)
  }

  #report(action: string, outcome: SubmitOutcome): void {
    if (outcome.ok) {
      if (outcome.response.files.length > 0) this.#lookupsForFiles(outcome.response.files)
      if (outcome.response.toast) this.toast({ kind: 'success', title: outcome.response.toast })
      for (const warning of outcome.response.warnings ?? []) this.toast({ kind: 'info', title: warning })
      return
    }
    this.toast(failureToast(action, outcome.error))
    // The code is not what the view shows: let the inspector rebuild from the page as it is.
    if (
      'code' in outcome.error &&
      ['FILE_CHANGED', 'STALE_ELEMENT', 'UNKNOWN_ELEMENT'].includes(String(outcome.error.code))
    )
      this.bridge.call('initProject', { storyboardId: STORYBOARD_ID }).catch(() => {})
  }

  // --- view -------------------------------------------------------------------------------------

  /**
   * Zooms the canvas (the user chose it: fit ends). `anchor`, in editor coordinates, is the point that
   * stays where it is (the pointer, for a wheel or pinch).
   */
  setZoom(percent: number, anchor?: { x: number; y: number }): void {
    this.#applyZoom(clampZoom(percent), false, anchor)
  }

  /** Back to fitting the frame's width in the canvas. */
  zoomToFit(): void {
    this.#applyZoom(fitZoom(this.#state.width, this.#canvasWidth), true)
  }

  /** The canvas's width changed (the window or the side panels): a fitted zoom follows it. */
  setCanvasWidth(width: number): void {
    this.#canvasWidth = width
    if (this.#state.fit) this.zoomToFit()
  }

  #applyZoom(zoom: number, fit: boolean, anchor?: { x: number; y: number }): void {
    let zoomAnchor: EditorState['zoomAnchor'] = null
    const rect = this.#frame?.getBoundingClientRect()
    if (anchor && rect) {
      const scale = this.#state.zoom / 100
      zoomAnchor = {
        ...anchor,
        frameX: (anchor.x - rect.left) / scale,
        frameY: (anchor.y - rect.top) / scale,
      }
    }
    if (zoom === this.#state.zoom && fit === this.#state.fit) return
    this.#set({ zoom, fit, zoomAnchor })
    this.bridge.call('setZoomPerc', zoom).catch(() => {})
  }

  setWidth(width: number): void {
    this.#set({ width: Math.round(Math.min(3840, Math.max(240, width))) })
    if (this.#state.fit) this.zoomToFit()
  }

  async setDrive(drive: boolean): Promise<void> {
    this.#set({ drive })
    this.selection.send({ type: drive ? 'DRIVE' : 'EDIT' })
    await this.bridge.call(drive ? 'enableDriveMode' : 'disableDriveMode').catch(() => {})
  }

  setAi(ai: boolean): void {
    this.#set({ ai })
    this.bridge.call('setAiContext', ai).catch(() => {})
  }

  setDark(dark: boolean): void {
    this.#set({ dark })
  }

  navigate(action: 'goBack' | 'goForward' | 'refresh'): void {
    this.bridge.call(action).catch(() => {})
  }

  setSpaceHeld(held: boolean): void {
    if (held !== this.#state.spaceHeld) this.#set({ spaceHeld: held && !this.#state.drive })
  }

  closeContextMenu(): void {
    this.#set({ contextMenu: null })
  }

  openContextMenu(x: number, y: number): void {
    this.#set({ contextMenu: { x, y } })
  }

  toast(toast: Omit<Toast, 'id'>): void {
    this.#nextToast += 1
    this.#set({ toasts: [...this.#state.toasts, { ...toast, id: this.#nextToast }] })
  }

  dismissToast(id: number): void {
    this.#set({ toasts: this.#state.toasts.filter((toast) => toast.id !== id) })
  }
}
