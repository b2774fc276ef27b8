import type { SupabaseClient } from '@supabase/supabase-js'
import type { DateSpan } from './date-range.ts'

/** What the marketplace did in a stretch of days: the figures each stat card and chart counts. */
export interface AnalyticsFigures {
  newUsers: number
  newListings: number
  /** Rupees of successful payments. */
  revenue: number
  /** How many successful payments. */
  payments: number
  newSubscriptions: number
}

/** One UTC day of the range (`date` is `YYYY-MM-DD`), zeros included. */
export interface AnalyticsDay extends AnalyticsFigures {
  date: string
}

/** The listings' states the admin's way; `reported` overlaps the other three. */
export interface ListingsByStatus {
  pending: number
  approved: number
  rejected: number
  reported: number
}

export interface UsersByRole {
  customer: number
  premium: number
  admin: number
}

/** admin_analytics' answer for a range (docs/MARKETPLACE-BACKEND.md, "Analytics"). */
export interface Analytics {
  range: DateSpan & { days: number }
  totals: AnalyticsFigures
  /** The same figures for the same number of days just before the range. */
  previous: AnalyticsFigures
  /** Every day of the range, oldest first. */
  series: AnalyticsDay[]
  /** Most listings first. */
  listingsByCategory: { category: string; listings: number }[]
  listingsByStatus: ListingsByStatus
  usersByRole: UsersByRole
  /** Most revenue first; `method` is null for a payment that recorded none. */
  revenueByMethod: { method: string | null; revenue: number; payments: number }[]
  /** Most subscriptions first. */
  subscriptionsByPlan: { planId: string; planName: string; subscriptions: number; amount: number }[]
}

// numeric sums may come as text (PostgREST keeps big numerics exact).
type Amount = number | string

interface FiguresRow {
  new_users: number
  new_listings: number
  revenue: Amount
  payments: number
  new_subscriptions: number
}

/** The answer as the database writes it (snake_case). */
export interface AnalyticsRow {
  range: { from: string; to: string; days: number }
  totals: FiguresRow
  previous: FiguresRow
  series: (FiguresRow & { date: string })[]
  listings_by_category: { category: string; listings: number }[]
  listings_by_status: ListingsByStatus
  users_by_role: UsersByRole
  revenue_by_method: { method: string | null; revenue: Amount; payments: number }[]
  subscriptions_by_plan: {
    plan_id: string
    plan_name: string | null
    subscriptions: number
    amount: Amount
  }[]
}

const figures = (row: FiguresRow): AnalyticsFigures => ({
  newUsers: row.new_users,
  newListings: row.new_listings,
  revenue: Number(row.revenue),
  payments: row.payments,
  newSubscriptions: row.new_subscriptions,
})

/** The database's answer in the app's camelCase, amounts as numbers. */
export function analyticsFromRow(row: AnalyticsRow): Analytics {
  return {
    range: row.range,
    totals: figures(row.totals),
    previous: figures(row.previous),
    series: row.series.map((day) => ({ date: day.date, ...figures(day) })),
    listingsByCategory: row.listings_by_category,
    listingsByStatus: row.listings_by_status,
    usersByRole: row.users_by_role,
    revenueByMethod: row.revenue_by_method.map((entry) => ({
      method: entry.method,
      revenue: Number(entry.revenue),
      payments: entry.payments,
    })),
    subscriptionsByPlan: row.subscriptions_by_plan.map((entry) => ({
      planId: entry.plan_id,
      planName: entry.plan_name || entry.plan_id,
      subscriptions: entry.subscriptions,
      amount: Number(entry.amount),
    })),
  }
}

/**
 * Analytics through the database's admin_analytics (issue 30): it checks that the caller is an admin,
 * and refuses a range the wrong way round or longer than 1096 days with a message for people.
 */
export class AdminAnalytics {
  constructor(private readonly client: SupabaseClient) {}

  async read(span: DateSpan): Promise<Analytics> {
    const { data, error } = await this.client.rpc('admin_analytics', {
      from_date: span.from,
      to_date: span.to,
    })
    if (error) throw new Error(error.message)
    return analyticsFromRow(data as AnalyticsRow)
  }
}
