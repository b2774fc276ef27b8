import { HydrationStatus, OutboundEvent } from '../protocol/messages.ts'
import type { InspectorContext } from './context.ts'

export interface HydrationReport {
  status: HydrationStatus
  description?: string
  label?: string
  body?: string
}

/**
 * The page's error state as its framework's overlay shows it: 'Hydration failed' in the message is a
 * hydration ERROR, any other overlay an OTHER_ERROR, no overlay NO_ERROR (spec section 4).
 */
export function checkHydration(context: InspectorContext): HydrationReport {
  const overlay = context.doc.querySelector('vite-error-overlay, nextjs-portal')
  const root = overlay?.shadowRoot ?? overlay
  if (!root) return { status: HydrationStatus.NO_ERROR }
  const text = (selector: string) => root.querySelector(selector)?.textContent?.trim() || undefined
  const description = text('.message, [data-nextjs-dialog-header], h1') ?? root.textContent?.trim() ?? ''
  const report: HydrationReport = {
    status: /Hydration failed/i.test(root.textContent ?? '')
      ? HydrationStatus.ERROR
      : HydrationStatus.OTHER_ERROR,
    description,
  }
  const label = text('.plugin, .file, [data-nextjs-dialog-label]')
  const body = text('.stack, .frame, [data-nextjs-dialog-body]')
  if (label) report.label = label
  if (body) report.body = body
  context.send(OutboundEvent.HYDRATION_STATUS, report)
  return report
}
