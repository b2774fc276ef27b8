import type { Frame, Page } from '@playwright/test'

type OverlayWindow = Window & { __overlayRoot?: ShadowRoot }

/** A point where an overlay is checked, in the frame's viewport, and what the browser has on top there. */
export interface TopmostProbe {
  kind: string
  x: number
  y: number
  /** `document.elementFromPoint` there: the overlay host when the overlay is on top of the page. */
  top: string
  /** The overlay checked is under the pointer there, in the host's shadow root (perhaps under another overlay). */
  inOverlay: boolean
}

/**
 * Hit-tests every drawn overlay of `kinds` in the page or frame: an outline at the middle of each of its
 * four edges (half its thickness inside), a badge or an indicator at its centre, points outside the
 * viewport left out. The browser hit-tests in paint order, so the element it finds at a point is the
 * one drawn on top there. The overlays take no pointer events: for the test only, the host and its
 * divs take them, and nothing else changes. (An element under a modal `<dialog>` is inert and never
 * hit: see `coloursAt` for that case.)
 */
export function probeOverlays(target: Page | Frame, kinds: readonly string[]): Promise<TopmostProbe[]> {
  return target.evaluate((wanted) => {
    const root = (window as OverlayWindow).__overlayRoot
    if (!root) throw new Error('no overlay root recorded (recordOverlayRoot before the page loads)')
    const host = root.host as HTMLElement
    const probe = document.createElement('style')
    probe.textContent = 'div,button{pointer-events:auto!important}'
    root.append(probe)
    host.style.setProperty('pointer-events', 'auto', 'important')
    const describe = (element: Element | null) =>
      element === null
        ? 'nothing'
        : element === host
          ? 'overlay'
          : `${element.localName}${element.id ? `#${element.id}` : ''}`
    try {
      const probes: TopmostProbe[] = []
      const divs = [...root.querySelectorAll<HTMLElement>('[data-kind]')].filter(
        (div) => !div.hidden && div.style.display !== 'none' && wanted.includes(div.dataset.kind ?? ''),
      )
      for (const div of divs) {
        const rect = div.getBoundingClientRect()
        const thickness = Number.parseFloat(getComputedStyle(div).getPropertyValue('--t'))
        const middle = { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }
        const points =
          Number.isFinite(thickness) && thickness > 0 && div.dataset.kind !== 'drop-indicator'
            ? [
                { x: rect.left + thickness / 2, y: middle.y },
                { x: rect.right - thickness / 2, y: middle.y },
                { x: middle.x, y: rect.top + thickness / 2 },
                { x: middle.x, y: rect.bottom - thickness / 2 },
              ]
            : [middle]
        for (const { x, y } of points) {
          if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue
          probes.push({
            kind: div.dataset.kind ?? '',
            x,
            y,
            top: describe(document.elementFromPoint(x, y)),
            inOverlay: root.elementsFromPoint(x, y).includes(div),
          })
        }
      }
      return probes
    } finally {
      probe.remove()
      host.style.setProperty('pointer-events', 'none', 'important')
    }
  }, kinds)
}

/** Where each drawn overlay of `kinds` is: its frame-viewport box and its outline thickness (0 for a badge). */
export function overlayBoxes(
  target: Page | Frame,
  kinds: readonly string[],
): Promise<{ kind: string; left: number; top: number; width: number; height: number; thickness: number }[]> {
  return target.evaluate((wanted) => {
    const root = (window as OverlayWindow).__overlayRoot
    return [...(root?.querySelectorAll<HTMLElement>('[data-kind]') ?? [])]
      .filter((div) => !div.hidden && wanted.includes(div.dataset.kind ?? ''))
      .map((div) => {
        const { left, top, width, height } = div.getBoundingClientRect()
        const thickness = Number.parseFloat(getComputedStyle(div).getPropertyValue('--t'))
        return { kind: div.dataset.kind ?? '', left, top, width, height, thickness: thickness || 0 }
      })
  }, kinds)
}

/**
 * The colours the screen shows at points of a frame (its viewport coordinates), [r, g, b] each: a
 * screenshot of the page, read back in a page of its own. For what hit-testing cannot see, such as the
 * overlay above a modal dialog (everything outside the dialog is inert there).
 */
export async function coloursAt(
  page: Page,
  frameSelector: string,
  points: readonly { x: number; y: number }[],
): Promise<number[][]> {
  const frame = await page.locator(frameSelector).evaluate((element) => {
    const rect = element.getBoundingClientRect()
    const scale = rect.width / (element as HTMLElement).offsetWidth
    return { left: rect.left + element.clientLeft * scale, top: rect.top + element.clientTop * scale, scale }
  })
  const onPage = points.map(({ x, y }) => ({
    x: Math.floor(frame.left + x * frame.scale),
    y: Math.floor(frame.top + y * frame.scale),
  }))
  const png = (await page.screenshot()).toString('base64')
  const reader = await page.context().newPage()
  try {
    return await reader.evaluate(
      async ({ data, at }) => {
        const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob())
        const canvas = new OffscreenCanvas(image.width, image.height)
        const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
        context.drawImage(image, 0, 0)
        return at.map(({ x, y }) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)])
      },
      { data: png, at: onPage },
    )
  } finally {
    await reader.close()
  }
}

/** A colour as [r, g, b] from '#rrggbb'. */
export const rgb = (hex: string): number[] =>
  [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16))
