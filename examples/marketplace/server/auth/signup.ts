import { randomUUID } from 'node:crypto'
import type { ApiRequest, ApiResponse } from '../http/types.ts'
import { adminCodeRefused, assertAdminCode, isAdminTriggerRefusal } from './admin-signup.ts'
import { objectField, readBody, stringField } from './body.ts'
import { sendConfirmation } from './confirmation.ts'
import { AuthError, validationFailed } from './errors.ts'
import { assertStrongPassword } from './password-policy.ts'
import { type PkceChallenge, pkceChallengeOf } from './pkce.ts'
import { redirectTarget } from './redirect-url.ts'
import { json } from './responses.ts'
import type { AuthServices, Endpoint } from './services.ts'
import { startSession } from './tokens.ts'
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  insertUser,
  recordSignIn,
  type UserRow,
  userJson,
} from './users.ts'
import { normalizeEmail, normalizePhone } from './validate.ts'

const userExists = () => new AuthError(422, 'user_already_exists', 'User already registered')

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'

/**
 * POST /signup: an account from an e-mail (or a phone number) and a password, `data` as its
 * user_metadata. With auto-confirm (the default) it answers a session, as GoTrue; with e-mail
 * confirmation on it answers the user and mails a confirmation link to the local inbox.
 *
 * A phone account is confirmed at once: there is no SMS here. An admin sign-up (`data.role` admin)
 * needs `data.admin_signup_code`; the database's trigger checks it again and drops it.
 *
 * An address already taken: 422 user_already_exists with auto-confirm; with confirmation on,
 * GoTrue's answer that does not tell (a made-up user for a confirmed account, a new confirmation
 * mail for an unconfirmed one).
 */
export const signup: Endpoint = async (req, services) => {
  const { config, db, hasher } = services
  if (!config.autoConfirm) services.mailLimit.take(req.ip)
  const body = await readBody(req)
  const rawEmail = stringField(body, 'email')
  const rawPhone = stringField(body, 'phone')
  const password = stringField(body, 'password')
  const data = { ...objectField(body, 'data') }
  if (password === undefined || (rawEmail === undefined && rawPhone === undefined)) {
    throw validationFailed('You must provide either an email or phone number and a password')
  }
  if (rawEmail !== undefined && rawPhone !== undefined) {
    throw validationFailed('Only an email address or phone number should be provided on signup.')
  }
  assertStrongPassword(password)
  const pkce = pkceChallengeOf(body)
  if (rawPhone !== undefined && pkce) throw validationFailed('PKCE not supported for phone signups')
  const email = rawEmail === undefined ? null : normalizeEmail(rawEmail)
  const phone = rawPhone === undefined ? null : normalizePhone(rawPhone)
  assertAdminCode(data, config.adminSignupCode)
  const redirectTo = redirectTarget(req, config, req.url.searchParams.get('redirect_to'))

  const existing = await db.asOwner((tx) =>
    email ? findUserByEmail(tx, email) : findUserByPhone(tx, phone as string),
  )
  if (existing) return answerExisting(services, existing, data, email, redirectTo, pkce, req)

  const encryptedPassword = await hasher.hash(password)
  try {
    return await db.asOwner(async (tx): Promise<ApiResponse> => {
      const confirmed = email === null || config.autoConfirm
      const user = await insertUser(tx, {
        id: randomUUID(),
        email,
        phone,
        encryptedPassword,
        provider: email ? 'email' : 'phone',
        userMetadata: data,
        emailConfirmed: email !== null && config.autoConfirm,
        phoneConfirmed: phone !== null,
      })
      if (!confirmed) {
        await sendConfirmation(tx, req, { id: user.id, email: email as string }, redirectTo, pkce)
        return json(200, userJson((await findUserById(tx, user.id)) as UserRow))
      }
      await recordSignIn(tx, user.id)
      const signedIn = (await findUserById(tx, user.id)) as UserRow
      return json(200, await startSession(tx, req, services, signedIn, 'password'))
    })
  } catch (error) {
    if (isAdminTriggerRefusal(error)) throw adminCodeRefused()
    if (isUniqueViolation(error)) throw userExists()
    throw error
  }
}

async function answerExisting(
  services: AuthServices,
  existing: UserRow,
  data: Record<string, unknown>,
  email: string | null,
  redirectTo: string,
  pkce: PkceChallenge | null,
  req: ApiRequest,
): Promise<ApiResponse> {
  if (services.config.autoConfirm || email === null) throw userExists()
  if (existing.email_confirmed_at === null) {
    // Unconfirmed: a new confirmation mail; the account is not changed (its owner is not proven).
    return services.db.asOwner(async (tx) => {
      await sendConfirmation(tx, req, { id: existing.id, email }, redirectTo, pkce)
      return json(200, userJson((await findUserById(tx, existing.id)) as UserRow))
    })
  }
  return json(200, obfuscatedUser(email, data))
}

/** GoTrue's stand-in for a confirmed account signed up for again: a new id, no identities, nothing of the real one. */
function obfuscatedUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString()
  const { admin_signup_code: _code, ...metadata } = data
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: metadata,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  }
}
