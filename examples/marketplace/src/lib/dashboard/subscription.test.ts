import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestBackend, type TestBackend } from '../../../server/supabase-test-clients.ts'
import { Subscriptions } from './subscription.ts'

let backend: TestBackend
const id = '50000000-0000-4000-8000-00000000000a'
let subscriptions: Subscriptions

beforeAll(async () => {
  backend = await startTestBackend('marketplace-subscription-')
  await backend.createUser(id, 'plan-a@example.com', 'Asha')
  subscriptions = new Subscriptions(backend.client(await backend.tokenFor(id)))
})

afterAll(async () => {
  await backend?.close()
})

describe('Subscription through supabase-js', () => {
  test('Free at first; a change to Basic records a payment and runs 30 days; cancel returns to Free', async () => {
    expect((await subscriptions.plans()).map((plan) => [plan.id, plan.listingLimit])).toEqual([
      ['free', 1],
      ['basic', 5],
      ['premium', -1],
    ])
    expect(await subscriptions.current()).toMatchObject({
      plan: { id: 'free' },
      subscription: null,
      listingsUsed: 0,
    })

    const changed = await subscriptions.changePlan('basic', 'paypal')
    expect(changed).toMatchObject({ plan_id: 'basic', status: 'active', auto_renew: true })
    const now = await subscriptions.current()
    expect(now).toMatchObject({
      plan: { id: 'basic', listingLimit: 5 },
      subscription: { id: changed.id },
      listingsUsed: 0,
    })
    expect(await subscriptions.payments()).toMatchObject([
      { amount: 499, description: 'Basic plan subscription', status: 'successful', invoiceUrl: '' },
    ])

    await expect(subscriptions.changePlan('basic', 'card')).rejects.toThrow(
      'You are already on the Basic plan',
    )
    expect(await subscriptions.cancel()).toMatchObject({ status: 'cancelled', auto_renew: false })
    expect((await subscriptions.current()).plan.id).toBe('free')
    await expect(subscriptions.cancel()).rejects.toThrow('You have no active subscription to cancel')
  })
})
