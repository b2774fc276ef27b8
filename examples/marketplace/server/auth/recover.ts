import { readBody, stringField } from './body.ts'
import { validationFailed } from './errors.ts'
import { newLinkToken, sendMail, verifyLink } from './mail.ts'
import { createFlowState, pkceChallengeOf } from './pkce.ts'
import { redirectTarget } from './redirect-url.ts'
import { json } from './responses.ts'
import type { Endpoint } from './services.ts'
import { findUserByEmail } from './users.ts'
import { normalizeEmail } from './validate.ts'

/**
 * POST /recover: mails a password recovery link (type=recovery) to the local inbox, with a PKCE flow
 * when the browser asked for one. Always 200 `{}`, whether or not the address has an account.
 */
export const recover: Endpoint = async (req, services) => {
  services.mailLimit.take(req.ip)
  const body = await readBody(req)
  const raw = stringField(body, 'email')
  if (raw === undefined) throw validationFailed('Password recovery requires an email')
  const email = normalizeEmail(raw)
  const pkce = pkceChallengeOf(body)
  const redirectTo = redirectTarget(req, services.config, req.url.searchParams.get('redirect_to'))
  await services.db.asOwner(async (tx) => {
    const user = await findUserByEmail(tx, email)
    if (!user?.email) return
    const { token, stored } = newLinkToken(pkce !== null)
    await tx.query(
      'update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1',
      [user.id, stored],
    )
    if (pkce) await createFlowState(tx, user.id, pkce, 'recovery')
    await sendMail(tx, user.email, 'recovery', verifyLink(req, token, 'recovery', redirectTo))
  })
  return json(200, {})
}
