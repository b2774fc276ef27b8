import { type ElementKey, elementKeysEqual } from '../../protocol/element-key.ts'
import {
  DIMENSION_BADGE,
  FRAME_BUDGET_MS,
  OUTLINE_COLORS,
  OUTLINE_SCROLL_THROTTLE_MS,
  OUTLINE_THICKNESS_PX,
  OUTLINES_MEASURE,
  OVERLAY_HOST_Z_INDEX,
  Z_INDEX,
} from '../core/constants.ts'
import { type InspectorContext, OVERLAY_ATTRIBUTE } from '../core/context.ts'
import { throttle } from '../core/throttle.ts'
import type { Selection } from '../selection/selection.ts'
import type { NavTree } from '../tree/nav-tree.ts'
import { createOutlineFollow } from './outline-follow.ts'
import { createTopLayer } from './top-layer.ts'

const HOST_TAG = 'visual-edit-overlay'

/** What the outlines need from the navigation tree. */
export type OutlineTree = Pick<
  NavTree,
  'elementsOf' | 'childrenOf' | 'nodeOf' | 'isComponent' | 'nodesWithCodebaseId'
>

/** A rectangle in the page's viewport coordinates, as getBoundingClientRect gives it. */
export interface ClientBox {
  left: number
  top: number
  width: number
  height: number
}

/** What a drawn overlay is; each one carries it as `data-kind`. */
export type OverlayKind =
  | 'secondary'
  | 'child'
  | 'primary'
  | 'hover'
  | 'multi'
  | 'move'
  | 'size-badge'
  | 'name-badge'
  | 'count-badge'

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

/** One overlay to draw, in the host's coordinates; reused from redraw to redraw (`shapeList`). */
interface Shape {
  kind: OverlayKind
  x: number
  y: number
  /** Outlines only (badges are as wide as their text). */
  width: number
  height: number
  z: number
  color: string
  /** Outlines: their thickness. Badges: 0. */
  thickness: number
  /** Badges only; null for an outline. */
  text: string | null
  /** Badges only: centred on x. */
  centred: boolean
}

/**
 * What a pooled overlay div shows, as paint last wrote it: a div whose shape did not change is not
 * written again, and one that changed gets only what changed (a moved outline: `left` and `top`).
 */
interface Drawn {
  kind: string
  /** 'o' outline, 'd' dashed outline, 'b' badge, 'b m' centred badge; '' never drawn. */
  className: string
  text: string
  x: number
  y: number
  width: number
  height: number
  z: number
  color: string
  thickness: number
  /** The zoom a badge's height and font were written for. */
  zoom: number
}

const SHADOW_CSS = `
:host{all:initial}
:host::backdrop{display:none!important}
div{position:absolute;box-sizing:border-box;pointer-events:none;margin:0;padding:0;border:0}
.o{box-shadow:inset 0 0 0 var(--t) var(--c)}
.d{--g:repeating-linear-gradient(90deg,var(--c) 0 var(--s),transparent 0 calc(2*var(--s)));--v:repeating-linear-gradient(180deg,var(--c) 0 var(--s),transparent 0 calc(2*var(--s)));background:var(--g) left top/100% var(--t) no-repeat,var(--g) left bottom/100% var(--t) no-repeat,var(--v) left top/var(--t) 100% no-repeat,var(--v) right top/var(--t) 100% no-repeat}
.b{color:#fff;background:var(--c);height:var(--h);line-height:var(--h);font-size:var(--f);font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-weight:500;padding:0 calc(var(--f)/2);border-radius:calc(var(--f)/4);white-space:nowrap}
.m{transform:translateX(-50%)}
`

/** A tree build's new secondary outlines wait at most this long for the page to be idle. */
const SECONDARY_REFRESH_TIMEOUT_MS = 500

/** Context events after which the outlines are drawn again. */
const REDRAW_ON: ReadonlySet<string> = new Set(['selection', 'hover', 'tree', 'zoom', 'ai', 'drive'])

// Inline !important beats any stylesheet rule the app may have for unknown elements, `*` or [popover].
const HOST_CSS =
  'all:initial!important;position:absolute!important;left:0!important;top:0!important;width:0!important;' +
  'height:0!important;overflow:visible!important;pointer-events:none!important;display:block!important;' +
  // Above every layer of the app's: the host is a stacking context (contain), so its own z-index is
  // what counts against the page, and the overlays' Z_INDEX layers order them inside it.
  `z-index:${OVERLAY_HOST_Z_INDEX}!important;` +
  // A relayout boundary: moving an outline lays out the overlay alone, not the page around it.
  'contain:size layout style!important'

