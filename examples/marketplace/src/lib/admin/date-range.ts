/** Analytics' ranges (spec section 2): the last 7, 30 or 90 days, the last year, or chosen dates. */
export const DATE_RANGES = [
  { id: '7d', label: '7 days', days: 7 },
  { id: '30d', label: '30 days', days: 30 },
  { id: '90d', label: '90 days', days: 90 },
  { id: 'year', label: 'Year', days: 365 },
  { id: 'custom', label: 'Custom', days: null },
] as const
export type DateRangeId = (typeof DATE_RANGES)[number]['id']

/** Inclusive calendar dates, `YYYY-MM-DD` in UTC. */
export interface DateSpan {
  from: string
  to: string
}

/** The longest custom range: two years of days, which a chart still shows one point a day. */
export const MAX_CUSTOM_DAYS = 731

const DAY_MS = 86_400_000
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10)

function dayTime(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null
  const time = Date.parse(`${value}T00:00:00Z`)
  return Number.isNaN(time) || isoDay(time) !== value ? null : time
}

/** Days in the span, both ends counted. */
export const spanDays = (span: DateSpan) =>
  Math.round(((dayTime(span.to) ?? 0) - (dayTime(span.from) ?? 0)) / DAY_MS) + 1

/**
 * The dates a range covers, ending today (`now`, UTC): '7d' is today and the 6 days before it. A
 * custom range is checked: real dates, from not after to, not in the future, at most MAX_CUSTOM_DAYS;
 * a problem is the message to show.
 */
export function rangeSpan(
  id: DateRangeId,
  now: Date,
  custom?: { from: string; to: string },
): DateSpan | { problem: string } {
  const today = isoDay(now.getTime())
  const range = DATE_RANGES.find((entry) => entry.id === id)
  if (range && range.days !== null) {
    return { from: isoDay(Date.parse(`${today}T00:00:00Z`) - (range.days - 1) * DAY_MS), to: today }
  }
  const from = dayTime(custom?.from ?? '')
  const to = dayTime(custom?.to ?? '')
  if (from === null || to === null) return { problem: 'Choose a start and an end date' }
  if (from > to) return { problem: 'The start date is after the end date' }
  if (to > Date.parse(`${today}T00:00:00Z`)) return { problem: 'The end date is in the future' }
  const span = { from: isoDay(from), to: isoDay(to) }
  if (spanDays(span) > MAX_CUSTOM_DAYS) return { problem: `Choose at most ${MAX_CUSTOM_DAYS} days` }
  return span
}
