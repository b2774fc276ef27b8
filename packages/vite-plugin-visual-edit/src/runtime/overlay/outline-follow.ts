import type { ElementKey } from '../../protocol/element-key.ts'
import type { InspectorContext } from '../core/context.ts'
import type { Selection } from '../selection/selection.ts'
import type { NavTree } from '../tree/nav-tree.ts'
import { createPositionWatch, POSITION_WATCH_LIMIT, type PositionWatch } from './position-watch.ts'

/** A border box this much larger or smaller (px) has changed size. */
const SIZE_SLACK = 0.01

/** Which elements the outlines follow, and the calls that tell the outlines they moved. */
export interface OutlineFollowing {
  /** The elements outlined with a single selection besides it, nearest first (dashed, then secondary). */
  around(selected: ElementKey): Iterable<Element>
  /** One of the followed elements changed size (the outlines redraw at once). */
  resized(): void
  /** One moved with no size changing (throttled with the scroll's redraws). */
  moved(): void
}

export interface OutlineFollow {
  start(): void
  stop(): void
  /** The selection, the tree or drive mode changed: follow what is outlined now. */
  update(): void
  /**
   * The hover changed: the hovered elements join a task later, once per burst of hovers (the pointer
   * crosses many elements on its way, and a hover's own work stays drawing its outline).
   */
  updateSoon(): void
}

/**
 * Layout that moves without a DOM mutation, scroll or resize (an image or font loading, a stylesheet
 * rule changed, a transition or animation) still moves what is outlined. A ResizeObserver on the
 * selected elements and their ancestors (border boxes) tells when one of them changes size; a
 * position watch (position-watch.ts) on the selected elements tells when one moves with no size
 * changing (a sibling that grew inside an ancestor of fixed size, a transform). While the watch's
 * limit allows, the hovered elements (a `:hover` transition that lifts a card) and then a single
 * selection's dashed and secondary outlines are followed the same way: watched and observed
 * themselves, not their ancestors, after the selected ones.
 */
export function createOutlineFollow(
  context: InspectorContext,
  tree: Pick<NavTree, 'elementsOf'>,
  selection: Selection,
  following: OutlineFollowing,
): OutlineFollow {
  const { win, doc } = context
  let resizes: ResizeObserver | null = null
  /** What `resizes` observes: an update observes only what it adds (each gets a first report). */
  let observed = new Set<Element>()
  /**
   * Each observed element's border box as last known: read as it was first observed (in the redraw
   * that drew it), then as last reported. A ResizeObserver reports every element it starts observing
   * once, in the next frame: a report of the size the outlines were drawn with changes nothing, and
   * redrawing for it cost every selection and every hover a second redraw of everything (a thousand
   * secondary outlines with a list item selected). (A transformed element's box is not its border box:
   * its first report redraws, as every report did.)
   */
  const sizes = new Map<Element, { width: number; height: number }>()
  let positions: PositionWatch | null = null
  let soon: number | undefined

  const update = () => {
    if (!positions) return
    const { multiSelected, selected, hovered, driveMode } = selection
    let keys: readonly ElementKey[] = []
    if (!driveMode) keys = multiSelected.length > 1 ? multiSelected : selected ? [selected] : []
    const elements = keys.flatMap((key) => tree.elementsOf(key))
    const watched = new Set(elements)
    const add = (more: Iterable<Element>) => {
      for (const element of more) {
        if (watched.size >= POSITION_WATCH_LIMIT) return
        watched.add(element)
      }
    }
    if (hovered && !driveMode) add(tree.elementsOf(hovered))
    if (keys.length === 1 && selected) add(following.around(selected))
    positions.watch(watched)
    if (!resizes) return
    const next = new Set<Element>()
    for (const element of elements) {
      for (let at: Element | null = element; at && !next.has(at); at = at.parentElement) next.add(at)
    }
    for (const element of watched) next.add(element)
    for (const element of observed) {
      if (next.has(element)) continue
      resizes.unobserve(element)
      sizes.delete(element)
    }
    for (const element of next) {
      if (observed.has(element)) continue
      const { width, height } = element.getBoundingClientRect()
      sizes.set(element, { width, height })
      resizes.observe(element, { box: 'border-box' })
    }
    observed = next
  }

  return {
    start() {
      if (positions) return
      const Observer = (win as Window & { ResizeObserver?: typeof ResizeObserver }).ResizeObserver
      resizes = Observer
        ? new Observer((entries) => {
            let changed = false
            for (const entry of entries) {
              // Border boxes; where a browser has no borderBoxSize, the content rect (a change either way).
              const box = entry.borderBoxSize?.[0]
              const width = box ? box.inlineSize : entry.contentRect.width
              const height = box ? box.blockSize : entry.contentRect.height
              const last = sizes.get(entry.target)
              if (
                !last ||
                Math.abs(last.width - width) > SIZE_SLACK ||
                Math.abs(last.height - height) > SIZE_SLACK
              )
                changed = true
              sizes.set(entry.target, { width, height })
            }
            if (!changed) return
            // An element that had no box may have one now: its position can be watched.
            positions?.remeasure()
            following.resized()
          })
        : null
      positions = createPositionWatch(win, doc, following.moved)
      update()
    },
    stop() {
      win.clearTimeout(soon)
      soon = undefined
      resizes?.disconnect()
      resizes = null
      observed = new Set()
      sizes.clear()
      positions?.disconnect()
      positions = null
    },
    update,
    updateSoon() {
      if (soon !== undefined) return
      soon = win.setTimeout(() => {
        soon = undefined
        update()
      }, 0)
    },
  }
}
