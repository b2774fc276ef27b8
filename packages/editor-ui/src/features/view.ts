import type { WheelPayload } from 'vite-plugin-visual-edit/protocol'
import type { InspectorBridge } from '../port/inspector-bridge.ts'
import type { AppFrame } from './app-frame.ts'
import { logFailure } from './failures.ts'
import type { Slice, SliceStore } from './slice.ts'
import { clampZoom, fitZoom, nextZoom } from './zoom.ts'

export interface ViewState {
  /** Percent. */
  zoom: number
  /** The zoom follows the canvas and the frame's width so that the whole width shows (until the user zooms). */
  fit: boolean
  /**
   * Where the last zoom was centred (editor coordinates) and the frame point that was under it (frame
   * CSS pixels): the canvas scrolls so that the point stays under the pointer. Null: no anchor.
   */
  zoomAnchor: { x: number; y: number; frameX: number; frameY: number } | null
  /** The frame's width in CSS pixels. */
  width: number
  /** Space is held (anywhere, the frame included): the canvas pans on drag instead of selecting. */
  spaceHeld: boolean
  /** The editor's own theme. */
  dark: boolean
}

/**
 * How the editor shows the app (docs/EDITOR.md, Canvas): the frame's width, the zoom (fitted to the
 * canvas until the user zooms), panning with space held, and the editor's theme.
 */
export class View {
  readonly #slice: Slice<ViewState>
  readonly #bridge: InspectorBridge
  readonly #frame: AppFrame
  readonly #driving: () => boolean
  #canvasWidth = 0
  /** What the fitted zoom fits beside the frame: the breakpoint frames' widths and the room between them (screen px). */
  #besides: () => { width: number; gaps: number } = () => ({ width: 0, gaps: 0 })

  constructor(
    store: SliceStore<unknown>,
    initial: { width: number; dark: boolean },
    deps: { bridge: InspectorBridge; frame: AppFrame; driving: () => boolean },
  ) {
    this.#slice = store.slice<ViewState>({
      zoom: 100,
      fit: true,
      zoomAnchor: null,
      width: initial.width,
      spaceHeld: false,
      dark: initial.dark,
    })
    this.#bridge = deps.bridge
    this.#frame = deps.frame
    this.#driving = deps.driving
  }

  get state(): ViewState {
    return this.#slice.state
  }

  /**
   * Zooms the canvas (the user chose it: fit ends). `anchor`, in editor coordinates, is the point that
   * stays where it is (the pointer, for a wheel or pinch).
   */
  setZoom(percent: number, anchor?: { x: number; y: number }): void {
    this.#applyZoom(clampZoom(percent), false, anchor)
  }

  /** Back to fitting the frame's width in the canvas. */
  zoomToFit(): void {
    const besides = this.#besides()
    this.#applyZoom(fitZoom(this.state.width + besides.width, this.#canvasWidth - besides.gaps), true)
  }

  /** The breakpoint frames (features/frames.ts) changed: a fitted zoom fits them too. */
  fitBesides(besides: () => { width: number; gaps: number }): void {
    this.#besides = besides
    if (this.state.fit) this.zoomToFit()
  }

  /** The canvas's width changed (the window or the side panels): a fitted zoom follows it. */
  setCanvasWidth(width: number): void {
    this.#canvasWidth = width
    if (this.state.fit) this.zoomToFit()
  }

  setWidth(width: number): void {
    this.#slice.set({ width: Math.round(Math.min(3840, Math.max(240, width))) })
    if (this.state.fit) this.zoomToFit()
  }

  setSpaceHeld(held: boolean): void {
    if (held !== this.state.spaceHeld) this.#slice.set({ spaceHeld: held && !this.#driving() })
  }

  setDark(dark: boolean): void {
    this.#slice.set({ dark })
  }

  /** WHEEL: Cmd/Ctrl+wheel (or a pinch) in the frame zooms around the pointer. */
  wheel(wheel: WheelPayload): void {
    if (!(wheel.ctrlKey || wheel.metaKey)) return
    this.setZoom(nextZoom(this.state.zoom, wheel.deltaY), this.toEditor(wheel))
  }

  /** A point of the frame's viewport (the inspector's clientX/Y) in editor coordinates. */
  toEditor(point: { clientX: number; clientY: number }): { x: number; y: number } {
    const rect = this.#frame.rect()
    const scale = this.state.zoom / 100
    return { x: (rect?.left ?? 0) + point.clientX * scale, y: (rect?.top ?? 0) + point.clientY * scale }
  }

  #applyZoom(zoom: number, fit: boolean, anchor?: { x: number; y: number }): void {
    let zoomAnchor: ViewState['zoomAnchor'] = null
    const rect = this.#frame.rect()
    if (anchor && rect) {
      const scale = this.state.zoom / 100
      zoomAnchor = {
        ...anchor,
        frameX: (anchor.x - rect.left) / scale,
        frameY: (anchor.y - rect.top) / scale,
      }
    }
    if (zoom === this.state.zoom && fit === this.state.fit) return
    this.#slice.set({ zoom, fit, zoomAnchor })
    this.#bridge
      .call('setZoomPerc', zoom)
      .catch(logFailure("The app's outlines did not get the zoom (a reconnection sends it)"))
  }
}
