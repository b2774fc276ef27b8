import { avatarIndex, avatarInitials } from '../../../lib/admin/admin-users.ts'

// Light backgrounds with dark letters: each pair passes WCAG AA contrast for the small bold initials.
const TONES = [
  'bg-blue-100 text-blue-800',
  'bg-green-100 text-green-800',
  'bg-amber-100 text-amber-900',
  'bg-rose-100 text-rose-800',
  'bg-purple-100 text-purple-800',
  'bg-teal-100 text-teal-800',
  'bg-orange-100 text-orange-900',
  'bg-indigo-100 text-indigo-800',
] as const

/**
 * An account's avatar: its initials on a colour picked from its id. Never an image: the stored
 * avatar_url may point to another site, and the admin page loads nothing from elsewhere. Decorative
 * (the name is next to it).
 */
export function UserAvatar({ user }: { user: { id: string; name: string; email: string } }) {
  return (
    <span
      aria-hidden="true"
      className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${TONES[avatarIndex(user.id, TONES.length)]}`}
    >
      {avatarInitials(user.name, user.email)}
    </span>
  )
}
