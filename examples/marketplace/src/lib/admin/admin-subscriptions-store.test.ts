import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestBackend, type TestBackend } from '../../../server/supabase-test-clients.ts'
import { Subscriptions } from '../dashboard/subscription.ts'
import { readPublicPlans } from '../plans/public-plans.ts'
import { AdminPlans, checkPlanDraft, draftOf, planErrorField } from './admin-plans.ts'
import { AdminSubscriptions } from './admin-subscriptions.ts'

// The Subscriptions section's stores through supabase-js against the local backend (issue 30): what the
// admin saves is what a visitor's pricing (anonymous REST) and a customer's Subscription read.

let backend: TestBackend
let plans: AdminPlans
let subscriptions: AdminSubscriptions
const ids = {
  admin: '31000000-0000-4000-8000-0000000000ad',
  asha: '31000000-0000-4000-8000-00000000000a',
}

beforeAll(async () => {
  backend = await startTestBackend('marketplace-admin-plans-')
  await backend.createUser(ids.admin, 'plans-admin@example.in', 'Meera Admin', { admin: true })
  await backend.createUser(ids.asha, 'asha.plans@example.in', 'Asha Plans')
  const admin = backend.client(await backend.tokenFor(ids.admin))
  plans = new AdminPlans(admin)
  subscriptions = new AdminSubscriptions(admin)
})

afterAll(async () => {
  await backend?.close()
})

const publicPlans = () =>
  readPublicPlans({ url: backend.backend.url, anonKey: backend.backend.config.anonKey })

describe('plans: one source for the admin, the pricing and the customer', () => {
  test('an edit of Basic and a new inactive plan: the public pricing and the customer read the change, never the inactive plan', async () => {
    const listed = await plans.list('')
    // Free counts every customer without a subscription (the backend's demo customer and Asha).
    expect(listed.map((plan) => [plan.id, plan.isActive, plan.id === 'free' || plan.userCount])).toEqual([
      ['free', true, true],
      ['basic', true, 0],
      ['premium', true, 0],
      ['business', false, 0],
    ])
    expect(listed[0]?.userCount).toBeGreaterThanOrEqual(1)
    const basic = listed.find((plan) => plan.id === 'basic')
    if (!basic) throw new Error('no Basic plan')

    const draft = draftOf(basic)
    draft.price = '549'
    draft.features = draft.features.map((feature) =>
      feature.name === 'Featured listings' ? { ...feature, included: true } : feature,
    )
    const checked = checkPlanDraft(draft, 'basic')
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems))
    expect(await plans.save('basic', checked.input)).toMatchObject({ id: 'basic', price: 549, userCount: 0 })

    const created = checkPlanDraft(
      { ...draftOf(null), name: 'Gold Plus', price: '2,999', unlimited: true, isActive: false, features: [] },
      null,
    )
    if (!created.ok) throw new Error(JSON.stringify(created.problems))
    expect(await plans.save(null, created.input)).toMatchObject({
      id: 'gold-plus',
      listingLimit: -1,
      isActive: false,
      userCount: 0,
    })
    expect((await plans.list('gold')).map((plan) => plan.id)).toEqual(['gold-plus'])

    const visitor = await publicPlans()
    expect(visitor.map((plan) => [plan.id, plan.price])).toEqual([
      ['free', 0],
      ['basic', 549],
      ['premium', 999],
    ])
    expect(visitor[1]?.features).toContainEqual({ name: 'Featured listings', included: true })
    const customer = new Subscriptions(backend.client(await backend.tokenFor(ids.asha)))
    expect((await customer.plans()).map((plan) => plan.id)).toEqual(['free', 'basic', 'premium'])
  })

  test("the database's refusals come through with their message, for the form's field", async () => {
    const refused = plans.save('basic', {
      name: 'Basic',
      price: -1,
      period: 'month',
      listingLimit: 5,
      features: [],
      isPopular: false,
      isActive: true,
      description: '',
      buttonText: '',
    })
    await expect(refused).rejects.toThrow("A plan's price is 0 or more rupees")
    const message = await refused.then(
      () => '',
      (error: Error) => error.message,
    )
    expect(planErrorField(message)).toBe('price')

    const customer = new AdminPlans(backend.client(await backend.tokenFor(ids.asha)))
    await expect(customer.list('')).rejects.toThrow('Only an admin can list plans')
  })
})

describe('user subscriptions', () => {
  test('Add Subscription: found by e-mail, listed with Never for Free, a monthly one 30 days on; search and status filter', async () => {
    const [asha] = await subscriptions.suggestUsers('ASHA.PLANS')
    expect(asha).toEqual({
      id: ids.asha,
      name: 'Asha Plans',
      email: 'asha.plans@example.in',
      role: 'customer',
    })

    const forever = await subscriptions.add({
      userId: ids.asha,
      planId: 'free',
      startDate: null,
      endDate: null,
      autoRenew: false,
      amount: 0,
    })
    expect(forever).toMatchObject({
      planName: 'Free',
      endDate: null,
      status: 'active',
      userEmail: 'asha.plans@example.in',
    })

    const monthly = await subscriptions.add({
      userId: ids.asha,
      planId: 'business',
      startDate: null,
      endDate: null,
      autoRenew: true,
      amount: 1500,
    })
    const days = (Date.parse(monthly.endDate ?? '') - Date.parse(monthly.startDate)) / 86_400_000
    expect(days).toBe(30)
    expect(monthly).toMatchObject({ planId: 'business', amount: 1500, autoRenew: true })

    const page = await subscriptions.page({ q: 'asha.plans', status: 'all', page: 0 })
    expect(page.total).toBe(2)
    expect(page.subscriptions.map((row) => [row.planId, row.status])).toEqual([
      ['business', 'active'],
      ['free', 'cancelled'],
    ])
    expect((await subscriptions.page({ q: 'asha.plans', status: 'cancelled', page: 0 })).total).toBe(1)
    expect(await subscriptions.page({ q: 'zz-no-such-subscriber', status: 'all', page: 0 })).toEqual({
      total: 0,
      subscriptions: [],
    })
    expect((await plans.list('business'))[0]?.userCount).toBe(1)
  })
})
