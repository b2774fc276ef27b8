import type { SupabaseClient } from '@supabase/supabase-js'

/** The Dashboard's figures (admin_dashboard_stats): counts now, and the last 30 days against the 30 before. */
export interface DashboardStats {
  users: {
    total: number
    active: number
    suspended: number
    pending: number
    newLast30Days: number
    newPrevious30Days: number
  }
  listings: {
    total: number
    pending: number
    approved: number
    rejected: number
    reported: number
    newLast30Days: number
    newPrevious30Days: number
  }
  /** Rupees of successful payments. */
  revenue: { total: number; last30Days: number; previous30Days: number }
  subscriptions: { active: number }
}

/** One line of the recent activity (admin_recent_activity): an admin's action or a marketplace event. */
export interface ActivityEvent {
  at: string
  action: string
  byAdmin: boolean
  actorName: string | null
  targetType: 'listing' | 'user' | 'plan' | 'subscription' | 'newsletter' | 'settings'
  targetId: string
  targetLabel: string
  detail: Record<string, unknown>
}

/** How many activity lines the Dashboard shows. */
const ACTIVITY_ROWS = 10

interface StatsRow {
  users: {
    total: number
    active: number
    suspended: number
    pending: number
    new_last_30_days: number
    new_previous_30_days: number
  }
  listings: {
    total: number
    pending: number
    approved: number
    rejected: number
    reported: number
    new_last_30_days: number
    new_previous_30_days: number
  }
  revenue: { total: number | string; last_30_days: number | string; previous_30_days: number | string }
  subscriptions: { active: number }
}

interface ActivityRow {
  at: string
  action: string
  by_admin: boolean
  actor_name: string | null
  target_type: ActivityEvent['targetType']
  target_id: string
  target_label: string | null
  detail: Record<string, unknown> | null
}

const statsFromRow = ({ users, listings, revenue, subscriptions }: StatsRow): DashboardStats => ({
  users: {
    total: users.total,
    active: users.active,
    suspended: users.suspended,
    pending: users.pending,
    newLast30Days: users.new_last_30_days,
    newPrevious30Days: users.new_previous_30_days,
  },
  listings: {
    total: listings.total,
    pending: listings.pending,
    approved: listings.approved,
    rejected: listings.rejected,
    reported: listings.reported,
    newLast30Days: listings.new_last_30_days,
    newPrevious30Days: listings.new_previous_30_days,
  },
  // numeric sums may come as text (PostgREST keeps big numerics exact).
  revenue: {
    total: Number(revenue.total),
    last30Days: Number(revenue.last_30_days),
    previous30Days: Number(revenue.previous_30_days),
  },
  subscriptions: { active: subscriptions.active },
})

const eventFromRow = (row: ActivityRow): ActivityEvent => ({
  at: row.at,
  action: row.action,
  byAdmin: row.by_admin,
  actorName: row.actor_name,
  targetType: row.target_type,
  targetId: row.target_id,
  targetLabel: row.target_label ?? '',
  detail: row.detail ?? {},
})

/** The Dashboard's reads, through the database's admin functions (each checks that the caller is an admin). */
export class AdminDashboard {
  constructor(private readonly client: SupabaseClient) {}

  async stats(): Promise<DashboardStats> {
    const { data, error } = await this.client.rpc('admin_dashboard_stats')
    if (error) throw new Error(error.message)
    return statsFromRow(data as StatsRow)
  }

  /** The newest events first. */
  async activity(rows = ACTIVITY_ROWS): Promise<ActivityEvent[]> {
    const { data, error } = await this.client.rpc('admin_recent_activity', { max_rows: rows })
    if (error) throw new Error(error.message)
    return (data as ActivityRow[]).map(eventFromRow)
  }
}
