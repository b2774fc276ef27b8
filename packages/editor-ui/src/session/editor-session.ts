import type {
  ElementKey,
  NavTreeNode,
  ResponsiveModifier,
  StateModifier,
} from 'vite-plugin-visual-edit/protocol'
import type { Actor } from 'xstate'
import type { ServerApi } from '../api/server-api.ts'
import type { AgentBridge } from '../features/agent-bridge.ts'
import { AppFrame } from '../features/app-frame.ts'
import type { CommandRunner } from '../features/command-runner.ts'
import type { Command } from '../features/commands.ts'
import type { Connection } from '../features/connection.ts'
import type { DesignTokens } from '../features/design-tokens.ts'
import type { Edits } from '../features/edits.ts'
import type { Frames } from '../features/frames.ts'
import type { ChangeHistory } from '../features/history.ts'
import type { Inserting } from '../features/insert.ts'
import type { Lookups } from '../features/lookups.ts'
import type { MixedStyles } from '../features/mixed-styles.ts'
import type { Page } from '../features/page.ts'
import type { Palette } from '../features/palette.ts'
import type { PropsEditing } from '../features/props.ts'
import type { Selection } from '../features/selection.ts'
import { SliceStore } from '../features/slice.ts'
import type { StyleClasses } from '../features/style-classes.ts'
import type { StyleScoping } from '../features/style-scope.ts'
import type { Styles } from '../features/styles.ts'
import type { Toaster } from '../features/toaster.ts'
import type { Toast } from '../features/toasts.ts'
import type { Tree } from '../features/tree.ts'
import type { View } from '../features/view.ts'
import type { ChangeLedger } from '../ledger/ledger.ts'
import type { connectionMachine } from '../machines/connection.machine.ts'
import type { dragMachine } from '../machines/drag.machine.ts'
import type { selectionMachine } from '../machines/selection.machine.ts'
import type { textEditMachine } from '../machines/text-edit.machine.ts'
import { MirroredBridge } from '../port/mirrored-bridge.ts'
import type { AppLocation } from './app-location.ts'
import type { EditorState } from './editor-state.ts'
import { wireFeatures } from './wire-features.ts'

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
  /** The bridge to coding agents (`visual-edit mcp`): the editor page starts and stops its long poll. */
  readonly agent: AgentBridge

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
    this.api = initial.api
    this.app = initial.app
    const features = wireFeatures(this.#store, initial, this.bridge, this.#frame)
    this.#toaster = features.toaster
    this.#tree = features.tree
    this.#lookups = features.lookups
    this.#selection = features.selection
    this.#edits = features.edits
    this.#page = features.page
    this.#view = features.view
    this.#connection = features.connection
    this.#commands = features.commands
    this.#styles = features.styles
    this.#mixed = features.mixed
    this.#scope = features.scope
    this.#classes = features.classes
    this.#tokens = features.tokens
    this.#palette = features.palette
    this.props = features.props
    this.insert = features.insert
    this.frames = features.frames
    this.history = features.history
    this.agent = features.agent
    this.ledger = features.edits.ledger
    this.selection = features.selection.actor
    this.textEdit = features.textEditing.actor
    this.drag = features.dragging.actor
    this.connection = features.connection.actor
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
      ...this.agent.state,
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
