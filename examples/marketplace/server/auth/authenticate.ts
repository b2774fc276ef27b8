import { bearerToken, JwtError, verifyJwt } from '../http/jwt.ts'
import type { ApiRequest } from '../http/types.ts'
import { AuthError } from './errors.ts'
import type { AuthServices } from './services.ts'
import { findUserById, type UserRow } from './users.ts'
import { isUuid } from './validate.ts'

/** Who sent a request with an access token: the user, and the session the token belongs to. */
export interface Caller {
  user: UserRow
  /** Null for a token without session_id (GoTrue allows them; none is issued here). */
  sessionId: string | null
}

/**
 * The caller of an endpoint that needs a signed-in user (GoTrue's requireAuthentication), with
 * GoTrue's answers: 401 no_authorization without a Bearer token; 403 bad_jwt for a token that is
 * not an HS256 JWT signed with this server's secret, has expired or has no `sub` (the anon key);
 * 403 user_not_found; 403 session_not_found once the session was signed out or ended.
 */
export async function authenticate(req: ApiRequest, services: AuthServices): Promise<Caller> {
  const header = req.headers.authorization
  const token = bearerToken(Array.isArray(header) ? header[0] : header)
  if (token === null) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token')
  let claims: Record<string, unknown>
  try {
    claims = await verifyJwt(services.config.jwtSecret, token)
  } catch (error) {
    if (error instanceof JwtError) throw new AuthError(403, 'bad_jwt', error.message)
    throw error
  }
  if (typeof claims.sub !== 'string' || claims.sub === '') {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim')
  }
  if (!isUuid(claims.sub)) throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID')
  const sub = claims.sub
  const sessionId = claims.session_id
  if (sessionId !== undefined && sessionId !== null && !isUuid(sessionId)) {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID')
  }
  return services.db.asOwner(async (tx) => {
    const user = await findUserById(tx, sub)
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
    if (typeof sessionId !== 'string') return { user, sessionId: null }
    const session = await tx.query(
      'select 1 from auth.sessions where id = $1 and user_id = $2 and (not_after is null or not_after > now())',
      [sessionId, sub],
    )
    if (session.rows.length === 0) {
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
    }
    return { user, sessionId }
  })
}
