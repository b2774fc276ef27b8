import type { SupabaseClient } from '@supabase/supabase-js'
import type { Plan } from '../../data/plans.ts'
import { formatDate, formatPrice } from '../format.ts'
import { ADMIN_PAGE_SIZE } from './admin-listings.ts'
import { PLAN_RULES, wholeNumber } from './admin-plans.ts'

/** The User Subscriptions tab's status filter (spec section 4: active, expired, cancelled). */
export const SUBSCRIPTION_STATUSES = [
  { id: 'active', label: 'Active' },
  { id: 'expired', label: 'Expired' },
  { id: 'cancelled', label: 'Cancelled' },
] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]['id']

/** How many users the Add Subscription dialog suggests for what is typed. */
const USER_SUGGESTIONS = 10

/** A user subscription (spec section 3), with the subscriber's e-mail. */
export interface AdminSubscription {
  id: string
  userId: string
  userName: string
  userEmail: string
  planId: string
  planName: string
  /** ISO timestamps; no end date is Never. */
  startDate: string
  endDate: string | null
  status: SubscriptionStatus
  autoRenew: boolean
  amount: number
}

export interface AdminSubscriptionsPage {
  total: number
  subscriptions: AdminSubscription[]
}

/** A user the Add Subscription dialog may choose. */
export interface UserChoice {
  id: string
  name: string
  email: string
  role: 'customer' | 'premium' | 'admin'
}

/** The Add Subscription form as typed: days as `<input type="date">` gives them (`YYYY-MM-DD`, local). */
export interface SubscriptionDraft {
  user: UserChoice | null
  planId: string
  /** '' starts it now. */
  startDate: string
  /** '' ends it by the plan: 30 days after the start for a monthly plan, a year for a yearly one, Never for a forever one. */
  endDate: string
  autoRenew: boolean
  amount: string
}

/** What admin_add_subscription is given: a checked draft. */
export interface SubscriptionInput {
  userId: string
  planId: string
  /** ISO timestamps; null lets the database decide (now; by the plan). */
  startDate: string | null
  endDate: string | null
  autoRenew: boolean
  amount: number
}

export type SubscriptionField = 'user' | 'plan' | 'startDate' | 'endDate' | 'amount'

/** An end date as the admin's list shows it: 'Never' when there is none (spec section 3). */
export function formatEndDate(endDate: string | null): string {
  return endDate === null ? 'Never' : formatDate(endDate)
}

/** A day of the local calendar as `YYYY-MM-DD` (what a date input holds). */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The start (local midnight) of a `YYYY-MM-DD` day. */
export function startOfDay(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  return new Date(year, month - 1, date)
}

/**
 * When a subscription to a plan of `period` started at `start` ends if no end date is given, as
 * admin_add_subscription decides: 30 days for a monthly plan (spec section 4), a year for a yearly
 * one, never (null) for a forever one.
 */
export function defaultEndDate(period: Plan['period'], start: Date): Date | null {
  if (period === 'forever') return null
  const end = new Date(start)
  if (period === 'month') end.setDate(end.getDate() + 30)
  else end.setFullYear(end.getFullYear() + 1)
  return end
}

/**
 * The draft checked against admin_add_subscription's rules, each problem said at its field, or the
 * input to send. `now` is the moment it is checked. A start of today is now (null); a day chosen is
 * its local midnight, and so is an end day (the subscription ends as that day begins).
 */
