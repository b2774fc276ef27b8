import { toPng } from 'html-to-image'
import {
  AGENT_PNG_MAX_SIDE,
  type CapturedElement,
  MAX_AGENT_HTML_CHARS,
} from '../../protocol/agent-limits.ts'

/**
 * An element of the page for a coding agent (get_selection): its outerHTML (cut at
 * MAX_AGENT_HTML_CHARS) and a PNG of it drawn from the DOM (html-to-image: the element and its
 * computed styles in an SVG foreignObject, drawn on a canvas), its longer side at most
 * AGENT_PNG_MAX_SIDE pixels. A drawing the browser refuses (a cross-origin image taints the canvas)
 * leaves `png` null and says why.
 */
export async function captureElement(
  element: Element | undefined,
  picture: boolean,
  /** The inspector's own elements (outlines, badges), left out of the picture. */
  isOverlay: (element: Element) => boolean,
): Promise<CapturedElement> {
  if (!element) return { outerHTML: null, png: null, pngError: 'The element is not on the page.' }
  const html = element.outerHTML
  const outerHTML = html.length > MAX_AGENT_HTML_CHARS ? `${html.slice(0, MAX_AGENT_HTML_CHARS)}…` : html
  if (!picture) return { outerHTML, png: null }
  const view = element.ownerDocument.defaultView
  if (!view || !(element instanceof view.HTMLElement)) {
    return { outerHTML, png: null, pngError: 'Only HTML elements are drawn (this one is SVG or MathML).' }
  }
  const box = element.getBoundingClientRect()
  if (box.width < 1 || box.height < 1)
    return { outerHTML, png: null, pngError: 'The element has no size on the page.' }
  const scale = Math.min(1, AGENT_PNG_MAX_SIDE / Math.max(box.width, box.height))
  try {
    const png = await toPng(element, {
      pixelRatio: scale,
      skipFonts: true,
      filter: (node) => !(node instanceof view.Element && isOverlay(node)),
    })
    return { outerHTML, png }
  } catch (error) {
    return {
      outerHTML,
      png: null,
      pngError: `The browser would not draw it: ${error instanceof Error ? error.message : String(error)}`,
    }
  }
}
