import type { NavTreeNode } from 'vite-plugin-visual-edit/protocol'
import type { InspectorBridge } from '../port/inspector-bridge.ts'
import { logFailure } from './failures.ts'
import type { InsertItem } from './insert-catalog.ts'
import { type CodeParentOf, canvasDropAt, type InsertPlacement } from './insert-target.ts'

/** An insert drag starts once the pointer has gone this far (x and y added) from the press, like a layer's. */
const INSERT_DRAG_THRESHOLD_PX = 4

/**
 * Where the pointer is over the layers: the placement a drop there makes (null: no row takes it), or
 * undefined when it is not over them. The Layers panel sets it while it is shown and draws its own
 * indicator.
 */
export type LayersTarget = (x: number, y: number) => InsertPlacement | null | undefined

/** A box in the editor's viewport coordinates. */
export interface ViewBox {
  left: number
  top: number
  width: number
  height: number
}

/** What the panel and the drag layer draw of a drag. */
export interface InsertDragView {
  label: string
  x: number
  y: number
  over: 'canvas' | 'layers' | null
  /** On the canvas: where the element would go (a line), and the element it would go into. */
  line: ViewBox | null
  container: ViewBox | null
}

const isScroll = (value: unknown): value is { x: number; y: number } =>
  typeof value === 'object' &&
  value !== null &&
  Number.isFinite((value as { x: unknown }).x) &&
  Number.isFinite((value as { y: unknown }).y)

/** What a drag needs from the editor around it. */
export interface InsertDragDeps {
  bridge: InspectorBridge
  nodes: () => readonly NavTreeNode[]
  codeParentOf: CodeParentOf
  /** Where the app's frame is, in the editor's viewport. */
  frameRect: () => DOMRect | undefined
  /** The canvas's zoom, in percent. */
  zoom: () => number
  changed: (view: InsertDragView | null) => void
  dropped: (item: InsertItem, placement: InsertPlacement) => void
}

/**
 * Dragging an entry of the Insert panel (docs/EDITOR.md, Insert panel): a press, then past the
 * threshold the pointer is followed over the whole editor (listeners on the window, so the panel may
 * give way to the layers meanwhile). Over the layers the Layers panel says where (`layersTarget`);
 * over the app's frame the pointer is turned into page coordinates (the frame's place and zoom, the
 * page's scroll asked once per drag) and the tree's boxes say where (insert-target.ts). Release drops,
 * Escape or a release elsewhere cancels.
 */
export class InsertDrag {
  layersTarget: LayersTarget | null = null
  readonly #deps: InsertDragDeps
  #controller: AbortController | null = null
  #scroll = { x: 0, y: 0 }

  constructor(deps: InsertDragDeps) {
    this.#deps = deps
  }

  /** A press on an entry at (x, y): becomes a drag once the pointer moves past the threshold. */
  start(item: InsertItem, x: number, y: number): void {
    this.#controller?.abort()
    const controller = new AbortController()
    this.#controller = controller
    const options = { capture: true, signal: controller.signal }
    let dragging = false
    let placement: InsertPlacement | null = null
    const end = () => {
      controller.abort()
      if (this.#controller === controller) this.#controller = null
      this.#deps.changed(null)
    }
    this.#deps.bridge.call('pageScroll').then((answer) => {
      if (isScroll(answer)) this.#scroll = answer
      else console.warn('[visual-edit] The page answered its scroll with something else: taken as 0, 0')
    }, logFailure("The page's scroll for an insert drag could not be read (taken as before)"))
    window.addEventListener(
      'pointermove',
      (event) => {
        if (!dragging) {
          if (Math.abs(event.clientX - x) + Math.abs(event.clientY - y) < INSERT_DRAG_THRESHOLD_PX) return
          if (event.buttons === 0) return end()
          dragging = true
        }
        if (event.buttons === 0) return end()
        const view = this.#targetAt(item, event.clientX, event.clientY)
        placement = view.placement
        this.#deps.changed(view.view)
      },
      options,
    )
    window.addEventListener(
      'pointerup',
      (event) => {
        if (dragging) {
          const at = this.#targetAt(item, event.clientX, event.clientY).placement ?? placement
          end()
          if (at) this.#deps.dropped(item, at)
        } else end()
      },
      options,
    )
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.key !== 'Escape') return
        event.preventDefault()
        event.stopPropagation()
        end()
      },
      options,
    )
  }

  #targetAt(
    item: InsertItem,
    x: number,
    y: number,
  ): { placement: InsertPlacement | null; view: InsertDragView } {
    const view: InsertDragView = { label: item.label, x, y, over: null, line: null, container: null }
    const layers = this.layersTarget?.(x, y)
    if (layers !== undefined) return { placement: layers, view: { ...view, over: 'layers' } }
    const rect = this.#deps.frameRect()
    if (!rect || x < rect.left || x > rect.right || y < rect.top || y > rect.bottom)
      return { placement: null, view }
    const scale = this.#deps.zoom() / 100
    const pageX = (x - rect.left) / scale + this.#scroll.x
    const pageY = (y - rect.top) / scale + this.#scroll.y
    const drop = canvasDropAt(this.#deps.nodes(), pageX, pageY, this.#deps.codeParentOf)
    if (!drop) return { placement: null, view: { ...view, over: 'canvas' } }
    const toView = (box: { x: number; y: number; width: number; height: number }): ViewBox => ({
      left: rect.left + (box.x - this.#scroll.x) * scale,
      top: rect.top + (box.y - this.#scroll.y) * scale,
      width: Math.max(2, box.width * scale),
      height: Math.max(2, box.height * scale),
    })
    return {
      placement: drop.placement,
      view: { ...view, over: 'canvas', line: toView(drop.line), container: toView(drop.container) },
    }
  }
}
