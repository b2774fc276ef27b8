import { Clock, IndianRupee, type LucideIcon, Package, Users } from 'lucide-react'
import { percentChange } from '../../../lib/admin/activity-text.ts'
import type { DashboardStats } from '../../../lib/admin/admin-dashboard.ts'
import { formatPrice } from '../../../lib/format.ts'

interface Card {
  label: string
  value: string
  note: string
  /** The last 30 days against the 30 before, in percent; null when there is nothing to compare. */
  change: number | null
  icon: LucideIcon
  tone: string
}

function cards(stats: DashboardStats): Card[] {
  const { users, listings, revenue } = stats
  return [
    {
      label: 'Total Users',
      value: users.total.toLocaleString('en-IN'),
      note: `${users.newLast30Days.toLocaleString('en-IN')} joined in the last 30 days`,
      change: percentChange(users.newLast30Days, users.newPrevious30Days),
      icon: Users,
      tone: 'bg-blue-50 text-blue-700',
    },
    {
      label: 'Total Listings',
      value: listings.total.toLocaleString('en-IN'),
      note: `${listings.approved.toLocaleString('en-IN')} approved, ${listings.rejected.toLocaleString('en-IN')} rejected`,
      change: percentChange(listings.newLast30Days, listings.newPrevious30Days),
      icon: Package,
      tone: 'bg-emerald-50 text-emerald-700',
    },
    {
      label: 'Pending Approval',
      value: listings.pending.toLocaleString('en-IN'),
      note: `${listings.reported.toLocaleString('en-IN')} reported`,
      change: null,
      icon: Clock,
      tone: 'bg-amber-50 text-amber-700',
    },
    {
      label: 'Revenue',
      value: formatPrice(revenue.total),
      note: `${formatPrice(revenue.last30Days)} in the last 30 days`,
      change: percentChange(revenue.last30Days, revenue.previous30Days),
      icon: IndianRupee,
      tone: 'bg-violet-50 text-violet-700',
    },
  ]
}

function Change({ percent }: { percent: number | null }) {
  if (percent === null) return null
  const up = percent >= 0
  return (
    <span
      className={`rounded px-1.5 py-0.5 text-xs font-medium ${up ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800'}`}
    >
      <span className="sr-only">{up ? 'Up' : 'Down'} </span>
      {up ? '+' : '−'}
      {Math.abs(percent)}%<span className="sr-only"> on the 30 days before</span>
    </span>
  )
}

/**
 * The Dashboard's four stat cards (spec section 2), computed from the data by admin_dashboard_stats.
 * Before the first answer each card keeps its size with a grey bar, so nothing moves when it arrives.
 */
export function StatCards({ stats }: { stats: DashboardStats | null }) {
  const shown = stats ? cards(stats) : null
  const labels = ['Total Users', 'Total Listings', 'Pending Approval', 'Revenue']
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Marketplace figures">
      {labels.map((label, index) => {
        const card = shown?.[index]
        const Icon = card?.icon
        return (
          <li key={label} className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-sm font-medium text-gray-600">{label}</p>
                {card ? (
                  <p className="mt-1 text-2xl font-bold text-gray-900">{card.value}</p>
                ) : (
                  <p className="mt-2 h-7 w-24 animate-pulse rounded bg-gray-100" aria-hidden="true" />
                )}
              </div>
              {Icon && card && (
                <span className={`rounded-md p-2 ${card.tone}`}>
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
              )}
            </div>
            <p className="mt-3 flex min-h-6 flex-wrap items-center gap-2 text-sm text-gray-600">
              {card && (
                <>
                  <Change percent={card.change} />
                  <span>{card.note}</span>
                </>
              )}
            </p>
          </li>
        )
      })}
    </ul>
  )
}
