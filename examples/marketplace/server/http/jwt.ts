import { errors, jwtVerify } from 'jose'
import type { RequestClaims } from '../db/database.ts'

export class JwtError extends Error {}

/**
 * Verifies a token signed with the backend's secret (HS256 only: `none` and every other algorithm
 * are refused) and returns its claims. Throws JwtError with GoTrue's wording.
 */
export async function verifyJwt(secret: string, token: string): Promise<RequestClaims> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] })
    const role = payload.role
    if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') {
      throw new JwtError('invalid JWT: unable to parse or verify signature, token has an unknown role')
    }
    return payload as RequestClaims
  } catch (error) {
    if (error instanceof JwtError) throw error
    if (error instanceof errors.JWTExpired) {
      throw new JwtError(
        'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
      )
    }
    throw new JwtError('invalid JWT: unable to parse or verify signature, signature is invalid')
  }
}

/** The bearer token of an Authorization header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  return match?.[1] ?? null
}
