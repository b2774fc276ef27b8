import type { Transaction } from '../db/database.ts'
import { AuthError, validationFailed } from './errors.ts'
import { LINK_LIFETIME_MS, type MailKind, PKCE_PREFIX, storedLinkToken } from './mail.ts'
import { type FlowMethod, issueAuthCode } from './pkce.ts'
import { redirectTarget, withError } from './redirect-url.ts'
import { redirect } from './responses.ts'
import type { Endpoint } from './services.ts'
import { startSession } from './tokens.ts'
import { findUserById, recordSignIn, type UserRow } from './users.ts'

/** GoTrue's `error` parameter for an error's status (its oauthErrorMap). */
const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
}

const COLUMNS: Record<MailKind, { token: string; sentAt: string }> = {
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
}

const FLOW_METHODS: Record<MailKind, FlowMethod> = { signup: 'email/signup', recovery: 'recovery' }

const linkInvalid = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')

/**
 * GET /verify?token&type&redirect_to: a mailed link opened. `signup` confirms the e-mail address;
 * `recovery` signs the user in to set a new password. The token works once, for a day. Then a 303
 * redirect to `redirect_to` (when allowed, else the site root), as GoTrue's:
 *
 *   PKCE link (token 'pkce_...'):  <redirect_to>?code=<auth_code>          (exchanged at /token?grant_type=pkce)
 *   otherwise:                     <redirect_to>#access_token=...&expires_at=...&expires_in=3600&refresh_token=...&token_type=bearer&type=signup
 *   invalid or expired:            <redirect_to>?error=access_denied&error_code=otp_expired&error_description=...  (and in the fragment)
 */
export const verify: Endpoint = async (req, services) => {
  const params = req.url.searchParams
  const token = params.get('token') ?? ''
  const type = params.get('type') ?? ''
  if (token === '') throw validationFailed('Verify requires a token or a token hash')
  if (type !== 'signup' && type !== 'recovery') {
    throw validationFailed(
      `Unsupported verification type ${JSON.stringify(type)}: the local backend mails signup and recovery links`,
    )
  }
  const target = redirectTarget(req, services.config, params.get('redirect_to'))
  const pkce = token.startsWith(PKCE_PREFIX)
  try {
    const location = await services.db.asOwner(async (tx) => {
      const user = await consumeToken(tx, type, token)
      if (pkce) {
        const code = await issueAuthCode(tx, user.id, FLOW_METHODS[type])
        if (code === null) throw new AuthError(403, 'flow_state_not_found', 'No associated flow state found.')
        const url = new URL(target)
        url.searchParams.set('code', code)
        return url.href
      }
      await recordSignIn(tx, user.id)
      const session = await startSession(
        tx,
        req,
        services,
        (await findUserById(tx, user.id)) as UserRow,
        'otp',
      )
      const fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: session.token_type,
        type,
      })
      const url = new URL(target)
      url.hash = fragment.toString()
      return url.href
    })
    return redirect(location)
  } catch (error) {
    if (!(error instanceof AuthError)) throw error
    return redirect(
      withError(target, OAUTH_ERRORS[error.status] ?? 'server_error', error.code, error.message),
    )
  }
}

/**
 * Finds the user of a link token of `type` that has not expired, and uses it up: a signup token
 * confirms the address; a recovery token confirms it too (the mail arrived).
 */
async function consumeToken(tx: Transaction, type: MailKind, token: string): Promise<UserRow> {
  const { token: column, sentAt } = COLUMNS[type]
  const found = await tx.query<{ id: string }>(
    `select id from auth.users
     where ${column} = $1 and ${sentAt} > now() - make_interval(secs => $2) and deleted_at is null`,
    [storedLinkToken(token), LINK_LIFETIME_MS / 1000],
  )
  const id = found.rows[0]?.id
  if (!id) throw linkInvalid()
  await tx.query(
    `update auth.users set ${column} = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     where id = $1`,
    [id],
  )
  const user = (await findUserById(tx, id)) as UserRow
  if (user.banned) throw new AuthError(403, 'user_banned', 'User is banned')
  return user
}
