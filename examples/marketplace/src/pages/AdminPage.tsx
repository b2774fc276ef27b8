import { useSearchParams } from 'react-router-dom'
import { AnalyticsSection } from '../components/admin/analytics/AnalyticsSection.tsx'
import { DashboardSection } from '../components/admin/dashboard/DashboardSection.tsx'
import { ManageListingsSection } from '../components/admin/listings/ManageListingsSection.tsx'
import { SubscriptionsSection } from '../components/admin/subscriptions/SubscriptionsSection.tsx'
import { ManageUsersSection } from '../components/admin/users/ManageUsersSection.tsx'
import { AccountSummary } from '../components/dashboard/AccountSummary.tsx'
import { SectionNav } from '../components/layout/SectionNav.tsx'
import { ADMIN_LISTING_TABS } from '../lib/admin/admin-listings.ts'
import { ADMIN_SECTIONS, type AdminSectionId, type OpenAdminSection } from '../lib/admin/sections.ts'
import { useAuth } from '../lib/auth/context.ts'
import { useDocumentTitle } from '../lib/document-title.ts'

/**
 * /admin for admins only (behind RequireAuth; the database checks the caller again in every admin
 * function and records each change). `?tab=listings&view=reported` opens Manage Listings on a tab.
 */
export function AdminPage() {
  const { account } = useAuth()
  useDocumentTitle('Admin Dashboard')
  const [searchParams, setSearchParams] = useSearchParams()
  const asked = searchParams.get('tab')
  const section: AdminSectionId = ADMIN_SECTIONS.some((entry) => entry.id === asked)
    ? (asked as AdminSectionId)
    : 'dashboard'
  const view = searchParams.get('view')
  const listingTab = ADMIN_LISTING_TABS.find((entry) => entry.id === view)?.id ?? 'pending'
  const open: OpenAdminSection = (id, listingView) =>
    setSearchParams(id === 'dashboard' ? {} : listingView ? { tab: id, view: listingView } : { tab: id })

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10 lg:px-8">
      <h1 className="text-3xl font-bold text-gray-900">Admin Dashboard</h1>
      {account && <AccountSummary account={account} />}
      <SectionNav
        label="Admin sections"
        sections={ADMIN_SECTIONS}
        current={section}
        onChoose={(id) => open(id)}
      />
      {section === 'dashboard' ? (
        <DashboardSection onOpen={open} />
      ) : section === 'listings' ? (
        <ManageListingsSection key={listingTab} initialTab={listingTab} />
      ) : section === 'users' ? (
        <ManageUsersSection />
      ) : section === 'subscriptions' ? (
        <SubscriptionsSection />
      ) : (
        <AnalyticsSection />
      )}
    </div>
  )
}