/** The box around a node's elements (a component may render several), null when none is in the page. */
function boxOfElements(elements: readonly Element[]): ClientBox | null {
  let box: ClientBox | null = null
  for (const element of elements) {
    if (!element.isConnected) continue
    const rect = element.getBoundingClientRect()
    if (!box) {
      if (elements.length === 1) return rect
      box = { left: rect.left, top: rect.top, width: rect.width, height: rect.height }
      continue
    }
    const right = Math.max(box.left + box.width, rect.right)
    const bottom = Math.max(box.top + box.height, rect.bottom)
    box.left = Math.min(box.left, rect.left)
    box.top = Math.min(box.top, rect.top)
    box.width = right - box.left
    box.height = bottom - box.top
  }
  return box
}

/** Grows `into` (or starts it) to take in `box`. */
function unite(into: ClientBox | null, box: ClientBox): ClientBox {
  if (!into) return { left: box.left, top: box.top, width: box.width, height: box.height }
  const right = Math.max(into.left + into.width, box.left + box.width)
  const bottom = Math.max(into.top + into.height, box.top + box.height)
  into.left = Math.min(into.left, box.left)
  into.top = Math.min(into.top, box.top)
  into.width = right - into.left
  into.height = bottom - into.top
  return into
}

const newShape = (): Shape => ({
  kind: 'primary',
  x: 0,
  y: 0,
  width: 0,
  height: 0,
  z: 0,
  color: '',
  thickness: 0,
  text: null,
  centred: false,
})

const newDrawn = (): Drawn => ({
  kind: '',
  className: '',
  text: '',
  x: 0,
  y: 0,
  width: 0,
  height: 0,
  z: 0,
  color: '',
  thickness: 0,
  zoom: 0,
})

/**
 * Writes `shape` into `div`, only what differs from `last` (what the div shows). A div that is new, or
 * turns from an outline into a badge or back, gets its whole style in one cssText, in one order.
 */
