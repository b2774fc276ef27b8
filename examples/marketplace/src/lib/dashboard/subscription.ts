import type { SupabaseClient } from '@supabase/supabase-js'
import type { Plan } from '../../data/plans.ts'
import { PLAN_COLUMNS, type PlanRow, planFromRow } from '../plans/plan-rows.ts'
import type { PaymentMethod } from './card-payment.ts'

/** A row of `public.subscriptions`. */
export interface SubscriptionRow {
  id: string
  plan_id: string
  plan_name: string
  start_date: string
  end_date: string | null
  status: 'active' | 'expired' | 'cancelled'
  auto_renew: boolean
  amount: number | string
}

/** A payment record (spec section 3). */
export interface PaymentRecord {
  id: string
  date: string
  amount: number
  description: string
  status: 'successful' | 'pending' | 'failed'
  invoiceUrl: string
}

/** What Subscription shows: the plan the user is on, its subscription (none on Free), the listings used. */
export interface CurrentSubscription {
  plan: Plan
  subscription: SubscriptionRow | null
  listingsUsed: number
}

const fail = (error: { message: string } | null) => {
  if (error) throw new Error(error.message)
}

/**
 * The signed-in user's plan, subscription and payments (issue 29) through supabase-js: the plans are
 * the database's, a change records its (simulated) payment and runs 30 days, all in `change_plan`.
 */
export class Subscriptions {
  constructor(private readonly client: SupabaseClient) {}

  /** The plans a user may choose (the active ones, as the admin left them), in their order. */
  async plans(): Promise<Plan[]> {
    const { data, error } = await this.client
      .from('plans')
      .select(PLAN_COLUMNS)
      .eq('is_active', true)
      .order('sort_order')
      .order('id')
    fail(error)
    return (data as PlanRow[]).map(planFromRow)
  }

  async current(): Promise<CurrentSubscription> {
    const [plan, used, subscription] = await Promise.all([
      this.client.rpc('current_plan'),
      this.client.rpc('listings_used'),
      this.client
        .from('subscriptions')
        .select('*')
        .order('start_date', { ascending: false })
        .limit(1)
        .maybeSingle(),
    ])
    fail(plan.error)
    fail(used.error)
    fail(subscription.error)
    return {
      plan: planFromRow(plan.data as PlanRow),
      subscription: (subscription.data as SubscriptionRow | null) ?? null,
      listingsUsed: Number(used.data),
    }
  }

  async changePlan(planId: string, method: PaymentMethod): Promise<SubscriptionRow> {
    const { data, error } = await this.client.rpc('change_plan', { new_plan: planId, method })
    fail(error)
    return data as SubscriptionRow
  }

  async cancel(): Promise<SubscriptionRow> {
    const { data, error } = await this.client.rpc('cancel_subscription')
    fail(error)
    return data as SubscriptionRow
  }

  /** The user's payment records, newest first. */
  async payments(): Promise<PaymentRecord[]> {
    const { data, error } = await this.client.from('payments').select('*').order('date', { ascending: false })
    fail(error)
    return (
      data as {
        id: string
        date: string
        amount: number | string
        description: string
        status: PaymentRecord['status']
        invoice_url: string
      }[]
    ).map((row) => ({
      id: row.id,
      date: row.date,
      amount: Number(row.amount),
      description: row.description,
      status: row.status,
      invoiceUrl: row.invoice_url,
    }))
  }
}
