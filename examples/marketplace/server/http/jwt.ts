import { errors, jwtVerify } from 'jose'
import type { RequestClaims } from '../db/database.ts'

/** Why a token was refused: REST and auth each answer it in their own words. */
export type JwtFailure = 'expired' | 'unknown-role' | 'invalid'

export class JwtError extends Error {
  constructor(
    readonly reason: JwtFailure,
    message: string,
    /** The role a verified token claimed, when that role is the problem. */
    readonly role?: string,
  ) {
    super(message)
  }
}

/** The HMAC key of a secret, encoded once: every REST request and `/user` call verifies a token. */
const keys = new Map<string, Uint8Array>()
export function jwtKey(secret: string): Uint8Array {
  let key = keys.get(secret)
  if (!key) {
    key = new TextEncoder().encode(secret)
    keys.set(secret, key)
  }
  return key
}

/**
 * Verifies a token signed with the backend's secret (HS256 only: `none` and every other algorithm
 * are refused) and returns its claims. Throws JwtError with GoTrue's wording and a `reason`.
 */
export async function verifyJwt(secret: string, token: string): Promise<RequestClaims> {
  let payload: Record<string, unknown>
  try {
    payload = (await jwtVerify(token, jwtKey(secret), { algorithms: ['HS256'] })).payload
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      throw new JwtError(
        'expired',
        'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
      )
    }
    throw new JwtError('invalid', 'invalid JWT: unable to parse or verify signature, signature is invalid')
  }
  const role = payload.role
  if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') {
    throw new JwtError(
      'unknown-role',
      'invalid JWT: unable to parse or verify signature, token has an unknown role',
      String(role ?? ''),
    )
  }
  return payload as RequestClaims
}

/** The bearer token of an Authorization header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  return match?.[1] ?? null
}
