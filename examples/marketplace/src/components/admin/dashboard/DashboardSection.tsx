import { CircleCheck, Flag, type LucideIcon, Mail, Settings } from 'lucide-react'
import { useState } from 'react'
import { AdminDashboard } from '../../../lib/admin/admin-dashboard.ts'
import type { OpenAdminSection } from '../../../lib/admin/sections.ts'
import { useAdminRead } from '../../../lib/admin/use-admin-read.ts'
import { ListingsLoadError } from '../../listings/ListingsLoadError.tsx'
import { NewsletterDialog } from './NewsletterDialog.tsx'
import { RecentActivity } from './RecentActivity.tsx'
import { StatCards } from './StatCards.tsx'
import { SystemSettingsDialog } from './SystemSettingsDialog.tsx'

interface QuickAction {
  label: string
  note: string
  icon: LucideIcon
  onSelect: () => void
}

/**
 * The admin's Dashboard (spec section 2): four stat cards from the data, the quick actions (open the
 * pending or the reported listings, send a newsletter, change the system settings) and the recent
 * activity. Figures and activity are read again after a newsletter or a settings change, which the
 * activity records.
 */
export function DashboardSection({ onOpen }: { onOpen: OpenAdminSection }) {
  const stats = useAdminRead('stats', (client) => new AdminDashboard(client).stats())
  const activity = useAdminRead('activity', (client) => new AdminDashboard(client).activity())
  const [dialog, setDialog] = useState<'newsletter' | 'settings' | null>(null)
  const pending = stats.state.shown?.listings.pending
  const reported = stats.state.shown?.listings.reported

  const actions: QuickAction[] = [
    {
      label: 'Approve Pending Listings',
      note:
        pending === undefined ? 'Listings waiting for review' : `${pending.toLocaleString('en-IN')} waiting`,
      icon: CircleCheck,
      onSelect: () => onOpen('listings', 'pending'),
    },
    {
      label: 'View Reported Content',
      note: reported === undefined ? 'Listings with reports' : `${reported.toLocaleString('en-IN')} reported`,
      icon: Flag,
      onSelect: () => onOpen('listings', 'reported'),
    },
    {
      label: 'Send Newsletter',
      note: 'Mail the marketplace’s accounts',
      icon: Mail,
      onSelect: () => setDialog('newsletter'),
    },
    {
      label: 'System Settings',
      note: 'Announcement and support e-mail',
      icon: Settings,
      onSelect: () => setDialog('settings'),
    },
  ]

  const closed = (open: boolean) => {
    if (open) return
    setDialog(null)
    activity.reload()
  }

  return (
    <section aria-labelledby="admin-dashboard-heading" className="space-y-6">
      <h2 id="admin-dashboard-heading" className="text-xl font-semibold text-gray-900">
        Dashboard
      </h2>
      {stats.state.status === 'error' ? (
        <ListingsLoadError
          title="The figures could not be loaded"
          message={stats.state.message}
          onRetry={stats.reload}
        />
      ) : (
        <StatCards stats={stats.state.shown} />
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section
          aria-labelledby="quick-actions-heading"
          className="self-start rounded-lg border border-gray-200 bg-white shadow-sm"
        >
          <h3
            id="quick-actions-heading"
            className="border-b border-gray-200 px-5 py-3 font-semibold text-gray-900"
          >
            Quick Actions
          </h3>
          <ul className="space-y-2 p-3">
            {actions.map(({ label, note, icon: Icon, onSelect }) => (
              <li key={label}>
                <button
                  type="button"
                  onClick={onSelect}
                  className="flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-left hover:bg-gray-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
                >
                  <span className="rounded-md bg-blue-50 p-2 text-blue-700">
                    <Icon className="h-4 w-4" aria-hidden="true" />
                  </span>
                  <span className="min-w-0">
                    <span className="block text-sm font-medium text-gray-900">{label}</span>
                    <span className="block text-xs text-gray-600">{note}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
        <div className="lg:col-span-2">
          <RecentActivity state={activity.state} onReload={activity.reload} />
        </div>
      </div>
      <NewsletterDialog open={dialog === 'newsletter'} onOpenChange={closed} />
      <SystemSettingsDialog open={dialog === 'settings'} onOpenChange={closed} />
    </section>
  )
}
