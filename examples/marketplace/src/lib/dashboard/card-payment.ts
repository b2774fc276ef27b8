/** The plan change's payment (spec section 5): a card, or PayPal (no fields; the user is told of the redirect). */
export type PaymentMethod = 'card' | 'paypal'

export interface CardDetails {
  number: string
  name: string
  month: string
  year: string
  cvv: string
}

/** The spec's messages, word for word, and the plan change's outcomes (section 8). */
export const PAYMENT_MESSAGES = {
  cardNumber: 'Please enter a valid card number',
  name: 'Please enter the name on card',
  expiry: 'Please enter a valid expiry date',
  cvv: 'Please enter a valid CVV',
  success: 'Payment successful! Your subscription has been updated.',
  failure: 'Payment processing failed. Please try again.',
  paypal: 'You will be redirected to PayPal to complete your payment.',
} as const

/** CVV is 3 to 4 characters (the field takes at most 4). */
export const CVV_MAX_LENGTH = 4

/** The expiry years offered: this year and the next 9. */
export function expiryYears(now = new Date()): number[] {
  return Array.from({ length: 10 }, (_, index) => now.getFullYear() + index)
}

/** The card's first problem, in the spec's order, or null. */
export function cardProblem(card: CardDetails): string | null {
  if (card.number.trim().length < 16) return PAYMENT_MESSAGES.cardNumber
  if (card.name.trim() === '') return PAYMENT_MESSAGES.name
  if (card.month === '' || card.year === '') return PAYMENT_MESSAGES.expiry
  const cvv = card.cvv.trim()
  if (cvv.length < 3 || cvv.length > CVV_MAX_LENGTH) return PAYMENT_MESSAGES.cvv
  return null
}

/** Payment History's rows per page (spec section 9). */
export const PAYMENTS_PER_PAGE = 5

/** Whole days from `now` until `end` (0 once it has passed). */
export function daysLeft(end: Date, now = new Date()): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / 86_400_000))
}
