import type { Transaction } from '../db/database.ts'
import { readBody, stringField } from './body.ts'
import { AuthError, validationFailed } from './errors.ts'
import { json } from './responses.ts'
import type { Endpoint } from './services.ts'
import { newRefreshToken, type SessionJson, sessionJson } from './tokens.ts'
import { findUserById } from './users.ts'

/**
 * How long the token a refresh replaced may still be presented, answered with the same new token
 * (GoTrue's GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL default): a client that lost the answer
 * of its refresh, or two tabs refreshing at once, are not taken for a theft.
 */
const REUSE_INTERVAL_SECONDS = 10

interface TokenRow {
  token: string
  user_id: string
  revoked: boolean
  session_id: string | null
  /** Replaced within the reuse interval. */
  recent: boolean
}

const notFound = () =>
  new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
const alreadyUsed = () =>
  new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')

/**
 * POST /token?grant_type=refresh_token: rotating, single-use refresh tokens. A token is exchanged
 * once for a new access token and its successor (whose `parent` it becomes).
 *
 * Presented again:
 * - the direct parent of the session's current token, within 10 s: the current token is answered
 *   again (no new one), as GoTrue does for a client that lost the answer;
 * - any other used token, or later: theft is assumed. Every refresh token of the session is revoked
 *   and the session ends (`not_after`, so GET /user answers session_not_found), committed, then
 *   400 refresh_token_already_used. Every token of that family answers the same from then on.
 *
 * (GoTrue accepts the direct parent at any time and lets other used tokens within the interval
 * branch off; this is stricter: only the lost-answer case is forgiven.)
 */
export const refreshTokenGrant: Endpoint = async (req, services) => {
  const body = await readBody(req)
  const presented = stringField(body, 'refresh_token')
  if (presented === undefined) throw validationFailed('refresh_token required')
  const outcome = await services.db.asOwner(async (tx): Promise<SessionJson | AuthError> => {
    const found = await tx.query<TokenRow>(
      `select token, user_id, revoked, session_id, updated_at > now() - make_interval(secs => $2) as recent
       from auth.refresh_tokens where token = $1`,
      [presented, REUSE_INTERVAL_SECONDS],
    )
    const row = found.rows[0]
    if (!row || row.session_id === null) return notFound()
    const sessionId = row.session_id
    const session = await tx.query<{ ended: boolean }>(
      'select coalesce(not_after <= now(), false) as ended from auth.sessions where id = $1',
      [sessionId],
    )
    const user = await findUserById(tx, row.user_id)
    if (!session.rows[0] || !user) return notFound()
    if (user.banned) return new AuthError(400, 'user_banned', 'User is banned')

    if (row.revoked) {
      const active = await tx.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`,
        [sessionId],
      )
      const current = active.rows[0]
      if (current && current.parent === row.token && row.recent) {
        return sessionJson(tx, req, services, user, sessionId, current.token)
      }
      await revokeFamily(tx, sessionId)
      return alreadyUsed()
    }
    if (session.rows[0].ended) {
      return new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired')
    }
    const next = newRefreshToken()
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [
      row.token,
    ])
    await tx.query(
      'insert into auth.refresh_tokens (token, user_id, parent, session_id) values ($1, $2, $3, $4)',
      [next, user.id, row.token, sessionId],
    )
    await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [
      sessionId,
    ])
    return sessionJson(tx, req, services, user, sessionId, next)
  })
  // Thrown after the transaction: a revoked family stays revoked.
  if (outcome instanceof AuthError) throw outcome
  return json(200, outcome)
}

/** Ends a session whose refresh token was reused: all its tokens revoked, the session past its end. */
async function revokeFamily(tx: Transaction, sessionId: string): Promise<void> {
  await tx.query(
    'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked',
    [sessionId],
  )
  await tx.query(
    'update auth.sessions set not_after = least(coalesce(not_after, now()), now()), updated_at = now() where id = $1',
    [sessionId],
  )
}
