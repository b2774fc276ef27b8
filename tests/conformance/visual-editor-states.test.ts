// @vitest-environment happy-dom
/**
 * Conformance with docs/spec/visual-editor.md, section 4 (states and transitions): hover, selection,
 * text editing, drag, drive mode, forced states, the ledger item's lifecycle, instant updates, the
 * navigation tree's build and the hydration status. One test per promise, named after its section.
 *
 * How each promise is checked:
 * - by value: the editor's own features driven with events (Selection and Dragging, whose XState
 *   machines decide; the ledger's item functions), the inspector's modules run on a happy-dom page
 *   (the navigation tree build, forced states, the hydration check) and the protocol's schemas;
 * - by source: none in this file.
 * What only a browser shows (text editing's focus and caret, a drag on the canvas, outlines after a
 * hot reload) is tested in tests/e2e/inspector/{text-edit,instant-update,selection}.spec.ts and
 * tests/e2e/editor/drag.spec.ts; the runtime's happy-dom tests beside the code cover the rest of the
 * inspector's side (text-edit.test.ts, drag.test.ts, bridge.test.ts, instant-update.test.ts).
 */
import { afterEach, describe, expect, test, vi } from 'vitest'
import { Dragging } from '../../packages/editor-ui/src/features/drag.ts'
import {
  createChangeItem,
  markInstantUpdateFinished,
  markInstantUpdateSent,
  markProcessedFailed,
  markProcessedSucceeded,
  maySendInstantUpdate,
} from '../../packages/editor-ui/src/ledger/change-item.ts'
import { DRAG_THRESHOLD_PX } from '../../packages/vite-plugin-visual-edit/src/protocol/drag.ts'
import { createElementKey } from '../../packages/vite-plugin-visual-edit/src/protocol/element-key.ts'
import { OUTBOUND_EVENT_SCHEMAS } from '../../packages/vite-plugin-visual-edit/src/protocol/event-schemas.ts'
import {
  EMPTY_TREE_CODEBASE_ID,
  SKIP_ROOT_CODEBASE_ID,
} from '../../packages/vite-plugin-visual-edit/src/protocol/ids.ts'
import { INSTANT_UNDO_CHANGE_TYPES } from '../../packages/vite-plugin-visual-edit/src/protocol/instant-change-types.ts'
import { INSTANT_UPDATE_ATTRIBUTE } from '../../packages/vite-plugin-visual-edit/src/protocol/instant-update.ts'
import { OutboundEvent } from '../../packages/vite-plugin-visual-edit/src/protocol/messages.ts'
import { FORCED_STATE_CLASS_PREFIX } from '../../packages/vite-plugin-visual-edit/src/protocol/styling.ts'
import {
  LOADER_REBUILD_DELAY_MS,
  NAV_TREE_REBUILD_DELAY_MS,
  NAV_TREE_SLICE_MS,
} from '../../packages/vite-plugin-visual-edit/src/runtime/core/constants.ts'
import { InspectorContext } from '../../packages/vite-plugin-visual-edit/src/runtime/core/context.ts'
import { createForcedStates } from '../../packages/vite-plugin-visual-edit/src/runtime/css/forced-states.ts'
import { createNavTree } from '../../packages/vite-plugin-visual-edit/src/runtime/tree/nav-tree.ts'
import { id, key, selection } from './support/editor.ts'

const stops: (() => void)[] = []

afterEach(() => {
  for (const stop of stops.splice(0).reverse()) stop()
  document.body.innerHTML = ''
  document.head.innerHTML = ''
  window.history.replaceState(null, '', '/')
})

/** The editor's Dragging feature; `moves` receives the MOVE_JSX changes a drop submits. */
function dragging(moves: unknown[] = []): Dragging {
  const edits = {
    submit: async (_name: string, change: unknown) => {
      moves.push(change)
      return { ok: true }
    },
  }
  const deps = {
    edits,
    bridge: { call: async () => null },
    gate: { allows: () => true },
    tree: { parentOf: () => null },
  }
  return new Dragging(deps as never)
}

/** The inspector's context for the page at `search`, stopped after the test. */
function inspector(search = ''): InspectorContext {
  window.history.replaceState(null, '', `/${search}`)
  const context = new InspectorContext(window)
  stops.push(() => context.stop())
  return context
}

