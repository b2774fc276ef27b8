import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AdminFixture, addAshasPendingLamps, dataOf, openAdminFixture } from './admin-test-support.ts'
import { describeEachDatabase } from './test-databases.ts'

// The admin dashboard's data (issue 30), continued: Manage Users (suspending ends the sessions) and
// the Subscriptions section's plans. Who may call the admin functions at all: admin-dashboard.test.ts;
// users' subscriptions, the dashboard's stat cards and Analytics: admin-dashboard-figures.test.ts.

interface UserRow {
  id: string
  name: string
  email: string
  status: string
  role: string
  listings_count: number
}

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

describeEachDatabase((database) => {
  let fx: AdminFixture

  beforeAll(async () => {
    fx = await openAdminFixture('admin-users-', database)
    await addAshasPendingLamps(fx)
  })

  afterAll(async () => {
    await fx?.close()
  })

  const plans = async () => dataOf<PlanRow[]>(await fx.as.admin.rpc('admin_plans'))
  const plan = async (id: string) => (await plans()).find((row) => row.id === id)

  describe('Manage Users', () => {
    test('a page of users: search, status and role filters, paging, listings counted', async () => {
      const all = dataOf<{ total: number; users: UserRow[] }>(await fx.as.admin.rpc('admin_users'))
      const [{ count }] = (await fx.owner<{ count: number }>(
        'select count(*)::int as count from public.users',
      )) as [{ count: number }]
      expect(all.total).toBe(count)
      expect(all.users.length).toBe(Math.min(10, count))
      const asha = dataOf<{ total: number; users: UserRow[] }>(
        await fx.as.admin.rpc('admin_users', { q: 'ASHA30@' }),
      )
      expect(asha).toMatchObject({ total: 1, users: [{ id: fx.ids.a, name: 'Asha', listings_count: 3 }] })
      const admins = dataOf<{ total: number; users: UserRow[] }>(
        await fx.as.admin.rpc('admin_users', { role_filter: 'admin', q: '30@' }),
      )
      expect(admins.users.map((row) => row.id)).toEqual([fx.ids.admin])
      const second = dataOf<{ total: number; users: UserRow[] }>(
        await fx.as.admin.rpc('admin_users', { q: '30@example', max_rows: 1, skip_rows: 1 }),
      )
      expect(second.total).toBe(3)
      // Newest account first: Bhim, Asha, the admin.
      expect(second.users.map((row) => row.id)).toEqual([fx.ids.a])
      expect((await fx.as.admin.rpc('admin_users', { status_filter: 'banned' })).error).toMatchObject({
        code: '22023',
        message: 'status_filter is active, suspended or pending',
      })
      expect((await fx.as.admin.rpc('admin_users', { role_filter: 'user' })).error).toMatchObject({
        code: '22023',
        message: 'role_filter is customer, premium or admin',
      })
    })

    test('Suspend: the sessions end (refresh refused), sign-in answers user_banned, an audit row; Activate undoes it', async () => {
      const email = 'chitra30@example.com'
      const password = 'a long enough password 30'
      const visitor = fx.backend.client()
      const signedUp = await visitor.auth.signUp({ email, password, options: { data: { name: 'Chitra' } } })
      expect(signedUp.error).toBeNull()
      const session = signedUp.data.session
      const id = signedUp.data.user?.id as string
      expect(session).not.toBeNull()
      const sessions = async () =>
        (
          await fx.owner<{ n: number }>('select count(*)::int as n from auth.sessions where user_id = $1', [
            id,
          ])
        )[0]?.n

      expect(await sessions()).toBe(1)
      const mark = await fx.lastAuditId()
      const suspended = await fx.as.admin.rpc('set_user_status', { target: id, new_status: 'suspended' })
      expect(suspended.data).toMatchObject({ id, status: 'suspended' })
      expect(await sessions()).toBe(0)
      expect(
        await fx.owner(
          'select count(*)::int as n from auth.refresh_tokens where user_id = $1 and not revoked',
          [id],
        ),
      ).toEqual([{ n: 0 }])
      expect(await fx.auditSince(mark)).toMatchObject([
        {
          actor: fx.ids.admin,
          action: 'user.suspend',
          target_type: 'user',
          target_id: id,
          target_label: email,
          detail: { from: 'active', to: 'suspended' },
        },
      ])
      const refreshed = await fx.backend
        .client()
        .auth.refreshSession({ refresh_token: session?.refresh_token ?? '' })
      // The refresh token went with its session; the access token's session is gone too.
      expect(refreshed.error?.code).toBe('refresh_token_not_found')
      expect(refreshed.data.session).toBeNull()
      const user = await fetch(`${fx.backend.backend.url}/auth/v1/user`, {
        headers: {
          apikey: fx.backend.backend.config.anonKey,
          authorization: `Bearer ${session?.access_token}`,
        },
      })
      expect(user.status).toBe(403)
      expect(await user.json()).toMatchObject({ code: 'session_not_found' })
      const signIn = await fx.backend.client().auth.signInWithPassword({ email, password })
      expect(signIn.error?.code).toBe('user_banned')
      const page = dataOf<{ users: UserRow[] }>(
        await fx.as.admin.rpc('admin_users', { status_filter: 'suspended', q: 'chitra' }),
      )
      expect(page.users.map((row) => row.id)).toEqual([id])

      dataOf(await fx.as.admin.rpc('set_user_status', { target: id, new_status: 'active' }))
      expect((await fx.auditSince(mark)).map((row) => row.action)).toEqual(['user.suspend', 'user.activate'])
      const back = await fx.backend.client().auth.signInWithPassword({ email, password })
      expect(back.error).toBeNull()
    })

    test('Add New User and Edit User (admin_save_user) record what changed', async () => {
      const mark = await fx.lastAuditId()
      const created = dataOf<UserRow>(
        await fx.as.admin.rpc('admin_save_user', { target: null, email: 'Dev30@Example.com', name: 'Dev' }),
      )
      expect(created).toMatchObject({ email: 'dev30@example.com', role: 'customer', status: 'active' })
      dataOf(
        await fx.as.admin.rpc('admin_save_user', {
          target: created.id,
          email: 'dev30@example.com',
          name: 'Dev Kumar',
          role: 'premium',
          status: 'suspended',
        }),
      )
      expect((await fx.auditSince(mark)).map((row) => [row.action, row.detail])).toEqual([
        [
          'user.create',
          { email: 'dev30@example.com', name: 'Dev', phone: null, role: 'customer', status: 'active' },
        ],
        [
          'user.update',
          {
            changes: { name: { from: 'Dev', to: 'Dev Kumar' }, role: { from: 'customer', to: 'premium' } },
          },
        ],
        ['user.suspend', { from: 'active', to: 'suspended' }],
      ])
    })
  })

  describe('Subscriptions: plans', () => {
    test('every plan (the inactive Business plan too) with the number of users on it', async () => {
      const before = await plans()
      expect(before.map((row) => [row.id, row.is_active])).toEqual([
        ['free', true],
        ['basic', true],
        ['premium', true],
        ['business', false],
      ])
      const changed = await fx.as.b.rpc('change_plan', { new_plan: 'basic', method: 'card' })
      expect(changed.error).toBeNull()
      const after = await plans()
      const count = (rows: PlanRow[], id: string) => rows.find((row) => row.id === id)?.user_count
      expect(count(after, 'basic')).toBe((count(before, 'basic') ?? 0) + 1)
      expect(count(after, 'free')).toBe((count(before, 'free') ?? 0) - 1)
      expect(
        dataOf<PlanRow[]>(await fx.as.admin.rpc('admin_plans', { q: 'busi' })).map((row) => row.id),
      ).toEqual(['business'])
    })

    test('Create New Plan: validated, an id from its name, last in the order, an audit row', async () => {
      const mark = await fx.lastAuditId()
      const made = dataOf<PlanRow>(
        await fx.as.admin.rpc('admin_save_plan', {
          target: null,
          name: '  Gold Plus ',
          price: 299.5,
          period: 'year',
          listing_limit: 20,
          features: [
            { name: ' 20 listings ', included: true, colour: 'gold' },
            { name: 'Phone support', included: false },
          ],
          is_popular: true,
          description: 'For growing shops.',
          button_text: 'Go Gold',
        }),
      )
      expect(made).toEqual({
        id: 'gold-plus',
        name: 'Gold Plus',
        price: 299.5,
        period: 'year',
        listing_limit: 20,
        features: [
          { name: '20 listings', included: true },
          { name: 'Phone support', included: false },
        ],
        is_popular: true,
        is_active: true,
        description: 'For growing shops.',
        button_text: 'Go Gold',
        sort_order: 5,
        user_count: 0,
      })
      const again = dataOf<PlanRow>(
        await fx.as.admin.rpc('admin_save_plan', {
          target: null,
          name: 'Gold plus!',
          price: 1,
          period: 'month',
          listing_limit: -1,
        }),
      )
      expect(again).toMatchObject({ id: 'gold-plus-2', features: [], is_popular: false, is_active: true })
      expect((await fx.auditSince(mark)).map((row) => [row.action, row.target_id, row.target_label])).toEqual(
        [
          ['plan.create', 'gold-plus', 'Gold Plus'],
          ['plan.create', 'gold-plus-2', 'Gold plus!'],
        ],
      )
      // Active plans are offered to everyone at once.
      const offered = await fx.as.anon.from('plans').select('id').order('sort_order')
      expect(offered.data?.map((row) => row.id)).toContain('gold-plus')
    })

    test('the rules, each with its message; nothing is saved', async () => {
      const before = await fx.snapshot()
      const cases: [Record<string, unknown>, string][] = [
        [{ name: ' ' }, "A plan's name is 1 to 60 characters"],
        [{ price: -1 }, "A plan's price is 0 or more rupees (below 10,000,000,000)"],
        [{ period: 'week' }, "A plan's period is month, year or forever"],
        [{ listing_limit: 0 }, "A plan's listing limit is -1 (unlimited) or at least 1"],
        [
          { features: [{ name: 'x' }] },
          "A plan's features are a list of at most 20 { name (1 to 100 characters), included (true or false) }",
        ],
        [
          { features: { name: 'x', included: true } },
          "A plan's features are a list of at most 20 { name (1 to 100 characters), included (true or false) }",
        ],
        [{ description: 'x'.repeat(501) }, "A plan's description is at most 500 characters"],
        [{ button_text: 'x'.repeat(41) }, "A plan's button text is at most 40 characters"],
      ]
      for (const [change, message] of cases) {
        const answer = await fx.as.admin.rpc('admin_save_plan', { target: 'basic', ...change })
        expect(answer.error, message).toMatchObject({ code: '22023', message })
      }
      const created = await fx.as.admin.rpc('admin_save_plan', { target: null, name: 'No price' })
      expect(created.error).toMatchObject({
        code: '22023',
        message: "A plan's price is 0 or more rupees (below 10,000,000,000)",
      })
      for (const change of [{ is_active: false }, { price: 10 }, { period: 'month' }]) {
        expect((await fx.as.admin.rpc('admin_save_plan', { target: 'free', ...change })).error).toMatchObject(
          {
            code: '22023',
            message:
              "The Free plan is every account's plan without a subscription: it stays active, free and forever",
          },
        )
      }
      const unknown = await fx.as.admin.rpc('admin_save_plan', { target: 'platinum', price: 1 })
      expect(unknown.error).toMatchObject({ code: 'PT404', message: 'No plan platinum' })
      expect(unknown.status).toBe(404)
      expect(await fx.snapshot()).toBe(before)
    })

    test('edit: the fields given change, the others stay; an inactive plan is offered to nobody', async () => {
      const basic = (await plan('basic')) as PlanRow
      const mark = await fx.lastAuditId()
      const edited = dataOf<PlanRow>(
        await fx.as.admin.rpc('admin_save_plan', { target: 'basic', price: 549, is_active: false }),
      )
      expect(edited).toEqual({ ...basic, price: 549, is_active: false })
      expect(await fx.auditSince(mark)).toMatchObject([
        {
          action: 'plan.update',
          target_id: 'basic',
          detail: { changes: { price: { from: 499, to: 549 }, is_active: { from: true, to: false } } },
        },
      ])
      expect((await fx.as.anon.from('plans').select('id').eq('id', 'basic')).data).toEqual([])
      expect((await fx.as.a.rpc('change_plan', { new_plan: 'basic', method: 'card' })).error).toMatchObject({
        message: 'No such plan',
      })
      // Its subscriber keeps it until the subscription ends.
      expect((await fx.as.b.rpc('current_plan')).data).toMatchObject({ id: 'basic' })
      dataOf(await fx.as.admin.rpc('admin_save_plan', { target: 'basic', price: 499, is_active: true }))
    })
  })
})
