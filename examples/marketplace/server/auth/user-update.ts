import type { Transaction } from '../db/database.ts'
import { authenticate } from './authenticate.ts'
import { type Body, objectField, readBody, stringField } from './body.ts'
import { AuthError, notImplemented } from './errors.ts'
import { assertStrongPassword } from './password-policy.ts'
import { json } from './responses.ts'
import type { AuthServices, Endpoint } from './services.ts'
import { findUserByEmail, findUserById, type UserRow, userJson } from './users.ts'
import { normalizeEmail } from './validate.ts'

/**
 * PUT /user: the signed-in user changes their password, e-mail or user_metadata (`data`, merged:
 * a key set to null is removed), as GoTrue's UserUpdate.
 *
 * - password: the weak_password rules; 422 same_password when unchanged; the user's other
 *   sessions end (GoTrue does the same).
 * - email: changed at once with auto-confirm (422 email_exists when taken); with e-mail
 *   confirmation on, GoTrue's two-mail change is not implemented here (a loud 404).
 * - data: never the role (403 not_admin unless unchanged: an admin changes roles through
 *   rpc/admin_save_user) nor the admin sign-up code (dropped). app_metadata: 403 not_admin.
 * - phone: not implemented (no SMS here).
 */
export const updateUser: Endpoint = async (req, services) => {
  const { user, sessionId } = await authenticate(req, services)
  const body = await readBody(req)
  if (body.app_metadata !== undefined && body.app_metadata !== null) {
    throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges')
  }
  const phone = stringField(body, 'phone')
  if (phone !== undefined && phone !== user.phone)
    throw notImplemented('Changing the phone number (PUT /user phone)')
  const password = stringField(body, 'password')
  const email = emailChange(body, user, services)
  const metadata = mergedMetadata(objectField(body, 'data'), user)

  let encryptedPassword: string | null = null
  if (password !== undefined) {
    assertStrongPassword(password)
    if (user.encrypted_password && (await services.hasher.compare(password, user.encrypted_password))) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.')
    }
    encryptedPassword = await services.hasher.hash(password)
  }

  const updated = await services.db.asOwner(async (tx) => {
    if (email !== null) await changeEmail(tx, user, email)
    if (metadata !== null) {
      await tx.query(
        'update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1',
        [user.id, JSON.stringify(metadata)],
      )
    }
    if (encryptedPassword !== null) {
      await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
        user.id,
        encryptedPassword,
      ])
      await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [
        user.id,
        sessionId,
      ])
    }
    return (await findUserById(tx, user.id)) as UserRow
  })
  return json(200, userJson(updated))
}

/** The new address, or null when `email` is absent or unchanged. */
function emailChange(body: Body, user: UserRow, services: AuthServices): string | null {
  const raw = stringField(body, 'email')
  if (raw === undefined) return null
  const email = normalizeEmail(raw)
  if (email === user.email) return null
  if (!services.config.autoConfirm) {
    throw notImplemented('Changing the e-mail address while e-mail confirmation is on (PUT /user email)')
  }
  return email
}

async function changeEmail(tx: Transaction, user: UserRow, email: string): Promise<void> {
  const taken = await findUserByEmail(tx, email)
  if (taken && taken.id !== user.id) {
    throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
  }
  await tx.query(
    'update auth.users set email = $2, email_confirmed_at = now(), updated_at = now() where id = $1',
    [user.id, email],
  )
}

/** user_metadata after merging `data` into it, or null when there is no `data`. */
function mergedMetadata(data: Body | undefined, user: UserRow): Record<string, unknown> | null {
  if (data === undefined) return null
  const current = user.raw_user_meta_data
  if ('role' in data && data.role !== current.role) {
    throw new AuthError(
      403,
      'not_admin',
      'The role cannot be changed through user metadata: an admin changes roles (rpc/admin_save_user).',
    )
  }
  const merged: Record<string, unknown> = { ...current }
  for (const [key, value] of Object.entries(data)) {
    if (key === 'admin_signup_code') continue
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  return merged
}
