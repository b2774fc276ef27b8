// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { type ElementKey, elementKeysEqual } from '../../protocol/element-key.ts'
import { CODEBASE_ID_ATTRIBUTE } from '../../protocol/ids.ts'
import { OutboundEvent } from '../../protocol/messages.ts'
import type { NavTreeNode } from '../../protocol/nav-tree-node.ts'
import { InspectorContext } from '../core/context.ts'
import { FORWARD_THROTTLE_MS } from '../core/throttle.ts'
import { createInputForwarding, type InputForwarding } from '../text/input-forwarding.ts'
import { createSelection, type Selection, type SelectionTree } from './selection.ts'

/**
 * A stand-in for the navigation tree over plain tagged elements: a key is the element's codebase id
 * and its element-child path from the body; untagged elements are transparent.
 */
function fakeTree(): SelectionTree {
  const tagged = () => [...document.body.querySelectorAll(`[${CODEBASE_ID_ATTRIBUTE}]`)]
  const pathOf = (element: Element) => {
    const indexes: number[] = []
    for (let at: Element | null = element; at && at !== document.body; at = at.parentElement) {
      indexes.unshift([...(at.parentElement?.children ?? [])].indexOf(at))
    }
    return ['0', ...indexes].join('-')
  }
  const keyFor = (element: Element): ElementKey => ({
    codebaseId: element.getAttribute(CODEBASE_ID_ATTRIBUTE) ?? '',
    storyboardId: 'app',
    uniquePath: pathOf(element),
  })
  const nodeFor = (element: Element) => ({ key: keyFor(element), name: element.localName }) as NavTreeNode
  const elementsOf = (key: ElementKey) => tagged().filter((element) => elementKeysEqual(keyFor(element), key))
  return {
    keyOf: (element) => {
      const found = element.closest(`[${CODEBASE_ID_ATTRIBUTE}]`)
      return found ? keyFor(found) : null
    },
    elementsOf,
    parentKeyOf: (key) => {
      const parent = elementsOf(key)[0]?.parentElement?.closest(`[${CODEBASE_ID_ATTRIBUTE}]`)
      return parent ? keyFor(parent) : null
    },
    parentOf: (key) => {
      const parent = elementsOf(key)[0]?.parentElement?.closest(`[${CODEBASE_ID_ATTRIBUTE}]`)
      return parent ? nodeFor(parent) : null
    },
    nodesWithCodebaseId: (id) =>
      tagged()
        .filter((element) => element.getAttribute(CODEBASE_ID_ATTRIBUTE) === id)
        .map(nodeFor),
  }
}

