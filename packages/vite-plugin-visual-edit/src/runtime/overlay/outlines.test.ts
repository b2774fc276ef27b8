// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { type ElementKey, elementKeysEqual } from '../../protocol/element-key.ts'
import { CODEBASE_ID_ATTRIBUTE } from '../../protocol/ids.ts'
import type { NavTreeNode } from '../../protocol/nav-tree-node.ts'
import {
  DIMENSION_BADGE,
  FRAME_BUDGET_MS,
  OUTLINE_COLORS,
  OUTLINE_SCROLL_THROTTLE_MS,
  OUTLINES_MEASURE,
  OVERLAY_HOST_Z_INDEX,
  Z_INDEX,
} from '../core/constants.ts'
import { InspectorContext, OVERLAY_ATTRIBUTE } from '../core/context.ts'
import type { Selection } from '../selection/selection.ts'
import { createOutlines, type Outlines, type OutlineTree } from './outlines.ts'
import { POSITION_WATCH_LIMIT } from './position-watch.ts'

/** Plain tagged elements as tree nodes; `data-component` marks a component node. */
function fakeTree(): OutlineTree {
  const tagged = () => [...document.body.querySelectorAll(`[${CODEBASE_ID_ATTRIBUTE}]`)]
  const keyFor = (element: Element): ElementKey => ({
    codebaseId: element.getAttribute(CODEBASE_ID_ATTRIBUTE) ?? '',
    storyboardId: 'app',
    uniquePath: `0-${element.id}`,
  })
  const nodeFor = (element: Element) =>
    ({
      key: keyFor(element),
      name: element.getAttribute('data-name') ?? element.localName,
      isComponent: element.hasAttribute('data-component'),
    }) as NavTreeNode
  const elementsOf = (key: ElementKey) => tagged().filter((element) => elementKeysEqual(keyFor(element), key))
  return {
    elementsOf,
    nodeOf: (key) => {
      const element = elementsOf(key)[0]
      return element ? nodeFor(element) : null
    },
    isComponent: (key) => elementsOf(key)[0]?.hasAttribute('data-component') === true,
    childrenOf: (key) => {
      const element = elementsOf(key)[0]
      return element
        ? [...element.children].filter((child) => child.hasAttribute(CODEBASE_ID_ATTRIBUTE)).map(nodeFor)
        : []
    },
    instancesWithCodebaseId: (id) =>
      tagged()
        .filter((element) => element.getAttribute(CODEBASE_ID_ATTRIBUTE) === id)
        .map(nodeFor)
        .map((node) => ({ key: node.key, box: node.pageBoundingBox })),
  }
}

