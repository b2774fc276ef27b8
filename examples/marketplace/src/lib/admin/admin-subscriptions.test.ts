import { describe, expect, test } from 'vitest'
import type { Plan } from '../../data/plans.ts'
import {
  checkSubscriptionDraft,
  defaultEndDate,
  formatEndDate,
  localDay,
  type SubscriptionDraft,
  startOfDay,
  subscriptionErrorField,
} from './admin-subscriptions.ts'

const plan = (id: string, period: Plan['period'], price: number): Plan => ({
  id,
  name: id,
  price,
  period,
  listingLimit: 5,
  description: '',
  features: [],
  isPopular: false,
  isActive: true,
  buttonText: '',
})
const plans = [plan('free', 'forever', 0), plan('basic', 'month', 499), plan('annual', 'year', 4999)]
const now = new Date(2026, 5, 15, 14, 30) // 15 June 2026, 14:30 local
const asha = {
  id: '30000000-0000-4000-8000-00000000000a',
  name: 'Asha',
  email: 'asha@example.in',
  role: 'customer' as const,
}
const draft = (change: Partial<SubscriptionDraft> = {}): SubscriptionDraft => ({
  user: asha,
  planId: 'basic',
  startDate: '',
  endDate: '',
  autoRenew: true,
  amount: '499',
  ...change,
})
const problemsOf = (value: SubscriptionDraft) => {
  const checked = checkSubscriptionDraft(value, plans, now)
  return checked.ok ? null : checked.problems
}

describe('Add Subscription', () => {
  test('blank dates leave them to the database (now; by the plan)', () => {
    expect(checkSubscriptionDraft(draft(), plans, now)).toEqual({
      ok: true,
      input: {
        userId: asha.id,
        planId: 'basic',
        startDate: null,
        endDate: null,
        autoRenew: true,
        amount: 499,
      },
    })
    // Today is now, too.
    const today = checkSubscriptionDraft(draft({ startDate: '2026-06-15' }), plans, now)
    expect(today.ok && today.input.startDate).toBeNull()
  })

  test('chosen days are sent as their local midnight', () => {
    const checked = checkSubscriptionDraft(
      draft({ startDate: '2026-06-01', endDate: '2026-07-01', amount: '1,000' }),
      plans,
      now,
    )
    expect(checked.ok && checked.input).toMatchObject({
      startDate: new Date(2026, 5, 1).toISOString(),
      endDate: new Date(2026, 6, 1).toISOString(),
      amount: 1000,
    })
  })

  test('says what is missing or wrong at its field', () => {
    expect(problemsOf(draft({ user: null, planId: '', amount: '4.99' }))).toEqual({
      user: 'Choose a user from the suggestions',
      plan: 'Choose a plan',
      amount: 'Enter the amount in whole rupees, 0 or more',
    })
    expect(problemsOf(draft({ startDate: '2026-06-16' }))).toEqual({
      startDate: 'A subscription added here starts today or earlier',
    })
    expect(problemsOf(draft({ endDate: '2026-06-15' }))).toEqual({ endDate: 'The end date is after today' })
    expect(problemsOf(draft({ startDate: '2026-06-10', endDate: '2026-06-09' }))?.endDate).toBe(
      'The end date is after today',
    )
    expect(problemsOf(draft({ startDate: '2026-06-20', endDate: '2026-06-18' }))).toEqual({
      startDate: 'A subscription added here starts today or earlier',
      endDate: 'The end date is after the start date',
    })
  })

  test("a start long ago whose plan's period is over asks for an end date; a forever plan never ends", () => {
    expect(problemsOf(draft({ startDate: '2026-05-01' }))?.endDate).toBe(
      "Started then, the plan's 30 days ended on 31 May 2026: choose an end date after today",
    )
    expect(problemsOf(draft({ startDate: '2026-05-20' }))).toBeNull()
    expect(problemsOf(draft({ planId: 'annual', startDate: '2025-06-01' }))?.endDate).toMatch(
      /the plan's year ended on 1 June 2026/,
    )
    expect(problemsOf(draft({ planId: 'free', startDate: '2020-01-01', amount: '0' }))).toBeNull()
  })

  test('the end by the plan: 30 days, a year, or never', () => {
    const start = new Date(2026, 0, 31)
    expect(defaultEndDate('month', start)).toEqual(new Date(2026, 2, 2))
    expect(defaultEndDate('year', start)).toEqual(new Date(2027, 0, 31))
    expect(defaultEndDate('forever', start)).toBeNull()
  })

  test('days: local, both ways; no end date shows Never', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05')
    expect(startOfDay('2026-01-05')).toEqual(new Date(2026, 0, 5))
    expect(formatEndDate(null)).toBe('Never')
    expect(formatEndDate(new Date(2026, 6, 1, 12).toISOString())).toBe('1 July 2026')
  })

  test("the database's messages go to their field; others to the form", () => {
    expect(subscriptionErrorField('No user 30000000-0000-4000-8000-00000000000a')).toBe('user')
    expect(subscriptionErrorField('No plan gold')).toBe('plan')
    expect(subscriptionErrorField('A subscription added by an admin starts now or earlier')).toBe('startDate')
    expect(subscriptionErrorField("A subscription's end date is after its start and after now")).toBe(
      'endDate',
    )
    expect(subscriptionErrorField("A subscription's amount is 0 or more rupees (below 10,000,000,000)")).toBe(
      'amount',
    )
    expect(subscriptionErrorField('Only an admin can add subscriptions')).toBeNull()
  })
})
