import { describe, expect, test } from 'vitest'
import type { AnalyticsDay } from './analytics.ts'
import {
  breakdownText,
  compactRupees,
  crossesYear,
  dayInFull,
  dayTick,
  paymentMethodName,
  periodChange,
  rangeText,
  seriesSummary,
} from './analytics-text.ts'

const day = (date: string, fields: Partial<AnalyticsDay> = {}): AnalyticsDay => ({
  date,
  newUsers: 0,
  newListings: 0,
  revenue: 0,
  payments: 0,
  newSubscriptions: 0,
  ...fields,
})

test('a change against the period before: up, down, the same, or nothing earlier', () => {
  expect(periodChange(15, 10)).toEqual({ kind: 'up', percent: 50 })
  expect(periodChange(5, 10)).toEqual({ kind: 'down', percent: 50 })
  expect(periodChange(10, 10)).toEqual({ kind: 'same', percent: 0 })
  expect(periodChange(3, 0)).toEqual({ kind: 'none' })
  expect(periodChange(0, 0)).toEqual({ kind: 'none' })
  // A small rise is still a rise, even when it rounds to 0%.
  expect(periodChange(1001, 1000)).toEqual({ kind: 'up', percent: 0 })
})

describe('dates, in UTC whatever the time zone', () => {
  test('ticks, full days and the range', () => {
    expect(dayTick('2026-11-27', false)).toBe('27 Nov')
    expect(dayTick('2026-01-03', true)).toBe('3 Jan 26')
    expect(dayInFull('2026-11-27')).toBe('Fri, 27 Nov 2026')
    expect(rangeText({ from: '2026-11-21', to: '2026-11-27' })).toBe('21 Nov – 27 Nov 2026')
    expect(rangeText({ from: '2025-11-28', to: '2026-11-27' })).toBe('28 Nov 2025 – 27 Nov 2026')
    expect(rangeText({ from: '2026-11-27', to: '2026-11-27' })).toBe('27 Nov 2026')
    expect(crossesYear({ from: '2025-12-31', to: '2026-01-01' })).toBe(true)
    expect(crossesYear({ from: '2026-01-01', to: '2026-12-31' })).toBe(false)
  })
})

test('revenue ticks in Indian units, without needless decimals', () => {
  expect(compactRupees(0)).toBe('₹0')
  expect(compactRupees(1498)).toBe('₹1.5K')
  expect(compactRupees(2_500_000)).toBe('₹25L')
})

describe("a per-day chart's summary", () => {
  const week = [
    day('2026-11-25', { newListings: 1, revenue: 499 }),
    day('2026-11-26', { newListings: 3 }),
    day('2026-11-27', { newListings: 1, revenue: 1999 }),
  ]

  test('the total and the busiest day (the first of equals)', () => {
    expect(seriesSummary(week, (d) => d.newListings, { one: 'new listing', many: 'new listings' })).toBe(
      '5 new listings in 3 days; the most on Thu, 26 Nov 2026 (3).',
    )
    expect(seriesSummary(week, (d) => d.revenue, { one: 'revenue', many: 'revenue', money: true })).toBe(
      '₹2,498 in 3 days; the most on Fri, 27 Nov 2026 (₹1,999).',
    )
    expect(
      seriesSummary([day('2026-11-27', { newUsers: 1 })], (d) => d.newUsers, {
        one: 'new user',
        many: 'new users',
      }),
    ).toBe('1 new user in 1 day.')
  })

  test('an empty range says so', () => {
    expect(seriesSummary(week, (d) => d.newUsers, { one: 'new user', many: 'new users' })).toBe(
      'No new users in these 3 days.',
    )
    expect(
      seriesSummary([day('2026-11-27')], (d) => d.newUsers, { one: 'new user', many: 'new users' }),
    ).toBe('No new users on this day.')
  })
})

test('payment methods by name', () => {
  expect(paymentMethodName('card')).toBe('Card')
  expect(paymentMethodName('paypal')).toBe('PayPal')
  expect(paymentMethodName('upi')).toBe('Upi')
  expect(paymentMethodName(null)).toBe('Not recorded')
})

test('a breakdown in a sentence leaves out the zeros', () => {
  const rows = [
    { label: 'Card', value: 3998 },
    { label: 'PayPal', value: 0 },
    { label: 'Not recorded', value: 499 },
  ]
  expect(breakdownText(rows)).toBe('Card 3,998, Not recorded 499')
  expect(breakdownText([{ label: 'Admin', value: 0 }])).toBe('none')
})
