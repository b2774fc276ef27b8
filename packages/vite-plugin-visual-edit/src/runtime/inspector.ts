import type { InspectorConfig } from '../protocol/inspector-config.ts'
import type { InspectorLookup } from '../protocol/lookups.ts'
import type { InspectorFunctionTable } from '../protocol/port.ts'
import { InspectorContext } from './core/context.ts'
import type { Editing } from './editing.ts'
import { createOutlines } from './overlay/outlines.ts'
import { dispatchPageEvent } from './page/dispatch-event.ts'
import { checkHydration } from './page/hydration.ts'
import { createNavigation } from './page/navigation.ts'
import { applyStoryboardStyles } from './page/storyboard-styles.ts'
import { createViteErrorOverlay } from './page/vite-errors.ts'
import { createBridge, type FunctionTable } from './port/bridge.ts'
import { reportHotUpdates } from './react/hot-applied.ts'
import { inspectElement, logStateAndProps } from './react/state-and-props.ts'
import { createSelection } from './selection/selection.ts'
import { createInputForwarding } from './text/input-forwarding.ts'
import { createTextEdit } from './text/text-edit.ts'
import { isOverlay } from './tree/element-keys.ts'
import { createNavTree } from './tree/nav-tree.ts'

/**
 * The inspector for one page: composes the modules and the table of callable functions. Until an
 * editor connects it only listens for the handshake.
 */
