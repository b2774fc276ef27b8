/** The zoom the canvas allows, in percent. */
export const MIN_ZOOM = 25
export const MAX_ZOOM = 400
/** The steps of the zoom menu and of zooming in and out by key. */
export const ZOOM_STEPS = [25, 50, 75, 100, 125, 150, 200, 300, 400] as const

export const clampZoom = (percent: number): number =>
  Math.round(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Number.isFinite(percent) ? percent : 100)))

/**
 * The zoom after a Cmd/Ctrl+wheel or pinch of `deltaY` (negative zooms in): proportional, so a
 * trackpad's many small deltas and a mouse's few large ones zoom alike.
 */
export function nextZoom(current: number, deltaY: number): number {
  return clampZoom(current * Math.exp(-deltaY / 300))
}

/** The viewport widths of the toolbar, as people know them. */
export const WIDTH_PRESETS = [
  { label: 'Phone', width: 390 },
  { label: 'Tablet', width: 768 },
  { label: 'Desktop', width: 1280 },
] as const

/** The next step of ZOOM_STEPS above (`direction` 1) or below (-1) `current`, within the limits. */
export function stepZoom(current: number, direction: 1 | -1): number {
  const next =
    direction === 1
      ? ZOOM_STEPS.find((step) => step > current)
      : [...ZOOM_STEPS].reverse().find((step) => step < current)
  return next ?? (direction === 1 ? MAX_ZOOM : MIN_ZOOM)
}

/** Room the canvas keeps around the frame (its padding and the resize handle), in CSS pixels. */
export const CANVAS_GUTTER_PX = 80

/**
 * The zoom that shows the whole width of the frame in a canvas `canvasWidth` wide: 100% when it fits,
 * less when it does not, never under MIN_ZOOM.
 */
export function fitZoom(frameWidth: number, canvasWidth: number): number {
  if (canvasWidth <= 0 || frameWidth <= 0) return 100
  return clampZoom(Math.floor(Math.min(100, ((canvasWidth - CANVAS_GUTTER_PX) / frameWidth) * 100)))
}