async function treeOf(html: string, search = ''): Promise<string[]> {
  document.body.innerHTML = html
  const tree = createNavTree(inspector(search))
  stops.push(() => tree.stop())
  await tree.rebuild()
  return tree.nodes.map((node) => `${'  '.repeat(node.level)}${node.key.codebaseId}`)
}

describe('§4 States and transitions', () => {
  test('§4 Hover: none, or an element key', () => {
    const editor = selection()
    editor.hoveredInFrame(key(1))
    expect(editor.actor.getSnapshot().context.hovered).toEqual(key(1))
    editor.hoveredInFrame(null)
    expect(editor.actor.getSnapshot().context.hovered).toBeNull()
  })

  test('§4 Selection: none, a single element, a storyboard, or a multi-selection', () => {
    const editor = selection()
    expect(editor.keys).toEqual([])
    editor.selectedInFrame(key(1))
    expect(editor.keys).toEqual([key(1)])
    editor.multiSelectedInFrame([key(1), key(2)])
    expect(editor.keys).toEqual([key(1), key(2)])
    const storyboard = createElementKey('STORYBOARD-COMPONENT', 'app', '0')
    editor.actor.send({ type: 'SELECT_STORYBOARD', key: storyboard })
    expect(editor.keys).toEqual([storyboard])
  })

  test('§4 Shift-click adds or removes siblings only; a non-sibling is ignored', async () => {
    const editor = selection()
    await editor.select(key(1))
    await editor.toggle(key(2))
    expect(editor.keys).toEqual([key(1), key(2)])
    await editor.toggle(key(3, '0-1-0'))
    expect(editor.keys).toEqual([key(1), key(2)])
    await editor.toggle(key(2))
    expect(editor.keys).toEqual([key(1)])
  })

  test('§4 Text editing: start tells the editor the element key and original text; the end sends the new and old text', () => {
    const start = OUTBOUND_EVENT_SCHEMAS[OutboundEvent.START_EDITING_TEXT]
    const edited = OUTBOUND_EVENT_SCHEMAS[OutboundEvent.EDITED_TEXT]
    expect(Object.keys(start.entries)).toEqual(['elementKey', 'oldText'])
    expect(Object.keys(edited.entries)).toEqual(['elementKey', 'newText', 'oldText'])
  })

  test('§4 Text that cannot be edited statically shows the dynamic-text button, which tells the editor', () => {
    expect(Object.keys(OUTBOUND_EVENT_SCHEMAS[OutboundEvent.EDIT_DYNAMIC_TEXT].entries)).toEqual([
      'elementKey',
    ])
  })

  test('§4 Drag: pointer down records a context; moving at least 20 divided by the zoom in combined x and y distance starts the drag', () => {
    for (const zoom of [0.5, 1, 2]) {
      const drag = dragging()
      const threshold = DRAG_THRESHOLD_PX / zoom
      drag.actor.send({
        type: 'PRESS',
        source: 'layers',
        key: key(1),
        expectedParent: null,
        x: 0,
        y: 0,
        threshold,
      })
      expect(drag.actor.getSnapshot().context.origin).toEqual({ x: 0, y: 0 })
      drag.actor.send({ type: 'MOVE', x: threshold / 2, y: threshold / 2 - 0.5, buttons: 1 })
      expect(drag.actor.getSnapshot().value).toBe('pressed')
      drag.actor.send({ type: 'MOVE', x: threshold / 2, y: threshold / 2, buttons: 1 })
      expect(drag.actor.getSnapshot().value).toBe('dragging')
    }
  })

  test('§4 Drag: pointer up ends it (the drop is a MOVE_JSX change)', async () => {
    const moves: unknown[] = []
    const drag = dragging(moves)
    drag.actor.send({ type: 'STARTED', key: key(1), expectedParent: null })
    drag.ended({
      elementKey: key(1),
      drop: { parentKey: key(2), codebaseIdToMoveTo: id(2) },
      expectedCurrentParentCodebaseId: id(3),
      changeId: null,
    })
    await vi.waitFor(() => expect(drag.actor.getSnapshot().value).toBe('idle'))
    expect(moves).toEqual([
      {
        type: 'MOVE_JSX',
        changeFields: {
          codebaseIdToMove: id(1),
          codebaseIdToMoveTo: id(2),
          expectedCurrentParentCodebaseId: id(3),
        },
      },
    ])
  })

  test('§4 Drag: a move with no buttons pressed cancels it', () => {
    const drag = dragging()
    drag.actor.send({ type: 'STARTED', key: key(1), expectedParent: null })
    drag.actor.send({ type: 'MOVE', x: 100, y: 100, buttons: 0 })
    expect(drag.actor.getSnapshot().value).toBe('idle')
  })

  test('§4 Drive mode: stored per session; on or off', () => {
    const context = inspector()
    expect(context.storageKey('drive')).toMatch(/^visual-edit:/)
    const editor = selection()
    void editor.setDrive(true)
    expect(editor.driving).toBe(true)
    void editor.setDrive(false)
    expect(editor.driving).toBe(false)
  })

  test("§4 Forced pseudo-states: modifiers are applied as temporary 'force' classes on the node; earlier ones are removed first", () => {
    document.body.innerHTML = '<button id="b">Go</button>'
    const button = document.getElementById('b') as Element
    const forced = createForcedStates(inspector())
    forced.set(['hover'], [button])
    expect([...button.classList]).toEqual([`${FORCED_STATE_CLASS_PREFIX}hover`])
    forced.set(['focus'], [button])
    expect([...button.classList]).toEqual(['tempo-force-focus'])
    forced.stop()
  })

  test('§4 A change ledger item starts unconsumed', () => {
    const item = createChangeItem({ type: 'REMOVE_JSX', changeFields: { codebaseIdsToRemove: [id(1)] } })
    expect(item.consumed).toBe(false)
  })

  test('§4 It can be marked processed-succeeded (consumed) or processed-failed (failed and consumed)', () => {
    const item = createChangeItem({ type: 'REMOVE_JSX', changeFields: { codebaseIdsToRemove: [id(1)] } })
    expect(markProcessedSucceeded(item)).toMatchObject({ consumed: true, failed: false })
    expect(markProcessedFailed(item, 'No')).toMatchObject({ consumed: true, failed: true })
  })

  test('§4 Its instant update goes from not sent, to sent, to finished with success or failure', () => {
    const item = createChangeItem({ type: 'REMOVE_JSX', changeFields: { codebaseIdsToRemove: [id(1)] } })
    expect(item).toMatchObject({ instantUpdateSent: false, instantUpdateFinished: false })
    const sent = markInstantUpdateSent(item)
    expect(sent).toMatchObject({ instantUpdateSent: true, instantUpdateFinished: false })
    expect(markInstantUpdateFinished(sent, true)).toMatchObject({
      instantUpdateFinished: true,
      instantUpdateSuccessful: true,
    })
    expect(markInstantUpdateFinished(sent, false)).toMatchObject({
      instantUpdateFinished: true,
      instantUpdateSuccessful: false,
    })
  })

  test('§4 Instant update can be turned off per change', () => {
    const raw = { type: 'REMOVE_JSX', changeFields: { codebaseIdsToRemove: [id(1)] } }
    expect(maySendInstantUpdate(createChangeItem(raw, { instantUpdate: false }), false)).toBe(false)
    expect(maySendInstantUpdate(createChangeItem(raw), false)).toBe(true)
  })

  test('§4 Styling, add class, update classes, and undo/redo of those, may send instant updates while a flush is in progress', () => {
    const addClass = { type: 'ADD_CLASS', changeFields: { codebaseIdToAddClass: id(1), className: 'p-4' } }
    const editText = {
      type: 'EDIT_TEXT',
      changeFields: { codebaseIdToEditText: id(1), newText: 'a', oldText: 'b' },
    }
    const styling = {
      type: 'STYLING',
      changeFields: { codebaseId: id(1), stylingChanges: {}, stylingFramework: 'CSS' },
    }
    const update = {
      type: 'UPDATE_CLASSES',
      changeFields: { codebaseIdToUpdateClass: id(1), newClasses: [], oldClasses: [] },
    }
    for (const change of [
      addClass,
      styling,
      update,
      { type: 'UNDO', changeFields: { changeToUndo: addClass } },
    ])
      expect(maySendInstantUpdate(createChangeItem(change), true)).toBe(true)
    expect(maySendInstantUpdate(createChangeItem(editText), true)).toBe(false)
    expect(
      maySendInstantUpdate(
        createChangeItem({ type: 'REDO', changeFields: { changeToRedo: editText } }),
        true,
      ),
    ).toBe(false)
  })

  test('§4 Types with instant undo: REMOVE_JSX, ADD_CLASS, STYLING, UPDATE_CLASSES', () => {
    expect(INSTANT_UNDO_CHANGE_TYPES).toEqual(['REMOVE_JSX', 'ADD_CLASS', 'STYLING', 'UPDATE_CLASSES'])
  })

  test('§4 An UNKNOWN change is created already consumed and sends no instant update', () => {
    const item = createChangeItem({ type: 'UNKNOWN', changeFields: {} })
    expect(item.consumed).toBe(true)
    expect(maySendInstantUpdate(item, false)).toBe(false)
  })

  test('§4 Instant updates apply a temporary DOM change and mark the elements', () => {
    expect(INSTANT_UPDATE_ATTRIBUTE).toBe('data-tempo-instant')
  })

  test('§4 Navigation tree build: time slices of about 10 ms; rebuilt about 300 ms after DOM mutations; 1 s for the Next.js loader', () => {
    expect([NAV_TREE_SLICE_MS, NAV_TREE_REBUILD_DELAY_MS, LOADER_REBUILD_DELAY_MS]).toEqual([10, 300, 1000])
  })

  test('§4 Navigation tree build: elements left out of the tree have their children re-parented', async () => {
    // The project's reading of "elements whose codebase id starts with tempo- are removed": the tree
    // is the tagged (tempo-) elements, and any element in between is left out (docs/INSPECTOR.md).
    const html = `<div data-tempo-id="${id(1)}"><section><p data-tempo-id="${id(2)}"></p></section></div>`
    expect(await treeOf(html)).toEqual([id(1), `  ${id(2)}`])
  })

  test('§4 In non-application storyboard types only storyboard-file elements stay', async () => {
    const context = inspector('?type=STORY')
    context.storyboardFile = 'src/Story.tsx'
    context.lookups.set(id(1), { file: 'src/Story.tsx' } as never)
    context.lookups.set(id(2), { file: 'src/Library.tsx' } as never)
    document.body.innerHTML = `<div data-tempo-id="${id(1)}"><b data-tempo-id="${id(2)}"></b></div>`
    const tree = createNavTree(context)
    stops.push(() => tree.stop())
    await tree.rebuild()
    expect(tree.nodes.map((node) => node.key.codebaseId)).toEqual([id(1)])
  })

  test('§4 If the root is removed: one child becomes the root; no child gives an empty tree; several children give a skip-root', async () => {
    expect(await treeOf(`<div data-tempo-id="${id(1)}"></div>`)).toEqual([id(1)])
    expect(await treeOf('<div></div>')).toEqual([EMPTY_TREE_CODEBASE_ID])
    expect(await treeOf(`<i data-tempo-id="${id(1)}"></i><b data-tempo-id="${id(2)}"></b>`)).toEqual([
      SKIP_ROOT_CODEBASE_ID,
      `  ${id(1)}`,
      `  ${id(2)}`,
    ])
  })

  test("§4 Hydration status: NO_ERROR; ERROR when the message contains 'Hydration failed'; OTHER_ERROR otherwise", async () => {
    const { checkHydration } = await import(
      '../../packages/vite-plugin-visual-edit/src/runtime/page/hydration.ts'
    )
    const context = inspector()
    expect(checkHydration(context).status).toBe('no_error')
    const overlay = document.createElement('vite-error-overlay')
    overlay.attachShadow({ mode: 'open' }).innerHTML =
      '<pre class="message-body">Hydration failed because …</pre>'
    document.body.appendChild(overlay)
    expect(checkHydration(context)).toMatchObject({
      status: 'error',
      description: 'Hydration failed because …',
    })
    ;(overlay.shadowRoot as ShadowRoot).innerHTML = '<pre class="message-body">x is undefined</pre>'
    expect(checkHydration(context).status).toBe('other_error')
  })
})
