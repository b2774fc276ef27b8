import { type HydrationReport, HydrationStatus, OutboundEvent } from '../../protocol/messages.ts'
import type { InspectorContext } from '../core/context.ts'

/**
 * The page's error state as its framework's overlay shows it: 'Hydration failed' in the message is a
 * hydration ERROR, any other overlay an OTHER_ERROR, no overlay NO_ERROR (docs/INSPECTOR.md, Ids and errors), with the
 * description, label and body the overlay shows. Every check sends its report as HYDRATION_STATUS,
 * NO_ERROR included, so an editor told about an error learns when it is gone.
 */
export function checkHydration(context: InspectorContext): HydrationReport {
  const root = errorOverlayRoot(context.doc)
  if (!root) {
    const report: HydrationReport = { status: HydrationStatus.NO_ERROR }
    context.send(OutboundEvent.HYDRATION_STATUS, report)
    return report
  }
  // The first selector, in this order, whose element has text (one querySelector with a selector list
  // would take the first match in page order, and stop at an empty one).
  const text = (...selectors: string[]) => {
    for (const selector of selectors) {
      const found = root.querySelector(selector)?.textContent?.trim()
      if (found) return found
    }
    return undefined
  }
  const report: HydrationReport = {
    status: /Hydration failed/i.test(root.textContent ?? '')
      ? HydrationStatus.ERROR
      : HydrationStatus.OTHER_ERROR,
    description:
      text('.message-body', '.message', '[data-nextjs-dialog-header]', 'h1') ??
      root.textContent?.trim() ??
      '',
  }
  const label = text('.plugin', '.file', '[data-nextjs-dialog-label]')
  const body = text('.frame', '.stack', '[data-nextjs-dialog-body]')
  if (label) report.label = label
  if (body) report.body = body
  context.send(OutboundEvent.HYDRATION_STATUS, report)
  return report
}

/**
 * Vite's error overlay, or a Next.js portal that holds an error dialog (Next's dev indicator lives in
 * a `nextjs-portal` too, without one).
 */
function errorOverlayRoot(doc: Document): ParentNode | null {
  const vite = doc.querySelector('vite-error-overlay')
  if (vite) return vite.shadowRoot ?? vite
  for (const portal of doc.querySelectorAll('nextjs-portal')) {
    const root = portal.shadowRoot ?? portal
    if (root.querySelector('[data-nextjs-dialog], [data-nextjs-dialog-header]')) return root
  }
  return null
}
