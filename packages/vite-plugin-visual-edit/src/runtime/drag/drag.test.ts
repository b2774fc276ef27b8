// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { DRAG_THRESHOLD_PX, OUT_OF_SCREEN_DRAG_START } from '../../protocol/drag.ts'
import { type ElementKey, elementKeysEqual } from '../../protocol/element-key.ts'
import { CODEBASE_ID_ATTRIBUTE } from '../../protocol/ids.ts'
import { OutboundEvent } from '../../protocol/messages.ts'
import type { NavTreeNode } from '../../protocol/nav-tree-node.ts'
import { InspectorContext } from '../core/context.ts'
import { createDrag, type Drag, type DragSelection, type DragTree } from './drag.ts'
import { createDragPreview } from './drag-preview.ts'

const id = (n: number) => `tempo-00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const $ = (selector: string) => document.querySelector(selector) as HTMLElement

/** Tagged elements as tree nodes; a node's parent is its nearest tagged ancestor. */
function fakeTree(): DragTree {
  const keyFor = (element: Element): ElementKey => ({
    codebaseId: element.getAttribute(CODEBASE_ID_ATTRIBUTE) ?? '',
    storyboardId: 'app',
    uniquePath: `0-${element.id}`,
  })
  const tagged = () => [...document.body.querySelectorAll(`[${CODEBASE_ID_ATTRIBUTE}]`)]
  const elementsOf = (key: ElementKey) => tagged().filter((element) => elementKeysEqual(keyFor(element), key))
  const nodeFor = (element: Element) => ({ key: keyFor(element) }) as NavTreeNode
  return {
    keyOf: (element) => {
      const found = element.closest(`[${CODEBASE_ID_ATTRIBUTE}]`)
      return found ? keyFor(found) : null
    },
    elementsOf,
    parentOf: (key) => {
      const parent = elementsOf(key)[0]?.parentElement?.closest(`[${CODEBASE_ID_ATTRIBUTE}]`)
      return parent ? nodeFor(parent) : null
    },
    childrenOf: (key) =>
      [...(elementsOf(key)[0]?.children ?? [])]
        .filter((child) => child.hasAttribute(CODEBASE_ID_ATTRIBUTE))
        .map(nodeFor),
  }
}

function placeAt(selector: string, left: number, top: number, width: number, height: number) {
  $(selector).getBoundingClientRect = () =>
    ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top }) as DOMRect
}

let context: InspectorContext
let drag: Drag
let sent: { type: string; payload: unknown }[]
let selected: ElementKey | null
const tree = fakeTree()
const keyOf = (selector: string) => tree.keyOf($(selector)) as ElementKey
const of = (type: string) => sent.filter((message) => message.type === type).map((message) => message.payload)
const moves: unknown[] = []

function pointer(type: string, selector: string | null, init: PointerEventInit) {
  const target = selector ? $(selector) : window
  target.dispatchEvent(
    new PointerEvent(type, { bubbles: true, cancelable: true, composed: true, isPrimary: true, ...init }),
  )
}

beforeEach(() => {
  document.body.innerHTML = `
    <ul id="list" ${CODEBASE_ID_ATTRIBUTE}="${id(1)}" style="display:flex">
      <li id="a" ${CODEBASE_ID_ATTRIBUTE}="${id(2)}">A</li>
      <li id="b" ${CODEBASE_ID_ATTRIBUTE}="${id(3)}">B</li>
      <li id="c" ${CODEBASE_ID_ATTRIBUTE}="${id(4)}">C</li>
    </ul>`
  placeAt('#list', 0, 0, 330, 40)
  placeAt('#a', 0, 0, 100, 40)
  placeAt('#b', 110, 0, 100, 40)
  placeAt('#c', 220, 0, 100, 40)
  context = new InspectorContext(window)
  sent = []
  moves.length = 0
  context.send = (type, payload) => {
    sent.push({ type, payload })
  }
  selected = null
  const selection: DragSelection = {
    get selected() {
      return selected
    },
    multiSelected: [],
    driveMode: false,
    keyOfTarget: (event) => tree.keyOf(event.target as Element),
    setSelected: (key) => {
      selected = key
      return { elementKey: key, outerHTML: null }
    },
  }
  // What is under a point: the li whose box holds it, then the list.
  document.elementsFromPoint = (x: number, y: number) =>
    ['#a', '#b', '#c', '#list']
      .map((selector) => $(selector))
      .filter((element) => {
        const box = element.getBoundingClientRect()
        return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom
      })
  const outlines = { setMoveOutline: vi.fn(), addLayer: () => () => {} }
  drag = createDrag(context, tree, selection, outlines, (move) => {
    moves.push(move)
    return 'change-1'
  })
  drag.start()
})

afterEach(() => {
  drag.stop()
  document.body.innerHTML = ''
})

describe('drag to move', () => {
  test.each([0.5, 1, 2])('at zoom %s the drag starts at 20 / zoom px, x and y added', (zoom) => {
    context.zoom = zoom
    const threshold = DRAG_THRESHOLD_PX / zoom
    pointer('pointerdown', '#a', { clientX: 50, clientY: 20, button: 0, buttons: 1 })
    pointer('pointermove', null, {
      clientX: 50 + threshold / 2,
      clientY: 20 + threshold / 2 - 0.5,
      buttons: 1,
    })
    expect(of(OutboundEvent.DRAG_START)).toEqual([])
    pointer('pointermove', null, { clientX: 50 + threshold / 2, clientY: 20 + threshold / 2, buttons: 1 })
    expect(of(OutboundEvent.DRAG_START)).toHaveLength(1)
    expect(drag.dragging).toBe(true)
    // The pressed element got selected, and the context is the spec's.
    expect(selected).toEqual(keyOf('#a'))
    expect(of(OutboundEvent.DRAG_START)[0]).toMatchObject({
      elementKey: keyOf('#a'),
      context: {
        pageX: 50,
        pageY: 20,
        offsetX: 50,
        offsetY: 20,
        parentSelectedElementKey: keyOf('#list'),
        selectedParentDisplay: 'flex',
        dragging: true,
      },
    })
  })

  test('a drop between siblings reports the placement and shows the move at once', () => {
    pointer('pointerdown', '#a', { clientX: 50, clientY: 20, button: 0, buttons: 1 })
    pointer('pointermove', null, { clientX: 90, clientY: 20, buttons: 1 })
    // Right of B's centre: after B, before C.
    pointer('pointerup', '#b', { clientX: 190, clientY: 20 })
    expect(of(OutboundEvent.DRAG_END)).toEqual([
      {
        elementKey: keyOf('#a'),
        drop: { parentKey: keyOf('#list'), codebaseIdToMoveTo: id(1), beforeCodebaseId: id(4) },
        expectedCurrentParentCodebaseId: id(1),
        changeId: 'change-1',
      },
    ])
    expect(moves).toEqual([
      {
        codebaseIdToMove: id(2),
        codebaseIdToMoveTo: id(1),
        beforeCodebaseId: id(4),
        expectedCurrentParentCodebaseId: id(1),
      },
    ])
    // The click the release brings is the drop's.
    expect(drag.takesClick()).toBe(true)
    expect(drag.takesClick()).toBe(false)
  })

  test('a drop where the element already is changes nothing', () => {
    pointer('pointerdown', '#b', { clientX: 150, clientY: 20, button: 0, buttons: 1 })
    pointer('pointermove', null, { clientX: 180, clientY: 20, buttons: 1 })
    pointer('pointerup', '#b', { clientX: 180, clientY: 20 })
    expect(of(OutboundEvent.DRAG_END)[0]).toMatchObject({ drop: null, changeId: null })
    expect(moves).toEqual([])
  })

  test('a move with no button held, Escape, or the editor cancel the drag', () => {
    pointer('pointerdown', '#a', { clientX: 50, clientY: 20, button: 0, buttons: 1 })
    pointer('pointermove', null, { clientX: 90, clientY: 20, buttons: 1 })
    pointer('pointermove', null, { clientX: 95, clientY: 20, buttons: 0 })
    expect(of(OutboundEvent.DRAG_CANCEL)).toEqual([{ elementKey: keyOf('#a'), reason: 'no-buttons' }])

    pointer('pointerdown', '#a', { clientX: 50, clientY: 20, button: 0, buttons: 1 })
    pointer('pointermove', null, { clientX: 90, clientY: 20, buttons: 1 })
    const escapeKey = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })
    expect(drag.ownsKey(escapeKey)).toBe(true)
    window.dispatchEvent(escapeKey)
    expect(of(OutboundEvent.DRAG_CANCEL).at(-1)).toEqual({ elementKey: keyOf('#a'), reason: 'escape' })
    // The release of the cancelled drag selects nothing either.
    pointer('pointerup', '#a', { clientX: 90, clientY: 20 })
    expect(drag.takesClick()).toBe(true)

    pointer('pointerdown', '#a', { clientX: 50, clientY: 20, button: 0, buttons: 1 })
    pointer('pointermove', null, { clientX: 90, clientY: 20, buttons: 1 })
    expect(drag.triggerCancel()).toBe(true)
    expect(of(OutboundEvent.DRAG_CANCEL).at(-1)).toEqual({ elementKey: keyOf('#a'), reason: 'editor' })
    expect(of(OutboundEvent.DRAG_END)).toEqual([])
  })

  test('triggerDragStart records the press off screen: the next move, real or synthetic, drags', () => {
    selected = keyOf('#c')
    expect(drag.triggerStart()).toBe(true)
    expect(drag.pointerMove({ clientX: 10, clientY: 10 })).toBe(true)
    expect(of(OutboundEvent.DRAG_START)[0]).toMatchObject({
      elementKey: keyOf('#c'),
      context: { pageX: OUT_OF_SCREEN_DRAG_START, pageY: OUT_OF_SCREEN_DRAG_START },
    })
    expect(drag.pointerUp({ clientX: 5, clientY: 20 })).toBe(true)
    expect(of(OutboundEvent.DRAG_END)[0]).toMatchObject({ drop: { beforeCodebaseId: id(2) } })
  })

  test('nothing drags in drive mode or from a right button', () => {
    pointer('pointerdown', '#a', { clientX: 50, clientY: 20, button: 2, buttons: 2 })
    pointer('pointermove', null, { clientX: 150, clientY: 20, buttons: 2 })
    expect(of(OutboundEvent.DRAG_START)).toEqual([])
  })
})

describe('drag previews', () => {
  test('a move preview hides the element and shows an inert clone without ids; clear restores', () => {
    const preview = createDragPreview(document, tree)
    $('#a').style.setProperty('display', 'block')
    expect(preview.move(keyOf('#a'), { parent: keyOf('#list'), after: keyOf('#c') })).toBe(true)
    const items = [...$('#list').children] as HTMLElement[]
    expect(items.map((item) => item.id)).toEqual(['a', 'b', 'c', 'a'])
    expect($('#a').style.display).toBe('none')
    const clone = items[3] as HTMLElement
    expect(clone.hasAttribute(CODEBASE_ID_ATTRIBUTE)).toBe(false)
    expect(clone.inert).toBe(true)
    expect(preview.clear()).toBe(true)
    expect([...$('#list').children].map((item) => item.id)).toEqual(['a', 'b', 'c'])
    expect($('#a').style.display).toBe('block')
  })

  test('a placeholder div goes where a new element would; a missing sibling is refused', () => {
    const preview = createDragPreview(document, tree)
    expect(preview.addDiv({ parent: keyOf('#list'), before: keyOf('#b') }, { width: 40, height: 10 })).toBe(
      true,
    )
    expect($('#list').children[1]?.localName).toBe('div')
    const missing = { ...keyOf('#b'), codebaseId: id(9) }
    expect(preview.addDiv({ parent: keyOf('#list'), before: missing })).toBe(false)
    expect([...$('#list').children].map((item) => item.localName)).toEqual(['li', 'li', 'li'])
  })
})
