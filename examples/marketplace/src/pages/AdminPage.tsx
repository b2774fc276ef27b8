import { ManageListingsSection } from '../components/admin/ManageListingsSection.tsx'
import { AccountSummary } from '../components/dashboard/AccountSummary.tsx'
import { useAuth } from '../lib/auth/context.ts'
import { useDocumentTitle } from '../lib/document-title.ts'

/**
 * /admin for admins only (behind RequireAuth; the database checks the caller again in every admin
 * function). Manage Listings is built; the other sections of the spec come with the rest of issue 30.
 */
export function AdminPage() {
  const { account } = useAuth()
  useDocumentTitle('Admin Dashboard')
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10 lg:px-8">
      <h1 className="text-3xl font-bold text-gray-900">Admin Dashboard</h1>
      {account && <AccountSummary account={account} />}
      <ManageListingsSection />
    </div>
  )
}
