import type { ActivityEvent } from './admin-dashboard.ts'

/** What an activity line is about, for its icon and colour. */
export type ActivityKind =
  | 'approved'
  | 'rejected'
  | 'reported'
  | 'posted'
  | 'user'
  | 'plan'
  | 'mail'
  | 'settings'

export interface ActivityLine {
  kind: ActivityKind
  /** A sentence: who did what to what. */
  text: string
}

const quoted = (label: string) => `“${label}”`
const text = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * An activity event as a sentence for the Dashboard: 'Asha Rao approved “Teak chair”'. An admin with no
 * name is 'An admin'; a marketplace event's missing actor is 'A seller', 'A user' or 'Someone'. An
 * action this version does not know still reads as one line, never as nothing.
 */
export function describeActivity(event: ActivityEvent): ActivityLine {
  const label = event.targetLabel || event.targetId
  const admin = event.actorName || 'An admin'
  switch (event.action) {
    case 'listing.approve':
      return { kind: 'approved', text: `${admin} approved ${quoted(label)}` }
    case 'listing.reject':
      return { kind: 'rejected', text: `${admin} rejected ${quoted(label)}` }
    case 'listing.dismiss_reports':
      return { kind: 'approved', text: `${admin} dismissed the reports on ${quoted(label)}` }
    case 'listing.reject_reported':
      return { kind: 'rejected', text: `${admin} rejected the reported listing ${quoted(label)}` }
    case 'user.suspend':
      return { kind: 'user', text: `${admin} suspended ${label}` }
    case 'user.activate':
      return { kind: 'user', text: `${admin} activated ${label}` }
    case 'user.set_pending':
      return { kind: 'user', text: `${admin} set ${label} to pending` }
    case 'user.create':
      return { kind: 'user', text: `${admin} added the user ${label}` }
    case 'user.update':
      return { kind: 'user', text: `${admin} edited the user ${label}` }
    case 'user.message':
      return { kind: 'mail', text: `${admin} sent a message to ${label}` }
    case 'plan.create':
      return { kind: 'plan', text: `${admin} created the plan ${label}` }
    case 'plan.update':
      return { kind: 'plan', text: `${admin} updated the plan ${label}` }
    case 'subscription.add':
      return { kind: 'plan', text: `${admin} added a subscription for ${label}` }
    case 'newsletter.send': {
      const recipients = Number(event.detail.recipients ?? 0)
      const subject = text(event.detail.subject)
      return {
        kind: 'mail',
        text: `${admin} sent the newsletter ${quoted(subject || label)} to ${recipients} ${recipients === 1 ? 'account' : 'accounts'}`,
      }
    }
    case 'settings.update':
      return { kind: 'settings', text: `${admin} updated the system settings` }
    case 'listing.post': {
      const category = text(event.detail.category)
      return {
        kind: 'posted',
        text: `${event.actorName || 'A seller'} posted ${quoted(label)}${category ? ` in ${category}` : ''}`,
      }
    }
    case 'user.join': {
      const role = text(event.detail.role)
      return { kind: 'user', text: `${event.actorName || label} joined${role ? ` as ${role}` : ''}` }
    }
    case 'listing.report': {
      const reason = text(event.detail.reason)
      return {
        kind: 'reported',
        text: `${event.actorName || 'A user'} reported ${quoted(label)}${reason ? `: ${reason}` : ''}`,
      }
    }
    default:
      return {
        kind: event.targetType === 'listing' ? 'posted' : event.targetType === 'user' ? 'user' : 'settings',
        text: `${event.byAdmin ? admin : event.actorName || 'Someone'}: ${event.action} ${label}`.trim(),
      }
  }
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
]

const relative = new Intl.RelativeTimeFormat('en-IN', { numeric: 'auto' })

/** '5 minutes ago', 'yesterday', 'just now' (under a minute, or a clock a little ahead). */
export function timeAgo(at: string, now: number = Date.now()): string {
  const seconds = Math.round((now - Date.parse(at)) / 1000)
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit)
  }
  return 'just now'
}

/** The change from `before` to `now` in whole percent, or null when there was nothing before. */
export function percentChange(now: number, before: number): number | null {
  if (before === 0) return null
  return Math.round(((now - before) / before) * 100)
}
