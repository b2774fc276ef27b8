import { PAYMENTS_PER_PAGE } from './card-payment.ts'
import type { PaymentRecord } from './subscription.ts'

export const PAYMENT_STATUSES = ['all', 'successful', 'pending', 'failed'] as const
export type PaymentStatusFilter = (typeof PAYMENT_STATUSES)[number]

/** One page of Payment History: its rows, the page shown (0-based) and how many pages there are. */
export interface PaymentsPage {
  rows: PaymentRecord[]
  page: number
  pages: number
  matching: number
}

/**
 * Payment History's table (spec section 2): the payments whose description or id holds the search
 * text (case-insensitive) and whose status is the filter's, PAYMENTS_PER_PAGE a page. A page past the
 * last (the filter narrowed the list) shows the last; there is always one page, empty or not.
 */
export function paymentsPage(
  payments: readonly PaymentRecord[],
  filter: { search: string; status: PaymentStatusFilter },
  page: number,
): PaymentsPage {
  const text = filter.search.trim().toLowerCase()
  const matching = payments.filter(
    (payment) =>
      (filter.status === 'all' || payment.status === filter.status) &&
      (text === '' ||
        payment.description.toLowerCase().includes(text) ||
        payment.id.toLowerCase().includes(text)),
  )
  const pages = Math.max(1, Math.ceil(matching.length / PAYMENTS_PER_PAGE))
  const shown = Math.min(Math.max(0, Math.trunc(page)), pages - 1)
  return {
    rows: matching.slice(shown * PAYMENTS_PER_PAGE, (shown + 1) * PAYMENTS_PER_PAGE),
    page: shown,
    pages,
    matching: matching.length,
  }
}
