import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AdminFixture, addAshasPendingLamps, dataOf, openAdminFixture } from './admin-test-support.ts'
import { describeEachDatabase } from './test-databases.ts'

// The admin dashboard's data (issue 30), continued: the Subscriptions section's users' subscriptions,
// the dashboard's stat cards and Analytics. Who may call the admin functions at all:
// admin-dashboard.test.ts; Manage Users and plans: admin-dashboard-users.test.ts.

interface PlanRow {
  id: string
  name: string
  price: number
  period: string
  listing_limit: number
  features: { name: string; included: boolean }[]
  is_popular: boolean
  is_active: boolean
  description: string
  button_text: string
  sort_order: number
  user_count: number
}

interface SubscriptionRow {
  id: string
  user_id: string
  plan_id: string
  plan_name: string
  start_date: string
  end_date: string | null
  status: string
  auto_renew: boolean
  amount: number
  user_email: string
}

describeEachDatabase((database) => {
  let fx: AdminFixture

  beforeAll(async () => {
    fx = await openAdminFixture('admin-figures-', database)
    await addAshasPendingLamps(fx)
    // Bhim pays for Basic himself: a payment, a subscription.
    dataOf(await fx.as.b.rpc('change_plan', { new_plan: 'basic', method: 'card' }))
  })

  afterAll(async () => {
    await fx?.close()
  })

  const plans = async () => dataOf<PlanRow[]>(await fx.as.admin.rpc('admin_plans'))
  const plan = async (id: string) => (await plans()).find((row) => row.id === id)

  describe('Subscriptions: user subscriptions', () => {
    test('Add Subscription: the admin-only Business plan for a user, 30 days, no payment; the old one cancelled', async () => {
      const payments = async () =>
        (
          await fx.owner<{ n: number }>('select count(*)::int as n from public.payments where user_id = $1', [
            fx.ids.b,
          ])
        )[0]?.n
      const paid = await payments()
      const mark = await fx.lastAuditId()
      const made = dataOf<SubscriptionRow>(
        await fx.as.admin.rpc('admin_add_subscription', { target_user: fx.ids.b, plan_id: 'business' }),
      )
      expect(made).toMatchObject({
        user_id: fx.ids.b,
        user_name: 'Bhim',
        user_email: 'bhim30@example.com',
        plan_id: 'business',
        plan_name: 'Business',
        status: 'active',
        auto_renew: true,
        amount: 1999,
      })
      const days = (Date.parse(made.end_date ?? '') - Date.parse(made.start_date)) / 86_400_000
      expect(days).toBeCloseTo(30, 5)
      expect(await payments()).toBe(paid)
      expect((await fx.as.b.rpc('current_plan')).data).toMatchObject({ id: 'business' })
      expect(
        await fx.owner(
          'select plan_id, status from public.subscriptions where user_id = $1 order by start_date',
          [fx.ids.b],
        ),
      ).toEqual([
        { plan_id: 'basic', status: 'cancelled' },
        { plan_id: 'business', status: 'active' },
      ])
      expect(await fx.auditSince(mark)).toMatchObject([
        {
          action: 'subscription.add',
          target_type: 'subscription',
          target_id: made.id,
          target_label: 'Bhim',
          detail: { user_id: fx.ids.b, plan_id: 'business', amount: 1999 },
        },
      ])
      expect((await plan('business'))?.user_count).toBe(1)
    })

    test('its dates and amount: a forever plan never ends; the rules, each with its message', async () => {
      const free = dataOf<SubscriptionRow>(
        await fx.as.admin.rpc('admin_add_subscription', {
          target_user: fx.ids.a,
          plan_id: 'free',
          amount: 0,
        }),
      )
      expect(free).toMatchObject({ plan_id: 'free', end_date: null, auto_renew: false, amount: 0 })
      const before = await fx.snapshot()
      const past = new Date(Date.now() - 86_400_000).toISOString()
      const future = new Date(Date.now() + 86_400_000).toISOString()
      const cases: [Record<string, unknown>, string, string][] = [
        [{ end_date: past }, '22023', "A subscription's end date is after its start and after now"],
        [{ start_date: future }, '22023', 'A subscription added by an admin starts now or earlier'],
        [{ amount: -5 }, '22023', "A subscription's amount is 0 or more rupees (below 10,000,000,000)"],
        [{ plan_id: 'platinum' }, 'PT404', 'No plan platinum'],
        [
          { target_user: '30000000-0000-4000-8000-00000000ffff' },
          'PT404',
          'No user 30000000-0000-4000-8000-00000000ffff',
        ],
      ]
      for (const [change, code, message] of cases) {
        const answer = await fx.as.admin.rpc('admin_add_subscription', {
          target_user: fx.ids.a,
          plan_id: 'premium',
          ...change,
        })
        expect(answer.error, message).toMatchObject({ code, message })
      }
      expect(await fx.snapshot()).toBe(before)
    })

    test('the User Subscriptions tab: search, status filter, latest first', async () => {
      const page = async (args: Record<string, unknown>) =>
        dataOf<{ total: number; subscriptions: SubscriptionRow[] }>(
          await fx.as.admin.rpc('admin_subscriptions', args),
        )
      const all = await page({})
      expect(all.total).toBe(3)
      expect(all.subscriptions.map((row) => row.plan_id)).toEqual(['free', 'business', 'basic'])
      expect((await page({ q: 'BHIM30@' })).subscriptions.map((row) => [row.plan_id, row.status])).toEqual([
        ['business', 'active'],
        ['basic', 'cancelled'],
      ])
      expect((await page({ q: 'business', status_filter: 'active' })).total).toBe(1)
      expect((await page({ status_filter: 'cancelled' })).subscriptions.map((row) => row.user_email)).toEqual(
        ['bhim30@example.com'],
      )
      expect((await fx.as.admin.rpc('admin_subscriptions', { status_filter: 'paused' })).error).toMatchObject(
        {
          code: '22023',
          message: 'status_filter is active, expired or cancelled',
        },
      )
    })
  })

  describe('Dashboard and Analytics', () => {
    test('the stat cards, counted from the data', async () => {
      const stats = dataOf<{
        users: Record<string, number>
        listings: Record<string, number>
        revenue: Record<string, number>
        subscriptions: Record<string, number>
      }>(await fx.as.admin.rpc('admin_dashboard_stats'))
      const [truth] = await fx.owner<Record<string, number>>(
        `select (select count(*)::int from public.users) as users,
                (select count(*)::int from public.users where status = 'suspended') as suspended,
                (select count(*)::int from public.listings) as listings,
                (select count(*)::int from public.listings where status = 'pending') as pending,
                (select count(*)::int from public.listings where status in ('active', 'approved')) as approved,
                (select coalesce(sum(amount), 0)::float8 from public.payments where status = 'successful') as revenue`,
      )
      expect(stats.users).toMatchObject({ total: truth?.users, suspended: truth?.suspended })
      expect(stats.users.new_last_30_days).toBe(truth?.users)
      expect(stats.listings).toMatchObject({
        total: truth?.listings,
        pending: truth?.pending,
        approved: truth?.approved,
      })
      expect(stats.listings.pending).toBeGreaterThanOrEqual(3)
      expect(stats.revenue).toMatchObject({
        total: truth?.revenue,
        last_30_days: truth?.revenue,
        previous_30_days: 0,
      })
      expect(stats.subscriptions).toEqual({ active: 2 })
    })

    test('a range of days: every day in the series, totals, the period before, by category and method', async () => {
      await fx.owner(
        `insert into public.payments (id, user_id, date, amount, description, status, method) values
           ('PAYT1', $1, '2026-03-01T10:00:00Z', 499, 'Basic plan subscription', 'successful', 'card'),
           ('PAYT2', $1, '2026-03-03T23:30:00Z', 999, 'Premium plan subscription', 'successful', 'paypal'),
           ('PAYT3', $1, '2026-03-03T12:00:00Z', 999, 'Premium plan subscription', 'failed', 'card'),
           ('PAYT4', $1, '2026-02-27T12:00:00Z', 499, 'Basic plan subscription', 'successful', 'card')`,
        [fx.ids.a],
      )
      await fx.owner(
        `insert into public.listings (id, title, price, category, location, description, status, created_at, user_id)
         values ('L3200000000001', 'Old bike', 10, 'Vehicles', 'Aland', 'x', 'approved', '2026-03-02T08:00:00Z', 'demo-user-1'),
                ('L3200000000002', 'Old sofa', 10, 'Furniture', 'Aland', 'x', 'pending', '2026-03-02T09:00:00Z', 'demo-user-1'),
                ('L3200000000003', 'Old car', 10, 'Vehicles', 'Aland', 'x', 'expired', '2026-03-03T09:00:00Z', 'demo-user-1')`,
      )
      const answer = dataOf<{
        range: { from: string; to: string; days: number }
        totals: Record<string, number>
        previous: Record<string, number>
        series: Record<string, number | string>[]
        listings_by_category: { category: string; listings: number }[]
        listings_by_status: Record<string, number>
        revenue_by_method: { method: string; revenue: number; payments: number }[]
      }>(await fx.as.admin.rpc('admin_analytics', { from_date: '2026-03-01', to_date: '2026-03-04' }))
      expect(answer.range).toEqual({ from: '2026-03-01', to: '2026-03-04', days: 4 })
      expect(answer.series).toEqual([
        {
          date: '2026-03-01',
          new_users: 0,
          new_listings: 0,
          revenue: 499,
          payments: 1,
          new_subscriptions: 0,
        },
        { date: '2026-03-02', new_users: 0, new_listings: 2, revenue: 0, payments: 0, new_subscriptions: 0 },
        {
          date: '2026-03-03',
          new_users: 0,
          new_listings: 1,
          revenue: 999,
          payments: 1,
          new_subscriptions: 0,
        },
        { date: '2026-03-04', new_users: 0, new_listings: 0, revenue: 0, payments: 0, new_subscriptions: 0 },
      ])
      expect(answer.totals).toEqual({
        new_users: 0,
        new_listings: 3,
        revenue: 1498,
        payments: 2,
        new_subscriptions: 0,
      })
      expect(answer.previous).toMatchObject({ revenue: 499, payments: 1, new_listings: 0 })
      expect(answer.listings_by_category).toEqual([
        { category: 'Vehicles', listings: 2 },
        { category: 'Furniture', listings: 1 },
      ])
      expect(answer.listings_by_status).toEqual({ pending: 1, approved: 1, rejected: 1, reported: 0 })
      expect(answer.revenue_by_method).toEqual([
        { method: 'paypal', revenue: 999, payments: 1 },
        { method: 'card', revenue: 499, payments: 1 },
      ])

      const today = new Date().toISOString().slice(0, 10)
      const day = dataOf<{
        totals: Record<string, number>
        series: unknown[]
        users_by_role: { customer: number; premium: number; admin: number }
        subscriptions_by_plan: { plan_id: string; plan_name: string; subscriptions: number; amount: number }[]
      }>(await fx.as.admin.rpc('admin_analytics', { from_date: today, to_date: today }))
      expect(day.series).toHaveLength(1)
      const [{ users }] = (await fx.owner<{ users: number }>(
        'select count(*)::int as users from public.users where created_at >= current_date',
      )) as [{ users: number }]
      expect(day.totals.new_users).toBe(users)
      expect(day.users_by_role.customer + day.users_by_role.premium + day.users_by_role.admin).toBe(users)
      expect(day.users_by_role.admin).toBeGreaterThanOrEqual(1)
      expect(day.totals.new_subscriptions).toBe(3)
      expect(day.subscriptions_by_plan).toEqual([
        { plan_id: 'basic', plan_name: 'Basic', subscriptions: 1, amount: 499 },
        { plan_id: 'business', plan_name: 'Business', subscriptions: 1, amount: 1999 },
        { plan_id: 'free', plan_name: 'Free', subscriptions: 1, amount: 0 },
      ])

      for (const [args, message] of [
        [
          { from_date: '2026-03-05', to_date: '2026-03-04' },
          'from_date and to_date are dates, from_date not after to_date',
        ],
        [{ from_date: '2020-01-01', to_date: '2026-01-01' }, 'An analytics range is at most 1096 days'],
        [
          { from_date: null, to_date: '2026-01-01' },
          'from_date and to_date are dates, from_date not after to_date',
        ],
      ] as const) {
        expect((await fx.as.admin.rpc('admin_analytics', args)).error).toMatchObject({
          code: '22023',
          message,
        })
      }
    })
  })
})