const id = (n: number) => `tempo-00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

interface Harness {
  context: InspectorContext
  selection: Selection
  /** Started with the selection, as the inspector does. */
  forwarding: InputForwarding
  tree: SelectionTree
  sent: { type: string; payload: unknown }[]
  of: (type: string) => unknown[]
  key: (selector: string) => ElementKey
}

let running: Harness[] = []

function setUp(): Harness {
  const context = new InspectorContext(window)
  const sent: Harness['sent'] = []
  context.send = (type, payload) => {
    sent.push({ type, payload })
  }
  const tree = fakeTree()
  const selection = createSelection(context, tree)
  selection.start()
  const forwarding = createInputForwarding(context, selection)
  forwarding.start()
  const harness: Harness = {
    context,
    selection,
    forwarding,
    tree,
    sent,
    of: (type) => sent.filter((message) => message.type === type).map((message) => message.payload),
    key: (selector) => tree.keyOf(document.querySelector(selector) as Element) as ElementKey,
  }
  running.push(harness)
  return harness
}

function fire(selector: string, type: string, init: MouseEventInit = {}): MouseEvent {
  const target = document.querySelector(selector) as Element
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, composed: true, ...init })
  target.dispatchEvent(event)
  return event
}

beforeEach(() => {
  vi.useFakeTimers()
  sessionStorage.clear()
  document.body.innerHTML = `
    <main ${CODEBASE_ID_ATTRIBUTE}="${id(1)}">
      <section id="list" ${CODEBASE_ID_ATTRIBUTE}="${id(2)}">
        <div id="a" ${CODEBASE_ID_ATTRIBUTE}="${id(3)}"><b id="a-inner">A</b><i id="a-other">a</i></div>
        <div id="b" ${CODEBASE_ID_ATTRIBUTE}="${id(3)}">B</div>
        <div id="c" ${CODEBASE_ID_ATTRIBUTE}="${id(4)}">C</div>
      </section>
      <aside ${CODEBASE_ID_ATTRIBUTE}="${id(5)}"><p id="cousin" ${CODEBASE_ID_ATTRIBUTE}="${id(6)}">cousin</p></aside>
      <input id="field" ${CODEBASE_ID_ATTRIBUTE}="${id(7)}" />
    </main>
    <div id="untagged">nothing here</div>`
})

afterEach(() => {
  for (const harness of running) {
    harness.forwarding.stop()
    harness.selection.stop()
    harness.context.stop()
  }
  running = []
  vi.useRealTimers()
})

describe('hover', () => {
  test('follows the pointer to the nearest tagged element and is sent only when it changes', () => {
    const { selection, of, key } = setUp()
    fire('#a-inner', 'pointerover')
    fire('#a-other', 'pointerover')
    fire('#a', 'pointerover')
    expect(selection.hovered).toEqual(key('#a'))
    vi.advanceTimersByTime(FORWARD_THROTTLE_MS * 2)
    expect(of(OutboundEvent.HOVERED_ELEMENT_KEY)).toEqual([key('#a')])

    fire('#b', 'pointerover')
    vi.advanceTimersByTime(FORWARD_THROTTLE_MS * 2)
    expect(of(OutboundEvent.HOVERED_ELEMENT_KEY)).toEqual([key('#a'), key('#b')])
  })

  test('within one throttle window only the latest hover goes out, and a return to the start sends nothing', () => {
    const { of, key } = setUp()
    fire('#a', 'pointerover')
    fire('#b', 'pointerover')
    fire('#c', 'pointerover')
    vi.advanceTimersByTime(FORWARD_THROTTLE_MS * 2)
    expect(of(OutboundEvent.HOVERED_ELEMENT_KEY)).toEqual([key('#a'), key('#c')])
    // b goes out at once; c and back to b within the window leave the editor's view unchanged.
    fire('#b', 'pointerover')
    fire('#c', 'pointerover')
    fire('#b', 'pointerover')
    vi.advanceTimersByTime(FORWARD_THROTTLE_MS * 2)
    expect(of(OutboundEvent.HOVERED_ELEMENT_KEY)).toEqual([key('#a'), key('#c'), key('#b')])
  })

  test('is cleared when the pointer leaves the page or nothing tagged is under it', () => {
    const { selection, of } = setUp()
    fire('#a', 'pointerover')
    fire('#untagged', 'pointerover')
    expect(selection.hovered).toBeNull()
    fire('#b', 'pointerover')
    vi.advanceTimersByTime(FORWARD_THROTTLE_MS * 2)
    fire('#b', 'pointerout', { relatedTarget: null })
    vi.advanceTimersByTime(FORWARD_THROTTLE_MS * 2)
    expect(selection.hovered).toBeNull()
    expect(of(OutboundEvent.HOVERED_ELEMENT_KEY).at(-1)).toBeNull()
  })

  test("the editor's setHovered and clearHover change the state without an echo", () => {
    const { selection, of, key, context } = setUp()
    const events: string[] = []
    context.on((type) => events.push(type))
    expect(selection.setHovered(key('#c'))).toEqual(key('#c'))
    selection.clearHover()
    vi.advanceTimersByTime(FORWARD_THROTTLE_MS * 2)
    expect(selection.hovered).toBeNull()
    expect(of(OutboundEvent.HOVERED_ELEMENT_KEY)).toEqual([])
    expect(events).toEqual(['hover', 'hover'])
  })
})

describe('click selection', () => {
  test('selects the nearest tagged element with its outerHTML; the app never sees the click', () => {
    const { selection, of, key, context } = setUp()
    const app = vi.fn()
    document.querySelector('#a-inner')?.addEventListener('click', app)
    document.addEventListener('mousedown', app)
    const down = fire('#a-inner', 'mousedown')
    const click = fire('#a-inner', 'click')
    expect(app).not.toHaveBeenCalled()
    expect(click.defaultPrevented).toBe(true)
    expect(down.defaultPrevented).toBe(true)
    expect(selection.selected).toEqual(key('#a'))
    expect(of(OutboundEvent.SELECTED_ELEMENT_KEY)).toEqual([
      { elementKey: key('#a'), outerHTML: document.querySelector('#a')?.outerHTML },
    ])
    expect(context.selectionToken).toContain(id(3))
  })

  test('clicking the selected element again sends nothing; clicking where nothing is tagged clears', () => {
    const { selection, of } = setUp()
    fire('#b', 'click')
    fire('#b', 'click')
    expect(of(OutboundEvent.SELECTED_ELEMENT_KEY)).toHaveLength(1)
    fire('#untagged', 'click')
    expect(selection.selected).toBeNull()
    expect(of(OutboundEvent.SELECTED_ELEMENT_KEY).at(-1)).toEqual({ elementKey: null, outerHTML: null })
  })

  test("setSelected is the editor's: replied, not echoed", () => {
    const { selection, of, key } = setUp()
    expect(selection.setSelected(key('#c'))).toEqual({
      elementKey: key('#c'),
      outerHTML: document.querySelector('#c')?.outerHTML,
    })
    expect(of(OutboundEvent.SELECTED_ELEMENT_KEY)).toEqual([])
    expect(selection.setSelected(null)).toEqual({ elementKey: null, outerHTML: null })
  })
})

describe('shift-click', () => {
  test('adds and removes siblings of the selection and ignores anything else', () => {
    const { selection, of, key } = setUp()
    fire('#a', 'click')
    fire('#b', 'click', { shiftKey: true })
    expect(selection.multiSelected).toEqual([key('#a'), key('#b')])
    expect(selection.selected).toEqual(key('#a'))
    fire('#c', 'click', { shiftKey: true })
    expect(of(OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS)).toEqual([
      [key('#a'), key('#b')],
      [key('#a'), key('#b'), key('#c')],
    ])

    // A cousin and a parent are not siblings.
    fire('#cousin', 'click', { shiftKey: true })
    fire('#list', 'click', { shiftKey: true })
    expect(selection.multiSelected).toHaveLength(3)
    expect(of(OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS)).toHaveLength(2)

    fire('#a', 'click', { shiftKey: true })
    expect(selection.multiSelected).toEqual([key('#b'), key('#c')])
    expect(selection.selected).toEqual(key('#b'))

    // Down to one: a single selection again.
    fire('#c', 'click', { shiftKey: true })
    expect(selection.multiSelected).toEqual([])
    expect(selection.selected).toEqual(key('#b'))
    expect(of(OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS).at(-1)).toEqual([])
    expect(of(OutboundEvent.SELECTED_ELEMENT_KEY).at(-1)).toEqual({
      elementKey: key('#b'),
      outerHTML: document.querySelector('#b')?.outerHTML,
    })
  })

  test('with nothing selected a shift-click selects; a plain click ends a multi-selection', () => {
    const { selection, of, key } = setUp()
    fire('#a', 'click', { shiftKey: true })
    expect(selection.selected).toEqual(key('#a'))
    fire('#b', 'click', { shiftKey: true })
    fire('#cousin', 'click')
    expect(selection.multiSelected).toEqual([])
    expect(selection.selected).toEqual(key('#cousin'))
    expect(of(OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS).at(-1)).toEqual([])
  })

  test('setMultiSelected takes the editor keys as they are, without duplicates', () => {
    const { selection, key } = setUp()
    expect(selection.setMultiSelected([key('#a'), key('#cousin'), key('#a')])).toEqual([
      key('#a'),
      key('#cousin'),
    ])
    expect(selection.selected).toEqual(key('#a'))
    expect(selection.setMultiSelected([key('#c')])).toEqual([key('#c')])
    expect(selection.multiSelected).toEqual([])
  })
})

describe('drive mode', () => {
  test('is kept in session storage under the instance key and restored', () => {
    const first = setUp()
    expect(first.selection.setDriveMode(true)).toBe(true)
    expect(sessionStorage.getItem(first.context.storageKey('driveMode'))).toBe('true')
    expect(sessionStorage.getItem('visual-edit:app:driveMode')).toBe('true')

    const second = setUp()
    expect(second.selection.driveMode).toBe(true)
    expect(second.selection.restoreDriveMode()).toBe(true)

    // Another storyboard of the same session has its own flag.
    second.context.storyboardId = 'other'
    expect(second.selection.restoreDriveMode()).toBe(false)
    first.selection.setDriveMode(false)
    expect(sessionStorage.getItem('visual-edit:app:driveMode')).toBe('false')
  })

  test('lets every click through to the app and suppresses hover and select', () => {
    const { selection, of, key, context } = setUp()
    fire('#a', 'pointerover')
    const events: string[] = []
    context.on((type) => events.push(type))
    selection.setDriveMode(true)
    expect(events).toContain('drive')
    expect(selection.hovered).toBeNull()

    const app = vi.fn()
    document.querySelector('#b')?.addEventListener('click', app)
    const click = fire('#b', 'click')
    fire('#b', 'pointerover')
    fire('#c', 'contextmenu')
    expect(app).toHaveBeenCalledOnce()
    expect(click.defaultPrevented).toBe(false)
    expect(selection.hovered).toBeNull()
    expect(selection.selected).toBeNull()
    expect(selection.pointer('up', { clientX: 1, clientY: 1 })).toBeNull()
    expect(of(OutboundEvent.SELECTED_ELEMENT_KEY)).toEqual([])
    expect(of(OutboundEvent.CONTEXT_MENU)).toEqual([])

    selection.setDriveMode(false)
    fire('#b', 'click')
    expect(app).toHaveBeenCalledOnce()
    expect(selection.selected).toEqual(key('#b'))
  })
})

describe('synthetic pointer input from the editor', () => {
  test('hovers and selects what is at the point, like real input', () => {
    const { selection, of, key } = setUp()
    const at = vi.spyOn(document, 'elementFromPoint')
    at.mockReturnValue(document.querySelector('#a-inner'))
    expect(selection.pointer('over', { clientX: 10, clientY: 10 })).toEqual(key('#a'))
    expect(selection.hovered).toEqual(key('#a'))
    at.mockReturnValue(document.querySelector('#b'))
    selection.pointer('move', { clientX: 30, clientY: 10 })
    vi.advanceTimersByTime(FORWARD_THROTTLE_MS * 2)
    expect(of(OutboundEvent.HOVERED_ELEMENT_KEY)).toEqual([key('#a'), key('#b')])

    selection.pointer('up', { clientX: 30, clientY: 10 })
    expect(selection.selected).toEqual(key('#b'))
    at.mockReturnValue(document.querySelector('#c'))
    selection.pointer('up', { clientX: 50, clientY: 10, shiftKey: true })
    expect(selection.multiSelected).toEqual([key('#b'), key('#c')])
    at.mockReturnValue(null)
    expect(selection.pointer('move', { clientX: -5, clientY: -5 })).toBeNull()
    expect(selection.hovered).toBeNull()
  })
})

describe('events forwarded to the editor (input-forwarding.ts)', () => {
  test('pointer moves are throttled and the last position always arrives', () => {
    const { of } = setUp()
    for (let x = 0; x < 10; x++) fire('#a', 'pointermove', { clientX: x, clientY: 5 })
    expect(of(OutboundEvent.MOUSE_MOVE)).toHaveLength(1)
    vi.advanceTimersByTime(FORWARD_THROTTLE_MS * 2)
    expect(of(OutboundEvent.MOUSE_MOVE)).toHaveLength(2)
    expect(of(OutboundEvent.MOUSE_MOVE).at(-1)).toMatchObject({ clientX: 9, clientY: 5 })
  })

  test('wheel deltas are summed over the throttle window', () => {
    const { of } = setUp()
    for (let i = 0; i < 4; i++) {
      document.querySelector('#a')?.dispatchEvent(new WheelEvent('wheel', { bubbles: true, deltaY: 10 }))
    }
    vi.advanceTimersByTime(FORWARD_THROTTLE_MS * 2)
    const deltas = of(OutboundEvent.WHEEL).map((payload) => (payload as { deltaY: number }).deltaY)
    expect(deltas).toEqual([10, 30])
  })

  test('keys go out (repeats throttled) unless typed into a field', () => {
    const { of } = setUp()
    const key = (selector: string, type: string, init: KeyboardEventInit) =>
      document.querySelector(selector)?.dispatchEvent(new KeyboardEvent(type, { bubbles: true, ...init }))
    key('#a', 'keydown', { key: 'Delete', code: 'Delete' })
    key('#a', 'keydown', { key: 'z', code: 'KeyZ', metaKey: true })
    key('#a', 'keyup', { key: 'z', code: 'KeyZ' })
    for (let i = 0; i < 5; i++) key('#a', 'keydown', { key: 'ArrowDown', code: 'ArrowDown', repeat: true })
    key('#field', 'keydown', { key: 'Backspace', code: 'Backspace' })
    expect(of(OutboundEvent.KEY_DOWN)).toMatchObject([
      { key: 'Delete' },
      { key: 'z', metaKey: true },
      { key: 'ArrowDown', repeat: true },
    ])
    expect(of(OutboundEvent.KEY_UP)).toMatchObject([{ key: 'z' }])
    vi.advanceTimersByTime(FORWARD_THROTTLE_MS * 2)
    expect(of(OutboundEvent.KEY_DOWN)).toHaveLength(4)
  })

  test('the context menu is the editor’s in edit mode', () => {
    const { of, key } = setUp()
    const menu = fire('#c', 'contextmenu', { clientX: 4, clientY: 6 })
    expect(menu.defaultPrevented).toBe(true)
    expect(of(OutboundEvent.CONTEXT_MENU)).toMatchObject([{ clientX: 4, clientY: 6, elementKey: key('#c') }])
  })
})

describe('remapCodebaseIds', () => {
  test('renames the held keys so the selection stays on the same elements', () => {
    const { selection, key, context } = setUp()
    selection.setMultiSelected([key('#a'), key('#c')])
    selection.setHovered(key('#c'))
    const before = context.selectionToken
    const result = selection.remapCodebaseIds({ [id(3)]: id(30), [id(99)]: id(100) })
    const renamedA = { ...key('#a'), codebaseId: id(30) }
    expect(result).toEqual({
      selected: renamedA,
      multiSelected: [renamedA, key('#c')],
      selectionRenamed: true,
    })
    expect(selection.hovered).toEqual(key('#c'))
    expect(context.selectionToken).not.toBe(before)
  })

  test('once the page shows the renamed element at another path, the selection follows it', () => {
    const { selection, key, context, of } = setUp()
    fire('#c', 'click')
    selection.remapCodebaseIds({ [id(4)]: id(40) })
    // The hot update arrives: the element moved to the front and carries its new id.
    const moved = document.querySelector('#c') as Element
    moved.setAttribute(CODEBASE_ID_ATTRIBUTE, id(40))
    document.querySelector('#list')?.prepend(moved)
    context.emit('tree')
    expect(selection.selected).toEqual(key('#c'))
    expect(selection.selected?.codebaseId).toBe(id(40))
    expect(of(OutboundEvent.SELECTED_ELEMENT_KEY).at(-1)).toMatchObject({ elementKey: key('#c') })
  })

  test('a selection made in the code a hot update brought during the save keeps its ids; one made before is renamed', () => {
    const { selection, key, context } = setUp()
    // The save begins; its hot update reaches the page before its answer does.
    context.flushBeganAt = context.codeUpdates
    context.codeUpdates += 1
    selection.setSelected(key('#a'))
    const result = selection.remapCodebaseIds({ [id(3)]: id(30) })
    expect(result).toMatchObject({ selected: key('#a'), selectionRenamed: false })

    // Chosen before the next save's hot update: the answer renames it.
    context.flushBeganAt = context.codeUpdates
    expect(selection.remapCodebaseIds({ [id(3)]: id(30) }).selected?.codebaseId).toBe(id(30))
  })

  test("between a save's answer and its hot update, a click reports the element by the id the save gave it", () => {
    const { selection, context, of } = setUp()
    context.flushBeganAt = context.codeUpdates
    // The answer: #c's id 4 is now 40, #a's 3 is now 4 (an element moved before it); no hot update yet.
    selection.remapCodebaseIds({ [id(4)]: id(40), [id(3)]: id(4) })
    fire('#c', 'click')
    expect(of(OutboundEvent.SELECTED_ELEMENT_KEY).at(-1)).toMatchObject({
      elementKey: { codebaseId: id(40) },
    })
    fire('#a', 'click')
    expect(of(OutboundEvent.SELECTED_ELEMENT_KEY).at(-1)).toMatchObject({ elementKey: { codebaseId: id(4) } })

    // The hot update came: the page shows the new code, and its ids are read as they are.
    context.codeUpdates += 1
    fire('#c', 'click')
    expect(of(OutboundEvent.SELECTED_ELEMENT_KEY).at(-1)).toMatchObject({ elementKey: { codebaseId: id(4) } })
  })
})

test('stop() removes every listener', () => {
  const { selection, forwarding, of } = setUp()
  selection.stop()
  forwarding.stop()
  const click = fire('#a', 'click')
  expect(click.defaultPrevented).toBe(false)
  expect(selection.selected).toBeNull()
  const menu = fire('#c', 'contextmenu')
  expect(menu.defaultPrevented).toBe(false)
  fire('#a', 'pointermove', { clientX: 1, clientY: 1 })
  document.querySelector('#a')?.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'x' }))
  vi.advanceTimersByTime(FORWARD_THROTTLE_MS * 2)
  expect(of(OutboundEvent.CONTEXT_MENU)).toEqual([])
  expect(of(OutboundEvent.MOUSE_MOVE)).toEqual([])
  expect(of(OutboundEvent.KEY_DOWN)).toEqual([])
})

test('a wheel sum pending at stop() is dropped, not sent later', () => {
  const { forwarding, of } = setUp()
  for (let i = 0; i < 3; i++) {
    document.querySelector('#a')?.dispatchEvent(new WheelEvent('wheel', { bubbles: true, deltaY: 5 }))
  }
  forwarding.stop()
  vi.advanceTimersByTime(FORWARD_THROTTLE_MS * 2)
  expect(of(OutboundEvent.WHEEL).map((payload) => (payload as { deltaY: number }).deltaY)).toEqual([5])
})
