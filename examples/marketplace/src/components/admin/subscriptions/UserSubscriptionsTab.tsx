import { Plus } from 'lucide-react'
import { useState } from 'react'
import { ADMIN_PAGE_SIZE } from '../../../lib/admin/admin-listings.ts'
import {
  type AdminSubscription,
  AdminSubscriptions,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from '../../../lib/admin/admin-subscriptions.ts'
import { useAdminRead } from '../../../lib/admin/use-admin-read.ts'
import { Pager } from '../../layout/Pager.tsx'
import { ListingsLoadError } from '../../listings/ListingsLoadError.tsx'
import { AddSubscriptionDialog } from './AddSubscriptionDialog.tsx'
import { SubscriptionRows } from './SubscriptionRows.tsx'

/** What the User Subscriptions tab asks: its search, status filter and page (from 0). */
export interface SubscriptionsQuery {
  q: string
  status: SubscriptionStatus | 'all'
  page: number
}

interface UserSubscriptionsTabProps {
  query: SubscriptionsQuery
  onQuery: (query: SubscriptionsQuery) => void
  /** Says what was added (the section's success message). */
  onAdded: (subscription: AdminSubscription) => void
}

/**
 * The User Subscriptions tab: a search (subscriber's name or e-mail, plan), a status filter, 10 rows a
 * page, latest start first, and Add Subscription.
 */
export function UserSubscriptionsTab({ query, onQuery, onAdded }: UserSubscriptionsTabProps) {
  const { state, reload } = useAdminRead(JSON.stringify(query), (client) =>
    new AdminSubscriptions(client).page(query),
  )
  const [adding, setAdding] = useState(false)
  const shown = state.shown
  const pages = Math.max(1, Math.ceil((shown?.total ?? 0) / ADMIN_PAGE_SIZE))

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <input
          type="search"
          aria-label="Search subscriptions"
          placeholder="Search by user, e-mail or plan"
          value={query.q}
          onChange={(event) => onQuery({ ...query, q: event.target.value, page: 0 })}
          className="w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none sm:max-w-xs"
        />
        <select
          aria-label="Status"
          value={query.status}
          onChange={(event) =>
            onQuery({ ...query, status: event.target.value as SubscriptionsQuery['status'], page: 0 })
          }
          className="rounded-md border border-gray-300 px-3 py-2 text-sm"
        >
          <option value="all">All Statuses</option>
          {SUBSCRIPTION_STATUSES.map((status) => (
            <option key={status.id} value={status.id}>
              {status.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          onClick={() => setAdding(true)}
          className="ml-auto inline-flex items-center gap-2 rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700"
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Subscription
        </button>
      </div>
      {state.status === 'error' && (
        <ListingsLoadError
          title="The subscriptions could not be loaded"
          message={state.message}
          onRetry={reload}
        />
      )}
      {shown === null ? (
        state.status === 'loading' && (
          <div
            role="status"
            aria-busy="true"
            aria-label="Loading subscriptions"
            className="h-64 animate-pulse rounded-lg bg-gray-100"
          />
        )
      ) : shown.subscriptions.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white px-6 py-10 text-center text-gray-600">
          No subscriptions found matching your criteria
        </p>
      ) : (
        <SubscriptionRows subscriptions={shown.subscriptions} />
      )}
      <Pager
        label="Subscription pages"
        page={Math.min(query.page, pages - 1)}
        pages={pages}
        onPage={(page) => onQuery({ ...query, page })}
      />
      <AddSubscriptionDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(subscription) => {
          setAdding(false)
          reload()
          onAdded(subscription)
        }}
      />
    </div>
  )
}
