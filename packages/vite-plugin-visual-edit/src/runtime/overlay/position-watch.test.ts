// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createPositionWatch, POSITION_WATCH_LIMIT, type PositionWatch } from './position-watch.ts'

/** An IntersectionObserver whose notifications the test sends. */
class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = []
  readonly targets: Element[] = []
  disconnected = false
  readonly rootMargin: string
  readonly thresholds: number[]
  readonly root: unknown
  constructor(
    readonly notify: (entries: { intersectionRatio: number }[]) => void,
    options: IntersectionObserverInit,
  ) {
    this.rootMargin = options.rootMargin ?? ''
    this.thresholds = [options.threshold ?? 0].flat()
    this.root = options.root
    FakeIntersectionObserver.all.push(this)
  }
  observe(element: Element) {
    this.targets.push(element)
  }
  disconnect() {
    this.disconnected = true
  }
  /** Sends one notification with this intersection ratio. */
  send(ratio: number) {
    this.notify([{ intersectionRatio: ratio }])
  }
}

/** The observers not disconnected, by their element's id. */
function live(): Map<string, FakeIntersectionObserver> {
  const byId = new Map<string, FakeIntersectionObserver>()
  for (const observer of FakeIntersectionObserver.all) {
    if (!observer.disconnected) byId.set((observer.targets[0] as Element).id, observer)
  }
  return byId
}

function observerOf(id: string): FakeIntersectionObserver {
  const observer = live().get(id)
  if (!observer) throw new Error(`#${id} is not observed`)
  return observer
}

function placeAt(element: Element, left: number, top: number, width: number, height: number) {
  element.getBoundingClientRect = () =>
    ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top }) as DOMRect
}

function element(id: string): Element {
  return document.getElementById(id) as Element
}

let moves: number
let watch: PositionWatch

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
  FakeIntersectionObserver.all = []
  document.body.innerHTML = '<div id="a"></div><div id="b"></div><div id="empty"></div>'
  // happy-dom's viewport: the margins count from it.
  Object.defineProperty(document.documentElement, 'clientWidth', { value: 1000, configurable: true })
  Object.defineProperty(document.documentElement, 'clientHeight', { value: 700, configurable: true })
  placeAt(element('a'), 10.5, 20.25, 100, 50)
  placeAt(element('b'), 300, 40, 80, 30)
  placeAt(element('empty'), 0, 0, 0, 0)
  moves = 0
  watch = createPositionWatch(window, document, () => {
    moves++
  })
})

afterEach(() => {
  watch.disconnect()
  vi.unstubAllGlobals()
})

describe('createPositionWatch', () => {
  test("each element gets an observer whose root is the document's viewport shrunk to its box", () => {
    watch.watch([element('a'), element('b')])
    const a = observerOf('a')
    // Rounded outwards to whole pixels: left 10.5 -> 10, right 1000 - 110.5 = 889.5 -> 889.
    expect(a.rootMargin).toBe('-20px -889px -629px -10px')
    expect(a.thresholds).toEqual([1])
    expect(a.root).toBe(document)
    expect(observerOf('b').rootMargin).toBe('-40px -620px -630px -300px')
  })

  test('the first notification where it stands is quiet; a move is reported and measured again', () => {
    watch.watch([element('a')])
    observerOf('a').send(1)
    expect(moves).toBe(0)
    const before = observerOf('a')

    placeAt(element('a'), 50, 20.25, 100, 50)
    before.send(0.6)
    expect(moves).toBe(1)
    expect(before.disconnected).toBe(true)
    expect(observerOf('a').rootMargin).toBe('-20px -850px -629px -50px')
    observerOf('a').send(1)
    expect(moves).toBe(1)
  })

  test('a clipped element: its own ratio becomes the threshold, either side of it', () => {
    watch.watch([element('a')])
    observerOf('a').send(0.5)
    // The same box: not a move, the ratio is its clipping.
    expect(moves).toBe(0)
    const [below, above] = observerOf('a').thresholds as [number, number]
    expect(below).toBeLessThan(0.5)
    expect(above).toBeGreaterThan(0.5)
    expect(above - below).toBeLessThan(1e-4)
    observerOf('a').send(0.5)
    expect(moves).toBe(0)
    // Scrolled further into its clipping ancestor's view: the ratio grew, which counts too.
    observerOf('a').send(0.7)
    expect(moves).toBe(1)
  })

  test('an element that moved before the first notification is reported', () => {
    watch.watch([element('a')])
    placeAt(element('a'), 10.5, 90, 100, 50)
    observerOf('a').send(0.3)
    expect(moves).toBe(1)
    expect(observerOf('a').rootMargin).toBe('-90px -889px -560px -10px')
  })

  test('an element with no box is watched once remeasure() finds one', () => {
    watch.watch([element('empty')])
    expect(live().size).toBe(0)
    watch.remeasure()
    expect(live().size).toBe(0)
    placeAt(element('empty'), 5, 5, 20, 10)
    watch.remeasure()
    expect(observerOf('empty').rootMargin).toBe('-5px -975px -685px -5px')
    // The others are not measured again.
    const count = FakeIntersectionObserver.all.length
    watch.remeasure()
    expect(FakeIntersectionObserver.all).toHaveLength(count)
  })

  test('watch() replaces the watched elements, keeping the ones still watched; replaced observers are ignored', () => {
    watch.watch([element('a'), element('a')])
    expect(FakeIntersectionObserver.all).toHaveLength(1)
    const old = observerOf('a')
    // Still watched: the same observer.
    watch.watch([element('a')])
    expect(FakeIntersectionObserver.all).toHaveLength(1)
    watch.watch([element('b')])
    expect(old.disconnected).toBe(true)
    expect([...live().keys()]).toEqual(['b'])
    old.send(1)
    old.send(0.2)
    expect(moves).toBe(0)
    watch.disconnect()
    expect(live().size).toBe(0)
  })

  test(`at most ${POSITION_WATCH_LIMIT} elements`, () => {
    const many: Element[] = []
    for (let i = 0; i < POSITION_WATCH_LIMIT + 10; i++) {
      const div = document.createElement('div')
      div.id = `many-${i}`
      placeAt(div, i, 0, 10, 10)
      document.body.appendChild(div)
      many.push(div)
    }
    watch.watch(many)
    expect(live().size).toBe(POSITION_WATCH_LIMIT)
    expect(live().has(`many-${POSITION_WATCH_LIMIT - 1}`)).toBe(true)
  })

  test('a disconnected element and a window without IntersectionObserver watch nothing', () => {
    const detached = document.createElement('div')
    placeAt(detached, 0, 0, 10, 10)
    watch.watch([detached])
    expect(live().size).toBe(0)
    vi.stubGlobal('IntersectionObserver', undefined)
    const without = createPositionWatch(window, document, () => {})
    without.watch([element('a')])
    without.remeasure()
    expect(live().size).toBe(0)
  })
})
