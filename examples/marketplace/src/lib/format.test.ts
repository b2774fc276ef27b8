import { describe, expect, test } from 'vitest'
import { formatPostedOn, formatPostedTime, formatPrice } from './format.ts'
import { formatListingLimit } from './plans/plan-rows.ts'

describe('formatting', () => {
  test('rupees with Indian digit grouping', () => {
    expect(formatPrice(500)).toBe('₹500')
    expect(formatPrice(12000)).toBe('₹12,000')
    expect(formatPrice(850000)).toBe('₹8,50,000')
    expect(formatPrice(0)).toBe('₹0')
  })

  test('posted on: createdAt, else postedTime, else Unknown', () => {
    expect(formatPostedOn({ createdAt: '2024-06-10T09:30:00.000Z', postedTime: '2 days ago' })).toBe(
      '10 June 2024',
    )
    expect(formatPostedOn({ postedTime: '2 days ago' })).toBe('2 days ago')
    expect(formatPostedOn({ createdAt: 'not a date' })).toBe('Unknown')
    expect(formatPostedOn({})).toBe('Unknown')
    expect(formatPostedTime({})).toBe('Recently')
  })

  test('a -1 listing limit displays as Unlimited; any other is its number (an admin may set 999 or 1000)', () => {
    expect(formatListingLimit(-1)).toBe('Unlimited')
    expect(formatListingLimit(999)).toBe('999')
    expect(formatListingLimit(5)).toBe('5')
  })
})