function paintShape(div: HTMLDivElement, last: Drawn, shape: Shape, zoom: number): void {
  const badge = shape.text !== null
  const className = badge ? (shape.centred ? 'b m' : 'b') : shape.kind === 'child' ? 'd' : 'o'
  const text = shape.text ?? ''
  if (div.hidden) div.hidden = false
  if (last.kind !== shape.kind) div.dataset.kind = last.kind = shape.kind
  if (last.text !== text) div.textContent = last.text = text
  const style = div.style
  const wasBadge = last.className.startsWith('b')
  if (last.className === '' || wasBadge !== badge) {
    let css = `left:${shape.x}px;top:${shape.y}px;z-index:${shape.z};--c:${shape.color};`
    css += badge
      ? `--h:${DIMENSION_BADGE.HEIGHT_PX / zoom}px;--f:${DIMENSION_BADGE.FONT_PX / zoom}px`
      : `width:${shape.width}px;height:${shape.height}px;--t:${shape.thickness}px;--s:${shape.thickness * 2}px`
    style.cssText = css
  } else {
    if (last.x !== shape.x) style.setProperty('left', `${shape.x}px`)
    if (last.y !== shape.y) style.setProperty('top', `${shape.y}px`)
    if (last.z !== shape.z) style.setProperty('z-index', String(shape.z))
    if (last.color !== shape.color) style.setProperty('--c', shape.color)
    if (badge && last.zoom !== zoom) {
      style.setProperty('--h', `${DIMENSION_BADGE.HEIGHT_PX / zoom}px`)
      style.setProperty('--f', `${DIMENSION_BADGE.FONT_PX / zoom}px`)
    }
    if (!badge) {
      if (last.width !== shape.width) style.setProperty('width', `${shape.width}px`)
      if (last.height !== shape.height) style.setProperty('height', `${shape.height}px`)
      if (last.thickness !== shape.thickness) {
        style.setProperty('--t', `${shape.thickness}px`)
        style.setProperty('--s', `${shape.thickness * 2}px`)
      }
    }
  }
  last.x = shape.x
  last.y = shape.y
  last.z = shape.z
  last.color = shape.color
  last.width = shape.width
  last.height = shape.height
  last.thickness = shape.thickness
  last.zoom = zoom
  if (last.className !== className) div.className = last.className = className
}

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
  /**
   * The other elements with a single selection's codebase id (its secondary outlines), each node's as
   * the tree last gave them, with the node's page box from the tree's last build: looked up once per
   * selection or tree, not on every redraw (they can be a thousand), and again for a node whose
   * elements left the page.
   */
  let secondary: Secondary[] | null = null
  /** Those of them the last redraw drew (near the viewport), in the tree's order: the ones followed. */
  const drawnSecondary: Secondary[] = []
  const layers = new Set<OverlayLayer>()
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

  const secondaryOf = (selected: ElementKey) => {
    if (secondary) return secondary
    secondary = []
    if (!selected.codebaseId) return secondary
    for (const node of tree.nodesWithCodebaseId(selected.codebaseId)) {
      if (!elementKeysEqual(node.key, selected))
        secondary.push({ key: node.key, elements: null, box: node.pageBoundingBox })
    }
    return secondary
  }

  /**
   * Whether a page box (the tree's, from its last build) is within a viewport of the viewport: only
   * those secondary outlines are read and drawn. Every element's box is read on every tree build
   * (after mutations, scrolling, resizing, loads), so the tree knows which of a thousand list items
   * can be on screen; a scroll of less than a viewport between two redraws (15 ms apart at most) finds
   * the next ones drawn already.
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
    return (box: Secondary['box'] | undefined) =>
      !box ||
      !(
        box.pageX > right ||
        box.pageX + box.width < left ||
        box.pageY > bottom ||
        box.pageY + box.height < top
      )
  }

  /** A secondary element's elements, looked up again when one of them left the page. */
  const elementsOfOther = (other: Secondary): Element[] => {
    let elements = other.elements
    if (elements) for (const element of elements) if (!element.isConnected) elements = null
    other.elements = elements ?? tree.elementsOf(other.key)
    return other.elements
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

    const { selected, multiSelected } = selection
    let selectedBox: ClientBox | null = null
    if (multiSelected.length > 1) {
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
      const secondaryColor = context.aiContext ? OUTLINE_COLORS.AI_PRIMARY : OUTLINE_COLORS.SECONDARY
      const secondaryThickness = OUTLINE_THICKNESS_PX.SECONDARY / zoom
      const near = nearViewport(origin)
      drawnSecondary.length = 0
      for (const other of secondaryOf(selected)) {
        if (!near(other.box)) continue
        drawnSecondary.push(other)
        const box = boxOfElements(elementsOfOther(other))
        if (box)
          outline(
            nextShape(),
            'secondary',
            box,
            origin,
            Z_INDEX.SECONDARY,
            secondaryColor,
            secondaryThickness,
          )
      }
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
    for (const other of drawnSecondary) yield* elementsOfOther(other)
  }

  /**
   * After a tree build the secondary outlines' nodes are looked up again, in idle time, then drawn:
   * the lookup makes a node object per instance (a thousand list items), which the redraw right after
   * the build, drawing the moved outlines, does not wait for. Until then it draws the nodes it had,
   * each looked up again if its elements left the page.
   */
  let secondaryRefresh: (() => void) | null = null
  const cancelSecondaryRefresh = () => {
    secondaryRefresh?.()
    secondaryRefresh = null
  }
  const refreshSecondarySoon = () => {
    if (secondaryRefresh) return
    const refresh = () => {
      secondaryRefresh = null
      const last = secondary
      secondary = null
      const { selected, multiSelected } = selection
      if (!selected || multiSelected.length > 1 || selection.driveMode) return
      const now = secondaryOf(selected)
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
        if (moved) schedule(true)
        return
      }
      followPending = true
      schedule(true)
    }
    const idle = (win as Window & Partial<Pick<Window, 'requestIdleCallback' | 'cancelIdleCallback'>>)
      .requestIdleCallback
    if (idle) {
      const handle = idle.call(win, refresh, { timeout: SECONDARY_REFRESH_TIMEOUT_MS })
      secondaryRefresh = () => win.cancelIdleCallback(handle)
    } else {
      const handle = win.setTimeout(refresh, 0)
      secondaryRefresh = () => win.clearTimeout(handle)
    }
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
          secondary = null
          cancelSecondaryRefresh()
        } else if (type === 'tree') refreshSecondarySoon()
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
      cancelSecondaryRefresh()
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
      secondary = null
      drawnSecondary.length = 0
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
