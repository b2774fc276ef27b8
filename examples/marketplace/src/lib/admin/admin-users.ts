import type { SupabaseClient } from '@supabase/supabase-js'
import type { Role } from '../auth/account.ts'
import { callbackUrl } from '../auth/callback.ts'
import { type FieldErrors, validateEmail } from '../auth/validation.ts'
import { buildRestApi } from '../listings/rest.ts'
import { ADMIN_PAGE_SIZE } from './admin-listings.ts'
import { mailProblem } from './mail.ts'

/** An account's status (spec section 4), in the order the status filter offers them. */
export const USER_STATUSES = [
  { id: 'active', label: 'Active' },
  { id: 'suspended', label: 'Suspended' },
  { id: 'pending', label: 'Pending' },
] as const
export type UserStatus = (typeof USER_STATUSES)[number]['id']

/** The roles an account has, in the order the role filter offers them. */
export const USER_ROLES = [
  { id: 'customer', label: 'Customer' },
  { id: 'premium', label: 'Premium' },
  { id: 'admin', label: 'Admin' },
] as const satisfies readonly { id: Role; label: string }[]

/**
 * The spec's admin user row (section 3) as Manage Users shows it. The stored avatar_url is left out on
 * purpose: it may be a link to another site, and the admin page loads no image from elsewhere (the
 * avatar is drawn from the name instead).
 */
export interface AdminUser {
  id: string
  name: string
  email: string
  phone: string | null
  role: Role
  status: UserStatus
  /** joinDate: when the account was made (ISO). */
  joinedAt: string
  /** lastActive: the last sign-in (ISO), null when the account never signed in. */
  lastActiveAt: string | null
  /** Their listings, any status. */
  listingsCount: number
}

export interface AdminUsersPage {
  /** Accounts matching the query, on every page. */
  total: number
  users: AdminUser[]
}

export interface AdminUsersQuery {
  q: string
  status: UserStatus | 'all'
  role: Role | 'all'
  /** From 0. */
  page: number
}

/** What Add New User and Edit User send (admin_save_user). */
export interface UserDraft {
  name: string
  email: string
  /** '' for none. */
  phone: string
  role: Role
  status: UserStatus
}

type DraftField = 'name' | 'email' | 'phone'

interface AdminUserRow {
  id: string
  name: string
  email: string
  phone: string | null
  role: Role
  status: UserStatus
  created_at: string
  last_active_at: string | null
  listings_count: number
}

/** A public.users row, the answer of set_user_status and admin_save_user. */
interface UserRow {
  id: string
  name: string
  email: string
  status: UserStatus
}

/** What admin_users answers, in the page's words. */
export function adminUserFromRow(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone || null,
    role: row.role,
    status: row.status,
    joinedAt: row.created_at,
    lastActiveAt: row.last_active_at,
    listingsCount: row.listings_count,
  }
}

// A phone number as people write one: digits with spaces, dashes, dots and brackets, perhaps a leading +.
const PHONE_PATTERN = /^\+?[\d\s().-]+$/

/**
 * The user form's checks before anything is sent: a name, an e-mail address of the usual shape, and a
 * phone number (optional) of 7 to 15 digits. One message per field; empty when the draft may be sent.
 */
export function userDraftProblems(draft: Pick<UserDraft, DraftField>): FieldErrors<DraftField> {
  const problems: FieldErrors<DraftField> = {}
  if (!draft.name.trim()) problems.name = 'Name is required'
  const email = validateEmail(draft.email)
  if (email) problems.email = email
  const phone = draft.phone.trim()
  if (phone) {
    const digits = phone.replace(/\D/g, '').length
    if (!PHONE_PATTERN.test(phone) || digits < 7 || digits > 15) {
      problems.phone = 'Enter a phone number of 7 to 15 digits (spaces, +, - and brackets are fine)'
    }
  }
  return problems
}

/** Up to two letters for an avatar: the first and last words' initials of the name, else the e-mail's first. */
export function avatarInitials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const first = (text: string | undefined) => (text ? (Array.from(text)[0] ?? '') : '')
  const letters =
    words.length === 0 ? first(email.trim()) : first(words[0]) + (words.length > 1 ? first(words.at(-1)) : '')
  return letters.toUpperCase() || '?'
}

/** A stable pick among `count` colours for an account id (the same user always gets the same colour). */
export function avatarIndex(id: string, count: number): number {
  let hash = 0
  for (const char of id) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) | 0
  return Math.abs(hash) % count
}

const DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const ago = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`

/**
 * lastActive as the row shows it: 'Never' for an account that never signed in, 'Just now', minutes,
 * hours or days ago within the week, then the date ('3 Nov 2026').
 */
export function formatLastActive(iso: string | null, now: Date): string {
  if (!iso) return 'Never'
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return 'Unknown'
  const elapsed = now.getTime() - at.getTime()
  if (elapsed < MINUTE) return 'Just now'
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), 'minute')
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hour')
  if (elapsed < 7 * DAY) return ago(Math.floor(elapsed / DAY), 'day')
  return DATE.format(at)
}

/** joinDate as the row shows it: '3 Nov 2026'. */
export function formatJoined(iso: string): string {
  const at = new Date(iso)
  return Number.isNaN(at.getTime()) ? 'Unknown' : DATE.format(at)
}

/**
 * Send Message's checks, one message per field: mail.ts's rules (mailProblem) asked of each field
 * alone, the other one given as fine.
 */
export function messageProblems(mail: { subject: string; body: string }): FieldErrors<'subject' | 'body'> {
  const problems: FieldErrors<'subject' | 'body'> = {}
  const subject = mailProblem({ subject: mail.subject, body: '-' })
  const body = mailProblem({ subject: '-', body: mail.body })
  if (subject) problems.subject = subject
  if (body) problems.body = body
  return problems
}

/** A refused save, with the form field it is about (null: the whole form). */
export class SaveUserError extends Error {
  override name = 'SaveUserError'
  constructor(
    message: string,
    readonly field: DraftField | null,
  ) {
    super(message)
  }
}

/**
 * admin_save_user's refusal in the admin's words. Its own messages are written for people and pass
 * as they are; a taken address is the unique index on auth.users speaking (23505, 'duplicate key
 * value violates ...'), which is said plainly instead.
 */
export function saveUserFailure(error: { code?: string; message: string }, email: string): SaveUserError {
  if (error.code === '23505') {
    return new SaveUserError(`Another account already uses ${email.trim().toLowerCase()}`, 'email')
  }
  if (/e-mail/i.test(error.message)) return new SaveUserError(error.message, 'email')
  return new SaveUserError(error.message, null)
}

/** The database's message for the admin (its error texts are written for people). */
function failure(error: { message: string }): Error {
  return new Error(error.message)
}

/**
 * Manage Users through the database's admin functions (supabase/migrations, issue 30): each checks
 * that the caller is an active admin and records what it changes in the audit table.
 */
export class AdminUsers {
  constructor(private readonly client: SupabaseClient) {}

  async page(query: AdminUsersQuery): Promise<AdminUsersPage> {
    const { data, error } = await this.client.rpc('admin_users', {
      q: query.q.trim() || null,
      status_filter: query.status === 'all' ? null : query.status,
      role_filter: query.role === 'all' ? null : query.role,
      max_rows: ADMIN_PAGE_SIZE,
      skip_rows: query.page * ADMIN_PAGE_SIZE,
    })
    if (error) throw failure(error)
    const answer = data as { total: number; users: AdminUserRow[] }
    return { total: answer.total, users: answer.users.map(adminUserFromRow) }
  }

  /**
   * Suspends (the account is banned and its sessions end), activates, or sets pending. The database
   * refuses the admin's own account.
   */
  async setStatus(id: string, status: UserStatus): Promise<UserRow> {
    const { data, error } = await this.client.rpc('set_user_status', { target: id, new_status: status })
    if (error) throw failure(error)
    return data as UserRow
  }

  /** Creates (`id` null) or edits an account; throws a SaveUserError naming the field at fault. */
  async save(id: string | null, draft: UserDraft): Promise<UserRow> {
    const { data, error } = await this.client.rpc('admin_save_user', {
      target: id,
      email: draft.email.trim(),
      name: draft.name.trim(),
      phone: draft.phone.trim() || null,
      role: draft.role,
      status: draft.status,
    })
    if (error) throw saveUserFailure(error, draft.email)
    return data as UserRow
  }

  /**
   * Mails a created account's owner the link to set a password (the account has none): the auth
   * server's password recovery mail, asked for without PKCE. supabase-js's resetPasswordForEmail
   * would keep the link's code verifier in the admin's browser, so the owner's own browser could not
   * use it; this link carries its session in the fragment, which /auth/callback takes.
   */
  async sendPasswordSetup(email: string): Promise<void> {
    const { url, anonKey } = buildRestApi()
    const response = await fetch(`${url}/auth/v1/recover?redirect_to=${encodeURIComponent(callbackUrl())}`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    })
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { msg?: unknown; message?: unknown }
      const said =
        typeof body.msg === 'string' ? body.msg : typeof body.message === 'string' ? body.message : ''
      throw new Error(said || `The auth server answered ${response.status}`)
    }
  }
}
