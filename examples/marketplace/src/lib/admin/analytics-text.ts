import { formatPrice } from '../format.ts'
import { percentChange } from './activity-text.ts'
import type { AnalyticsDay } from './analytics.ts'
import type { DateSpan } from './date-range.ts'

/** A figure of the range against the same number of days just before it; 'none' when those had nothing. */
export type PeriodChange = { kind: 'none' } | { kind: 'up' | 'down' | 'same'; percent: number }

/** 15 after 10 is up 50%; 10 after 0 has no earlier data to compare with. */
export function periodChange(now: number, before: number): PeriodChange {
  const percent = percentChange(now, before)
  if (percent === null) return { kind: 'none' }
  return { kind: now > before ? 'up' : now < before ? 'down' : 'same', percent: Math.abs(percent) }
}

// The range's days are UTC dates: shown in UTC, so no day moves in a time zone west of Greenwich.
const utc = (date: string) => new Date(`${date}T00:00:00Z`)
const SHORT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
const SHORT_YEAR = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: '2-digit',
  timeZone: 'UTC',
})
const FULL = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})
const WEEKDAY = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/** An x-axis tick: `27 Nov`, or `27 Nov 26` when the range crosses a new year. */
export const dayTick = (date: string, withYear: boolean) => (withYear ? SHORT_YEAR : SHORT).format(utc(date))

/** A day in full, for tooltips and tables: `Fri, 27 Nov 2026`. */
export const dayInFull = (date: string) => WEEKDAY.format(utc(date))

/** Whether a range's ticks need the year: it starts in one year and ends in another. */
export const crossesYear = (span: DateSpan) => span.from.slice(0, 4) !== span.to.slice(0, 4)

/** The shown range: `21 Nov – 27 Nov 2026`, `28 Nov 2025 – 27 Nov 2026`, one day `27 Nov 2026`. */
export function rangeText(span: DateSpan): string {
  if (span.from === span.to) return FULL.format(utc(span.to))
  const from = crossesYear(span) ? FULL.format(utc(span.from)) : SHORT.format(utc(span.from))
  return `${from} – ${FULL.format(utc(span.to))}`
}

const COMPACT_RUPEES = new Intl.NumberFormat('en-IN', {
  notation: 'compact',
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 1,
  minimumFractionDigits: 0,
})

/** A revenue axis' tick: `₹1.5K`, `₹25L`, `₹1.2Cr` (Indian units). */
export const compactRupees = (rupees: number) => COMPACT_RUPEES.format(rupees)

/** A count as the page writes it: `12,34,567` (Indian digit grouping). */
export const count = (value: number) => value.toLocaleString('en-IN')

/**
 * A per-day chart's summary, read by everyone and by screen readers as the chart's description:
 *   '12 new listings in 7 days; the most on Fri, 27 Nov 2026 (5).'
 *   'No new listings in these 7 days.'
 */
export function seriesSummary(
  series: readonly AnalyticsDay[],
  pick: (day: AnalyticsDay) => number,
  what: { one: string; many: string; money?: boolean },
): string {
  const show = what.money ? formatPrice : count
  const days = series.length === 1 ? '1 day' : `${count(series.length)} days`
  let total = 0
  let busiest: AnalyticsDay | null = null
  for (const day of series) {
    total += pick(day)
    if (pick(day) > 0 && (busiest === null || pick(day) > pick(busiest))) busiest = day
  }
  if (busiest === null) return `No ${what.many} ${series.length === 1 ? 'on this day' : `in these ${days}`}.`
  const amount = what.money ? show(total) : `${show(total)} ${total === 1 ? what.one : what.many}`
  if (series.length === 1) return `${amount} in 1 day.`
  return `${amount} in ${days}; the most on ${dayInFull(busiest.date)} (${show(pick(busiest))}).`
}

const METHODS: Record<string, string> = { card: 'Card', paypal: 'PayPal' }

/** A payment method's name: `card` is Card, `paypal` PayPal, none recorded is 'Not recorded'. */
export function paymentMethodName(method: string | null): string {
  if (!method) return 'Not recorded'
  return METHODS[method] ?? method.charAt(0).toUpperCase() + method.slice(1)
}

/**
 * A breakdown's figures in a sentence, biggest first as given; 'none' when every figure is 0:
 *   [Card ₹3,998, PayPal ₹999]  ->  'Card ₹3,998, PayPal ₹999'
 */
export function breakdownText(
  rows: readonly { label: string; value: number }[],
  show: (value: number) => string = count,
): string {
  const some = rows.filter((row) => row.value > 0)
  return some.length === 0 ? 'none' : some.map((row) => `${row.label} ${show(row.value)}`).join(', ')
}

/** Analytics' tabs (spec section 2), Overview first. */
export const ANALYTICS_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'users', label: 'Users' },
  { id: 'listings', label: 'Listings' },
  { id: 'revenue', label: 'Revenue' },
] as const
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number]['id']
