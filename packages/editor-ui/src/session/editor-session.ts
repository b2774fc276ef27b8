import {
  type ElementKey,
  elementKeysEqual,
  type NavTreeNode,
  type ResponsiveModifier,
  type StateModifier,
} from 'vite-plugin-visual-edit/protocol'
import type { Actor } from 'xstate'
import type { ServerApi } from '../api/server-api.ts'
import { AppFrame } from '../features/app-frame.ts'
import { CommandRunner } from '../features/command-runner.ts'
import type { Command } from '../features/commands.ts'
import { Connection } from '../features/connection.ts'
import { DesignTokens, type DesignTokensState } from '../features/design-tokens.ts'
import { Dragging } from '../features/drag.ts'
import { Edits, type EditsState } from '../features/edits.ts'
import { Frames, type FramesState } from '../features/frames.ts'
import { ChangeHistory, type HistoryState } from '../features/history.ts'
import { Inserting, type InsertState } from '../features/insert.ts'
import { Lookups, type LookupsState } from '../features/lookups.ts'
import { MixedStyles, type MixedStylesState } from '../features/mixed-styles.ts'
import { Page, type PageState } from '../features/page.ts'
import { Palette, type PaletteState } from '../features/palette.ts'
import { PropsEditing, type PropsState } from '../features/props.ts'
import { Selection, type SelectionMenuState } from '../features/selection.ts'
import { SliceStore } from '../features/slice.ts'
import { StyleClasses, type StyleClassesState } from '../features/style-classes.ts'
import { type StyleScopeState, StyleScoping } from '../features/style-scope.ts'
import { Styles, type StylesState } from '../features/styles.ts'
import { TextEditing } from '../features/text-edit.ts'
import { Toaster, type ToastsState } from '../features/toaster.ts'
import type { Toast } from '../features/toasts.ts'
import { Tree, type TreeState } from '../features/tree.ts'
import { UserInputGate } from '../features/user-input.ts'
import { View, type ViewState } from '../features/view.ts'
import type { ChangeLedger } from '../ledger/ledger.ts'
import type { connectionMachine } from '../machines/connection.machine.ts'
import type { dragMachine } from '../machines/drag.machine.ts'
import type { selectionMachine } from '../machines/selection.machine.ts'
import type { textEditMachine } from '../machines/text-edit.machine.ts'
import { MirroredBridge } from '../port/mirrored-bridge.ts'
import type { AppLocation } from './app-location.ts'
import { inspectorEventHandlers } from './inspector-events.ts'

/**
 * What React reads with `useEditorState(select)`: the features' slices in one snapshot. Each key has
 * one owner, the feature whose slice it is (docs/ARCHITECTURE.md, The editor's state).
 */
export interface EditorState
  extends TreeState,
    LookupsState,
    SelectionMenuState,
    PageState,
    ViewState,
    EditsState,
    ToastsState,
    StylesState,
    MixedStylesState,
    StyleScopeState,
    StyleClassesState,
    PaletteState,
    DesignTokensState,
    HistoryState,
    PropsState,
    InsertState,
    FramesState {}

/**
 * The editor page's session, apart from drawing it: makes the features (features/), wires the
 * inspector's events to them (inspector-events.ts) and is what components call. It holds no state of
 * its own: the selection, text-edit, drag and connection machines hold theirs (components read them
 * with `useSelector`), the ledger its changes, and each feature its slice (`state`, `subscribe`).
 * Components never talk to the bridge or the server themselves.
 */
