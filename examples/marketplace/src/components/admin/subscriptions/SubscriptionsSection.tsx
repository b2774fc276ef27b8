import * as Tabs from '@radix-ui/react-tabs'
import { useState } from 'react'
import { formatEndDate } from '../../../lib/admin/admin-subscriptions.ts'
import { AdminNoticeLine, useAdminNotice } from '../AdminNotice.tsx'
import { PlansTab } from './PlansTab.tsx'
import { type SubscriptionsQuery, UserSubscriptionsTab } from './UserSubscriptionsTab.tsx'

const TABS = [
  { id: 'plans', label: 'Plans' },
  { id: 'subscriptions', label: 'User Subscriptions' },
] as const
type SubscriptionsTab = (typeof TABS)[number]['id']

/**
 * Subscriptions (spec section 2; issue 30): the Plans tab (every plan, Edit, Create New Plan) and the
 * User Subscriptions tab (search, status filter, Add Subscription). The plans are the ones the home
 * page's pricing and each customer's Subscription read; the database checks and records every change
 * (admin_* functions). Each tab's search stays while the other tab is open.
 */
export function SubscriptionsSection() {
  const [tab, setTab] = useState<SubscriptionsTab>('plans')
  const [planSearch, setPlanSearch] = useState('')
  const [subscriptionsQuery, setSubscriptionsQuery] = useState<SubscriptionsQuery>({
    q: '',
    status: 'all',
    page: 0,
  })
  const [notice, setNotice] = useAdminNotice()

  return (
    <section aria-labelledby="subscriptions-heading" className="space-y-4">
      <h2 id="subscriptions-heading" className="text-xl font-semibold text-gray-900">
        Subscriptions
      </h2>
      <AdminNoticeLine notice={notice} />
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as SubscriptionsTab)}>
        <Tabs.List aria-label="Subscriptions views" className="flex flex-wrap gap-1 border-b border-gray-200">
          {TABS.map((entry) => (
            <Tabs.Trigger
              key={entry.id}
              value={entry.id}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-gray-600 hover:text-gray-900 data-[state=active]:border-blue-600 data-[state=active]:text-blue-700"
            >
              {entry.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="plans" className="pt-4 outline-none">
          <PlansTab
            q={planSearch}
            onSearch={setPlanSearch}
            onSaved={(text) => setNotice({ kind: 'success', text })}
          />
        </Tabs.Content>
        <Tabs.Content value="subscriptions" className="pt-4 outline-none">
          <UserSubscriptionsTab
            query={subscriptionsQuery}
            onQuery={setSubscriptionsQuery}
            onAdded={(subscription) =>
              setNotice({
                kind: 'success',
                text: `Subscription added: ${subscription.userName || subscription.userEmail} is on ${subscription.planName}, ${
                  subscription.endDate === null
                    ? 'with no end date'
                    : `until ${formatEndDate(subscription.endDate)}`
                }`,
              })
            }
          />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  )
}
