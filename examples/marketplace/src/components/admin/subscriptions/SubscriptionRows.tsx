import {
  type AdminSubscription,
  formatEndDate,
  type SubscriptionStatus,
} from '../../../lib/admin/admin-subscriptions.ts'
import { formatDate, formatPrice } from '../../../lib/format.ts'

const STATUS_STYLES: Record<SubscriptionStatus, string> = {
  active: 'bg-green-100 text-green-800',
  expired: 'bg-amber-100 text-amber-800',
  cancelled: 'bg-red-100 text-red-800',
}

const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  cancelled: 'Cancelled',
}

function StatusBadge({ status }: { status: SubscriptionStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  )
}

/** The end date, 'Never' when there is none; an active subscription's past end says it is over. */
function EndDate({ subscription }: { subscription: AdminSubscription }) {
  const over =
    subscription.status === 'active' &&
    subscription.endDate !== null &&
    new Date(subscription.endDate).getTime() <= Date.now()
  return (
    <>
      {formatEndDate(subscription.endDate)}
      {over && <span className="ml-1 text-xs text-amber-800">(ended)</span>}
    </>
  )
}

const HEADINGS = ['User', 'Plan', 'Start', 'End', 'Status', 'Auto-renew', 'Amount'] as const

/**
 * User Subscriptions' rows: a table from `md` up (user's name and e-mail, plan, start, end or Never,
 * status, auto-renew, amount), and below it the same as stacked cards (a phone does not scroll a
 * table sideways).
 */
export function SubscriptionRows({ subscriptions }: { subscriptions: readonly AdminSubscription[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-gray-200 bg-white md:block">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <thead className="bg-gray-50 text-left text-gray-600">
            <tr>
              {HEADINGS.map((heading) => (
                <th
                  key={heading}
                  scope="col"
                  className={`px-4 py-3 font-medium ${heading === 'Amount' ? 'text-right' : ''}`}
                >
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {subscriptions.map((subscription) => (
              <tr key={subscription.id}>
                <td className="px-4 py-3">
                  <div className="font-medium text-gray-900">{subscription.userName || 'Unnamed user'}</div>
                  <div className="text-xs text-gray-500">{subscription.userEmail}</div>
                </td>
                <td className="px-4 py-3 text-gray-700">{subscription.planName}</td>
                <td className="px-4 py-3 whitespace-nowrap text-gray-700">
                  {formatDate(subscription.startDate)}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-gray-700">
                  <EndDate subscription={subscription} />
                </td>
                <td className="px-4 py-3">
                  <StatusBadge status={subscription.status} />
                </td>
                <td className="px-4 py-3 text-gray-700">{subscription.autoRenew ? 'Yes' : 'No'}</td>
                <td className="px-4 py-3 text-right text-gray-900">{formatPrice(subscription.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Subscriptions" className="space-y-3 md:hidden">
        {subscriptions.map((subscription) => (
          <li key={subscription.id} className="rounded-lg border border-gray-200 bg-white p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-gray-900">
                  {subscription.userName || 'Unnamed user'}
                </p>
                <p className="text-xs break-all text-gray-500">{subscription.userEmail}</p>
              </div>
              <StatusBadge status={subscription.status} />
            </div>
            <p className="mt-2 text-sm text-gray-900">
              <span className="font-medium">{subscription.planName}</span> ·{' '}
              {formatPrice(subscription.amount)}
            </p>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
              <div>
                <dt className="text-gray-500">Start</dt>
                <dd className="text-gray-900">{formatDate(subscription.startDate)}</dd>
              </div>
              <div>
                <dt className="text-gray-500">End</dt>
                <dd className="text-gray-900">
                  <EndDate subscription={subscription} />
                </dd>
              </div>
              <div>
                <dt className="text-gray-500">Auto-renew</dt>
                <dd className="text-gray-900">{subscription.autoRenew ? 'Yes' : 'No'}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  )
}
