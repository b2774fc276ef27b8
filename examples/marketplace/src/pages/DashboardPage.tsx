import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { AccountSummary } from '../components/dashboard/AccountSummary.tsx'
import { ListingForm } from '../components/dashboard/ListingForm.tsx'
import { MyListingsSection } from '../components/dashboard/MyListingsSection.tsx'
import { PaymentHistorySection } from '../components/dashboard/PaymentHistorySection.tsx'
import { ProfileSettingsSection } from '../components/dashboard/ProfileSettingsSection.tsx'
import { SubscriptionSection } from '../components/dashboard/SubscriptionSection.tsx'
import { SectionNav } from '../components/layout/SectionNav.tsx'
import type { Listing } from '../data/listing.ts'
import { useAuth } from '../lib/auth/context.ts'
import { useMyListings } from '../lib/dashboard/use-my-listings.ts'
import { useDocumentTitle } from '../lib/document-title.ts'

const SECTIONS = [
  { id: 'listings', label: 'My Listings' },
  { id: 'subscription', label: 'Subscription' },
  { id: 'profile', label: 'Profile Settings' },
  { id: 'payments', label: 'Payment History' },
] as const
type SectionId = (typeof SECTIONS)[number]['id']

/**
 * /dashboard for any signed-in user (behind RequireAuth): its four sections (`?tab=` opens one), the
 * listing form in place of My Listings while creating or editing.
 */
export function DashboardPage() {
  const { account } = useAuth()
  useDocumentTitle('My Dashboard')
  const [searchParams, setSearchParams] = useSearchParams()
  const asked = searchParams.get('tab')
  const section: SectionId = SECTIONS.some((entry) => entry.id === asked) ? (asked as SectionId) : 'listings'
  const [form, setForm] = useState<{ listing?: Listing } | null>(null)
  const { state, store } = useMyListings(account?.userId ?? null)

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10 lg:px-8">
      <h1 className="text-3xl font-bold text-gray-900">My Dashboard</h1>
      {account && <AccountSummary account={account} />}
      <SectionNav
        label="Dashboard sections"
        sections={SECTIONS}
        current={section}
        onChoose={(id) => {
          setForm(null)
          setSearchParams(id === 'listings' ? {} : { tab: id })
        }}
      />
      {section === 'listings' ? (
        form ? (
          <ListingForm
            key={form.listing?.id ?? 'new'}
            {...(form.listing ? { listing: form.listing } : {})}
            userName={account?.name ?? ''}
            store={store}
            onDone={() => setForm(null)}
          />
        ) : (
          <MyListingsSection
            state={state}
            store={store}
            onCreate={() => setForm({})}
            onEdit={(listing) => setForm({ listing })}
          />
        )
      ) : section === 'subscription' ? (
        <SubscriptionSection onManagePayment={() => setSearchParams({ tab: 'payments' })} />
      ) : section === 'payments' ? (
        <PaymentHistorySection />
      ) : (
        <ProfileSettingsSection />
      )}
    </div>
  )
}
