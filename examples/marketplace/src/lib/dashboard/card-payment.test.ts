import { describe, expect, test } from 'vitest'
import {
  type CardDetails,
  cardProblem,
  daysLeft,
  expiryYears,
  PAYMENT_MESSAGES,
  PAYMENTS_PER_PAGE,
} from './card-payment.ts'

const card = (change: Partial<CardDetails> = {}): CardDetails => ({
  number: '4111 1111 1111 1111',
  name: 'Asha Rao',
  month: '08',
  year: '2027',
  cvv: '123',
  ...change,
})

describe('card payment (spec section 5)', () => {
  test('each rule, with its message word for word, in order', () => {
    expect(cardProblem(card())).toBeNull()
    expect(cardProblem(card({ number: '4111 1111 111' }))).toBe('Please enter a valid card number')
    expect(cardProblem(card({ name: ' ' }))).toBe('Please enter the name on card')
    expect(cardProblem(card({ month: '' }))).toBe('Please enter a valid expiry date')
    expect(cardProblem(card({ year: '' }))).toBe('Please enter a valid expiry date')
    expect(cardProblem(card({ cvv: '12' }))).toBe('Please enter a valid CVV')
    expect(cardProblem(card({ cvv: '12345' }))).toBe('Please enter a valid CVV')
    expect(cardProblem(card({ cvv: '1234' }))).toBeNull()
    expect(cardProblem(card({ number: '', name: '' }))).toBe(PAYMENT_MESSAGES.cardNumber)
  })

  test('expiry years: this year and the next 9', () => {
    expect(expiryYears(new Date('2026-11-27'))).toEqual([
      2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035,
    ])
  })

  test('days left, and paging of 5', () => {
    const now = new Date('2026-11-27T10:00:00Z')
    expect(daysLeft(new Date('2026-12-27T10:00:00Z'), now)).toBe(30)
    expect(daysLeft(new Date('2026-11-26T10:00:00Z'), now)).toBe(0)
    expect(PAYMENTS_PER_PAGE).toBe(5)
  })
})
