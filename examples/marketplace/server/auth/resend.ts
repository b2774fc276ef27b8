import { readBody, stringField } from './body.ts'
import { sendConfirmation } from './confirmation.ts'
import { notImplemented, validationFailed } from './errors.ts'
import { pkceChallengeOf } from './pkce.ts'
import { redirectTarget } from './redirect-url.ts'
import { json } from './responses.ts'
import type { Endpoint } from './services.ts'
import { findUserByEmail } from './users.ts'
import { normalizeEmail } from './validate.ts'

/**
 * POST /resend (type signup): a new confirmation mail for an unconfirmed account. Always 200 `{}`
 * for an address without one, or already confirmed, so it does not tell which. The other types
 * (sms, phone_change, email_change) are not implemented here.
 */
export const resend: Endpoint = async (req, services) => {
  services.mailLimit.take(req.ip)
  const body = await readBody(req)
  const type = stringField(body, 'type')
  if (type === 'sms' || type === 'phone_change' || type === 'email_change') {
    throw notImplemented(`POST /resend with type ${type}`)
  }
  if (type !== 'signup')
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change')
  const raw = stringField(body, 'email')
  if (raw === undefined) throw validationFailed('Type provided requires an email address')
  const email = normalizeEmail(raw)
  const pkce = pkceChallengeOf(body)
  const redirectTo = redirectTarget(req, services.config, req.url.searchParams.get('redirect_to'))
  await services.db.asOwner(async (tx) => {
    const user = await findUserByEmail(tx, email)
    if (!user?.email || user.email_confirmed_at !== null) return
    await sendConfirmation(tx, req, { id: user.id, email: user.email }, redirectTo, pkce)
  })
  return json(200, {})
}
