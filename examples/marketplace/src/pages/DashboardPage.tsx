import { AccountSummary } from '../components/dashboard/AccountSummary.tsx'
import { useAuth } from '../lib/auth/context.ts'
import { useDocumentTitle } from '../lib/document-title.ts'

/** /dashboard for any signed-in user (behind RequireAuth). Its sections come in a later change. */
export function DashboardPage() {
  const { account } = useAuth()
  useDocumentTitle('My Dashboard')
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10 lg:px-8">
      <h1 className="text-3xl font-bold text-gray-900">My Dashboard</h1>
      {account && <AccountSummary account={account} />}
      <p className="text-gray-600">
        My Listings, Subscription, Profile Settings and Payment History are not built yet; they come in a
        later update.
      </p>
    </div>
  )
}
