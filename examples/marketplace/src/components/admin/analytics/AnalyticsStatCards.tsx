import {
  CreditCard,
  IndianRupee,
  type LucideIcon,
  Minus,
  Package,
  TrendingDown,
  TrendingUp,
  Users,
} from 'lucide-react'
import type { Analytics, AnalyticsFigures } from '../../../lib/admin/analytics.ts'
import { count, type PeriodChange, periodChange } from '../../../lib/admin/analytics-text.ts'
import { formatPrice } from '../../../lib/format.ts'

interface Card {
  key: keyof AnalyticsFigures
  label: string
  icon: LucideIcon
  tone: string
  value: (figures: AnalyticsFigures) => string
  note?: (figures: AnalyticsFigures) => string
}

const CARDS: readonly Card[] = [
  {
    key: 'newUsers',
    label: 'New users',
    icon: Users,
    tone: 'bg-blue-50 text-blue-700',
    value: (f) => count(f.newUsers),
  },
  {
    key: 'newListings',
    label: 'New listings',
    icon: Package,
    tone: 'bg-emerald-50 text-emerald-700',
    value: (f) => count(f.newListings),
  },
  {
    key: 'revenue',
    label: 'Revenue',
    icon: IndianRupee,
    tone: 'bg-violet-50 text-violet-700',
    value: (f) => formatPrice(f.revenue),
    note: (f) => (f.payments === 1 ? '1 payment' : `${count(f.payments)} payments`),
  },
  {
    key: 'newSubscriptions',
    label: 'Subscriptions',
    icon: CreditCard,
    tone: 'bg-amber-50 text-amber-700',
    value: (f) => count(f.newSubscriptions),
    note: () => 'started',
  },
]

/** The change against the days just before: up (green), down (red), the same, or no earlier data. */
function Change({ change, days }: { change: PeriodChange; days: number }) {
  const before = `the previous ${days === 1 ? 'day' : `${count(days)} days`}`
  if (change.kind === 'none') {
    return <span className="text-xs text-gray-600">No earlier data to compare</span>
  }
  if (change.kind === 'same') {
    return (
      <span className="inline-flex items-center gap-1 text-xs text-gray-600">
        <Minus className="h-3.5 w-3.5" aria-hidden="true" />
        Same as {before}
      </span>
    )
  }
  const up = change.kind === 'up'
  const Icon = up ? TrendingUp : TrendingDown
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5 text-xs text-gray-600">
      <span
        className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 font-medium ${up ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800'}`}
      >
        <Icon className="h-3.5 w-3.5" aria-hidden="true" />
        <span className="sr-only">{up ? 'Up' : 'Down'} </span>
        {change.percent === 0 ? 'under 1' : change.percent}%
      </span>
      on {before}
    </span>
  )
}

/**
 * Analytics' four stat cards (spec section 2): the range's new users, new listings, revenue and new
 * subscriptions, each against the same number of days just before it. Before the first answer each
 * card keeps its size with a grey bar, so nothing moves when it arrives.
 */
export function AnalyticsStatCards({ analytics }: { analytics: Analytics | null }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-label="Figures for the range">
      {CARDS.map((card) => {
        const Icon = card.icon
        return (
          <li
            key={card.key}
            className="min-w-0 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
          >
            <p className="flex items-center justify-between gap-2 text-sm font-medium text-gray-600">
              {card.label}
              <span className={`rounded-md p-1.5 ${card.tone}`}>
                <Icon className="h-4 w-4" aria-hidden="true" />
              </span>
            </p>
            {analytics ? (
              <p className="mt-1 text-xl font-bold break-words text-gray-900 sm:text-2xl">
                {card.value(analytics.totals)}
                {card.note && (
                  <span className="block text-sm font-normal text-gray-600 sm:ml-2 sm:inline">
                    {card.note(analytics.totals)}
                  </span>
                )}
              </p>
            ) : (
              <p className="mt-2 h-7 w-24 animate-pulse rounded bg-gray-100" aria-hidden="true" />
            )}
            <p className="mt-3 min-h-6">
              {analytics && (
                <Change
                  change={periodChange(analytics.totals[card.key], analytics.previous[card.key])}
                  days={analytics.range.days}
                />
              )}
            </p>
          </li>
        )
      })}
    </ul>
  )
}
