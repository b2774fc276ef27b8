import type { User } from '@supabase/supabase-js'
import type { StoredSession } from '../stored-session.ts'

export type Role = 'customer' | 'premium' | 'admin'

/** Where the role was read: the two tables are the server's word; metadata is the user's own. */
export type RoleSource = 'users' | 'profiles' | 'metadata' | 'default'

/** The signed-in person as the app shows them: name, e-mail and role. */
export interface Account {
  userId: string
  email: string
  name: string
  role: Role
  roleSource: RoleSource
}

/** The two reads of the role lookup; either may throw (the lookup logs and goes on). */
export interface AccountSource {
  /** users: name and role by id, or null when there is no row. */
  userRow(id: string): Promise<{ name: string | null; role: string | null } | null>
  /** profiles: role by id, or null when there is no row. */
  profileRole(id: string): Promise<string | null>
}

/** 'user' (the callback's and older sign-ups' role) is a customer; anything unknown is no role. */
export function normalizeRole(value: unknown): Role | null {
  if (value === 'user' || value === 'customer') return 'customer'
  if (value === 'premium' || value === 'admin') return value
  return null
}

/** Metadata name, else the e-mail's local part: the name given to a user without a users row. */
export function fallbackName(user: Pick<User, 'email' | 'user_metadata'>): string {
  const metadataName = user.user_metadata?.name
  if (typeof metadataName === 'string' && metadataName.trim()) return metadataName.trim()
  return (user.email ?? '').split('@')[0] ?? ''
}

async function attempt<T>(what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read()
  } catch (error) {
    console.error(`Failed to read ${what}:`, error)
    return null
  }
}

/**
 * The role lookup of the spec: the users row, then profiles, then the sign-up metadata, else
 * customer. A failed read is logged and the next source is asked. Metadata is writable by its own
 * user (updateUser), so an 'admin' found only there counts as a customer: admin pages trust only a
 * role the database holds.
 */
export async function resolveAccount(
  user: Pick<User, 'id' | 'email' | 'user_metadata'>,
  source: AccountSource,
): Promise<Account> {
  const base = { userId: user.id, email: user.email ?? '' }
  const row = await attempt('the users row', () => source.userRow(user.id))
  const name = row?.name?.trim() || fallbackName(user)
  const rowRole = normalizeRole(row?.role)
  if (rowRole) return { ...base, name, role: rowRole, roleSource: 'users' }
  const profileRole = normalizeRole(await attempt('the profile', () => source.profileRole(user.id)))
  if (profileRole) return { ...base, name, role: profileRole, roleSource: 'profiles' }
  const metadataRole = normalizeRole(user.user_metadata?.role)
  if (metadataRole) {
    return {
      ...base,
      name,
      role: metadataRole === 'admin' ? 'customer' : metadataRole,
      roleSource: 'metadata',
    }
  }
  return { ...base, name, role: 'customer', roleSource: 'default' }
}

/** Where a signed-in user lands: /admin for an admin, /dashboard for everyone else. */
export function homeFor(account: Account | null): '/admin' | '/dashboard' {
  return account?.role === 'admin' ? '/admin' : '/dashboard'
}

/** The browser-storage flags for a signed-in account (the header reads them before auth loads). */
export function storedSessionFor(account: Account): StoredSession {
  return { isLoggedIn: true, userName: account.name, userId: account.userId, userRole: account.role }
}
