import type { Analytics } from './analytics.ts'
import { toCsv } from './csv.ts'

/** Export's header: admin_analytics' `series` keys, in the contract's order. */
export const ANALYTICS_CSV_COLUMNS = [
  'date',
  'new_users',
  'new_listings',
  'revenue',
  'payments',
  'new_subscriptions',
] as const

/**
 * Export's file for the shown range: the header, then one row per day of the series (every day of the
 * range, zeros included, oldest first), named after the range.
 *   2026-11-21 to 2026-11-27  ->  marketplace-analytics-2026-11-21-to-2026-11-27.csv
 *                                 date,new_users,new_listings,revenue,payments,new_subscriptions
 *                                 2026-11-21,2,5,499,1,1 ... (7 rows)
 */
export function analyticsCsv(analytics: Pick<Analytics, 'range' | 'series'>): {
  fileName: string
  text: string
} {
  const { from, to } = analytics.range
  const rows = analytics.series.map((day) => [
    day.date,
    day.newUsers,
    day.newListings,
    day.revenue,
    day.payments,
    day.newSubscriptions,
  ])
  return { fileName: `marketplace-analytics-${from}-to-${to}.csv`, text: toCsv(ANALYTICS_CSV_COLUMNS, rows) }
}