export function startInspector(
  win: Window,
  config: InspectorConfig = {},
): { stop: () => void; context: InspectorContext } {
  const context = new InspectorContext(win, config)
  const navigation = createNavigation(context)
  const tree = createNavTree(context)
  const selection = createSelection(context, tree)
  const outlines = createOutlines(context, tree, selection)
  const textEdit = createTextEdit(context, tree, selection, outlines)
  selection.setTextEditing(textEdit)
  let editing: Editing | null = null
  let editingLoad: Promise<Editing> | null = null
  /** The editing features (editing.ts), loaded once: when an editor connects, or a function needs them. */
  const loadEditing = (): Promise<Editing> => {
    editingLoad ??= import('./editing.ts').then(({ createEditing }) => {
      const made = createEditing(context, tree, selection, outlines)
      editing = made
      selection.setClickGuard(() => made.drag.takesClick())
      if (context.connected) made.start()
      return made
    })
    return editingLoad
  }
  const forwarding = createInputForwarding(context, selection, {
    ownsKey: (event) => textEdit.ownsKey(event) || editing?.drag.ownsKey(event) === true,
  })
  let removeStoryboardStyles = () => {}

  /** Keeps the editor's lookups; whether any differs from the one kept (the tree shows what they say). */
  const setLookups = (lookups: Record<string, InspectorLookup> | undefined): boolean => {
    let changed = false
    for (const [id, lookup] of Object.entries(lookups ?? {})) {
      const kept = context.lookups.get(id)
      if (kept === undefined || JSON.stringify(kept) !== JSON.stringify(lookup)) changed = true
      context.lookups.set(id, lookup)
    }
    return changed
  }

  // One implementation per function of the port's map (protocol/port.ts), with its arguments and result.
  const table: InspectorFunctionTable = {
    initProject: (options = {}) => {
      if (options.storyboardId) context.storyboardId = options.storyboardId
      if (options.storyboardFile) context.storyboardFile = options.storyboardFile
      if (options.originalUrl) context.originalUrl = options.originalUrl
      setLookups(options.lookups)
      if (options.includeHtml) tree.requestHtml()
      selection.restoreDriveMode()
      return tree.rebuild().then((nodes) => {
        // The editing features load once the first tree is out: the editor shows the page first.
        void loadEditing()
        return { nodes }
      })
    },
    setNewLookups: (lookups) => {
      // The same lookups again rebuild nothing: a rebuild sends a tree, and the editor asks the
      // selection's lookups again with every tree.
      if (!setLookups(lookups)) return Promise.resolve(true)
      return tree.rebuild().then(() => true)
    },
    enableDriveMode: () => selection.setDriveMode(true),
    disableDriveMode: () => selection.setDriveMode(false),
    setHoveredElement: (key) => selection.setHovered(key),
    setSelectedElement: (key) => selection.setSelected(key),
    setMultiselectedElementKeys: (keys) => selection.setMultiSelected(keys),
    updateCodebaseIds: (prevIdToNewIdMap) => {
      // No instant update was shown before the editing features loaded: nothing else to rename.
      editing?.instant.remap(prevIdToNewIdMap)
      return selection.remapCodebaseIds(prevIdToNewIdMap)
    },
    applyChangeItemToDocument: async (item) => (await loadEditing()).instant.apply(item),
    setIsFlushing: async (flushing) => {
      if (flushing) context.flushBeganAt = context.codeUpdates
      return (await loadEditing()).instant.setFlushing(flushing)
    },
    getElementClassList: (key) => tree.elementsOf(key).map((element) => [...element.classList])[0] ?? [],
    // Its own chunk: only a coding agent asks for it.
    captureElement: async (key, options) =>
      (await import('./capture/capture-element.ts')).captureElement(
        tree.elementsOf(key)[0],
        options?.picture !== false,
        isOverlay,
      ),
    updateOutlines: () => outlines.render(),
    clearHoveredOutlines: () => selection.clearHover(),
    pageScroll: () => ({ x: win.scrollX, y: win.scrollY }),
    revealElement: (key) => {
      const element = tree.elementsOf(key)[0]
      // 'nearest': an element already in view does not move.
      element?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
      return element !== undefined
    },
    setZoomPerc: (percent) => {
      if (!Number.isFinite(percent) || percent <= 0)
        throw new Error('setZoomPerc needs a positive percentage')
      context.zoom = percent / 100
      context.emit('zoom')
      return true
    },
    setAiContext: (on) => {
      context.aiContext = Boolean(on)
      context.emit('ai')
      return true
    },
    setMirroredSelection: (mirrored) => {
      context.mirrored = mirrored === true
      context.emit('mirrored')
      return context.mirrored
    },
    syntheticMouseOver: (input) => selection.pointer('over', input),
    syntheticMouseMove: (input) =>
      editing?.drag.pointerMove(input) && editing.drag.dragging ? null : selection.pointer('move', input),
    syntheticMouseUp: (input) => (editing?.drag.pointerUp(input) ? null : selection.pointer('up', input)),
    triggerDragStart: async (key) => (await loadEditing()).drag.triggerStart(key),
    triggerDragCancel: async () => (await loadEditing()).drag.triggerCancel(),
    tempMoveElement: async (key, placement) => (await loadEditing()).drag.preview.move(key, placement),
    tempMoveToNewParent: async (key, placement) => (await loadEditing()).drag.preview.move(key, placement),
    tempAddDiv: async (placement, size) => (await loadEditing()).drag.preview.addDiv(placement, size),
    goBack: () => navigation.goBack(),
    goForward: () => navigation.goForward(),
    refresh: () => navigation.refresh(),
    checkIfHydrationError: () => checkHydration(context),
    dispatchEvent: (request) => dispatchPageEvent(win, tree, request),
    setDarkMode: async (strategy) => (await loadEditing()).darkMode.set(strategy),
    startEditingText: () => textEdit.startEditingSelected(),
    processRulesForSelectedElement: async (key) => (await loadEditing()).css.processRules(key),
    getCssEvals: async (key) => (await loadEditing()).css.cssEvals(key),
    ruleMatchesElement: async (selector, key) => (await loadEditing()).css.ruleMatches(selector, key),
    setModifiersForSelectedElement: async (modifiers) => (await loadEditing()).css.setModifiers(modifiers),
  }
  const functions: FunctionTable = new Map(Object.entries(table))

  const bridge = createBridge(context, {
    functions,
    inspectElement: (payload) => inspectElement(context, payload),
    logStateAndProps: (name) => logStateAndProps(context, name),
  })
  bridge.start()
  reportHotUpdates(win, () => {
    context.codeUpdates += 1
  })
  createViteErrorOverlay(context).start()
  navigation.start()

  // Everything else waits for an editor: until then the page pays for one message listener.
  context.on((type) => {
    if (type !== 'connected') return
    // A reconnecting editor: the styles of the last connection go first, so there is only ever one.
    removeStoryboardStyles()
    removeStoryboardStyles = applyStoryboardStyles(context)
    tree.start()
    selection.start()
    textEdit.start()
    forwarding.start()
    outlines.start()
    // A reconnecting editor: the editing features loaded for the last one start again.
    editing?.start()
  })

  return {
    context,
    stop() {
      editing?.stop()
      textEdit.stop()
      outlines.stop()
      forwarding.stop()
      selection.stop()
      tree.stop()
      navigation.stop()
      removeStoryboardStyles()
      context.stop()
    },
  }
}