const id = (n: number) => `tempo-00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const key = (elementId: string, codebaseId: number): ElementKey => ({
  codebaseId: id(codebaseId),
  storyboardId: 'app',
  uniquePath: `0-${elementId}`,
})

function placeAt(selector: string, left: number, top: number, width: number, height: number) {
  const element = document.querySelector(selector) as Element
  element.getBoundingClientRect = () =>
    ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top }) as DOMRect
}

interface Drawn {
  kind: string
  left: number
  top: number
  width: number
  height: number
  z: number
  color: string
  thickness: string
  text: string
  style: CSSStyleDeclaration
}

let shadow: ShadowRoot | null = null
const attachShadow = Element.prototype.attachShadow
let context: InspectorContext
let selection: {
  hovered: ElementKey | null
  selected: ElementKey | null
  multiSelected: ElementKey[]
  driveMode: boolean
}
let outlines: Outlines

function drawn(): Drawn[] {
  const divs = [...(shadow?.querySelectorAll('div') ?? [])].filter((div) => !div.hidden)
  return divs.map((div) => ({
    kind: div.dataset.kind ?? '',
    left: Number.parseFloat(div.style.left),
    top: Number.parseFloat(div.style.top),
    width: Number.parseFloat(div.style.width),
    height: Number.parseFloat(div.style.height),
    z: Number(div.style.zIndex),
    color: div.style.getPropertyValue('--c'),
    thickness: div.style.getPropertyValue('--t'),
    text: div.textContent ?? '',
    style: div.style,
  }))
}
const ofKind = (kind: string) => drawn().filter((shape) => shape.kind === kind)
const host = () => document.querySelector(`[${OVERLAY_ATTRIBUTE}]`) as HTMLElement

beforeEach(() => {
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attachShadow.call(this, init)
    if (this.hasAttribute(OVERLAY_ATTRIBUTE)) shadow = root
    return root
  }
  document.body.innerHTML = `
    <main id="main" ${CODEBASE_ID_ATTRIBUTE}="${id(1)}" data-name="Page" data-component>
      <div id="a" ${CODEBASE_ID_ATTRIBUTE}="${id(3)}"><span id="a1" ${CODEBASE_ID_ATTRIBUTE}="${id(5)}">x</span><span id="a2" ${CODEBASE_ID_ATTRIBUTE}="${id(6)}">y</span></div>
      <div id="b" ${CODEBASE_ID_ATTRIBUTE}="${id(3)}">B</div>
      <div id="c" ${CODEBASE_ID_ATTRIBUTE}="${id(4)}">C</div>
    </main>`
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 2000 })
  placeAt('#main', 0, 0, 800, 600)
  placeAt('#a', 10, 20, 150, 90)
  placeAt('#a1', 12, 22, 40, 20)
  placeAt('#a2', 60, 22, 40, 20)
  placeAt('#b', 170, 20, 150, 90)
  placeAt('#c', 330, 20, 100, 45.5)
  context = new InspectorContext(window)
  selection = { hovered: null, selected: null, multiSelected: [], driveMode: false }
  outlines = createOutlines(context, fakeTree(), selection as unknown as Selection)
  outlines.start()
})

afterEach(() => {
  for (const name of ['clientWidth', 'clientHeight']) Reflect.deleteProperty(document.documentElement, name)
  outlines.stop()
  context.stop()
  Element.prototype.attachShadow = attachShadow
  shadow = null
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('the overlay host', () => {
  test('is one element after the body with a closed shadow root and no pointer events', () => {
    const element = host()
    expect(document.querySelectorAll(`[${OVERLAY_ATTRIBUTE}]`)).toHaveLength(1)
    expect(element.parentElement).toBe(document.documentElement)
    expect(element.shadowRoot).toBeNull()
    expect(shadow).not.toBeNull()
    expect(element.style.getPropertyValue('pointer-events')).toBe('none')
    expect(element.style.getPropertyPriority('pointer-events')).toBe('important')
    // A stacking context (contain) whose own layer is above any of the app's; the Z_INDEX layers order
    // the overlays inside it.
    expect(element.style.zIndex).toBe(String(OVERLAY_HOST_Z_INDEX))
    expect(element.style.getPropertyPriority('z-index')).toBe('important')
    expect(element.style.getPropertyValue('contain')).toBe('size layout style')
  })

  test('stop() removes it', () => {
    outlines.stop()
    expect(host()).toBeNull()
  })
})

describe('the selected element', () => {
  test('primary, secondary and dashed child outlines at the elements, layered by Z_INDEX', () => {
    selection.selected = key('a', 3)
    outlines.render()
    expect(ofKind('primary')).toMatchObject([
      {
        left: 10,
        top: 20,
        width: 150,
        height: 90,
        z: Z_INDEX.PRIMARY,
        color: OUTLINE_COLORS.PRIMARY,
        thickness: '1px',
      },
    ])
    expect(ofKind('secondary')).toMatchObject([
      { left: 170, top: 20, width: 150, height: 90, z: Z_INDEX.SECONDARY, thickness: '0.5px' },
    ])
    expect(ofKind('child').map(({ left, z, thickness }) => ({ left, z, thickness }))).toEqual([
      { left: 12, z: Z_INDEX.CHILD, thickness: '5px' },
      { left: 60, z: Z_INDEX.CHILD, thickness: '5px' },
    ])
    const [size] = ofKind('size-badge')
    expect(size).toMatchObject({ text: '150 × 90', left: 85, top: 110, z: Z_INDEX.OUTLINE })
    expect(ofKind('name-badge')).toMatchObject([{ text: 'div', left: 10, z: Z_INDEX.OUTLINE }])
  })

  test('the size badge goes inside the bottom edge where the page ends, so it never lengthens the page', () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 130 })
    selection.selected = key('a', 3)
    outlines.render()
    expect(ofKind('size-badge')[0]?.top).toBe(110 - DIMENSION_BADGE.HEIGHT_PX)
  })

  test('page coordinates: the host origin (scrolled away) is taken out', () => {
    selection.selected = key('c', 4)
    const element = host()
    element.getBoundingClientRect = () =>
      ({ left: -5, top: -300, width: 0, height: 0, right: -5, bottom: -300 }) as DOMRect
    outlines.render()
    expect(ofKind('primary')).toMatchObject([{ left: 335, top: 320, width: 100, height: 45.5 }])
    expect(ofKind('size-badge')[0]?.text).toBe('100 × 46')
  })

  test("secondary outlines are read and drawn within a viewport of the viewport, by the tree's page boxes", () => {
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 1000 })
    Object.defineProperty(document.documentElement, 'clientHeight', { configurable: true, value: 600 })
    // #b, the other element with #a's codebase id, where the tree's last build found it: 1,500 px
    // down the page, more than a viewport below the viewport's bottom edge.
    const plain = fakeTree()
    const tree: OutlineTree = {
      ...plain,
      instancesWithCodebaseId: (codebaseId) =>
        plain.instancesWithCodebaseId(codebaseId).map((instance) => ({
          ...instance,
          box: {
            pageX: 170,
            pageY: instance.key.uniquePath === '0-b' ? 1500 : 20,
            width: 150,
            height: 90,
          },
        })),
    }
    outlines.stop()
    outlines = createOutlines(context, tree, selection as unknown as Selection)
    outlines.start()
    const readB = vi.spyOn(document.getElementById('b') as Element, 'getBoundingClientRect')
    selection.selected = key('a', 3)
    outlines.render()
    expect(ofKind('primary')).toHaveLength(1)
    expect(ofKind('secondary')).toEqual([])
    expect(readB).not.toHaveBeenCalled()
    // Scrolled 400 px down: #b is within a viewport of the viewport now (it ends at 1,590 < 400 + 1,200).
    host().getBoundingClientRect = () =>
      ({ left: 0, top: -400, width: 0, height: 0, right: 0, bottom: -400 }) as DOMRect
    outlines.render()
    expect(readB).toHaveBeenCalledOnce()
    expect(ofKind('secondary')).toMatchObject([{ left: 170, top: 420 }])
  })

  test('thickness and badges are divided by the zoom', () => {
    selection.selected = key('a', 3)
    context.zoom = 2
    outlines.render()
    expect(ofKind('primary')[0]?.thickness).toBe('0.5px')
    expect(ofKind('secondary')[0]?.thickness).toBe('0.25px')
    expect(ofKind('child')[0]?.thickness).toBe('2.5px')
    const badge = ofKind('size-badge')[0]
    expect(badge?.style.getPropertyValue('--h')).toBe(`${DIMENSION_BADGE.HEIGHT_PX / 2}px`)
    expect(badge?.style.getPropertyValue('--f')).toBe(`${DIMENSION_BADGE.FONT_PX / 2}px`)
    context.zoom = 0.5
    outlines.render()
    expect(ofKind('primary')[0]?.thickness).toBe('2px')
    expect(ofKind('size-badge')[0]?.style.getPropertyValue('--h')).toBe('76px')
  })

  test('component nodes in the component colour; the AI context switches the palette', async () => {
    selection.selected = key('main', 1)
    outlines.render()
    expect(ofKind('primary')[0]?.color).toBe(OUTLINE_COLORS.COMPONENT)
    expect(ofKind('name-badge')[0]?.text).toBe('Page')
    // At the page top the name badge goes inside the corner.
    expect(ofKind('name-badge')[0]?.top).toBe(0)
    context.aiContext = true
    context.emit('ai')
    await Promise.resolve()
    expect(ofKind('primary')[0]?.color).toBe(OUTLINE_COLORS.AI_COMPONENT)
    selection.selected = key('c', 4)
    context.emit('selection')
    await Promise.resolve()
    expect(ofKind('primary')[0]?.color).toBe(OUTLINE_COLORS.AI_PRIMARY)
  })
})

describe('hover, multi-selection and move', () => {
  test('hover outline only for an element that is not selected', () => {
    selection.selected = key('a', 3)
    selection.hovered = key('a', 3)
    outlines.render()
    expect(ofKind('hover')).toEqual([])
    selection.hovered = key('c', 4)
    outlines.render()
    expect(ofKind('hover')).toMatchObject([{ left: 330, top: 20, z: Z_INDEX.PRIMARY }])
  })

  test('a multi-selection draws each member and one combined box labelled with the count', () => {
    selection.selected = key('a', 3)
    selection.multiSelected = [key('a', 3), key('b', 3), key('c', 4)]
    outlines.render()
    expect(ofKind('primary')).toHaveLength(3)
    expect(ofKind('multi')).toMatchObject([{ left: 10, top: 20, width: 420, height: 90 }])
    expect(ofKind('count-badge')).toMatchObject([{ text: '3 elements' }])
    expect(ofKind('size-badge')).toEqual([])
    expect(ofKind('secondary')).toEqual([])
  })

  test("a frame that mirrors another's selection draws every selected element with the secondary outline alone", async () => {
    context.mirrored = true
    selection.selected = key('a', 3)
    outlines.render()
    // #a itself and #b, the other element of its code identity.
    expect(ofKind('secondary').map(({ left, z, thickness }) => ({ left, z, thickness }))).toEqual([
      { left: 170, z: Z_INDEX.SECONDARY, thickness: '0.5px' },
      { left: 10, z: Z_INDEX.SECONDARY, thickness: '0.5px' },
    ])
    for (const kind of ['primary', 'child', 'size-badge', 'name-badge']) expect(ofKind(kind)).toEqual([])

    selection.multiSelected = [key('a', 3), key('c', 4)]
    outlines.render()
    expect(ofKind('secondary').map(({ left }) => left)).toEqual([10, 330])
    for (const kind of ['primary', 'multi', 'count-badge']) expect(ofKind(kind)).toEqual([])

    // Mirroring ends: the frame draws its selection as its own again, at the next redraw.
    context.mirrored = false
    context.emit('mirrored')
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(ofKind('primary')).toHaveLength(2)
  })

  test('the move outline sits above everything but the labels', async () => {
    outlines.setMoveOutline({ left: 1, top: 2, width: 3, height: 4 })
    await Promise.resolve()
    expect(ofKind('move')).toMatchObject([{ left: 1, top: 2, width: 3, height: 4, z: Z_INDEX.MOVE }])
    outlines.setMoveOutline(null)
    await Promise.resolve()
    expect(ofKind('move')).toEqual([])
  })

  test('while an element is dragged its badges and the hover outline are not drawn', async () => {
    selection.selected = key('a', 3)
    selection.hovered = key('c', 4)
    outlines.setMoveOutline({ left: 1, top: 2, width: 3, height: 4 })
    await Promise.resolve()
    expect(ofKind('primary')).toHaveLength(1)
    expect([...ofKind('size-badge'), ...ofKind('name-badge'), ...ofKind('hover')]).toEqual([])
    outlines.setMoveOutline(null)
    await Promise.resolve()
    expect(ofKind('size-badge')).toHaveLength(1)
    expect(ofKind('hover')).toHaveLength(1)
  })
})

describe('redraws', () => {
  test('drive mode clears and hides every outline', async () => {
    selection.selected = key('a', 3)
    selection.hovered = key('c', 4)
    outlines.render()
    expect(drawn().length).toBeGreaterThan(0)
    selection.driveMode = true
    context.emit('drive')
    await Promise.resolve()
    expect(drawn()).toEqual([])
    expect(host().style.display).toBe('none')
    selection.driveMode = false
    context.emit('drive')
    await Promise.resolve()
    expect(ofKind('primary')).toHaveLength(1)
    expect(host().style.display).toBe('block')
  })

  test('events of one task are drawn once', async () => {
    const spy = vi.spyOn(host(), 'getBoundingClientRect')
    selection.selected = key('a', 3)
    context.emit('selection')
    context.emit('hover')
    context.emit('tree')
    context.zoom = 2
    context.emit('zoom')
    await Promise.resolve()
    expect(spy).toHaveBeenCalledOnce()
    expect(ofKind('primary')[0]?.thickness).toBe('0.5px')
  })

  test('scrolling redraws at most once per OUTLINE_SCROLL_THROTTLE_MS, the last scroll included', () => {
    vi.useFakeTimers()
    const spy = vi.spyOn(host(), 'getBoundingClientRect')
    for (let i = 0; i < 10; i++) document.dispatchEvent(new Event('scroll'))
    expect(spy).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(OUTLINE_SCROLL_THROTTLE_MS)
    expect(spy).toHaveBeenCalledTimes(2)
    window.dispatchEvent(new Event('resize'))
    vi.advanceTimersByTime(OUTLINE_SCROLL_THROTTLE_MS * 2)
    expect(spy).toHaveBeenCalledTimes(3)
  })

  test('a render over the frame budget logs a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    let clock = 0
    vi.spyOn(performance, 'now').mockImplementation(() => {
      clock += FRAME_BUDGET_MS + 1
      return clock
    })
    outlines.render()
    expect(warn).toHaveBeenCalledOnce()
    expect(String(warn.mock.calls[0]?.[0])).toContain(`${FRAME_BUDGET_MS} ms`)
  })

  test("the page's pending style and layout, brought up to date by the first read, is not the redraw's own time", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    let clock = 0
    vi.spyOn(performance, 'now').mockImplementation(() => clock)
    const hostRect = host().getBoundingClientRect()
    // The app left 100 ms of style and layout: the first read waits for it.
    vi.spyOn(host(), 'getBoundingClientRect').mockImplementation(() => {
      clock += 100
      return hostRect
    })
    selection.selected = key('c', 4)
    outlines.render()
    expect(warn).not.toHaveBeenCalled()
    // The redraw's own reads take 20 ms: that is over the budget.
    const read = (document.getElementById('c') as Element).getBoundingClientRect.bind(
      document.getElementById('c'),
    )
    vi.spyOn(document.getElementById('c') as Element, 'getBoundingClientRect').mockImplementation(() => {
      clock += 20
      return read()
    })
    outlines.render()
    expect(warn).toHaveBeenCalledOnce()
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /took 20\.0 ms, over the 16 ms frame budget \(and 100\.0 ms before it/,
    )
  })

  test('a hover change rewrites only the hover outline, not the selection drawn around it', () => {
    selection.selected = key('a', 3)
    selection.hovered = key('b', 3)
    outlines.render()
    const divs = [...(shadow?.querySelectorAll('div') ?? [])]
    const before = divs.map((div) => div.style.cssText)
    const writes = divs.map((div) => [
      vi.spyOn(div.style, 'cssText', 'set'),
      vi.spyOn(div.style, 'setProperty'),
      vi.spyOn(div.style, 'removeProperty'),
    ])
    selection.hovered = key('c', 4)
    outlines.render()
    const changed = divs.filter((_, index) => (writes[index] ?? []).some((spy) => spy.mock.calls.length > 0))
    expect(changed.map((div) => div.dataset.kind)).toEqual(['hover'])
    expect(ofKind('hover')).toMatchObject([{ left: 330, top: 20 }])
    // Every other outline still shows what it showed.
    expect(divs.filter((div) => div.dataset.kind !== 'hover').map((div) => div.style.cssText)).toEqual(
      before.filter((_, index) => divs[index]?.dataset.kind !== 'hover'),
    )
  })

  test('a pooled div that changes kind keeps none of its old style or text', () => {
    // #c: primary, size badge, name badge. #a: secondary (#b), two children, primary, badges.
    selection.selected = key('c', 4)
    outlines.render()
    const first = drawn()
    const firstCss = first.map((shape) => shape.style.cssText)
    selection.selected = key('a', 3)
    outlines.render()
    selection.selected = key('c', 4)
    outlines.render()
    const again = drawn()
    expect(again.map(({ style, ...shape }) => shape)).toEqual(first.map(({ style, ...shape }) => shape))
    expect(again.map((shape) => shape.style.cssText)).toEqual(firstCss)
    const badge = ofKind('size-badge')[0]
    expect(badge?.style.width).toBe('')
    expect(badge?.style.getPropertyValue('--t')).toBe('')
    expect(ofKind('primary')[0]?.text).toBe('')
  })

  test('a hover that changes nothing else reads the hovered element alone', async () => {
    selection.selected = key('a', 3)
    selection.hovered = key('b', 3)
    outlines.render()
    const reads = (elementId: string) =>
      vi.spyOn(document.getElementById(elementId) as Element, 'getBoundingClientRect')
    const [a, a1, b, c] = ['a', 'a1', 'b', 'c'].map(reads)
    selection.hovered = key('c', 4)
    context.emit('hover')
    await Promise.resolve()
    // With a list item selected, its secondary outlines can be a thousand: none is read again.
    expect([a, a1, b].map((spy) => spy?.mock.calls.length)).toEqual([0, 0, 0])
    expect(c).toHaveBeenCalledOnce()
    expect(ofKind('hover')).toMatchObject([{ left: 330, top: 20 }])
    // A hover in the same task as a selection change redraws everything.
    selection.selected = key('c', 4)
    selection.hovered = key('a', 3)
    context.emit('selection')
    context.emit('hover')
    await Promise.resolve()
    expect(ofKind('primary')).toMatchObject([{ left: 330 }])
    expect(ofKind('hover')).toMatchObject([{ left: 10 }])
  })

  test('a redraw reads everything before it writes, and its layers draw from what it read', () => {
    const reads = [...document.querySelectorAll('[id]'), host()].map((element) =>
      vi.spyOn(element, 'getBoundingClientRect'),
    )
    const writes = [
      vi.spyOn(CSSStyleDeclaration.prototype, 'setProperty'),
      vi.spyOn(CSSStyleDeclaration.prototype, 'cssText', 'set'),
    ]
    const measured: unknown[] = []
    const layer = vi.fn((_root: ShadowRoot, origin: { left: number } | null, measures: object) => {
      measured.push({ origin: origin?.left, ...measures })
    })
    outlines.addLayer(layer)
    selection.selected = key('a', 3)
    selection.hovered = key('c', 4)
    outlines.render()
    const order = (spies: { mock: { invocationCallOrder: number[] } }[]) =>
      spies.flatMap((spy) => spy.mock.invocationCallOrder)
    // The host, a (primary), b (secondary), a1 and a2 (children), c (hover).
    expect(order(reads)).toHaveLength(6)
    expect(order(writes).length).toBeGreaterThan(0)
    expect(Math.max(...order(reads))).toBeLessThan(Math.min(...order(writes)))
    expect(measured).toEqual([
      {
        origin: 0,
        selected: expect.objectContaining({ left: 10, top: 20, width: 150, height: 90 }),
        viewportWidth: document.documentElement.clientWidth,
      },
    ])
  })

  test('every redraw leaves a User Timing measure (the last one only stays in the timeline)', async () => {
    const measure = vi.spyOn(performance, 'measure')
    const clear = vi.spyOn(performance, 'clearMeasures')
    outlines.render()
    selection.hovered = key('c', 4)
    context.emit('hover')
    await Promise.resolve()
    expect(measure.mock.calls.map(([name]) => name)).toEqual([OUTLINES_MEASURE, OUTLINES_MEASURE])
    expect(clear).toHaveBeenCalledWith(OUTLINES_MEASURE)
  })

  /** requestIdleCallback, run by the test: what the page's idle time would run. */
  const idleTime = () => {
    const callbacks: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => callbacks.push(callback))
    vi.stubGlobal('cancelIdleCallback', () => {})
    return () => {
      for (const callback of callbacks.splice(0)) callback()
    }
  }

  test('after a tree build the secondary outlines are looked up again in idle time, and drawn', async () => {
    const idle = idleTime()
    selection.selected = key('a', 3)
    outlines.render()
    expect(ofKind('secondary')).toMatchObject([{ left: 170 }])
    // A third element with #a's codebase id, in the build the 'tree' event announces.
    document
      .getElementById('main')
      ?.insertAdjacentHTML('beforeend', `<div id="d" ${CODEBASE_ID_ATTRIBUTE}="${id(3)}">D</div>`)
    placeAt('#d', 500, 20, 50, 50)
    context.emit('tree')
    await Promise.resolve()
    // Drawn at once with the nodes it had (the elements moved, perhaps), the new one once idle.
    expect(ofKind('secondary')).toMatchObject([{ left: 170 }])
    idle()
    await Promise.resolve()
    expect(ofKind('secondary')).toMatchObject([{ left: 170 }, { left: 500 }])
  })

  test('a tree build that changed none of those nodes costs no second redraw', async () => {
    const idle = idleTime()
    selection.selected = key('a', 3)
    outlines.render()
    const redraws = vi.spyOn(host(), 'getBoundingClientRect')
    context.emit('tree')
    await Promise.resolve()
    expect(redraws).toHaveBeenCalledOnce()
    idle()
    await Promise.resolve()
    expect(redraws).toHaveBeenCalledOnce()
    expect(ofKind('secondary')).toMatchObject([{ left: 170 }])
  })

  test('the host comes back if the app removed it', () => {
    host().remove()
    outlines.render()
    expect(host()).not.toBeNull()
  })
})

describe('layout that moves without a DOM mutation', () => {
  /** A ResizeObserver whose notifications the test sends. */
  class FakeResizeObserver {
    static last: FakeResizeObserver | null = null
    readonly observed = new Set<Element>()
    readonly boxes = new Set<string | undefined>()
    calls = 0
    constructor(readonly notify: (entries: Partial<ResizeObserverEntry>[]) => void) {
      FakeResizeObserver.last = this
    }
    observe(element: Element, options?: ResizeObserverOptions) {
      this.calls++
      this.observed.add(element)
      this.boxes.add(options?.box)
    }
    unobserve(element: Element) {
      this.observed.delete(element)
    }
    disconnect() {
      this.observed.clear()
    }
  }
  const observer = () => FakeResizeObserver.last as FakeResizeObserver
  /** A ResizeObserver's report of an element's border box. */
  const report = (target: Element, width: number, height: number): Partial<ResizeObserverEntry> => ({
    target,
    borderBoxSize: [{ inlineSize: width, blockSize: height }],
    contentRect: { width, height } as DOMRectReadOnly,
  })
  const observedIds = () => [...observer().observed].map((element) => element.id || element.localName)

  beforeEach(() => {
    outlines.stop()
    vi.stubGlobal('ResizeObserver', FakeResizeObserver)
    outlines = createOutlines(context, fakeTree(), selection as unknown as Selection)
    outlines.start()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    FakeResizeObserver.last = null
  })

  test('the selection follows its element when it or an ancestor changes size', async () => {
    expect(observedIds()).toEqual([])
    selection.selected = key('c', 4)
    context.emit('selection')
    await Promise.resolve()
    // Border boxes: padding that pushes the element changes them, not only content.
    expect(observedIds().sort()).toEqual(['body', 'c', 'html', 'main'])
    expect([...observer().boxes]).toEqual(['border-box'])
    expect(ofKind('primary')).toMatchObject([{ top: 20, height: 45.5 }])
    // An image above it loaded: it moved down and grew, with no mutation, scroll or resize event.
    placeAt('#c', 330, 220, 100, 80)
    observer().notify([report(document.getElementById('c') as Element, 100, 80)])
    await Promise.resolve()
    expect(ofKind('primary')).toMatchObject([{ left: 330, top: 220, width: 100, height: 80 }])
    expect(ofKind('size-badge')[0]?.text).toBe('100 × 80')
  })

  test("a ResizeObserver's first report of each element, at the size it was drawn with, redraws nothing", async () => {
    selection.selected = key('c', 4)
    selection.hovered = key('a', 3)
    context.emit('selection')
    context.emit('hover')
    await new Promise((resolve) => setTimeout(resolve, 0))
    const redraws = vi.spyOn(host(), 'getBoundingClientRect')
    // What an observer reports as it starts observing: every element, at its size.
    const reports = [...observer().observed].map((element) => {
      const { width, height } = element.getBoundingClientRect()
      return report(element, width, height)
    })
    expect(
      reports.map((entry) => (entry.target as Element).id || (entry.target as Element).localName).sort(),
    ).toEqual(['a', 'body', 'c', 'html', 'main'])
    observer().notify(reports)
    await Promise.resolve()
    expect(redraws).not.toHaveBeenCalled()
    // The hovered element grew: redrawn.
    placeAt('#a', 10, 20, 150, 120)
    observer().notify([report(document.getElementById('a') as Element, 150, 120)])
    await Promise.resolve()
    expect(redraws).toHaveBeenCalledOnce()
    expect(ofKind('hover')).toMatchObject([{ height: 120 }])
  })

  test('a multi-selection observes each element; drive mode, no selection and stop() observe nothing', async () => {
    selection.multiSelected = [key('a', 3), key('c', 4)]
    context.emit('selection')
    // Followed from the redraw (a microtask after the events), after its first read of layout.
    expect(observedIds()).toEqual([])
    await Promise.resolve()
    // Shared ancestors once.
    expect(observedIds().sort()).toEqual(['a', 'body', 'c', 'html', 'main'])
    selection.driveMode = true
    context.emit('drive')
    await Promise.resolve()
    expect(observedIds()).toEqual([])
    selection.driveMode = false
    context.emit('drive')
    await Promise.resolve()
    expect(observedIds()).toHaveLength(5)
    selection.multiSelected = []
    context.emit('selection')
    await Promise.resolve()
    expect(observedIds()).toEqual([])
    selection.selected = key('a', 3)
    context.emit('tree')
    await Promise.resolve()
    // A single selection: its children (a1, a2) and the other element with its codebase id (b) too,
    // themselves only.
    expect(observedIds().sort()).toEqual(['a', 'a1', 'a2', 'b', 'body', 'html', 'main'])
    outlines.stop()
    expect(observedIds()).toEqual([])
  })

  /** An IntersectionObserver per watched element, notified by the test (see position-watch.test.ts). */
  const watchers: {
    element: Element
    notify: (entries: { intersectionRatio: number }[]) => void
    off: boolean
  }[] = []
  class FakeIntersectionObserver {
    readonly watcher: (typeof watchers)[number]
    constructor(notify: (entries: { intersectionRatio: number }[]) => void) {
      this.watcher = { element: document.body, notify, off: false }
    }
    observe(element: Element) {
      this.watcher.element = element
      watchers.push(this.watcher)
    }
    disconnect() {
      this.watcher.off = true
    }
  }
  const watched = () => watchers.filter((watcher) => !watcher.off).map((watcher) => watcher.element.id)
  const watchingPositions = () => {
    watchers.length = 0
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
    outlines.stop()
    outlines = createOutlines(context, fakeTree(), selection as unknown as Selection)
    outlines.start()
  }

  test('the selected elements are watched for moves that change no size (a transform, a sibling inside a fixed box)', async () => {
    watchingPositions()
    selection.selected = key('c', 4)
    context.emit('selection')
    await Promise.resolve()
    // The element only: its ancestors' moves move it too.
    expect(watched()).toEqual(['c'])
    watchers.at(-1)?.notify([{ intersectionRatio: 1 }])
    expect(ofKind('primary')).toMatchObject([{ left: 330, top: 20 }])
    placeAt('#c', 360, 50, 100, 45.5)
    watchers.at(-1)?.notify([{ intersectionRatio: 0.4 }])
    await Promise.resolve()
    expect(ofKind('primary')).toMatchObject([{ left: 360, top: 50, width: 100, height: 45.5 }])
    expect(watched()).toEqual(['c'])

    // The children's dashed outlines and the secondary outline follow their elements too: nearest
    // first, after the selected element.
    selection.selected = key('a', 3)
    context.emit('selection')
    await Promise.resolve()
    expect(watched()).toEqual(['a', 'a1', 'a2', 'b'])
    expect(ofKind('child')).toMatchObject([{ left: 12 }, { left: 60 }])
    const watcherOf = (elementId: string) =>
      watchers.find((watcher) => !watcher.off && watcher.element.id === elementId)
    for (const elementId of ['a', 'a1', 'a2', 'b']) watcherOf(elementId)?.notify([{ intersectionRatio: 1 }])
    placeAt('#a2', 70, 22, 40, 20)
    // Moves share the scroll's throttle: drawn at once or at the end of its 15 ms.
    watcherOf('a2')?.notify([{ intersectionRatio: 0.75 }])
    await vi.waitFor(() => expect(ofKind('child')).toMatchObject([{ left: 12 }, { left: 70 }]))
    placeAt('#b', 180, 30, 150, 90)
    watcherOf('b')?.notify([{ intersectionRatio: 0.9 }])
    await vi.waitFor(() => expect(ofKind('secondary')).toMatchObject([{ left: 180, top: 30 }]))

    selection.multiSelected = [key('a', 3), key('c', 4)]
    context.emit('selection')
    await Promise.resolve()
    // A multi-selection draws no child or secondary outlines.
    expect(watched().sort()).toEqual(['a', 'c'])
    selection.driveMode = true
    context.emit('drive')
    await Promise.resolve()
    expect(watched()).toEqual([])
    selection.driveMode = false
    context.emit('drive')
    await Promise.resolve()
    expect(watched().sort()).toEqual(['a', 'c'])
    outlines.stop()
    expect(watched()).toEqual([])
  })
  test('the hovered element is watched too, a task after the hover: a :hover transition that moves it moves its outline', async () => {
    watchingPositions()
    selection.selected = key('a', 3)
    context.emit('selection')
    await Promise.resolve()
    expect(watched()).toEqual(['a', 'a1', 'a2', 'b'])
    const calls = observer().calls
    selection.hovered = key('c', 4)
    context.emit('hover')
    selection.hovered = key('b', 3)
    context.emit('hover')
    selection.hovered = key('c', 4)
    context.emit('hover')
    // Nothing during the hovers themselves; once after them, the hovered element next to the selected.
    expect(watched()).toEqual(['a', 'a1', 'a2', 'b'])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(watched()).toEqual(['a', 'a1', 'a2', 'b', 'c'])
    // The ResizeObserver observes only what was added, itself (its ancestors are the selection's).
    expect(observer().calls).toBe(calls + 1)
    expect(observedIds()).toContain('c')
    await Promise.resolve()
    expect(ofKind('hover')).toMatchObject([{ left: 330, top: 20 }])
    const watcherOf = (elementId: string) =>
      watchers.find((watcher) => !watcher.off && watcher.element.id === elementId)
    watcherOf('c')?.notify([{ intersectionRatio: 1 }])
    placeAt('#c', 330, 12, 100, 45.5)
    watcherOf('c')?.notify([{ intersectionRatio: 0.8 }])
    await vi.waitFor(() => expect(ofKind('hover')).toMatchObject([{ left: 330, top: 12 }]))

    // The pointer left: the element is no longer watched, the selection still is.
    selection.hovered = null
    context.emit('hover')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(watched()).toEqual(['a', 'a1', 'a2', 'b'])
    expect(observedIds()).not.toContain('c')
    selection.hovered = key('c', 4)
    context.emit('hover')
    outlines.stop()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(watched()).toEqual([])
  })

  test('at most POSITION_WATCH_LIMIT elements are watched: the selected one first, then its children, then the other instances', async () => {
    const items = Array.from(
      { length: 80 },
      (_, n) =>
        `<li id="i${n}" ${CODEBASE_ID_ATTRIBUTE}="${id(7)}"><b id="t${n}" ${CODEBASE_ID_ATTRIBUTE}="${id(8)}">${n}</b></li>`,
    )
    document.body.innerHTML = `<ul id="list">${items.join('')}</ul>`
    for (let n = 0; n < 80; n++) {
      placeAt(`#i${n}`, 0, n * 20, 200, 20)
      placeAt(`#t${n}`, 0, n * 20, 20, 20)
    }
    watchingPositions()
    selection.selected = key('i5', 7)
    context.emit('selection')
    await Promise.resolve()
    const ids = watched()
    expect(ids).toHaveLength(POSITION_WATCH_LIMIT)
    expect(ids.slice(0, 3)).toEqual(['i5', 't5', 'i0'])
    expect(new Set(ids).size).toBe(POSITION_WATCH_LIMIT)
    // The ResizeObserver takes the same elements, and the selected one's ancestors (ul, body, html).
    expect(observedIds()).toHaveLength(POSITION_WATCH_LIMIT + 3)
    expect(observedIds()).toEqual(expect.arrayContaining(['list', 'body', 'html']))
  })
})
