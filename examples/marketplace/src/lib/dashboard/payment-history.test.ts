import { describe, expect, test } from 'vitest'
import { paymentsPage } from './payment-history.ts'
import type { PaymentRecord } from './subscription.ts'

const payment = (index: number, status: PaymentRecord['status'] = 'successful'): PaymentRecord => ({
  id: `PAY${1700000000000 + index}`,
  date: new Date(Date.UTC(2026, 0, index + 1)).toISOString(),
  amount: 499,
  description: index % 2 === 0 ? 'Basic plan, 30 days' : 'Premium plan, 30 days',
  status,
  invoiceUrl: '',
})

const ids = (rows: readonly PaymentRecord[]) => rows.map((row) => row.id)
const twelve = Array.from({ length: 12 }, (_, index) => payment(index, index === 3 ? 'failed' : 'successful'))

describe('Payment History', () => {
  test('5 rows a page: 12 payments are 3 pages, the last with 2', () => {
    const first = paymentsPage(twelve, { search: '', status: 'all' }, 0)
    expect(first).toMatchObject({ page: 0, pages: 3, matching: 12 })
    expect(ids(first.rows)).toEqual(ids(twelve.slice(0, 5)))
    expect(ids(paymentsPage(twelve, { search: '', status: 'all' }, 2).rows)).toEqual(ids(twelve.slice(10)))
  })

  test('search matches the description or the id, case-insensitive, trimmed', () => {
    expect(paymentsPage(twelve, { search: '  PREMIUM ', status: 'all' }, 0).matching).toBe(6)
    expect(ids(paymentsPage(twelve, { search: 'pay1700000000011', status: 'all' }, 0).rows)).toEqual([
      'PAY1700000000011',
    ])
  })

  test('the status filter, and both together', () => {
    expect(ids(paymentsPage(twelve, { search: '', status: 'failed' }, 0).rows)).toEqual(['PAY1700000000003'])
    expect(paymentsPage(twelve, { search: 'basic', status: 'failed' }, 0).matching).toBe(0)
    expect(paymentsPage(twelve, { search: '', status: 'pending' }, 0)).toMatchObject({ rows: [], pages: 1 })
  })

  test('a page past the last shows the last; none is an empty first page', () => {
    expect(paymentsPage(twelve, { search: 'premium', status: 'all' }, 2)).toMatchObject({ page: 1, pages: 2 })
    expect(paymentsPage([], { search: '', status: 'all' }, 3)).toMatchObject({ rows: [], page: 0, pages: 1 })
    expect(paymentsPage(twelve, { search: '', status: 'all' }, -1).page).toBe(0)
  })
})
