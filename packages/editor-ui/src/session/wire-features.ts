import { type ElementKey, elementKeysEqual } from 'vite-plugin-visual-edit/protocol'
import type { ServerApi } from '../api/server-api.ts'
import { AgentBridge } from '../features/agent-bridge.ts'
import type { AppFrame } from '../features/app-frame.ts'
import { CommandRunner } from '../features/command-runner.ts'
import { Connection } from '../features/connection.ts'
import { DesignTokens } from '../features/design-tokens.ts'
import { Dragging } from '../features/drag.ts'
import { Edits } from '../features/edits.ts'
import { Frames } from '../features/frames.ts'
import { ChangeHistory } from '../features/history.ts'
import { Inserting } from '../features/insert.ts'
import { Lookups } from '../features/lookups.ts'
import { MixedStyles } from '../features/mixed-styles.ts'
import { Page } from '../features/page.ts'
import { Palette } from '../features/palette.ts'
import { PropsEditing } from '../features/props.ts'
import { Selection } from '../features/selection.ts'
import type { SliceStore } from '../features/slice.ts'
import { StyleClasses } from '../features/style-classes.ts'
import { StyleScoping } from '../features/style-scope.ts'
import { Styles } from '../features/styles.ts'
import { TextEditing } from '../features/text-edit.ts'
import { Toaster } from '../features/toaster.ts'
import { Tree } from '../features/tree.ts'
import { UserInputGate } from '../features/user-input.ts'
import { View } from '../features/view.ts'
import type { MirroredBridge } from '../port/mirrored-bridge.ts'
import type { AppLocation } from './app-location.ts'
import type { EditorState } from './editor-state.ts'
import { inspectorEventHandlers } from './inspector-events.ts'

/** Every feature of a session, made and wired to each other (`wireFeatures`). */
export interface Features {
  toaster: Toaster
  tree: Tree
  lookups: Lookups
  selection: Selection
  edits: Edits
  textEditing: TextEditing
  dragging: Dragging
  page: Page
  view: View
  connection: Connection
  tokens: DesignTokens
  scope: StyleScoping
  styles: Styles
  classes: StyleClasses
  mixed: MixedStyles
  props: PropsEditing
  insert: Inserting
  palette: Palette
  history: ChangeHistory
  commands: CommandRunner
  frames: Frames
  agent: AgentBridge
}

/**
 * Makes the session's features over one store, each given what it needs of the others, and wires the
 * inspector's events to them (inspector-events.ts) and the subscriptions between them: the order of
 * construction is the order of dependence. EditorSession keeps what this returns.
 */
export function wireFeatures(
  store: SliceStore<EditorState>,
  initial: { width: number; dark: boolean; api: ServerApi; app: AppLocation },
  bridge: MirroredBridge,
  frame: AppFrame,
): Features {
  const { api, app } = initial
  const toaster = new Toaster(store)
  const gate = new UserInputGate(toaster)
  const tree = new Tree(store)
  const lookups = new Lookups(store, { api, bridge, toaster })
  const selection = new Selection(store, { bridge, tree, lookups })
  const edits = new Edits(store, { api, bridge, selection, lookups, toaster })
  const textEditing = new TextEditing({ edits, gate, lookups, toaster })
  const dragging = new Dragging({ edits, bridge, gate, tree })
  const page = new Page(store, { bridge, toaster })
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
  const agent = new AgentBridge(store, {
    api,
    bridge,
    selected: () => selection.keys,
    nodeOf: (key) => tree.nodeOf(key),
    nodes: () => tree.state.nodes,
    lookup: (id) => lookups.state.lookups.get(id),
    href: () => page.state.href,
    step: (direction, action) => edits.historyStep(direction, action),
    submit: (action, change, options) => edits.submit(action, change, options),
    applied: (entries) => {
      edits.ledger.external(entries)
      history.load()
    },
    toast: (toast) => toaster.toast(toast),
    writeClipboard,
  })
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
    copyForAgent: () => agent.copyForAgent(),
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

  return {
    toaster,
    tree,
    lookups,
    selection,
    edits,
    textEditing,
    dragging,
    page,
    view,
    connection,
    tokens,
    scope,
    styles,
    classes,
    mixed,
    props,
    insert,
    palette,
    history,
    commands,
    frames,
    agent,
  }
}

/**
 * The clipboard as the editor writes it. The browser takes a write only from a focused document: a
 * shortcut pressed in the app's frame leaves the focus there, so the editor takes it back first.
 */
async function writeClipboard(text: string): Promise<void> {
  if (!document.hasFocus() || document.activeElement?.tagName === 'IFRAME') {
    ;(document.activeElement as HTMLElement | null)?.blur()
    window.focus()
  }
  await navigator.clipboard.writeText(text)
}