export class EditorSession {
  readonly api: ServerApi
  /** Where the frame shows the app; the bridge talks to that origin only. */
  readonly app: AppLocation
  /** The primary frame's; the breakpoint frames hear its calls (`frames`). */
  readonly bridge = new MirroredBridge()
  readonly ledger: ChangeLedger
  readonly selection: Actor<typeof selectionMachine>
  readonly textEdit: Actor<typeof textEditMachine>
  readonly connection: Actor<typeof connectionMachine>
  readonly drag: Actor<typeof dragMachine>
  /**
   * The History panel's feature, which its components call directly (`watch`, `travel`, `load`,
   * `dismissStopped`): the server's undo history merged with the ledger's items, undo/redo to a point.
   */
  readonly history: ChangeHistory
  /**
   * The Props panel's feature, which its components call directly (`watch`, `setProp`, `changeTag`,
   * ...): its methods are the panel's whole vocabulary, and it talks to the bridge and the server itself.
   */
  readonly props: PropsEditing
  /** The Insert panel's feature, which its components call directly (`load`, `insert`, `startDrag`, ...). */
  readonly insert: Inserting
  /** The breakpoint frames beside the primary one, which the canvas calls directly (`add`, `resize`, ...). */
  readonly frames: Frames

  readonly #store = new SliceStore<EditorState>(() => this.#compose())
  readonly #frame = new AppFrame()
  readonly #toaster: Toaster
  readonly #tree: Tree
  readonly #lookups: Lookups
  readonly #selection: Selection
  readonly #edits: Edits
  readonly #page: Page
  readonly #view: View
  readonly #connection: Connection
  readonly #commands: CommandRunner
  readonly #styles: Styles
  readonly #mixed: MixedStyles
  readonly #scope: StyleScoping
  readonly #classes: StyleClasses
  readonly #tokens: DesignTokens
  readonly #palette: Palette

  constructor(initial: { width: number; dark: boolean; api: ServerApi; app: AppLocation }) {
    const { api, app } = initial
    const { bridge } = this
    const store = this.#store
    this.api = api
    this.app = app
    const toaster = new Toaster(store)
    const gate = new UserInputGate(toaster)
    const tree = new Tree(store)
    const lookups = new Lookups(store, { api, bridge, toaster })
    const selection = new Selection(store, { bridge, tree, lookups })
    const edits = new Edits(store, { api, bridge, selection, lookups, toaster })
    const textEditing = new TextEditing({ edits, gate, lookups, toaster })
    const dragging = new Dragging({ edits, bridge, gate, tree })
    const page = new Page(store, { bridge, toaster })
    const frame = this.#frame
    const view = new View(store, initial, { bridge, frame, driving: () => selection.driving })
    const connection = new Connection({ bridge, app, frame, view, page, selection, tree })
    const tokens = new DesignTokens(store, { api })
    const selected = () => selection.keys
    const scope = new StyleScoping(store, { bridge, view, toaster, tokens: () => tokens.tokens, selected })
    const styles = new Styles(store, {
      bridge,
      edits,
      lookups,
      tree,
      scope,
      toaster,
      selected,
      generatedClasses: async (names) => {
        const { css } = await api.classCss(names)
        return new Set(names.filter((name) => css[name] !== null && css[name] !== undefined))
      },
    })
    const classes = new StyleClasses(store, { api, edits, lookups, scope, toaster, selected })
    // A multi-selection's shared values: compared after each read of the first's, and on a new selection.
    const mixed = new MixedStyles(store, {
      bridge,
      styles: () => styles.state.styles,
      targets: () => styles.targets(),
    })
    store.subscribe(() => mixed.update())
    selection.actor.subscribe(() => mixed.update())
    const props = new PropsEditing(store, { api, bridge, edits, tree, lookups, selection, toaster })
    const insert = new Inserting(store, {
      api,
      bridge,
      edits,
      tree,
      toaster,
      select: (key) => selection.select(key),
      selected: () => selection.keys,
      codeParentOf: (id) => lookups.state.lookups.get(id)?.parentId,
      frameRect: () => frame.rect(),
      zoom: () => view.state.zoom,
    })
    const palette = new Palette(store, {
      bridge,
      selection,
      frame,
      appOrigin: app.origin,
      loadRoutes: () => api.appRoutes().then((answer) => answer.routes),
      toaster,
    })
    // Read at once: after a reload of the editor the ledger learns the entries undo can still reach.
    const history = new ChangeHistory(store, {
      api,
      ledger: edits.ledger,
      step: (direction, action) => edits.historyStep(direction, action),
    })
    history.load()
    const commands = new CommandRunner({
      bridge,
      selection,
      tree,
      edits,
      view,
      textEditing,
      dragging,
      gate,
      toaster,
      palette,
    })
    const events = inspectorEventHandlers({
      tree,
      lookups,
      selection,
      page,
      view,
      commands,
      dragging,
      textEditing,
      styles,
    })
    bridge.on(events)
    const frames = new Frames(store, {
      app,
      selection,
      view,
      tree,
      events,
      href: () => page.state.href,
      ai: () => page.state.ai,
      driving: () => selection.driving,
      lookups: () => lookups.state.lookups,
    })
    bridge.mirrorTo(frames.mirror)
    // The inspector drops a forced state when the selection changes, and the page forgets the scope on
    // a reload: both go back on, and the panel reads the styles of what is selected now.
    let styled: ElementKey | undefined
    selection.actor.subscribe(({ context }) => {
      const key = context.selected.length === 1 ? context.selected[0] : undefined
      if (elementKeysEqual(key, styled)) return
      styled = key
      scope.selectionChanged()
      styles.refresh()
    })
    let reconnecting = false
    connection.actor.subscribe((snapshot) => {
      if (snapshot.matches('reconnecting')) reconnecting = true
      else if (snapshot.matches('ready') && reconnecting) {
        reconnecting = false
        scope.reconnected()
        styles.refresh()
      }
    })

    this.#toaster = toaster
    this.#tree = tree
    this.#lookups = lookups
    this.#selection = selection
    this.#edits = edits
    this.#page = page
    this.#view = view
    this.#connection = connection
    this.#commands = commands
    this.#styles = styles
    this.#mixed = mixed
    this.#scope = scope
    this.#classes = classes
    this.#tokens = tokens
    this.#palette = palette
    this.props = props
    this.insert = insert
    this.frames = frames
    this.history = history
    this.ledger = edits.ledger
    this.selection = selection.actor
    this.textEdit = textEditing.actor
    this.drag = dragging.actor
    this.connection = connection.actor
  }

