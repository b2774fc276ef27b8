import { useState } from 'react'
import {
  PAYMENT_STATUSES,
  type PaymentStatusFilter,
  paymentsPage,
} from '../../lib/dashboard/payment-history.ts'
import type { PaymentRecord } from '../../lib/dashboard/subscription.ts'
import { usePayments } from '../../lib/dashboard/use-subscription.ts'
import { formatDate, formatPrice } from '../../lib/format.ts'
import { Pager } from '../layout/Pager.tsx'

const STATUS_STYLES: Record<PaymentRecord['status'], string> = {
  successful: 'bg-green-100 text-green-800',
  pending: 'bg-amber-100 text-amber-800',
  failed: 'bg-red-100 text-red-800',
}

/** Payment History (spec section 2): search, a status filter, the table, 5 rows a page. */
export function PaymentHistorySection() {
  const { state } = usePayments()
  const [query, setQuery] = useState('')
  const [status, setStatus] = useState<PaymentStatusFilter>('all')
  const [asked, setPage] = useState(0)
  const {
    rows: shown,
    page,
    pages,
  } = paymentsPage(state.status === 'ready' ? state.value : [], { search: query, status }, asked)

  return (
    <section aria-labelledby="payments-heading" className="space-y-4">
      <h2 id="payments-heading" className="text-xl font-semibold text-gray-900">
        Payment History
      </h2>
      <div className="flex flex-wrap gap-3">
        <input
          type="search"
          aria-label="Search payments"
          placeholder="Search payments"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value)
            setPage(0)
          }}
          className="w-full max-w-xs rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none"
        />
        <select
          aria-label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as PaymentStatusFilter)
            setPage(0)
          }}
          className="rounded-md border border-gray-300 px-3 py-2 text-sm"
        >
          {PAYMENT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value === 'all' ? 'All Statuses' : value[0]?.toUpperCase() + value.slice(1)}
            </option>
          ))}
        </select>
      </div>
      {state.status === 'loading' ? (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading your payments"
          className="h-40 animate-pulse rounded-lg bg-gray-100"
        />
      ) : state.status === 'error' ? (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-700">
          Your payments could not be loaded: {state.message}
        </p>
      ) : shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 px-6 py-10 text-center text-gray-600">
          No payment records found
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="min-w-full divide-y divide-gray-200 text-sm">
            <thead className="bg-gray-50 text-left text-gray-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Date
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Description
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Amount
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Invoice
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {shown.map((payment) => (
                <tr key={payment.id}>
                  <td className="px-4 py-3 whitespace-nowrap text-gray-700">{formatDate(payment.date)}</td>
                  <td className="px-4 py-3 text-gray-900">{payment.description}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-gray-900">{formatPrice(payment.amount)}</td>
                  <td className="px-4 py-3">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[payment.status]}`}
                    >
                      {payment.status[0]?.toUpperCase() + payment.status.slice(1)}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-gray-500">
                    {payment.invoiceUrl ? (
                      <a href={payment.invoiceUrl} className="text-blue-700 underline">
                        Download
                      </a>
                    ) : (
                      'Not issued'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager label="Payment pages" page={page} pages={pages} onPage={setPage} />
    </section>
  )
}
