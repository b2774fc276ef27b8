import { type ElementKey, elementKeysEqual } from '../../protocol/element-key.ts'
import {
  DIMENSION_BADGE,
  FRAME_BUDGET_MS,
  OUTLINE_COLORS,
  OUTLINE_SCROLL_THROTTLE_MS,
  OUTLINE_THICKNESS_PX,
  OUTLINES_MEASURE,
  Z_INDEX,
} from '../core/constants.ts'
import { type InspectorContext, OVERLAY_ATTRIBUTE } from '../core/context.ts'
import { throttle } from '../core/throttle.ts'
import type { Selection } from '../selection/selection.ts'
import type { NavTree } from '../tree/nav-tree.ts'
import { createOutlineFollow } from './outline-follow.ts'
import { createSecondaryOutlines } from './secondary-outlines.ts'
import {
  boxOfElements,
  type ClientBox,
  type Drawn,
  HOST_CSS,
  newDrawn,
  newShape,
  type OverlayKind,
  paintShape,
  SHADOW_CSS,
  type Shape,
  unite,
} from './shapes.ts'
import { createTopLayer } from './top-layer.ts'

const HOST_TAG = 'visual-edit-overlay'

/** What the outlines need from the navigation tree. */
export type OutlineTree = Pick<
  NavTree,
  'elementsOf' | 'childrenOf' | 'nodeOf' | 'isComponent' | 'instancesWithCodebaseId'
>

export interface Outlines {
  start(): void
  stop(): void
  /** Redraws now (updateOutlines); other triggers are batched or throttled. */
  render(): void
  /** The drag module's outline of where the dragged element would go; null hides it. */
  setMoveOutline(box: ClientBox | null): void
  /**
   * Another module's overlay (the text editing's button, the drag's drop indicator), drawn after each
   * redraw of the selection in the same shadow root; `origin` is the host's box (overlay coordinates
   * are client ones minus it), null in drive mode. Returns what removes it.
   */
  addLayer(draw: OverlayLayer): () => void
}

/**
 * What a redraw read of the page before it wrote anything, for the layers drawn with it. A layer
 * writes only: a read of layout after the outlines were written would make the browser compute the
 * page's style and layout again, inside the redraw.
 */
export interface OverlayMeasures {
  /** The single selection's box (client coordinates), null without one. */
  selected: ClientBox | null
  /** The root element's client width: the viewport's, without its scroll bar. */
  viewportWidth: number
}

export type OverlayLayer = (root: ShadowRoot, origin: ClientBox | null, measured: OverlayMeasures) => void

/** Context events after which the outlines are drawn again. */
const REDRAW_ON: ReadonlySet<string> = new Set([
  'selection',
  'hover',
  'tree',
  'zoom',
  'ai',
  'drive',
  'mirrored',
])

/**
 * The selection's overlays: primary outline and badges around the selected element, secondary outlines
 * around the other elements with its codebase id, dashed outlines around its children, the hover
 * outline, the multi-selection box and the move outline of a drag. They live in one host element at
 * the page origin (so they scroll with the page), after the body, with a closed shadow root that the
 * app's CSS cannot reach. The host is above everything the app draws: the largest z-index, and the
 * browser's top layer (top-layer.ts), above modal dialogs and popovers too. Every size is divided by
 * the canvas zoom so it looks the same on the editor's screen.
 *
 * A redraw reads first (the host's box, every outlined element's box, what the layers need), then
 * writes, so the page's style and layout are computed at most once in it, and it writes only what
 * changed. A selected list item can have a thousand secondary outlines: those within a viewport of
 * the viewport are drawn, a hover that changes nothing else redraws the hover outline alone, and the
 * instances are looked up once per selection (again in idle time after a tree build).
 */
