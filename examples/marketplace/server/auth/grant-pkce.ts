import { readBody, stringField } from './body.ts'
import { AuthError, validationFailed } from './errors.ts'
import { FLOW_STATE_LIFETIME_MS, verifierMatches } from './pkce.ts'
import { json } from './responses.ts'
import type { Endpoint } from './services.ts'
import { type AuthMethod, type SessionJson, startSession } from './tokens.ts'
import { findUserById, recordSignIn, type UserRow } from './users.ts'

interface FlowRow {
  id: string
  user_id: string
  code_challenge: string
  code_challenge_method: string
  authentication_method: string
  expired: boolean
}

/**
 * POST /token?grant_type=pkce: the `code` a mailed link redirected with (`auth_code`) and the
 * browser's `code_verifier` to a session. The flow is used up by a successful exchange. GoTrue's
 * answers: 404 flow_state_not_found, 400 flow_state_expired (5 minutes after the link was opened),
 * 403 bad_code_verifier.
 */
export const pkceGrant: Endpoint = async (req, services) => {
  const body = await readBody(req)
  const authCode = stringField(body, 'auth_code')
  const verifier = stringField(body, 'code_verifier')
  if (authCode === undefined || verifier === undefined) {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty')
  }
  const session = await services.db.asOwner(async (tx): Promise<SessionJson> => {
    const found = await tx.query<FlowRow>(
      `select id, user_id, code_challenge, code_challenge_method, authentication_method,
         auth_code_issued_at < now() - make_interval(secs => $2) as expired
       from auth.flow_state where auth_code = $1 and auth_code_issued_at is not null and user_id is not null`,
      [authCode, FLOW_STATE_LIFETIME_MS / 1000],
    )
    const flow = found.rows[0]
    if (!flow)
      throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found')
    if (flow.expired)
      throw new AuthError(400, 'flow_state_expired', 'invalid flow state, flow state has expired')
    if (!verifierMatches(verifier, flow.code_challenge, flow.code_challenge_method)) {
      throw new AuthError(
        403,
        'bad_code_verifier',
        'code challenge does not match previously saved code verifier',
      )
    }
    const user = await findUserById(tx, flow.user_id)
    if (!user)
      throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found')
    if (user.banned) throw new AuthError(400, 'user_banned', 'User is banned')
    await tx.query('delete from auth.flow_state where id = $1', [flow.id])
    await recordSignIn(tx, user.id)
    const method = flow.authentication_method as AuthMethod
    return startSession(tx, req, services, (await findUserById(tx, user.id)) as UserRow, method)
  })
  return json(200, session)
}