export function checkSubscriptionDraft(
  draft: SubscriptionDraft,
  plans: readonly Plan[],
  now: Date,
):
  | { ok: true; input: SubscriptionInput }
  | { ok: false; problems: Partial<Record<SubscriptionField, string>> } {
  const problems: Partial<Record<SubscriptionField, string>> = {}
  const today = localDay(now)
  if (!draft.user) problems.user = 'Choose a user from the suggestions'
  const plan = plans.find((entry) => entry.id === draft.planId)
  if (!plan) problems.plan = 'Choose a plan'

  const start = draft.startDate === '' || draft.startDate === today ? null : startOfDay(draft.startDate)
  if (draft.startDate > today) problems.startDate = 'A subscription added here starts today or earlier'

  const end = draft.endDate === '' ? null : startOfDay(draft.endDate)
  if (draft.endDate !== '' && draft.endDate <= today) problems.endDate = 'The end date is after today'
  else if (draft.endDate !== '' && draft.startDate !== '' && draft.endDate <= draft.startDate)
    problems.endDate = 'The end date is after the start date'
  else if (end === null && plan && !problems.startDate) {
    const byPlan = defaultEndDate(plan.period, start ?? now)
    if (byPlan !== null && byPlan <= now)
      problems.endDate = `Started then, the plan's ${plan.period === 'month' ? '30 days' : 'year'} ended on ${formatDate(byPlan.toISOString())}: choose an end date after today`
  }

  const amount = wholeNumber(draft.amount)
  if (amount === null) problems.amount = 'Enter the amount in whole rupees, 0 or more'
  else if (amount > PLAN_RULES.maxPrice)
    problems.amount = `The amount is at most ${formatPrice(PLAN_RULES.maxPrice)}`

  if (!draft.user || !plan || amount === null || Object.keys(problems).length > 0)
    return { ok: false, problems }
  return {
    ok: true,
    input: {
      userId: draft.user.id,
      planId: plan.id,
      startDate: start?.toISOString() ?? null,
      endDate: end?.toISOString() ?? null,
      autoRenew: draft.autoRenew,
      amount,
    },
  }
}

/** The database's messages (admin_add_subscription) by the field they are about. */
const FIELD_MESSAGES: readonly [prefix: string, field: SubscriptionField][] = [
  ['No user', 'user'],
  ['No plan', 'plan'],
  ['A subscription added by an admin starts', 'startDate'],
  ["A subscription's end date", 'endDate'],
  ["A subscription's amount", 'amount'],
]

/** The field a database message is about, to show it there; null for the form as a whole. */
export function subscriptionErrorField(message: string): SubscriptionField | null {
  return FIELD_MESSAGES.find(([prefix]) => message.startsWith(prefix))?.[1] ?? null
}

interface SubscriptionRow {
  id: string
  user_id: string
  user_name: string
  user_email: string
  plan_id: string
  plan_name: string
  start_date: string
  end_date: string | null
  status: SubscriptionStatus
  auto_renew: boolean
  amount: number | string
}

const fromRow = (row: SubscriptionRow): AdminSubscription => ({
  id: row.id,
  userId: row.user_id,
  userName: row.user_name,
  userEmail: row.user_email,
  planId: row.plan_id,
  planName: row.plan_name,
  startDate: row.start_date,
  endDate: row.end_date,
  status: row.status,
  autoRenew: row.auto_renew,
  amount: Number(row.amount),
})

/**
 * The User Subscriptions tab through the database's admin functions (admin_subscriptions,
 * admin_add_subscription, and admin_users for the user to add one for; issue 30). The database's
 * error message is passed on: it is written for people.
 */
export class AdminSubscriptions {
  constructor(private readonly client: SupabaseClient) {}

  /** A page of 10, latest start first; `q` a part of the subscriber's name or e-mail or the plan's name. */
  async page(query: {
    q: string
    status: SubscriptionStatus | 'all'
    page: number
  }): Promise<AdminSubscriptionsPage> {
    const { data, error } = await this.client.rpc('admin_subscriptions', {
      q: query.q.trim() || null,
      status_filter: query.status === 'all' ? null : query.status,
      max_rows: ADMIN_PAGE_SIZE,
      skip_rows: query.page * ADMIN_PAGE_SIZE,
    })
    if (error) throw new Error(error.message)
    const answer = data as { total: number; subscriptions: SubscriptionRow[] }
    return { total: answer.total, subscriptions: answer.subscriptions.map(fromRow) }
  }

  /** Up to 10 users whose name, e-mail or phone contains `q` (the newest accounts when it is blank). */
  async suggestUsers(q: string): Promise<UserChoice[]> {
    const { data, error } = await this.client.rpc('admin_users', {
      q: q.trim() || null,
      max_rows: USER_SUGGESTIONS,
    })
    if (error) throw new Error(error.message)
    return (data as { users: UserChoice[] }).users.map(({ id, name, email, role }) => ({
      id,
      name,
      email,
      role,
    }))
  }

  /** Puts the user on the plan now (their active subscription is cancelled); the new subscription. */
  async add(input: SubscriptionInput): Promise<AdminSubscription> {
    const { data, error } = await this.client.rpc('admin_add_subscription', {
      target_user: input.userId,
      plan_id: input.planId,
      start_date: input.startDate,
      end_date: input.endDate,
      auto_renew: input.autoRenew,
      amount: input.amount,
    })
    if (error) throw new Error(error.message)
    return fromRow(data as SubscriptionRow)
  }
}