export function createOutlines(context: InspectorContext, tree: OutlineTree, selection: Selection): Outlines {
  const { doc, win } = context
  let host: HTMLElement | null = null
  let root: ShadowRoot | null = null
  let topLayer: ReturnType<typeof createTopLayer> | null = null
  /** The divs of the selection's overlays (everything but the hover outline), and what each shows. */
  const pool: HTMLDivElement[] = []
  const drawn: Drawn[] = []
  /** The shapes of the last full redraw, reused; `shapeCount` of them are current. */
  const shapeList: Shape[] = []
  let shapeCount = 0
  let hoverDiv: HTMLDivElement | null = null
  const hoverDrawn = newDrawn()
  const hoverShape = newShape()
  /** The host's display as last set: shown, or hidden in drive mode. */
  let hostDisplay: 'block' | 'none' | null = null
  let moveBox: ClientBox | null = null
  const layers = new Set<OverlayLayer>()
  const secondary = createSecondaryOutlines(context, tree, selection, ({ nodes }) => {
    if (nodes) followPending = true
    schedule(true)
  })
  let started = false
  let scheduled = false
  /** A redraw is pending for more than the hover (the selection, the tree, the zoom, ...). */
  let wholePending = false
  /** The followed elements are out of date (the selection, the tree or drive mode changed). */
  let followPending = false
  let controller: AbortController | null = null
  let unsubscribe = () => {}

  const ensureHost = (): ShadowRoot => {
    if (!host) {
      host = doc.createElement(HOST_TAG)
      host.setAttribute(OVERLAY_ATTRIBUTE, '')
      host.style.cssText = HOST_CSS
      root = host.attachShadow({ mode: 'closed' })
      const style = doc.createElement('style')
      style.textContent = SHADOW_CSS
      root.appendChild(style)
      topLayer = createTopLayer(win, doc, host)
      if (controller) topLayer.start(controller.signal)
    }
    // After <body>, so the app's child indexes (unique paths) never count it, and nothing the app does
    // to the body (transform, overflow, contain, z-index) can clip or bury it.
    if (!host.isConnected) {
      doc.documentElement.appendChild(host)
      topLayer?.raise()
    }
    return root as ShadowRoot
  }

  const colorOf = (key: ElementKey | null) => {
    const component = key ? tree.isComponent(key) : false
    if (context.aiContext) return component ? OUTLINE_COLORS.AI_COMPONENT : OUTLINE_COLORS.AI_PRIMARY
    return component ? OUTLINE_COLORS.COMPONENT : OUTLINE_COLORS.PRIMARY
  }

  const boxOf = (key: ElementKey) => boxOfElements(tree.elementsOf(key))
  const zoomNow = () => (context.zoom > 0 ? context.zoom : 1)

  /** The next shape of the list, reused from the last redraw. */
  const nextShape = (): Shape => {
    let shape = shapeList[shapeCount]
    if (!shape) {
      shape = newShape()
      shapeList.push(shape)
    }
    shapeCount++
    return shape
  }

  const outline = (
    into: Shape,
    kind: OverlayKind,
    box: ClientBox,
    origin: ClientBox,
    z: number,
    color: string,
    thickness: number,
  ) => {
    into.kind = kind
    into.x = box.left - origin.left
    into.y = box.top - origin.top
    into.width = box.width
    into.height = box.height
    into.z = z
    into.color = color
    into.thickness = thickness
    into.text = null
    into.centred = false
  }

  const badge = (kind: OverlayKind, x: number, y: number, color: string, text: string, centred: boolean) => {
    const shape = nextShape()
    shape.kind = kind
    shape.x = x
    shape.y = y
    shape.width = 0
    shape.height = 0
    shape.z = Z_INDEX.OUTLINE
    shape.color = color
    shape.thickness = 0
    shape.text = text
    shape.centred = centred
  }

  /**
   * Reads every outlined element's box and lays out the selection's shapes (all but the hover
   * outline) in `shapeList`. Returns the single selection's box, for the layers.
   */
  const measureSelection = (origin: ClientBox): ClientBox | null => {
    shapeCount = 0
    const zoom = zoomNow()
    const primaryThickness = OUTLINE_THICKNESS_PX.PRIMARY / zoom
    const badgeHeight = DIMENSION_BADGE.HEIGHT_PX / zoom
    const pageHeight = doc.documentElement.scrollHeight
    /** Size badge under the box, or inside its bottom edge when the page ends there (never grows it). */
    const sizeBadge = (kind: OverlayKind, box: ClientBox, color: string, text: string) => {
      const below = box.top - origin.top + box.height
      const y = below + badgeHeight > pageHeight ? below - badgeHeight : below
      badge(kind, box.left - origin.left + box.width / 2, y, color, text, true)
    }

    const secondaryColor = context.aiContext ? OUTLINE_COLORS.AI_PRIMARY : OUTLINE_COLORS.SECONDARY
    const secondaryThickness = OUTLINE_THICKNESS_PX.SECONDARY / zoom
    const drawSecondary = (box: ClientBox) =>
      outline(nextShape(), 'secondary', box, origin, Z_INDEX.SECONDARY, secondaryColor, secondaryThickness)

    const { selected, multiSelected } = selection
    let selectedBox: ClientBox | null = null
    if (context.mirrored) {
      // Another frame's selection: its elements here are other elements of the same code identity.
      const members = multiSelected.length > 1 ? multiSelected : selected ? [selected] : []
      if (selected && members.length === 1) secondary.measureNear(selected, origin, drawSecondary)
      for (const key of members) {
        const box = boxOf(key)
        if (box) drawSecondary(box)
      }
    } else if (multiSelected.length > 1) {
      let all: ClientBox | null = null
      for (const key of multiSelected) {
        const box = boxOf(key)
        if (!box) continue
        all = unite(all, box)
        outline(nextShape(), 'primary', box, origin, Z_INDEX.PRIMARY, colorOf(key), primaryThickness)
      }
      if (all) {
        const color = colorOf(null)
        outline(nextShape(), 'multi', all, origin, Z_INDEX.PRIMARY, color, primaryThickness)
        sizeBadge('count-badge', all, color, `${multiSelected.length} elements`)
      }
    } else if (selected) {
      secondary.measureNear(selected, origin, drawSecondary)
      const childThickness = OUTLINE_THICKNESS_PX.CHILD / zoom
      for (const child of tree.childrenOf(selected)) {
        const box = boxOf(child.key)
        if (box) outline(nextShape(), 'child', box, origin, Z_INDEX.CHILD, colorOf(child.key), childThickness)
      }
      const box = boxOf(selected)
      if (box) {
        selectedBox = box
        const color = colorOf(selected)
        outline(nextShape(), 'primary', box, origin, Z_INDEX.PRIMARY, color, primaryThickness)
        // While it is dragged, its badges would float over where it might land: the outline says enough.
        if (!moveBox) {
          sizeBadge('size-badge', box, color, `${Math.round(box.width)} × ${Math.round(box.height)}`)
          const name = tree.nodeOf(selected)?.name
          if (name) {
            const top = box.top - origin.top
            // Above the top-left corner, or just inside it when the page starts there.
            badge(
              'name-badge',
              box.left - origin.left,
              top - badgeHeight < 0 ? top : top - badgeHeight,
              color,
              name,
              false,
            )
          }
        }
      }
    }
    if (moveBox)
      outline(nextShape(), 'move', moveBox, origin, Z_INDEX.MOVE, colorOf(selected), primaryThickness)
    return selectedBox
  }

  /** Reads the hovered element's box into `hoverShape`; false when no hover outline is drawn. */
  const measureHover = (origin: ClientBox): boolean => {
    const { selected, hovered, multiSelected } = selection
    // While an element is dragged the hover outline would only compete with the drop indicator.
    if (moveBox || !hovered || elementKeysEqual(hovered, selected)) return false
    if (multiSelected.some((key) => elementKeysEqual(key, hovered))) return false
    const box = boxOf(hovered)
    if (!box) return false
    const thickness = OUTLINE_THICKNESS_PX.PRIMARY / zoomNow()
    outline(hoverShape, 'hover', box, origin, Z_INDEX.PRIMARY, colorOf(hovered), thickness)
    return true
  }

  /** Draws the selection's shapes into the pooled divs; the divs past them are hidden. */
  const paintSelection = (shadow: ShadowRoot) => {
    const zoom = zoomNow()
    for (let i = 0; i < Math.max(pool.length, shapeCount); i++) {
      let div = pool[i]
      if (!div) {
        div = doc.createElement('div')
        pool.push(div)
        drawn.push(newDrawn())
        shadow.appendChild(div)
      }
      if (i < shapeCount) paintShape(div, drawn[i] as Drawn, shapeList[i] as Shape, zoom)
      else if (!div.hidden) div.hidden = true
    }
  }

  const paintHover = (shadow: ShadowRoot, shown: boolean) => {
    if (!shown) {
      if (hoverDiv && !hoverDiv.hidden) hoverDiv.hidden = true
      return
    }
    if (!hoverDiv) {
      hoverDiv = doc.createElement('div')
      shadow.appendChild(hoverDiv)
    }
    paintShape(hoverDiv, hoverDrawn, hoverShape, zoomNow())
  }

  const measures: OverlayMeasures = { selected: null, viewportWidth: 0 }

  const draw = (whole: boolean) => {
    if (!started) return
    const began = performance.now()
    const shadow = ensureHost()
    const display = selection.driveMode ? 'none' : 'block'
    if (display !== hostDisplay) {
      ;(host as HTMLElement).style.setProperty('display', display, 'important')
      hostDisplay = display
    }
    // Reads. The first one brings the page's style and layout up to date (what the next frame would
    // do anyway); every read after it is served from that layout.
    const origin = selection.driveMode ? null : (host as HTMLElement).getBoundingClientRect()
    const layoutMs = performance.now() - began
    if (whole) {
      shapeCount = 0
      measures.selected = origin ? measureSelection(origin) : null
      measures.viewportWidth = origin ? doc.documentElement.clientWidth : 0
    }
    if (followPending) {
      followPending = false
      follow.update()
    }
    const hoverShown = origin ? measureHover(origin) : false
    // Writes.
    if (whole) {
      paintSelection(shadow)
      for (const layer of layers) layer(shadow, origin, measures)
    }
    paintHover(shadow, hoverShown)
    const took = performance.now() - began
    win.performance.clearMeasures?.(OUTLINES_MEASURE)
    win.performance.measure?.(OUTLINES_MEASURE, {
      start: began,
      duration: took,
      // What it drew, and how long its first read waited for the page's pending style and layout.
      detail: { whole, outlines: (whole ? shapeCount : 0) + (hoverShown ? 1 : 0), layoutMs },
    })
    // The redraw's own work: its first read brought the page's pending style and layout up to date,
    // work the page queued (a React commit, a scroll handler) that the next frame would do anyway.
    const own = took - layoutMs
    if (own > FRAME_BUDGET_MS) {
      console.warn(
        `[visual-edit] drawing the outlines took ${own.toFixed(1)} ms, over the ${FRAME_BUDGET_MS} ms frame budget ` +
          `(and ${layoutMs.toFixed(1)} ms before it for the page's own pending style and layout)`,
      )
    }
  }

  const render = () => draw(true)

  /** State changes arrive in bursts (selection, then hover, then tree): draw once after them. */
  const schedule = (whole: boolean) => {
    if (!started) return
    wholePending ||= whole
    if (scheduled) return
    scheduled = true
    queueMicrotask(() => {
      scheduled = false
      const all = wholePending
      wholePending = false
      draw(all)
    })
  }
  /**
   * Scrolling, resizing and the position watch's moves: at most one redraw per 15 ms between them (a
   * scroll moves every watched element, and its redraw is the scroll's).
   */
  const onMoved = throttle(win, OUTLINE_SCROLL_THROTTLE_MS, render)

  /**
   * The other elements outlined with a single selection, nearest first: its children's (dashed
   * outlines), then the other elements with its codebase id that the last redraw drew (secondary
   * outlines near the viewport).
   */
  function* outlinedAround(selected: ElementKey): Generator<Element> {
    for (const child of tree.childrenOf(selected)) yield* tree.elementsOf(child.key)
    yield* secondary.drawnElements()
  }

  /** What is outlined is followed when it moves or resizes with nothing else telling (outline-follow.ts). */
  const follow = createOutlineFollow(context, tree, selection, {
    around: outlinedAround,
    resized: () => schedule(true),
    moved: onMoved,
  })

  return {
    start() {
      if (started) return
      started = true
      const own = context.moduleController()
      controller = own
      // Capture catches the scrolling of inner containers too (scroll events do not bubble).
      doc.addEventListener('scroll', onMoved, { capture: true, passive: true, signal: own.signal })
      win.addEventListener('resize', onMoved, { passive: true, signal: own.signal })
      unsubscribe = context.on((type) => {
        if (type === 'selection') {
          secondary.forget()
        } else if (type === 'tree') secondary.refreshSoon()
        // Followed from the redraw, after its first read: picking up a new element reads its box,
        // which here, before the other modules' listeners and the app wrote, would lay the page out
        // once more.
        if (type === 'selection' || type === 'tree' || type === 'drive') followPending = true
        else if (type === 'hover') follow.updateSoon()
        if (REDRAW_ON.has(type)) schedule(type !== 'hover')
      })
      follow.start()
      render()
    },
    stop() {
      if (!started) return
      started = false
      controller?.abort()
      controller = null
      unsubscribe()
      onMoved.cancel()
      secondary.stop()
      follow.stop()
      topLayer?.stop()
      topLayer = null
      host?.remove()
      host = null
      root = null
      pool.length = 0
      drawn.length = 0
      hoverDiv = null
      Object.assign(hoverDrawn, newDrawn())
      hostDisplay = null
      wholePending = false
      followPending = false
    },
    render,
    setMoveOutline(box) {
      moveBox = box ? { left: box.left, top: box.top, width: box.width, height: box.height } : null
      schedule(true)
    },
    addLayer(layer) {
      layers.add(layer)
      return () => layers.delete(layer)
    },
  }
}
