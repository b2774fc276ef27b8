import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, test } from 'vitest'
import { AdminAnalytics, type AnalyticsRow, analyticsFromRow } from './analytics.ts'
import { ANALYTICS_CSV_COLUMNS, analyticsCsv } from './analytics-csv.ts'

const zero = { new_users: 0, new_listings: 0, revenue: 0, payments: 0, new_subscriptions: 0 }

// A three-day answer as admin_analytics writes it; a big numeric sum comes as text.
const row: AnalyticsRow = {
  range: { from: '2026-11-25', to: '2026-11-27', days: 3 },
  totals: { new_users: 3, new_listings: 5, revenue: '1498.00', payments: 2, new_subscriptions: 1 },
  previous: { ...zero, new_listings: 2 },
  series: [
    { date: '2026-11-25', ...zero, new_users: 1 },
    { date: '2026-11-26', ...zero },
    {
      date: '2026-11-27',
      new_users: 2,
      new_listings: 5,
      revenue: 1498,
      payments: 2,
      new_subscriptions: 1,
    },
  ],
  listings_by_category: [
    { category: 'Furniture', listings: 4 },
    { category: 'Vehicles', listings: 1 },
  ],
  listings_by_status: { pending: 3, approved: 1, rejected: 1, reported: 1 },
  users_by_role: { customer: 2, premium: 0, admin: 1 },
  revenue_by_method: [
    { method: 'card', revenue: '999', payments: 1 },
    { method: null, revenue: 499, payments: 1 },
  ],
  subscriptions_by_plan: [{ plan_id: 'basic', plan_name: null, subscriptions: 1, amount: '499.00' }],
}

describe('admin_analytics in camelCase', () => {
  test('every part is mapped, amounts as numbers', () => {
    const analytics = analyticsFromRow(row)
    expect(analytics.range).toEqual({ from: '2026-11-25', to: '2026-11-27', days: 3 })
    expect(analytics.totals).toEqual({
      newUsers: 3,
      newListings: 5,
      revenue: 1498,
      payments: 2,
      newSubscriptions: 1,
    })
    expect(analytics.previous.newListings).toBe(2)
    expect(analytics.series.map((day) => [day.date, day.newUsers, day.revenue])).toEqual([
      ['2026-11-25', 1, 0],
      ['2026-11-26', 0, 0],
      ['2026-11-27', 2, 1498],
    ])
    expect(analytics.listingsByCategory[0]).toEqual({ category: 'Furniture', listings: 4 })
    expect(analytics.listingsByStatus.reported).toBe(1)
    expect(analytics.usersByRole).toEqual({ customer: 2, premium: 0, admin: 1 })
    expect(analytics.revenueByMethod).toEqual([
      { method: 'card', revenue: 999, payments: 1 },
      { method: null, revenue: 499, payments: 1 },
    ])
    // A plan without a stored name is shown by its id.
    expect(analytics.subscriptionsByPlan).toEqual([
      { planId: 'basic', planName: 'basic', subscriptions: 1, amount: 499 },
    ])
  })

  test('the read asks for the span and passes the database message on', async () => {
    const calls: unknown[] = []
    const answering = (answer: { data: unknown; error: { message: string } | null }) =>
      ({
        rpc: async (name: string, args: unknown) => {
          calls.push([name, args])
          return answer
        },
      }) as unknown as SupabaseClient

    const read = await new AdminAnalytics(answering({ data: row, error: null })).read({
      from: '2026-11-25',
      to: '2026-11-27',
    })
    expect(read.totals.newListings).toBe(5)
    expect(calls).toEqual([['admin_analytics', { from_date: '2026-11-25', to_date: '2026-11-27' }]])

    const refused = new AdminAnalytics(
      answering({ data: null, error: { message: 'Only an admin can read the analytics' } }),
    )
    await expect(refused.read({ from: '2026-11-25', to: '2026-11-27' })).rejects.toThrow(
      'Only an admin can read the analytics',
    )
  })
})

describe("Export's CSV", () => {
  test("the contract's columns, then one row per day of the range, named after the range", () => {
    const { fileName, text } = analyticsCsv(analyticsFromRow(row))
    expect(fileName).toBe('marketplace-analytics-2026-11-25-to-2026-11-27.csv')
    expect(text).toBe(
      [
        'date,new_users,new_listings,revenue,payments,new_subscriptions',
        '2026-11-25,1,0,0,0,0',
        '2026-11-26,0,0,0,0,0',
        '2026-11-27,2,5,1498,2,1',
        '',
      ].join('\r\n'),
    )
    // The header is the series' own keys, so the file reads the same as the database's answer.
    expect([...ANALYTICS_CSV_COLUMNS].sort()).toEqual(Object.keys(row.series[0] ?? {}).sort())
  })

  test('an empty range still has its header', () => {
    const { text } = analyticsCsv({ range: { from: '2026-11-27', to: '2026-11-27', days: 1 }, series: [] })
    expect(text).toBe('date,new_users,new_listings,revenue,payments,new_subscriptions\r\n')
  })
})
