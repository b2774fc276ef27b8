import { type ElementKey, elementKeysEqual } from '../../protocol/element-key.ts'
import {
  DIMENSION_BADGE,
  FRAME_BUDGET_MS,
  OUTLINE_COLORS,
  OUTLINE_SCROLL_THROTTLE_MS,
  OUTLINE_THICKNESS_PX,
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
   * Another module's overlay (the text editing's button), drawn after each redraw in the same shadow
   * root; `origin` is the host's box (overlay coordinates are client ones minus it), null in drive
   * mode. Returns what removes it.
   */
  addLayer(draw: OverlayLayer): () => void
}

export type OverlayLayer = (root: ShadowRoot, origin: ClientBox | null) => void

interface Shape {
  kind: OverlayKind
  x: number
  y: number
  width?: number
  height?: number
  z: number
  color: string
  thickness?: number
  text?: string
  /** Badges only: centred on x. */
  centred?: boolean
}

/** What a pooled overlay div shows, as paint last wrote it. */
interface Drawn {
  kind: string
  className: string
  text: string
  /** Inline style properties (name -> value). */
  style: Record<string, string>
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

function unionOf(boxes: readonly ClientBox[]): ClientBox | null {
  if (boxes.length === 0) return null
  let left = Number.POSITIVE_INFINITY
  let top = Number.POSITIVE_INFINITY
  let right = Number.NEGATIVE_INFINITY
  let bottom = Number.NEGATIVE_INFINITY
  for (const box of boxes) {
    left = Math.min(left, box.left)
    top = Math.min(top, box.top)
    right = Math.max(right, box.left + box.width)
    bottom = Math.max(bottom, box.top + box.height)
  }
  return { left, top, width: right - left, height: bottom - top }
}

/** The box around a node's elements (a component may render several). */
function boxOfElements(elements: readonly Element[]): ClientBox | null {
  const connected = elements.filter((element) => element.isConnected)
  if (connected.length === 1) return (connected[0] as Element).getBoundingClientRect()
  return unionOf(connected.map((element) => element.getBoundingClientRect()))
}

/**
 * The selection's overlays: primary outline and badges around the selected element, secondary outlines
 * around the other elements with its codebase id, dashed outlines around its children, the hover
 * outline, the multi-selection box and the move outline of a drag. They live in one host element at
 * the page origin (so they scroll with the page), after the body, with a closed shadow root that the
 * app's CSS cannot reach. The host is above everything the app draws: the largest z-index, and the
 * browser's top layer (top-layer.ts), above modal dialogs and popovers too. Every size is divided by
 * the canvas zoom so it looks the same on the editor's screen.
 */
export function createOutlines(context: InspectorContext, tree: OutlineTree, selection: Selection): Outlines {
  const { doc, win } = context
  let host: HTMLElement | null = null
  let root: ShadowRoot | null = null
  let topLayer: ReturnType<typeof createTopLayer> | null = null
  const pool: HTMLDivElement[] = []
  /**
   * What each pooled div was last given: a div whose shape did not change is not written again, so a
   * hover restyles one div, not every outline.
   */
  const drawn: Drawn[] = []
  /** The host's display as last set: shown, or hidden in drive mode. */
  let hostDisplay: 'block' | 'none' | null = null
  let moveBox: ClientBox | null = null
  let secondaryKeys: ElementKey[] | null = null
  const layers = new Set<OverlayLayer>()
  let started = false
  let scheduled = false
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

  const sameCodebaseId = (selected: ElementKey): ElementKey[] => {
    if (!selected.codebaseId) return []
    const keys: ElementKey[] = []
    for (const node of tree.nodesWithCodebaseId(selected.codebaseId)) {
      if (!elementKeysEqual(node.key, selected)) keys.push(node.key)
    }
    return keys
  }

  const shapes = (origin: ClientBox): Shape[] => {
    const zoom = context.zoom > 0 ? context.zoom : 1
    const primaryThickness = OUTLINE_THICKNESS_PX.PRIMARY / zoom
    const badgeHeight = DIMENSION_BADGE.HEIGHT_PX / zoom
    const pageHeight = doc.documentElement.scrollHeight
    const list: Shape[] = []
    const outline = (kind: OverlayKind, box: ClientBox, z: number, color: string, thickness: number) => {
      list.push({
        kind,
        x: box.left - origin.left,
        y: box.top - origin.top,
        width: box.width,
        height: box.height,
        z,
        color,
        thickness,
      })
    }
    const boxOf = (key: ElementKey) => boxOfElements(tree.elementsOf(key))
    /** Size badge under the box, or inside its bottom edge when the page ends there (never grows it). */
    const sizeBadge = (kind: OverlayKind, box: ClientBox, color: string, text: string) => {
      const below = box.top - origin.top + box.height
      const y = below + badgeHeight > pageHeight ? below - badgeHeight : below
      list.push({
        kind,
        x: box.left - origin.left + box.width / 2,
        y,
        z: Z_INDEX.OUTLINE,
        color,
        text,
        centred: true,
      })
    }

    const { selected, hovered, multiSelected } = selection
    const multi = multiSelected.length > 1
    if (multi) {
      const boxes: ClientBox[] = []
      for (const key of multiSelected) {
        const box = boxOf(key)
        if (!box) continue
        boxes.push(box)
        outline('primary', box, Z_INDEX.PRIMARY, colorOf(key), primaryThickness)
      }
      const all = unionOf(boxes)
      if (all) {
        const color = colorOf(null)
        outline('multi', all, Z_INDEX.PRIMARY, color, primaryThickness)
        sizeBadge('count-badge', all, color, `${multiSelected.length} elements`)
      }
    } else if (selected) {
      secondaryKeys ??= sameCodebaseId(selected)
      const secondaryColor = context.aiContext ? OUTLINE_COLORS.AI_PRIMARY : OUTLINE_COLORS.SECONDARY
      for (const key of secondaryKeys) {
        const box = boxOf(key)
        if (!box) continue
        outline('secondary', box, Z_INDEX.SECONDARY, secondaryColor, OUTLINE_THICKNESS_PX.SECONDARY / zoom)
      }
      for (const child of tree.childrenOf(selected)) {
        const box = boxOf(child.key)
        if (box) outline('child', box, Z_INDEX.CHILD, colorOf(child.key), OUTLINE_THICKNESS_PX.CHILD / zoom)
      }
      const box = boxOf(selected)
      if (box) {
        const color = colorOf(selected)
        outline('primary', box, Z_INDEX.PRIMARY, color, primaryThickness)
        // While it is dragged, its badges would float over where it might land: the outline says enough.
        if (!moveBox)
          sizeBadge('size-badge', box, color, `${Math.round(box.width)} × ${Math.round(box.height)}`)
        const name = moveBox ? undefined : tree.nodeOf(selected)?.name
        if (name) {
          const top = box.top - origin.top
          // Above the top-left corner, or just inside it when the page starts there.
          const y = top - badgeHeight < 0 ? top : top - badgeHeight
          list.push({
            kind: 'name-badge',
            x: box.left - origin.left,
            y,
            z: Z_INDEX.OUTLINE,
            color,
            text: name,
          })
        }
      }
    }
    // While an element is dragged the hover outline would only compete with the drop indicator.
    const hoverShown =
      !moveBox &&
      hovered &&
      !elementKeysEqual(hovered, selected) &&
      !multiSelected.some((key) => elementKeysEqual(key, hovered))
    if (hoverShown) {
      const box = boxOf(hovered)
      if (box) outline('hover', box, Z_INDEX.PRIMARY, colorOf(hovered), primaryThickness)
    }
    if (moveBox) outline('move', moveBox, Z_INDEX.MOVE, colorOf(selected), primaryThickness)
    return list
  }

  /**
   * Draws `list` into the pooled divs, writing only what changed since each div was last drawn: a
   * moved hover outline sets its changed coordinates, one style property each, instead of parsing a
   * whole cssText and rewriting its class, kind and text.
   */
  const paint = (shadow: ShadowRoot, list: readonly Shape[]) => {
    const zoom = context.zoom > 0 ? context.zoom : 1
    const badgeHeight = `${DIMENSION_BADGE.HEIGHT_PX / zoom}px`
    const badgeFont = `${DIMENSION_BADGE.FONT_PX / zoom}px`
    while (pool.length < list.length) {
      const div = doc.createElement('div')
      div.hidden = true
      pool.push(div)
      drawn.push({ kind: '', className: '', text: '', style: {} })
      shadow.appendChild(div)
    }
    for (let i = 0; i < pool.length; i++) {
      const div = pool[i] as HTMLDivElement
      const last = drawn[i] as Drawn
      const shape = list[i]
      if (!shape) {
        div.hidden = true
        continue
      }
      const style: Record<string, string> = {
        left: `${shape.x}px`,
        top: `${shape.y}px`,
        'z-index': String(shape.z),
        '--c': shape.color,
      }
      let className: string
      if (shape.text === undefined) {
        const thickness = shape.thickness ?? 0
        className = shape.kind === 'child' ? 'd' : 'o'
        style.width = `${shape.width}px`
        style.height = `${shape.height}px`
        style['--t'] = `${thickness}px`
        style['--s'] = `${thickness * 2}px`
      } else {
        className = shape.centred ? 'b m' : 'b'
        style['--h'] = badgeHeight
        style['--f'] = badgeFont
      }
      const text = shape.text ?? ''
      if (div.hidden) div.hidden = false
      if (last.kind !== shape.kind) div.dataset.kind = last.kind = shape.kind
      if (last.className !== className) div.className = last.className = className
      if (last.text !== text) div.textContent = last.text = text
      const { style: declared } = div
      for (const name in last.style) if (!(name in style)) declared.removeProperty(name)
      for (const name in style) {
        const value = style[name] as string
        if (last.style[name] !== value) declared.setProperty(name, value)
      }
      last.style = style
    }
  }

  const render = () => {
    if (!started) return
    const began = performance.now()
    const shadow = ensureHost()
    const display = selection.driveMode ? 'none' : 'block'
    if (display !== hostDisplay) {
      ;(host as HTMLElement).style.setProperty('display', display, 'important')
      hostDisplay = display
    }
    const origin = selection.driveMode ? null : (host as HTMLElement).getBoundingClientRect()
    paint(shadow, origin ? shapes(origin) : [])
    for (const draw of layers) draw(shadow, origin)
    const took = performance.now() - began
    if (took > FRAME_BUDGET_MS) {
      console.warn(
        `[visual-edit] drawing the outlines took ${took.toFixed(1)} ms, over the ${FRAME_BUDGET_MS} ms frame budget`,
      )
    }
  }

  /** State changes arrive in bursts (selection, then hover, then tree): draw once after them. */
  const schedule = () => {
    if (scheduled || !started) return
    scheduled = true
    queueMicrotask(() => {
      scheduled = false
      render()
    })
  }
  /**
   * Scrolling, resizing and the position watch's moves: at most one redraw per 15 ms between them (a
   * scroll moves every watched element, and its redraw is the scroll's).
   */
  const onMoved = throttle(win, OUTLINE_SCROLL_THROTTLE_MS, render)

  /**
   * The other elements outlined with a single selection, nearest first: its children's (dashed
   * outlines), then the other elements with its codebase id (secondary outlines).
   */
  function* outlinedAround(selected: ElementKey): Generator<Element> {
    for (const child of tree.childrenOf(selected)) yield* tree.elementsOf(child.key)
    secondaryKeys ??= sameCodebaseId(selected)
    for (const key of secondaryKeys) yield* tree.elementsOf(key)
  }

  /** What is outlined is followed when it moves or resizes with nothing else telling (outline-follow.ts). */
  const follow = createOutlineFollow(context, tree, selection, {
    around: outlinedAround,
    resized: schedule,
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
        if (type === 'selection' || type === 'tree') secondaryKeys = null
        if (type === 'selection' || type === 'tree' || type === 'drive') follow.update()
        else if (type === 'hover') follow.updateSoon()
        if (REDRAW_ON.has(type)) schedule()
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
      follow.stop()
      topLayer?.stop()
      topLayer = null
      host?.remove()
      host = null
      root = null
      pool.length = 0
      drawn.length = 0
      hostDisplay = null
      secondaryKeys = null
    },
    render,
    setMoveOutline(box) {
      moveBox = box ? { left: box.left, top: box.top, width: box.width, height: box.height } : null
      schedule()
    },
    addLayer(draw) {
      layers.add(draw)
      return () => layers.delete(draw)
    },
  }
}
