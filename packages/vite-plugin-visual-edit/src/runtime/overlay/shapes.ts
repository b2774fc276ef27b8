import { DIMENSION_BADGE, OVERLAY_HOST_Z_INDEX } from '../core/constants.ts'

/**
 * The overlays' shapes and how one is painted into its div: a redraw lays out its shapes first (reads)
 * and paints them after (writes), each div written only where its shape changed. Used by outlines.ts.
 */

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

/** One overlay to draw, in the host's coordinates; reused from redraw to redraw (`shapeList`). */
export interface Shape {
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
export interface Drawn {
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

export const SHADOW_CSS = `
:host{all:initial}
:host::backdrop{display:none!important}
div{position:absolute;box-sizing:border-box;pointer-events:none;margin:0;padding:0;border:0}
.o{box-shadow:inset 0 0 0 var(--t) var(--c)}
.d{--g:repeating-linear-gradient(90deg,var(--c) 0 var(--s),transparent 0 calc(2*var(--s)));--v:repeating-linear-gradient(180deg,var(--c) 0 var(--s),transparent 0 calc(2*var(--s)));background:var(--g) left top/100% var(--t) no-repeat,var(--g) left bottom/100% var(--t) no-repeat,var(--v) left top/var(--t) 100% no-repeat,var(--v) right top/var(--t) 100% no-repeat}
.b{color:#fff;background:var(--c);height:var(--h);line-height:var(--h);font-size:var(--f);font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-weight:500;padding:0 calc(var(--f)/2);border-radius:calc(var(--f)/4);white-space:nowrap}
.m{transform:translateX(-50%)}
`

// Inline !important beats any stylesheet rule the app may have for unknown elements, `*` or [popover].
export const HOST_CSS =
  'all:initial!important;position:absolute!important;left:0!important;top:0!important;width:0!important;' +
  'height:0!important;overflow:visible!important;pointer-events:none!important;display:block!important;' +
  // Above every layer of the app's: the host is a stacking context (contain), so its own z-index is
  // what counts against the page, and the overlays' Z_INDEX layers order them inside it.
  `z-index:${OVERLAY_HOST_Z_INDEX}!important;` +
  // A relayout boundary: moving an outline lays out the overlay alone, not the page around it.
  'contain:size layout style!important'

/** The box around a node's elements (a component may render several), null when none is in the page. */
export function boxOfElements(elements: readonly Element[]): ClientBox | null {
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
export function unite(into: ClientBox | null, box: ClientBox): ClientBox {
  if (!into) return { left: box.left, top: box.top, width: box.width, height: box.height }
  const right = Math.max(into.left + into.width, box.left + box.width)
  const bottom = Math.max(into.top + into.height, box.top + box.height)
  into.left = Math.min(into.left, box.left)
  into.top = Math.min(into.top, box.top)
  into.width = right - into.left
  into.height = bottom - into.top
  return into
}

export const newShape = (): Shape => ({
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

export const newDrawn = (): Drawn => ({
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
export function paintShape(div: HTMLDivElement, last: Drawn, shape: Shape, zoom: number): void {
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
