import {
  type AdminUser,
  formatJoined,
  formatLastActive,
  USER_ROLES,
  USER_STATUSES,
  type UserStatus,
} from '../../../lib/admin/admin-users.ts'
import type { Role } from '../../../lib/auth/account.ts'
import { type UserAction, UserActionsMenu } from './UserActionsMenu.tsx'
import { UserAvatar } from './UserAvatar.tsx'

const STATUS_STYLES: Record<UserStatus, string> = {
  active: 'bg-green-100 text-green-800',
  suspended: 'bg-red-100 text-red-800',
  pending: 'bg-amber-100 text-amber-800',
}

const ROLE_STYLES: Record<Role, string> = {
  customer: 'bg-gray-100 text-gray-700',
  premium: 'bg-blue-100 text-blue-800',
  admin: 'bg-purple-100 text-purple-800',
}

const label = (entries: readonly { id: string; label: string }[], id: string) =>
  entries.find((entry) => entry.id === id)?.label ?? id

function StatusBadge({ status }: { status: UserStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[status]}`}>
      {label(USER_STATUSES, status)}
    </span>
  )
}

function RoleBadge({ role }: { role: Role }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${ROLE_STYLES[role]}`}>
      {label(USER_ROLES, role)}
    </span>
  )
}

/** The name, with '(you)' on the signed-in admin's own account. */
function Name({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  return (
    <span className="font-medium break-words text-gray-900">
      {user.name || user.email}
      {isSelf && <span className="ml-1 font-normal text-gray-500">(you)</span>}
    </span>
  )
}

interface AdminUsersListProps {
  users: readonly AdminUser[]
  /** The signed-in admin's id: their row has no Suspend or Activate. */
  selfId: string | null
  /** When lastActive is measured from. */
  now: Date
  onAction: (user: AdminUser, action: UserAction) => void
}

/**
 * Manage Users' rows (spec "Admin user row"): avatar, name, e-mail, phone, role, status, joined,
 * listings count, last active and the row's actions menu. A table from `lg` up; below it each account
 * is a card, so nothing scrolls sideways on a phone.
 */
export function AdminUsersList({ users, selfId, now, onAction }: AdminUsersListProps) {
  const menu = (user: AdminUser) => (
    <UserActionsMenu user={user} isSelf={user.id === selfId} onAction={onAction} />
  )
  return (
    <>
      <div className="hidden overflow-hidden rounded-lg border border-gray-200 bg-white lg:block">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <thead className="bg-gray-50 text-left text-gray-600">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                User
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Phone
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Role
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Joined
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Listings
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Last active
              </th>
              <th scope="col" className="w-12 px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {users.map((user) => (
              <tr key={user.id} aria-label={user.name || user.email}>
                <td className="px-4 py-3">
                  <div className="flex items-center gap-3">
                    <UserAvatar user={user} />
                    <div className="min-w-0">
                      <Name user={user} isSelf={user.id === selfId} />
                      <div className="break-all text-gray-500">{user.email}</div>
                    </div>
                  </div>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-gray-700">
                  {user.phone ?? (
                    <span className="text-gray-400">
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">None</span>
                    </span>
                  )}
                </td>
                <td className="px-4 py-3">
                  <RoleBadge role={user.role} />
                </td>
                <td className="px-4 py-3">
                  <StatusBadge status={user.status} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-gray-700">{formatJoined(user.joinedAt)}</td>
                <td className="px-4 py-3 text-right text-gray-700 tabular-nums">{user.listingsCount}</td>
                <td className="px-4 py-3 whitespace-nowrap text-gray-500">
                  {formatLastActive(user.lastActiveAt, now)}
                </td>
                <td className="px-4 py-3 text-right">{menu(user)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Users" className="grid gap-3 sm:grid-cols-2 lg:hidden">
        {users.map((user) => (
          <li
            key={user.id}
            aria-label={user.name || user.email}
            className="rounded-lg border border-gray-200 bg-white p-4"
          >
            <div className="flex items-start gap-3">
              <UserAvatar user={user} />
              <div className="min-w-0 flex-1">
                <Name user={user} isSelf={user.id === selfId} />
                <div className="text-sm break-all text-gray-500">{user.email}</div>
                {user.phone && <div className="text-sm text-gray-500">{user.phone}</div>}
              </div>
              {menu(user)}
            </div>
            <div className="mt-3 flex flex-wrap gap-2">
              <RoleBadge role={user.role} />
              <StatusBadge status={user.status} />
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-xs">
              <div>
                <dt className="text-gray-500">Joined</dt>
                <dd className="mt-0.5 text-gray-800">{formatJoined(user.joinedAt)}</dd>
              </div>
              <div>
                <dt className="text-gray-500">Listings</dt>
                <dd className="mt-0.5 text-gray-800">{user.listingsCount}</dd>
              </div>
              <div>
                <dt className="text-gray-500">Last active</dt>
                <dd className="mt-0.5 text-gray-800">{formatLastActive(user.lastActiveAt, now)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  )
}
