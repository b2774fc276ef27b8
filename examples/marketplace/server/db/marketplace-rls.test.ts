import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestBackend, type TestBackend } from '../supabase-test-clients.ts'
import { describeEachDatabase } from './test-databases.ts'

// The marketplace's data (issue 29) through supabase-js against the local backend: row-level security,
// constraints and triggers decide what a client may do, whatever it sends.

describeEachDatabase((database) => {
  let test_: TestBackend
  const ids = {
    a: '20000000-0000-4000-8000-00000000000a',
    b: '20000000-0000-4000-8000-00000000000b',
    admin: '20000000-0000-4000-8000-0000000000ad',
  }
  const as: Record<'anon' | 'a' | 'b' | 'admin', SupabaseClient> = {} as never

  const listing = (title: string) => ({
    title,
    price: 1500,
    category: 'Electronics',
    location: 'Aland',
    description: 'Works well, with its charger.',
    user_name: 'A',
    image_url: '/images/listings/phone-1.svg',
    image_urls: ['/images/listings/phone-1.svg'],
  })

  beforeAll(async () => {
    test_ = await startTestBackend('marketplace-rls-', database)
    await test_.createUser(ids.a, 'rls-a@example.com', 'Asha')
    await test_.createUser(ids.b, 'rls-b@example.com', 'Bhim')
    await test_.createUser(ids.admin, 'rls-admin@example.com', 'Admin', { admin: true })
    as.anon = test_.client()
    as.a = test_.client(await test_.tokenFor(ids.a))
    as.b = test_.client(await test_.tokenFor(ids.b))
    as.admin = test_.client(await test_.tokenFor(ids.admin))
  })

  afterAll(async () => {
    await test_?.close()
  })

  describe('listings', () => {
    test("the spec's L1001-L1010 and every demo listing are seeded; the public reads the approved or active ones only", async () => {
      const all = await as.admin.from('listings').select('id, status').order('id')
      const seeded = (all.data ?? []).map((row) => row.id)
      for (let id = 1001; id <= 1010; id++) expect(seeded).toContain(`L${id}`)
      const { data, error } = await as.anon.from('listings').select('id, status').order('id')
      expect(error).toBeNull()
      expect(new Set((data ?? []).map((row) => row.status))).toEqual(new Set(['active', 'approved']))
      const hidden = (all.data ?? []).filter((row) => row.status !== 'active' && row.status !== 'approved')
      expect(hidden.length).toBeGreaterThan(0)
      expect(data).toHaveLength(seeded.length - hidden.length)
    })

    test('a new listing is pending, unseen and theirs, whatever the client sends; its id is L + a timestamp', async () => {
      const before = Date.now()
      const { data, error } = await as.a
        .from('listings')
        .insert({
          ...listing('Phone'),
          id: 'L1001',
          status: 'approved',
          views: 999,
          report_count: 5,
          featured: true,
          user_id: ids.b,
        })
        .select()
        .single()
      expect(error).toBeNull()
      expect(data).toMatchObject({
        status: 'pending',
        views: 0,
        report_count: 0,
        featured: false,
        user_id: ids.a,
      })
      expect(data?.id).toMatch(/^L\d{13}$/)
      expect(Number(data?.id.slice(1))).toBeGreaterThanOrEqual(before - 5_000)

      // Nobody else sees it: not the public, not another customer; its owner and admins do.
      expect((await as.anon.from('listings').select('id').eq('id', data?.id)).data).toEqual([])
      expect((await as.b.from('listings').select('id').eq('id', data?.id)).data).toEqual([])
      expect((await as.a.from('listings').select('id').eq('id', data?.id)).data).toHaveLength(1)
      expect((await as.admin.from('listings').select('id').eq('id', data?.id)).data).toHaveLength(1)

      // Its owner edits it, but never its status, views or reports.
      const edited = await as.a
        .from('listings')
        .update({ title: 'Phone, boxed' })
        .eq('id', data?.id)
        .select()
        .single()
      expect(edited.error).toBeNull()
      expect(edited.data).toMatchObject({ title: 'Phone, boxed', status: 'pending' })
      const approved = await as.a.from('listings').update({ status: 'approved' }).eq('id', data?.id)
      expect(approved.error).toMatchObject({
        code: '42501',
        message: "Only an admin can change a listing's status",
      })
      const viewed = await as.a.from('listings').update({ views: 1000 }).eq('id', data?.id)
      expect(viewed.error).toMatchObject({ code: '42501' })
      const reported = await as.a.from('listings').update({ report_count: 3 }).eq('id', data?.id)
      expect(reported.error).toMatchObject({ code: '42501' })

      // Another customer can neither edit nor delete it (nothing matches for them).
      const stolen = await as.b.from('listings').update({ title: 'Mine' }).eq('id', data?.id).select()
      expect(stolen.data).toEqual([])
      const removed = await as.b.from('listings').delete().eq('id', data?.id).select()
      expect(removed.data).toEqual([])

      // An admin approves it: now the public reads it.
      const moderated = await as.admin.from('listings').update({ status: 'approved' }).eq('id', data?.id)
      expect(moderated.error).toBeNull()
      expect((await as.anon.from('listings').select('id').eq('id', data?.id)).data).toHaveLength(1)

      // Its owner deletes it.
      const deleted = await as.a.from('listings').delete().eq('id', data?.id).select('id')
      expect(deleted.data).toEqual([{ id: data?.id }])
    })

    test('the Free plan allows one listing: the second is refused by the database, with the message', async () => {
      const first = await as.b.from('listings').insert(listing('Lamp')).select('id').single()
      expect(first.error).toBeNull()
      const second = await as.b.from('listings').insert(listing('Chair')).select('id').single()
      expect(second.error).toMatchObject({
        code: 'P0001',
        message: 'Your Free plan allows 1 listing. Upgrade your plan in Subscription to post more.',
      })
      const mine = await as.b.from('listings').select('id').eq('user_id', ids.b)
      expect(mine.data).toHaveLength(1)
      expect((await as.b.rpc('listings_used')).data).toBe(1)
      // Another customer learns nothing of B's plan or usage; an admin does.
      expect((await as.a.rpc('listings_used', { target: ids.b })).data).toBe(0)
      const plan = (await as.a.rpc('current_plan', { target: ids.b })).data
      expect(plan === null || plan.id === null).toBe(true)
      expect((await as.admin.rpc('listings_used', { target: ids.b })).data).toBe(1)
      expect((await as.admin.rpc('current_plan', { target: ids.b })).data).toMatchObject({ id: 'free' })
    })

    test('constraints: a negative price, an empty description, an anonymous post are refused', async () => {
      expect((await as.a.from('listings').insert({ ...listing('Free?'), price: -1 })).error).toMatchObject({
        code: '23514',
      })
      expect(
        (await as.a.from('listings').insert({ ...listing('Blank'), description: '  ' })).error,
      ).toMatchObject({
        code: '23514',
        message: 'Please fill in all required fields',
      })
      expect((await as.anon.from('listings').insert(listing('Anon'))).error).not.toBeNull()
    })

    test('a view counts only on a public listing; a report needs a signed-in visitor and a reason', async () => {
      const before = (await as.anon.from('listings').select('views').eq('id', 'L1001').single()).data?.views
      const counted = await as.anon.rpc('increment_listing_views', { listing_id: 'L1001' })
      expect(counted.error).toBeNull()
      expect(counted.data).toBe((before ?? 0) + 1)

      expect(
        (await as.anon.rpc('report_listing', { listing_id: 'L1002', reason: 'Spam' })).error,
      ).not.toBeNull()
      expect((await as.a.rpc('report_listing', { listing_id: 'L1002', reason: ' ' })).error).toMatchObject({
        code: '22023',
      })
      const reported = await as.a.rpc('report_listing', { listing_id: 'L1002', reason: 'Sold already' })
      expect(reported.error).toBeNull()
      const row = await as.admin
        .from('listings')
        .select('report_count, report_reasons')
        .eq('id', 'L1002')
        .single()
      expect(row.data).toMatchObject({ report_count: 1, report_reasons: ['Sold already'] })
      // Reports are the admins' to read.
      expect((await as.a.from('listing_reports').select('id')).data).toEqual([])
      expect((await as.admin.from('listing_reports').select('reason')).data).toEqual([
        { reason: 'Sold already' },
      ])
    })
  })

  describe('plans, subscriptions and payments', () => {
    test('everyone reads the active plans; only admins the inactive Business plan, and only admins edit them', async () => {
      const visible = await as.anon.from('plans').select('id, listing_limit').order('sort_order')
      expect(visible.data).toEqual([
        { id: 'free', listing_limit: 1 },
        { id: 'basic', listing_limit: 5 },
        { id: 'premium', listing_limit: -1 },
      ])
      expect((await as.admin.from('plans').select('id')).data).toHaveLength(4)
      const cheaper = await as.a.from('plans').update({ price: 1 }).eq('id', 'basic').select()
      expect(cheaper.data ?? []).toEqual([])
      expect((await as.anon.from('plans').select('price').eq('id', 'basic').single()).data).toEqual({
        price: 499,
      })
    })

    test('a plan change records a payment, runs 30 days, resets the usage; nobody writes subscriptions or payments directly', async () => {
      const changed = await as.a.rpc('change_plan', { new_plan: 'basic', method: 'card' })
      expect(changed.error).toBeNull()
      expect(changed.data).toMatchObject({
        plan_id: 'basic',
        plan_name: 'Basic',
        status: 'active',
        amount: 499,
      })
      const days = (Date.parse(changed.data.end_date) - Date.parse(changed.data.start_date)) / 86_400_000
      expect(days).toBeCloseTo(30, 5)
      expect((await as.a.rpc('listings_used')).data).toBe(0)
      expect((await as.a.rpc('current_plan')).data).toMatchObject({ id: 'basic', listing_limit: 5 })

      const payments = await as.a.from('payments').select('amount, description, status, method')
      expect(payments.data).toEqual([
        { amount: 499, description: 'Basic plan subscription', status: 'successful', method: 'card' },
      ])
      // Another customer sees none of it.
      expect((await as.b.from('payments').select('id')).data).toEqual([])
      expect((await as.b.from('subscriptions').select('id')).data).toEqual([])

      expect((await as.a.rpc('change_plan', { new_plan: 'basic', method: 'card' })).error).toMatchObject({
        message: 'You are already on the Basic plan',
      })
      expect((await as.a.rpc('change_plan', { new_plan: 'business', method: 'card' })).error).toMatchObject({
        message: 'No such plan',
      })
      expect(
        (
          await as.a
            .from('subscriptions')
            .insert({ user_id: ids.a, plan_id: 'premium', plan_name: 'Premium' })
        ).error,
      ).not.toBeNull()
      expect(
        (
          await as.a
            .from('payments')
            .insert({ user_id: ids.a, amount: 0, description: 'x', status: 'successful' })
        ).error,
      ).not.toBeNull()

      const cancelled = await as.a.rpc('cancel_subscription')
      expect(cancelled.data).toMatchObject({ status: 'cancelled', auto_renew: false })
      expect((await as.a.rpc('current_plan')).data).toMatchObject({ id: 'free' })
    })
  })
})