  #compose(): EditorState {
    return {
      ...this.#tree.state,
      ...this.#lookups.state,
      ...this.#selection.state,
      ...this.#page.state,
      ...this.#view.state,
      ...this.#edits.state,
      ...this.#toaster.state,
      ...this.#styles.state,
      ...this.#mixed.state,
      ...this.#scope.state,
      ...this.#classes.state,
      ...this.#tokens.state,
      ...this.history.state,
      ...this.#palette.state,
      ...this.props.state,
      ...this.insert.state,
      ...this.frames.state,
    }
  }

  get state(): EditorState {
    return this.#store.state
  }

  subscribe = (listener: () => void): (() => void) => this.#store.subscribe(listener)

  // --- the frame ----------------------------------------------------------------------------------

  /** The app's frame; every load of it (the first, or a full reload) redoes the handshake. */
  attachFrame(frame: HTMLIFrameElement | null): void {
    this.#frame.attach(frame)
  }

  frameLoaded(): void {
    this.#connection.frameLoaded()
  }

  // --- the selection ------------------------------------------------------------------------------

  get selectedKeys(): ElementKey[] {
    return this.#selection.keys
  }

  select(key: ElementKey | null): Promise<void> {
    return this.#selection.select(key)
  }

  /** Shift-click: adds or removes a sibling of the selection; the machine refuses anything else. */
  toggle(key: ElementKey): Promise<void> {
    return this.#selection.toggle(key)
  }

  hover(key: ElementKey | null): void {
    this.#selection.hover(key)
  }

  nodeOf(key: ElementKey | null | undefined): NavTreeNode | undefined {
    return this.#tree.nodeOf(key)
  }

  openContextMenu(x: number, y: number): void {
    this.#selection.openContextMenu(x, y)
  }

  closeContextMenu(): void {
    this.#selection.closeContextMenu()
  }

  setDrive(drive: boolean): Promise<void> {
    return this.#selection.setDrive(drive)
  }

  // --- changes ------------------------------------------------------------------------------------

  run(command: Command): Promise<void> {
    return this.#commands.run(command)
  }

  /** The layout's side panels, shown and hidden by their shortcuts; returns the unregistering. */
  registerPanels(toggle: (panel: 'layers' | 'element') => void): () => void {
    return this.#commands.panels(toggle)
  }

  editClasses(codebaseId: string, newClasses: string[], oldClasses: string[]): Promise<boolean> {
    return this.#edits.editClasses(codebaseId, newClasses, oldClasses)
  }

  editText(codebaseId: string, newText: string, oldText: string): Promise<boolean> {
    return this.#edits.editText(codebaseId, newText, oldText)
  }

  // --- the view and the page ----------------------------------------------------------------------

  setZoom(percent: number, anchor?: { x: number; y: number }): void {
    this.#view.setZoom(percent, anchor)
  }

  zoomToFit(): void {
    this.#view.zoomToFit()
  }

  setCanvasWidth(width: number): void {
    this.#view.setCanvasWidth(width)
  }

  setWidth(width: number): void {
    this.#view.setWidth(width)
    this.#styles.widthChanged()
  }

  setSpaceHeld(held: boolean): void {
    this.#view.setSpaceHeld(held)
  }

  setDark(dark: boolean): void {
    this.#view.setDark(dark)
  }

  setAi(ai: boolean): void {
    this.#page.setAi(ai)
  }

  navigate(action: 'goBack' | 'goForward' | 'refresh'): void {
    this.#page.navigate(action)
  }

  // --- the Styles panel ----------------------------------------------------------------------------

  /** The Styles panel is shown: the selected element's styles are read while it is (returns its end). */
  watchStyles(): () => void {
    this.#tokens.load()
    return this.#styles.watch()
  }

  refreshStyles(): void {
    this.#styles.refresh()
  }

  loadDesignTokens(again = false): void {
    this.#tokens.load(again)
  }

  /** A move of a gesture: shown in the page at once, not written. */
  previewStyle(changes: Readonly<Record<string, string>>): void {
    this.#styles.previewStyle(changes)
  }

  /** The end of a gesture, or Enter in a field: one STYLING change. */
  commitStyle(changes: Readonly<Record<string, string>>): Promise<boolean> {
    return this.#styles.commitStyle(changes)
  }

  cancelStyle(): void {
    this.#styles.cancelStyle()
  }

  setStyleState(state: StateModifier | null): Promise<void> {
    return this.#scope.setState(state).then(() => this.#styles.refresh())
  }

  setStyleBreakpoint(breakpoint: ResponsiveModifier | null): void {
    this.#scope.setBreakpoint(breakpoint)
    this.#styles.widthChanged()
  }

  setStyleDark(dark: boolean): Promise<void> {
    return this.#scope.setDark(dark).then(() => this.#styles.widthChanged())
  }

  suggestClasses(query: string): void {
    this.#classes.suggest(query)
  }

  addClass(text: string, options?: { asWritten?: boolean }): Promise<boolean> {
    return this.#classes.addClass(text, options)
  }

  removeClass(className: string): Promise<boolean> {
    return this.#classes.removeClass(className)
  }

  // --- the command palette and the shortcuts sheet ------------------------------------------------

  setPaletteOpen(open: boolean): void {
    this.#palette.setPaletteOpen(open)
  }

  setShortcutsOpen(open: boolean): void {
    this.#palette.setShortcutsOpen(open)
  }

  /** Selects an element and scrolls the page to show it (the palette's jump). */
  jumpTo(key: ElementKey): Promise<void> {
    return this.#palette.jumpTo(key)
  }

  /** Opens an address of the app (a path, or a URL of its origin) in the frame. */
  openAddress(address: string): void {
    this.#palette.open(address)
  }

  // --- toasts -------------------------------------------------------------------------------------

  toast(toast: Omit<Toast, 'id'>): void {
    this.#toaster.toast(toast)
  }

  dismissToast(id: number): void {
    this.#toaster.dismiss(id)
  }
}
