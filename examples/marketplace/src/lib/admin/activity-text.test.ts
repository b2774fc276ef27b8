import { expect, test } from 'vitest'
import { describeActivity, percentChange, timeAgo } from './activity-text.ts'
import type { ActivityEvent } from './admin-dashboard.ts'

const event = (fields: Partial<ActivityEvent>): ActivityEvent => ({
  at: '2026-11-28T10:00:00Z',
  action: 'listing.approve',
  byAdmin: true,
  actorName: 'Asha Rao',
  targetType: 'listing',
  targetId: 'L1001',
  targetLabel: 'Teak chair',
  detail: {},
  ...fields,
})

test('an admin action reads as who did what to what', () => {
  expect(describeActivity(event({}))).toEqual({ kind: 'approved', text: 'Asha Rao approved “Teak chair”' })
  expect(describeActivity(event({ action: 'listing.reject_reported' })).text).toBe(
    'Asha Rao rejected the reported listing “Teak chair”',
  )
  expect(
    describeActivity(event({ action: 'user.suspend', targetType: 'user', targetLabel: 'ravi@example.in' })),
  ).toEqual({ kind: 'user', text: 'Asha Rao suspended ravi@example.in' })
  expect(
    describeActivity(
      event({
        action: 'newsletter.send',
        targetType: 'newsletter',
        detail: { subject: 'Diwali deals', recipients: 1 },
      }),
    ).text,
  ).toBe('Asha Rao sent the newsletter “Diwali deals” to 1 account')
  // An admin without a name, and a label missing: the id stands in.
  expect(describeActivity(event({ actorName: null, targetLabel: '' })).text).toBe('An admin approved “L1001”')
})

test("the marketplace's own events name the customer, or say who in general", () => {
  expect(
    describeActivity(
      event({ action: 'listing.post', byAdmin: false, actorName: '', detail: { category: 'Furniture' } }),
    ),
  ).toEqual({ kind: 'posted', text: 'A seller posted “Teak chair” in Furniture' })
  expect(
    describeActivity(
      event({
        action: 'user.join',
        byAdmin: false,
        actorName: 'Ravi',
        targetType: 'user',
        detail: { role: 'customer' },
      }),
    ).text,
  ).toBe('Ravi joined as customer')
  expect(
    describeActivity(
      event({ action: 'listing.report', byAdmin: false, actorName: null, detail: { reason: 'Spam' } }),
    ),
  ).toEqual({ kind: 'reported', text: 'A user reported “Teak chair”: Spam' })
})

test('an action this version does not know is still one readable line', () => {
  expect(
    describeActivity(event({ action: 'plan.archive', targetType: 'plan', targetLabel: 'Gold' })).text,
  ).toBe('Asha Rao: plan.archive Gold')
})

test('times read as how long ago, and a change as whole percent', () => {
  const now = Date.parse('2026-11-28T10:00:00Z')
  expect(timeAgo('2026-11-28T09:59:30Z', now)).toBe('just now')
  expect(timeAgo('2026-11-28T09:55:00Z', now)).toBe('5 minutes ago')
  expect(timeAgo('2026-11-27T09:00:00Z', now)).toBe('yesterday')
  expect(timeAgo('2026-11-28T10:00:05Z', now)).toBe('just now')
  expect(percentChange(15, 10)).toBe(50)
  expect(percentChange(5, 10)).toBe(-50)
  expect(percentChange(3, 0)).toBeNull()
})
