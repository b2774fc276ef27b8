import { createHash } from 'node:crypto'
import type { Transaction } from '../db/database.ts'

/** The columns of auth.users this server reads, plus `banned` (banned_until in the future). */
export interface UserRow {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  phone: string | null
  encrypted_password: string
  email_confirmed_at: Date | null
  phone_confirmed_at: Date | null
  confirmation_sent_at: Date | null
  recovery_sent_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown>
  raw_user_meta_data: Record<string, unknown>
  created_at: Date
  updated_at: Date
  is_anonymous: boolean
  banned: boolean
}

/** The select list of a UserRow (auth.users as `u`). */
const USER_COLUMNS = `u.id, u.aud, u.role, u.email, u.phone, u.encrypted_password, u.email_confirmed_at,
  u.phone_confirmed_at, u.confirmation_sent_at, u.recovery_sent_at, u.last_sign_in_at, u.raw_app_meta_data,
  u.raw_user_meta_data, u.created_at, u.updated_at, u.is_anonymous,
  coalesce(u.banned_until > now(), false) as banned`

async function findOne(tx: Transaction, where: string, value: string): Promise<UserRow | null> {
  const result = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users u where ${where} and u.deleted_at is null`,
    [value],
  )
  return result.rows[0] ?? null
}

export const findUserById = (tx: Transaction, id: string) => findOne(tx, 'u.id = $1', id)

/** By e-mail, in lower case as stored (GoTrue lowercases at sign-up; the admin functions do too). */
export const findUserByEmail = (tx: Transaction, email: string) =>
  findOne(tx, 'lower(u.email) = lower($1)', email)

export const findUserByPhone = (tx: Transaction, phone: string) => findOne(tx, 'u.phone = $1', phone)

/** What a new account is made of; the database's triggers check the role and add the users/profiles rows. */
export interface NewUser {
  id: string
  email: string | null
  phone: string | null
  encryptedPassword: string
  provider: 'email' | 'phone'
  userMetadata: Record<string, unknown>
  emailConfirmed: boolean
  phoneConfirmed: boolean
}

/** Inserts an auth user and returns it as stored (after the triggers: the role normalised, the admin code dropped). */
export async function insertUser(tx: Transaction, user: NewUser): Promise<UserRow> {
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, email_confirmed_at,
       phone_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, $4,
       case when $5::boolean then now() end, case when $6::boolean then now() end, $7::jsonb, $8::jsonb)`,
    [
      user.id,
      user.email,
      user.phone,
      user.encryptedPassword,
      user.emailConfirmed,
      user.phoneConfirmed,
      JSON.stringify({ provider: user.provider, providers: [user.provider] }),
      JSON.stringify(user.userMetadata),
    ],
  )
  return (await findUserById(tx, user.id)) as UserRow
}

/** Marks a sign-in (the database copies it to users.last_active_at). */
export async function recordSignIn(tx: Transaction, userId: string): Promise<void> {
  await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId])
}

const iso = (date: Date | null) => (date ? date.toISOString() : undefined)

/** A UUID derived from text: an identity's id, stable without an identities table. */
function derivedUuid(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** GoTrue's identity of an e-mail or phone account (it keeps them in auth.identities; derived here). */
function identitiesOf(user: UserRow): unknown[] {
  const provider = user.email ? 'email' : user.phone ? 'phone' : null
  if (provider === null) return []
  const identityData =
    provider === 'email'
      ? {
          email: user.email,
          email_verified: user.email_confirmed_at !== null,
          phone_verified: false,
          sub: user.id,
        }
      : {
          phone: user.phone,
          email_verified: false,
          phone_verified: user.phone_confirmed_at !== null,
          sub: user.id,
        }
  return [
    {
      identity_id: derivedUuid(`${provider}:${user.id}`),
      id: user.id,
      user_id: user.id,
      identity_data: identityData,
      provider,
      last_sign_in_at: iso(user.last_sign_in_at),
      created_at: iso(user.created_at),
      updated_at: iso(user.updated_at),
      email: provider === 'email' ? user.email : undefined,
    },
  ]
}

/** A user as GoTrue's JSON has it (what auth-js's `User` type describes); unset timestamps are left out. */
export function userJson(user: UserRow): Record<string, unknown> {
  return {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    confirmed_at: iso(user.email_confirmed_at ?? user.phone_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: identitiesOf(user),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  }
}
