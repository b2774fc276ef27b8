import { readBody, stringField } from './body.ts'
import { AuthError, validationFailed } from './errors.ts'
import { DUMMY_HASH } from './password-hash.ts'
import { PASSWORD_MAX_BYTES } from './password-policy.ts'
import { json } from './responses.ts'
import type { Endpoint } from './services.ts'
import { startSession } from './tokens.ts'
import { findUserByEmail, findUserById, findUserByPhone, recordSignIn, type UserRow } from './users.ts'
import { normalizePhone } from './validate.ts'

const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials')

/**
 * POST /token?grant_type=password: e-mail (or phone) and password to a session.
 *
 * An unknown address, a wrong password and an account without a password all answer
 * invalid_credentials after one bcrypt compare (a dummy hash when there is no user), so neither the
 * answer nor its time tells whether the account exists. Only a correct password learns more:
 * user_banned (GoTrue checks the ban before the password; here it comes after), then
 * email_not_confirmed / phone_not_confirmed.
 */
export const passwordGrant: Endpoint = async (req, services) => {
  const body = await readBody(req)
  const email = stringField(body, 'email')
  const rawPhone = stringField(body, 'phone')
  const password = stringField(body, 'password')
  if (password === undefined || (email === undefined && rawPhone === undefined)) {
    throw validationFailed('You must provide either an email or phone number and a password')
  }
  let phone: string | undefined
  try {
    phone = rawPhone === undefined ? undefined : normalizePhone(rawPhone)
  } catch {
    phone = undefined
  }
  const user = await services.db.asOwner(async (tx): Promise<UserRow | null> => {
    if (email !== undefined) return findUserByEmail(tx, email)
    return phone === undefined ? null : findUserByPhone(tx, phone)
  })
  const hash = user?.encrypted_password || DUMMY_HASH
  const matches = await services.hasher.compare(password, hash)
  if (!user?.encrypted_password || !matches || Buffer.byteLength(password) > PASSWORD_MAX_BYTES) {
    throw invalidCredentials()
  }
  if (user.banned) throw new AuthError(400, 'user_banned', 'User is banned')
  if (email !== undefined && user.email_confirmed_at === null) {
    throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
  }
  if (email === undefined && user.phone_confirmed_at === null) {
    throw new AuthError(400, 'phone_not_confirmed', 'Phone not confirmed')
  }
  const session = await services.db.asOwner(async (tx) => {
    await recordSignIn(tx, user.id)
    return startSession(tx, req, services, (await findUserById(tx, user.id)) as UserRow, 'password')
  })
  return json(200, session)
}
