import { type ElementKey, elementKeysEqual } from '../../protocol/element-key.ts'
import type { InspectorContext } from '../core/context.ts'
import type { Selection } from '../selection/selection.ts'
import type { NavTree } from '../tree/nav-tree.ts'
import { boxOfElements, type ClientBox } from './shapes.ts'

/** A tree build's new secondary outlines wait at most this long for the page to be idle. */
const SECONDARY_REFRESH_TIMEOUT_MS = 500

/** An element with the selected one's codebase id, its node's key and page box as the tree has them. */
interface Secondary {
  key: ElementKey
  /** Looked up the first time it is drawn or followed (most of a thousand never are). */
  elements: Element[] | null
  box: { pageX: number; pageY: number; width: number; height: number } | undefined
}

/** Whether two lists of secondary outlines are of the same nodes, in the same order. */
function sameNodes(a: readonly Secondary[], b: readonly Secondary[]): boolean {
  if (a.length !== b.length) return false
  for (let index = 0; index < a.length; index++)
    if (!elementKeysEqual((a[index] as Secondary).key, (b[index] as Secondary).key)) return false
  return true
}

function sameBox(a: Secondary['box'], b: Secondary['box']): boolean {
  if (!a || !b) return a === b
  return a.pageX === b.pageX && a.pageY === b.pageY && a.width === b.width && a.height === b.height
}

export type SecondaryTree = Pick<NavTree, 'elementsOf' | 'instancesWithCodebaseId'>

export interface SecondaryOutlines {
  /**
   * Reads the box of each secondary element near the viewport (`origin`: the overlay host's client
   * box, at the page's origin) and hands it to `draw`; those become the ones followed.
   */
  measureNear(selected: ElementKey, origin: ClientBox, draw: (box: ClientBox) => void): void
  /** The elements of the secondary outlines the last redraw drew. */
  drawnElements(): Generator<Element>
  /** The selection changed: the instances are looked up again on the next redraw. */
  forget(): void
  /** A tree build: the instances are looked up again in idle time (`changed` tells what it found). */
  refreshSoon(): void
  stop(): void
}

/**
 * The secondary outlines: the other elements with a single selection's codebase id. A selected list
 * item can have a thousand: they are looked up once per selection (the tree's keys and page boxes,
 * no node objects), again in idle time after a tree build, and only those within a viewport of the
 * viewport are read and drawn. `changed` asks for a redraw after an idle lookup found other nodes
 * (`nodes`: the followed elements are out of date too) or moved boxes.
 */
export function createSecondaryOutlines(
  context: Pick<InspectorContext, 'doc' | 'win'>,
  tree: SecondaryTree,
  selection: Pick<Selection, 'selected' | 'multiSelected' | 'driveMode'>,
  changed: (what: { nodes: boolean }) => void,
): SecondaryOutlines {
  const { doc, win } = context
  let secondary: Secondary[] | null = null
  /** Those the last redraw drew (near the viewport), in the tree's order: the ones followed. */
  const drawn: Secondary[] = []
  let cancelRefresh: (() => void) | null = null

  const instancesOf = (selected: ElementKey): Secondary[] => {
    if (secondary) return secondary
    secondary = []
    if (!selected.codebaseId) return secondary
    for (const { key, box } of tree.instancesWithCodebaseId(selected.codebaseId))
      if (!elementKeysEqual(key, selected)) secondary.push({ key, elements: null, box })
    return secondary
  }

  /**
   * Whether a page box (the tree's, from its last build) is within a viewport of the viewport. Every
   * element's box is read on every tree build (after mutations, scrolling, resizing, loads), so the
   * tree knows which of a thousand list items can be on screen; a scroll of less than a viewport
   * between two redraws (15 ms apart at most) finds the next ones drawn already.
   */
  const nearViewport = (origin: ClientBox) => {
    const view = doc.documentElement
    const width = view.clientWidth
    const height = view.clientHeight
    // The host sits at the page's origin: the viewport starts at minus its client position.
    const left = -origin.left - width
    const top = -origin.top - height
    const right = left + 3 * width
    const bottom = top + 3 * height
    return (box: Secondary['box']) =>
      !box ||
      !(
        box.pageX > right ||
        box.pageX + box.width < left ||
        box.pageY > bottom ||
        box.pageY + box.height < top
      )
  }

  /** A secondary element's elements, looked up again when one of them left the page. */
  const elementsOf = (other: Secondary): Element[] => {
    let elements = other.elements
    if (elements) for (const element of elements) if (!element.isConnected) elements = null
    other.elements = elements ?? tree.elementsOf(other.key)
    return other.elements
  }

  const stopRefresh = () => {
    cancelRefresh?.()
    cancelRefresh = null
  }

  /**
   * The lookup makes an entry per instance (a thousand list items), which the redraw right after the
   * build, drawing the moved outlines, does not wait for. Until then it draws the entries it had, each
   * looked up again if its elements left the page.
   */
  const refresh = () => {
    cancelRefresh = null
    const last = secondary
    secondary = null
    const { selected, multiSelected } = selection
    if (!selected || multiSelected.length > 1 || selection.driveMode) return
    const now = instancesOf(selected)
    // The same nodes: the entries drawn stay, with their elements, and take the new build's boxes; a
    // box that moved may bring an outline near the viewport or take it away, and is drawn again.
    // Most builds change neither, and cost no second redraw.
    if (last && sameNodes(last, now)) {
      let moved = false
      for (let index = 0; index < now.length; index++) {
        const entry = last[index] as Secondary
        const box = (now[index] as Secondary).box
        if (!sameBox(entry.box, box)) moved = true
        entry.box = box
      }
      secondary = last
      if (moved) changed({ nodes: false })
      return
    }
    changed({ nodes: true })
  }

  return {
    measureNear(selected, origin, draw) {
      const near = nearViewport(origin)
      drawn.length = 0
      for (const other of instancesOf(selected)) {
        if (!near(other.box)) continue
        drawn.push(other)
        const box = boxOfElements(elementsOf(other))
        if (box) draw(box)
      }
    },
    *drawnElements() {
      for (const other of drawn) yield* elementsOf(other)
    },
    forget() {
      secondary = null
      stopRefresh()
    },
    refreshSoon() {
      if (cancelRefresh) return
      const idle = (win as Window & Partial<Pick<Window, 'requestIdleCallback' | 'cancelIdleCallback'>>)
        .requestIdleCallback
      if (idle) {
        const handle = idle.call(win, refresh, { timeout: SECONDARY_REFRESH_TIMEOUT_MS })
        cancelRefresh = () => win.cancelIdleCallback(handle)
      } else {
        const handle = win.setTimeout(refresh, 0)
        cancelRefresh = () => win.clearTimeout(handle)
      }
    },
    stop() {
      stopRefresh()
      secondary = null
      drawn.length = 0
    },
  }
}
