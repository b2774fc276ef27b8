import { randomBytes, randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import type { Transaction } from '../db/database.ts'
import { jwtKey } from '../http/jwt.ts'
import type { ApiRequest } from '../http/types.ts'
import type { AuthServices } from './services.ts'
import { issuerOf } from './services.ts'
import { type UserRow, userJson } from './users.ts'

/** Lifetime of an access token (GoTrue's JWT_EXP default). */
const ACCESS_TOKEN_SECONDS = 3600

/**
 * How a session began, as GoTrue records it for the `amr` claim: a password, an e-mail link
 * (`otp`), or a link exchanged by PKCE (the flow's method).
 */
export type AuthMethod = 'password' | 'otp' | 'email/signup' | 'recovery'

/** GoTrue's session JSON: what sign-up, every /token grant, and an implicit-flow redirect carry. */
export interface SessionJson {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: Record<string, unknown>
}

/** A refresh token: 16 random bytes, base64url (22 characters; GoTrue's are 12 or more). */
export const newRefreshToken = () => randomBytes(16).toString('base64url')

/** The `amr` claim of a session: its methods with the time each was used, in seconds. */
async function amrOf(tx: Transaction, sessionId: string): Promise<{ method: string; timestamp: number }[]> {
  const result = await tx.query<{ authentication_method: string; created_at: Date }>(
    'select authentication_method, created_at from auth.mfa_amr_claims where session_id = $1 order by created_at',
    [sessionId],
  )
  return result.rows.map((row) => ({
    method: row.authentication_method,
    timestamp: Math.floor(row.created_at.getTime() / 1000),
  }))
}

/**
 * An HS256 access token with GoTrue's claims, and the session JSON around it:
 *
 *   { iss: '<origin>/auth/v1', sub, aud: 'authenticated', exp, iat, email, phone, app_metadata,
 *     user_metadata, role: 'authenticated', aal: 'aal1', amr, session_id, is_anonymous }
 */
export async function sessionJson(
  tx: Transaction,
  req: ApiRequest,
  services: AuthServices,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<SessionJson> {
  const iat = Math.floor(Date.now() / 1000)
  const exp = iat + ACCESS_TOKEN_SECONDS
  const accessToken = await new SignJWT({
    iss: issuerOf(req),
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: user.role ?? 'authenticated',
    aal: 'aal1',
    amr: await amrOf(tx, sessionId),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(jwtKey(services.config.jwtSecret))
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user),
  }
}

/**
 * Starts a session for `user` (a sessions row, its method, its first refresh token) and returns
 * GoTrue's session JSON. Run inside the transaction that authenticated the user.
 */
export async function startSession(
  tx: Transaction,
  req: ApiRequest,
  services: AuthServices,
  user: UserRow,
  method: AuthMethod,
): Promise<SessionJson> {
  const sessionId = randomUUID()
  const userAgent = req.headers['user-agent'] ?? null
  await tx.query(
    `insert into auth.sessions (id, user_id, aal, user_agent, ip, refreshed_at) values ($1, $2, 'aal1', $3, $4, now())`,
    [sessionId, user.id, userAgent, req.ip],
  )
  await tx.query(
    'insert into auth.mfa_amr_claims (id, session_id, authentication_method) values ($1, $2, $3)',
    [randomUUID(), sessionId, method],
  )
  const refreshToken = newRefreshToken()
  await tx.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [
    refreshToken,
    user.id,
    sessionId,
  ])
  return sessionJson(tx, req, services, user, sessionId, refreshToken)
}
