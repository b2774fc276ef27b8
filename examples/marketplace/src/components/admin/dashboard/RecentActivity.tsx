import {
  CircleCheck,
  CircleX,
  Flag,
  type LucideIcon,
  Mail,
  Package,
  RefreshCw,
  Settings,
  Tag,
  User,
} from 'lucide-react'
import { type ActivityKind, describeActivity, timeAgo } from '../../../lib/admin/activity-text.ts'
import type { ActivityEvent } from '../../../lib/admin/admin-dashboard.ts'
import type { AdminReadState } from '../../../lib/admin/use-admin-read.ts'

const ICONS: Record<ActivityKind, { icon: LucideIcon; tone: string }> = {
  approved: { icon: CircleCheck, tone: 'bg-emerald-50 text-emerald-700' },
  rejected: { icon: CircleX, tone: 'bg-red-50 text-red-700' },
  reported: { icon: Flag, tone: 'bg-amber-50 text-amber-700' },
  posted: { icon: Package, tone: 'bg-blue-50 text-blue-700' },
  user: { icon: User, tone: 'bg-sky-50 text-sky-700' },
  plan: { icon: Tag, tone: 'bg-violet-50 text-violet-700' },
  mail: { icon: Mail, tone: 'bg-indigo-50 text-indigo-700' },
  settings: { icon: Settings, tone: 'bg-gray-100 text-gray-700' },
}

/**
 * The Dashboard's recent activity, newest first: the admins' recorded actions (the audit table) and the
 * marketplace's own events (a listing posted, a user joined, a listing reported).
 */
export function RecentActivity({
  state,
  onReload,
}: {
  state: AdminReadState<ActivityEvent[]>
  onReload: () => void
}) {
  const events = state.shown
  return (
    <section
      aria-labelledby="activity-heading"
      className="rounded-lg border border-gray-200 bg-white shadow-sm"
    >
      <div className="flex items-center justify-between border-b border-gray-200 px-5 py-3">
        <h3 id="activity-heading" className="font-semibold text-gray-900">
          Recent Activity
        </h3>
        <button
          type="button"
          onClick={onReload}
          disabled={state.status === 'loading'}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-blue-700 hover:bg-blue-50 disabled:text-gray-500 disabled:hover:bg-transparent"
        >
          <RefreshCw
            className={`h-4 w-4 ${state.status === 'loading' ? 'motion-safe:animate-spin' : ''}`}
            aria-hidden="true"
          />
          Refresh
        </button>
      </div>
      {state.status === 'error' && (
        <p role="alert" className="border-b border-red-200 bg-red-50 px-5 py-3 text-sm text-red-800">
          The activity could not be loaded: {state.message}
        </p>
      )}
      {events === null ? (
        <p className="px-5 py-8 text-center text-sm text-gray-600">Loading activity…</p>
      ) : events.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-gray-600">No activity yet</p>
      ) : (
        <ol className="divide-y divide-gray-100">
          {events.map((event) => {
            const line = describeActivity(event)
            const { icon: Icon, tone } = ICONS[line.kind]
            return (
              <li
                key={`${event.at}-${event.action}-${event.targetId}`}
                className="flex items-start gap-3 px-5 py-3"
              >
                <span className={`mt-0.5 shrink-0 rounded-full p-1.5 ${tone}`}>
                  <Icon className="h-4 w-4" aria-hidden="true" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm break-words text-gray-900">{line.text}</p>
                  <p className="mt-0.5 text-xs text-gray-600">
                    <time dateTime={event.at} title={new Date(event.at).toLocaleString('en-IN')}>
                      {timeAgo(event.at)}
                    </time>
                    {event.byAdmin && <span> · admin action</span>}
                  </p>
                </div>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
