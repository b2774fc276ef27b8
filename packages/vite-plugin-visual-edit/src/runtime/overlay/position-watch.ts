/**
 * Most elements watched at once, one IntersectionObserver each: the selection's first, then those of
 * the outlines drawn around a single selection (outlines.ts). The rest are still redrawn on every
 * mutation, scroll and resize.
 */
export const POSITION_WATCH_LIMIT = 64

/**
 * How far an intersection ratio may drift before it counts as a move. Only a partly clipped element
 * has a ratio below 1; this is well under one pixel of a 10,000 px element.
 */
const RATIO_SLACK = 1e-5

export interface PositionWatch {
  /**
   * Watches these elements (the first POSITION_WATCH_LIMIT) instead of the last ones; one watched
   * before keeps its observer.
   */
  watch(elements: Iterable<Element>): void
  /** Starts watching any of the watched elements that had no box when last measured. */
  remeasure(): void
  disconnect(): void
}

interface Watched {
  observer: IntersectionObserver | null
}

/**
 * Tells when an element moves on the screen when nothing else says so: a sibling that grew inside an
 * ancestor of fixed size, a transform, an animation. A ResizeObserver sees none of these, as no size
 * changed.
 *
 * Each element gets an IntersectionObserver whose root is the document's viewport shrunk by margins to
 * the element's own box (rounded outwards to whole pixels). The element then intersects the root
 * entirely, and any move changes how much of it does, which crosses the observer's threshold:
 *
 *     viewport                        root = the element's box
 *     +-----------------+             +-----------------+
 *     |   +-----+       |   margins   |   [=====]       |   moved 8 px right: ratio 1 -> 0.9,
 *     |   | el  |       |   ------>   |                 |   the observer fires, `onMove` runs and
 *     |   +-----+       |             |                 |   the element is measured again
 *     +-----------------+             +-----------------+
 *
 * An element partly clipped by a scrolling ancestor intersects by less than 1 where it stands: the
 * first notification gives that ratio, which becomes the threshold (either side of it). An element
 * with no box (display: none, empty) is not watched until `remeasure()` finds one.
 */
export function createPositionWatch(win: Window, doc: Document, onMove: () => void): PositionWatch {
  const Observer = (win as Window & { IntersectionObserver?: typeof IntersectionObserver })
    .IntersectionObserver
  const watched = new Map<Element, Watched>()

  /** Thresholds that any change of the ratio from `ratio` crosses. */
  const thresholdsAround = (ratio: number): number[] => {
    if (ratio >= 1) return [1]
    if (ratio <= 0) return [0]
    return [Math.max(0, ratio - RATIO_SLACK), Math.min(1, ratio + RATIO_SLACK)]
  }

  /**
   * Observes `element` where it stands now, expecting the intersection ratio `expected` there.
   *
   * The first notification arrives at the next frame. If its ratio is not the expected one, either the
   * element moved in between (its box differs: a move) or it is clipped (same box: that ratio is its
   * own, and it is observed again with thresholds around it).
   */
  const arm = (element: Element, entry: Watched, expected: number) => {
    entry.observer?.disconnect()
    entry.observer = null
    if (!Observer || !element.isConnected) return
    const box = element.getBoundingClientRect()
    if (box.width === 0 || box.height === 0) return
    const view = doc.documentElement
    const top = Math.floor(box.top)
    const left = Math.floor(box.left)
    const right = Math.floor(view.clientWidth - box.right)
    const bottom = Math.floor(view.clientHeight - box.bottom)
    let first = true
    const notified = (entries: IntersectionObserverEntry[]) => {
      const last = entries[entries.length - 1]
      if (!last || watched.get(element) !== entry || entry.observer !== observer) return
      const { intersectionRatio: ratio } = last
      const wasFirst = first
      first = false
      if (wasFirst && Math.abs(ratio - expected) <= RATIO_SLACK) return
      if (wasFirst && sameBox(box, element.getBoundingClientRect())) {
        arm(element, entry, ratio)
        return
      }
      onMove()
      arm(element, entry, 1)
    }
    const options = {
      rootMargin: `${-top}px ${-right}px ${-bottom}px ${-left}px`,
      threshold: thresholdsAround(expected),
    }
    let observer: IntersectionObserver
    try {
      // The document as root: its own viewport, with margins, even inside a cross-origin editor frame
      // (where the implicit root, the top window's viewport, ignores them).
      observer = new Observer(notified, { ...options, root: doc })
    } catch {
      // A browser from before 2020 takes only an element as root: not watched.
      return
    }
    observer.observe(element)
    entry.observer = observer
  }

  const disconnect = () => {
    for (const entry of watched.values()) entry.observer?.disconnect()
    watched.clear()
  }

  return {
    watch(elements) {
      if (!Observer) return
      const next = new Set<Element>()
      for (const element of elements) {
        if (next.size === POSITION_WATCH_LIMIT) break
        next.add(element)
      }
      for (const [element, entry] of watched) {
        if (next.has(element)) continue
        entry.observer?.disconnect()
        watched.delete(element)
      }
      for (const element of next) {
        if (watched.has(element)) continue
        const entry: Watched = { observer: null }
        watched.set(element, entry)
        arm(element, entry, 1)
      }
    },
    remeasure() {
      for (const [element, entry] of watched) if (!entry.observer) arm(element, entry, 1)
    },
    disconnect,
  }
}

function sameBox(a: DOMRectReadOnly, b: DOMRectReadOnly): boolean {
  return a.left === b.left && a.top === b.top && a.width === b.width && a.height === b.height
}
