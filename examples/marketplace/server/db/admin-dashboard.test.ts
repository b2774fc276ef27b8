import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AdminFixture, dataOf, expectRefused, openAdminFixture } from './admin-test-support.ts'
import { describeEachDatabase } from './test-databases.ts'

// The admin dashboard's data (issue 30), through supabase-js against the local backend: only an active
// admin reaches it, every change leaves an audit row, and Manage Listings' moderation. Users, plans,
// subscriptions, the dashboard's figures and analytics: admin-dashboard-accounts.test.ts.

interface AdminListing {
  id: string
  title: string
  status: string
  admin_status: 'pending' | 'approved' | 'rejected'
  reported: boolean
  report_count: number
  report_reasons: string[]
}

interface ListingsPage {
  total: number
  counts: Record<'all' | 'pending' | 'approved' | 'rejected' | 'reported', number>
  listings: AdminListing[]
}

/** L3000000000001 to L3000000000012 pending, 13 and 14 rejected/expired: Asha's 'Zebrawood' furniture. */
const pendingId = (n: number) => `L30000000000${String(n).padStart(2, '0')}`

describeEachDatabase((database) => {
  let fx: AdminFixture

  beforeAll(async () => {
    fx = await openAdminFixture('admin-dashboard-', database)
    await fx.owner(
      `insert into public.listings (id, title, price, category, location, description, status, created_at, user_id, user_name)
       select 'L30000000000' || lpad(n::text, 2, '0'), 'Zebrawood chair no. ' || n, 1000 + n, 'Furniture', 'Aland',
              'A chair.', case n when 13 then 'rejected' when 14 then 'expired' else 'pending' end,
              now() - make_interval(mins => 100 - n), $1, 'Asha'
       from generate_series(1, 14) n`,
      [fx.ids.a],
    )
  })

  afterAll(async () => {
    await fx?.close()
  })

  const listings = async (args: Record<string, unknown> = {}) =>
    dataOf<ListingsPage>(await fx.as.admin.rpc('admin_listings', args))

  describe('only an active admin', () => {
    // Every admin function, with arguments that would change something were the caller an admin.
    const calls = (): [string, Record<string, unknown>][] => [
      ['admin_listings', {}],
      ['admin_set_listing_status', { listing_ids: [pendingId(1)], new_status: 'approved' }],
      ['admin_review_reported_listing', { listing_id: 'L1001', decision: 'reject' }],
      ['admin_dashboard_stats', {}],
      ['admin_recent_activity', {}],
      ['admin_users', {}],
      ['admin_plans', {}],
      ['admin_save_plan', { target: 'basic', price: 1 }],
      ['admin_subscriptions', {}],
      ['admin_add_subscription', { target_user: fx.ids.a, plan_id: 'business' }],
      ['admin_analytics', { from_date: '2026-01-01', to_date: '2026-12-31' }],
      ['set_user_status', { target: fx.ids.b, new_status: 'suspended' }],
      ['admin_save_user', { target: fx.ids.b, email: 'taken@example.com', name: 'Taken' }],
    ]

    test('a customer calling any admin function: 403 42501, and nothing changes', async () => {
      const before = await fx.snapshot()
      for (const [name, args] of calls()) {
        const answer = await fx.as.a.rpc(name, args)
        expectRefused(answer, 403, /^Only an admin can /)
      }
      expect(await fx.snapshot()).toBe(before)
    })

    test('without a session (the anon key only): 401 42501, and nothing changes', async () => {
      const before = await fx.snapshot()
      for (const [name, args] of calls()) {
        expectRefused(await fx.as.anon.rpc(name, args), 401, `permission denied for function ${name}`)
      }
      expect(await fx.snapshot()).toBe(before)
    })

    test('a suspended admin is refused as a customer is', async () => {
      const id = '30000000-0000-4000-8000-0000000000ae'
      await fx.backend.createUser(id, 'suspended-admin30@example.com', 'Former Admin', { admin: true })
      await fx.owner(`update public.users set status = 'suspended' where id = $1`, [id])
      const former = fx.backend.client(await fx.backend.tokenFor(id))
      const before = await fx.snapshot()
      expectRefused(
        await former.rpc('admin_set_listing_status', { listing_ids: [pendingId(1)], new_status: 'approved' }),
        403,
        'Only an admin can approve or reject listings',
      )
      expectRefused(await former.rpc('admin_users'), 403, 'Only an admin can list users')
      expect(await fx.snapshot()).toBe(before)
    })

    test('a customer reads only their own users row, and no audit row; the anonymous visitor neither table', async () => {
      // One audit row to hide.
      dataOf(await fx.as.admin.rpc('admin_save_plan', { target: 'premium', description: 'For shops.' }))
      expect((await fx.as.admin.from('admin_actions').select('action')).data?.length).toBeGreaterThan(0)

      const users = await fx.as.a.from('users').select('id')
      expect(users.error).toBeNull()
      expect(users.data).toEqual([{ id: fx.ids.a }])
      expect((await fx.as.a.from('users').select('id').eq('id', fx.ids.b)).data).toEqual([])
      const audit = await fx.as.a.from('admin_actions').select('id')
      expect(audit.error).toBeNull()
      expect(audit.data).toEqual([])

      const anonUsers = await fx.as.anon.from('users').select('id')
      expect(anonUsers.error?.code).toBe('42501')
      const anonAudit = await fx.as.anon.from('admin_actions').select('id')
      expect(anonAudit.error?.code).toBe('42501')
    })

    test('nobody writes the audit table directly, not even an admin', async () => {
      const row = { actor: fx.ids.admin, action: 'listing.approve', target_type: 'listing', target_id: 'L1' }
      for (const client of [fx.as.admin, fx.as.a]) {
        expect((await client.from('admin_actions').insert(row)).error?.code).toBe('42501')
        expect((await client.from('admin_actions').delete().gt('id', 0)).error?.code).toBe('42501')
        expect((await client.from('admin_actions').update({ action: 'x.y' }).gt('id', 0)).error?.code).toBe(
          '42501',
        )
      }
    })
  })

  describe('Manage Listings', () => {
    test('the Pending tab by default, newest first, 10 a page, with every tab count', async () => {
      const first = await listings({ q: 'zebrawood' })
      expect(first.total).toBe(12)
      expect(first.counts).toEqual({ all: 14, pending: 12, approved: 0, rejected: 2, reported: 0 })
      expect(first.listings.map((row) => row.id)).toEqual(
        Array.from({ length: 10 }, (_, index) => pendingId(12 - index)),
      )
      expect(first.listings[0]).toMatchObject({ admin_status: 'pending', reported: false, user_name: 'Asha' })
      expect(first.listings[0]).not.toHaveProperty('listing_number')
      const second = await listings({ q: 'zebrawood', skip_rows: 10 })
      expect(second.listings.map((row) => row.id)).toEqual([pendingId(2), pendingId(1)])
    })

    test("the Rejected tab shows expired as rejected; the demo's active listings are Approved", async () => {
      const rejected = await listings({ tab: 'rejected', q: 'zebrawood' })
      expect(rejected.listings.map((row) => [row.id, row.status, row.admin_status])).toEqual([
        [pendingId(14), 'expired', 'rejected'],
        [pendingId(13), 'rejected', 'rejected'],
      ])
      const approved = await listings({ tab: 'approved', max_rows: 100 })
      expect(approved.listings.length).toBeGreaterThan(0)
      expect(new Set(approved.listings.map((row) => row.admin_status))).toEqual(new Set(['approved']))
      expect(new Set(approved.listings.map((row) => row.status))).toEqual(new Set(['active', 'approved']))
      const all = await listings({ tab: 'all', max_rows: 100 })
      expect(all.total).toBe(all.counts.all)
      expect(all.counts.all).toBe(all.counts.pending + all.counts.approved + all.counts.rejected)
    })

    test('search matches title, category, seller and id, any case; the category filter', async () => {
      expect((await listings({ tab: 'all', q: 'ZEBRAWOOD CHAIR' })).total).toBe(14)
      expect((await listings({ tab: 'all', q: 'asha', category_name: 'Furniture' })).total).toBe(14)
      expect(
        (await listings({ tab: 'all', q: pendingId(7).toLowerCase() })).listings.map((row) => row.id),
      ).toEqual([pendingId(7)])
      expect((await listings({ tab: 'all', q: 'zebrawood', category_name: 'Vehicles' })).counts.all).toBe(0)
      expect((await listings({ tab: 'all', q: 'zebrawood', category_name: 'all' })).counts.all).toBe(14)
      // LIKE's wildcards are plain characters; a newline never joins two fields.
      expect((await listings({ tab: 'all', q: 'zebra%chair' })).total).toBe(0)
      expect((await listings({ tab: 'all', q: 'furniture\naland' })).total).toBe(0)
      const vehicles = await listings({ tab: 'approved', category_name: 'Vehicles' })
      expect(vehicles.listings.length).toBeGreaterThan(0)
      expect(
        new Set(vehicles.listings.map((row) => (row as unknown as { category: string }).category)),
      ).toEqual(new Set(['Vehicles']))
    })

    test('arguments out of range: 22023 with what is allowed', async () => {
      const tab = await fx.as.admin.rpc('admin_listings', { tab: 'active' })
      expect(tab.error).toMatchObject({
        code: '22023',
        message: 'tab is all, pending, approved, rejected or reported',
      })
      expect(tab.status).toBe(400)
      for (const paging of [{ max_rows: 0 }, { max_rows: 101 }, { skip_rows: -1 }]) {
        expect((await fx.as.admin.rpc('admin_listings', paging)).error).toMatchObject({
          code: '22023',
          message: 'max_rows is 1 to 100 and skip_rows at least 0',
        })
      }
    })

    test('approve: the listing is public at once (search_listings), with its audit row', async () => {
      const mark = await fx.lastAuditId()
      const answer = dataOf<AdminListing[]>(
        await fx.as.admin.rpc('admin_set_listing_status', {
          listing_ids: [pendingId(12)],
          new_status: 'approved',
        }),
      )
      expect(answer).toMatchObject([{ id: pendingId(12), status: 'approved', admin_status: 'approved' }])
      const audit = await fx.auditSince(mark)
      expect(audit).toMatchObject([
        {
          actor: fx.ids.admin,
          actor_email: 'admin30@example.com',
          action: 'listing.approve',
          target_type: 'listing',
          target_id: pendingId(12),
          target_label: 'Zebrawood chair no. 12',
          detail: { from: 'pending', to: 'approved', bulk: 1 },
        },
      ])
      expect(Date.now() - (audit[0]?.created_at.getTime() ?? 0)).toBeLessThan(60_000)

      const found = await fx.as.anon.rpc('search_listings', { q: 'zebrawood' })
      expect(found.data).toMatchObject({ total: 1, listings: [{ id: pendingId(12) }] })
      expect((await listings({ q: 'zebrawood' })).counts).toEqual({
        all: 14,
        pending: 11,
        approved: 1,
        rejected: 2,
        reported: 0,
      })
    })

    test('only pending listings are approved or rejected; a bulk action is all or nothing', async () => {
      const before = await fx.snapshot()
      const settled = await fx.as.admin.rpc('admin_set_listing_status', {
        listing_ids: [pendingId(11), pendingId(12)],
        new_status: 'rejected',
      })
      expect(settled.error).toMatchObject({
        code: 'PT409',
        message: `Listing ${pendingId(12)} is approved already: only pending listings are approved or rejected`,
      })
      expect(settled.status).toBe(409)
      const unknown = await fx.as.admin.rpc('admin_set_listing_status', {
        listing_ids: [pendingId(11), 'L9999999999'],
        new_status: 'approved',
      })
      expect(unknown.error).toMatchObject({ code: 'PT404', message: 'No listing L9999999999' })
      expect(unknown.status).toBe(404)
      for (const args of [
        { listing_ids: [], new_status: 'approved' },
        {
          listing_ids: Array.from({ length: 101 }, (_, index) => `L${5000 + index}`),
          new_status: 'approved',
        },
      ]) {
        expect((await fx.as.admin.rpc('admin_set_listing_status', args)).error).toMatchObject({
          code: '22023',
          message: 'listing_ids holds 1 to 100 listing ids',
        })
      }
      expect(
        (
          await fx.as.admin.rpc('admin_set_listing_status', {
            listing_ids: [pendingId(11)],
            new_status: 'active',
          })
        ).error,
      ).toMatchObject({ code: '22023', message: 'new_status is approved or rejected' })
      expect(await fx.snapshot()).toBe(before)
    })

    test('Bulk Actions: reject the selected, one audit row each; they stay off the public pages', async () => {
      const mark = await fx.lastAuditId()
      const answer = dataOf<AdminListing[]>(
        await fx.as.admin.rpc('admin_set_listing_status', {
          listing_ids: [pendingId(10), pendingId(11), pendingId(10)],
          new_status: 'rejected',
        }),
      )
      expect(answer.map((row) => [row.id, row.admin_status])).toEqual([
        [pendingId(10), 'rejected'],
        [pendingId(11), 'rejected'],
      ])
      const audit = await fx.auditSince(mark)
      expect(audit.map((row) => [row.action, row.target_id, row.detail])).toEqual([
        ['listing.reject', pendingId(10), { from: 'pending', to: 'rejected', bulk: 2 }],
        ['listing.reject', pendingId(11), { from: 'pending', to: 'rejected', bulk: 2 }],
      ])
      expect((await fx.as.anon.rpc('search_listings', { q: 'zebrawood' })).data).toMatchObject({ total: 1 })
    })

    test('Reported: dismiss the reports (the listing stays public) or reject the listing', async () => {
      const reporting = await fx.as.b.rpc('report_listing', { listing_id: pendingId(12), reason: 'Spam' })
      expect(reporting.error).toBeNull()
      await fx.as.a.rpc('report_listing', { listing_id: pendingId(12), reason: 'Wrong price' })
      const reported = await listings({ tab: 'reported', q: 'zebrawood' })
      expect(reported.total).toBe(1)
      expect(reported.listings[0]).toMatchObject({
        id: pendingId(12),
        admin_status: 'approved',
        reported: true,
        report_count: 2,
        report_reasons: ['Spam', 'Wrong price'],
      })
      // The reports themselves, for the review dialog: admins read listing_reports.
      const open = await fx.as.admin
        .from('listing_reports')
        .select('reason, resolved_at')
        .eq('listing_id', pendingId(12))
        .is('resolved_at', null)
      expect(open.data).toHaveLength(2)

      let mark = await fx.lastAuditId()
      const dismissed = dataOf<AdminListing>(
        await fx.as.admin.rpc('admin_review_reported_listing', {
          listing_id: pendingId(12),
          decision: 'dismiss',
        }),
      )
      expect(dismissed).toMatchObject({
        admin_status: 'approved',
        reported: false,
        report_count: 0,
        report_reasons: [],
      })
      expect(await fx.auditSince(mark)).toMatchObject([
        {
          action: 'listing.dismiss_reports',
          target_id: pendingId(12),
          detail: { reports: 2, reasons: ['Spam', 'Wrong price'], from: 'approved', to: 'approved' },
        },
      ])
      expect(
        await fx.owner('select resolution, resolved_by from public.listing_reports where listing_id = $1', [
          pendingId(12),
        ]),
      ).toEqual([
        { resolution: 'dismissed', resolved_by: fx.ids.admin },
        { resolution: 'dismissed', resolved_by: fx.ids.admin },
      ])
      expect((await listings({ tab: 'reported', q: 'zebrawood' })).total).toBe(0)
      expect((await fx.as.anon.rpc('search_listings', { q: 'zebrawood' })).data).toMatchObject({ total: 1 })
      const again = await fx.as.admin.rpc('admin_review_reported_listing', {
        listing_id: pendingId(12),
        decision: 'dismiss',
      })
      expect(again.error).toMatchObject({
        code: 'PT409',
        message: `Listing ${pendingId(12)} has no reports to review`,
      })

      await fx.as.b.rpc('report_listing', { listing_id: pendingId(12), reason: 'Stolen photos' })
      mark = await fx.lastAuditId()
      const rejected = dataOf<AdminListing>(
        await fx.as.admin.rpc('admin_review_reported_listing', {
          listing_id: pendingId(12),
          decision: 'reject',
        }),
      )
      expect(rejected).toMatchObject({ status: 'rejected', admin_status: 'rejected', reported: false })
      expect(await fx.auditSince(mark)).toMatchObject([
        { action: 'listing.reject_reported', detail: { reports: 1, from: 'approved', to: 'rejected' } },
      ])
      expect((await fx.as.anon.rpc('search_listings', { q: 'zebrawood' })).data).toMatchObject({ total: 0 })

      expect(
        (
          await fx.as.admin.rpc('admin_review_reported_listing', {
            listing_id: pendingId(12),
            decision: 'keep',
          })
        ).error,
      ).toMatchObject({ code: '22023', message: 'decision is dismiss or reject' })
      expect(
        (
          await fx.as.admin.rpc('admin_review_reported_listing', {
            listing_id: 'L9999999999',
            decision: 'reject',
          })
        ).error,
      ).toMatchObject({ code: 'PT404', message: 'No listing L9999999999' })
    })
  })

  describe('recent activity', () => {
    test('audit rows with listing and user events, newest first, as many as asked', async () => {
      const posted = await fx.as.b.from('listings').insert({
        title: 'Zebrawood stool',
        price: 700,
        category: 'Furniture',
        location: 'Aland',
        description: 'A stool.',
      })
      expect(posted.error).toBeNull()
      dataOf(
        await fx.as.admin.rpc('admin_set_listing_status', {
          listing_ids: [pendingId(9)],
          new_status: 'approved',
        }),
      )
      const activity = dataOf<
        {
          at: string
          action: string
          by_admin: boolean
          actor_name: string
          target_id: string
          target_label: string
        }[]
      >(await fx.as.admin.rpc('admin_recent_activity', { max_rows: 20 }))
      expect(activity).toHaveLength(20)
      const times = activity.map((row) => Date.parse(row.at))
      expect(times).toEqual([...times].sort((x, y) => y - x))
      expect(activity[0]).toMatchObject({
        action: 'listing.approve',
        by_admin: true,
        actor_name: 'Meera Admin',
        target_id: pendingId(9),
        target_label: 'Zebrawood chair no. 9',
      })
      expect(activity).toContainEqual(
        expect.objectContaining({
          action: 'listing.post',
          by_admin: false,
          actor_name: 'Bhim',
          target_label: 'Zebrawood stool',
        }),
      )
      expect(activity).toContainEqual(
        expect.objectContaining({ action: 'listing.report', by_admin: false, actor_name: 'Bhim' }),
      )
      expect(activity).toContainEqual(
        expect.objectContaining({ action: 'user.join', target_label: 'bhim30@example.com' }),
      )
      expect(dataOf<unknown[]>(await fx.as.admin.rpc('admin_recent_activity'))).toHaveLength(10)
      expect((await fx.as.admin.rpc('admin_recent_activity', { max_rows: 51 })).error).toMatchObject({
        code: '22023',
        message: 'max_rows is 1 to 50',
      })
    })
  })
})
