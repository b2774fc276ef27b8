import { decodeProtectedHeader } from 'jose'
import type { RequestClaims } from '../db/database.ts'
import { bearerToken, JwtError, verifyJwt } from '../http/jwt.ts'
import type { ApiRequest } from '../http/types.ts'
import { RestError } from './errors.ts'

/** The claims of a request that carries no token: PostgREST's anonymous role. */
export const ANON_CLAIMS: RequestClaims = { role: 'anon' }

/**
 * Who the request is, as PostgREST decides it: the `Authorization: Bearer` token (else the `apikey`
 * header's, as Supabase's gateway forwards it), verified with the backend's secret (HS256 only).
 * A token that fails answers 401 with PostgREST's JWT error codes: PGRST301 when it cannot be decoded
 * or verified, PGRST303 when its claims are invalid (expired).
 */
export async function requestClaims(req: ApiRequest, secret: string): Promise<RequestClaims> {
  const authorization = typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined
  const apikey = typeof req.headers.apikey === 'string' ? req.headers.apikey : undefined
  let token = bearerToken(authorization)
  if (token === null && authorization !== undefined && /^Bearer\s*$/i.test(authorization)) {
    throw jwtError('PGRST301', 'Empty JWT is sent in Authorization header')
  }
  if (token === null && apikey !== undefined && apikey.split('.').length === 3) token = apikey
  if (token === null) return ANON_CLAIMS

  const parts = token.split('.').length
  if (parts !== 3) throw jwtError('PGRST301', `Expected 3 parts in JWT; got ${parts}`)
  let alg: unknown
  try {
    alg = decodeProtectedHeader(token).alg
  } catch {
    throw jwtError('PGRST301', 'JWT cryptographic operation failed')
  }
  if (alg !== 'HS256') {
    throw jwtError(
      'PGRST301',
      'Wrong or unsupported encoding algorithm',
      `Expected HS256, got ${String(alg)}`,
    )
  }
  try {
    return await verifyJwt(secret, token)
  } catch (error) {
    if (!(error instanceof JwtError)) throw error
    if (error.reason === 'expired') throw jwtError('PGRST303', 'JWT expired')
    if (error.reason === 'unknown-role') {
      // Verified, but its role is none of the database's API roles: Postgres's answer to `set role`.
      throw new RestError(401, '22023', `role "${error.role}" does not exist`, null, null, {
        'www-authenticate': 'Bearer',
      })
    }
    throw jwtError(
      'PGRST301',
      'No suitable key or wrong key type',
      'None of the keys was able to decode the JWT',
    )
  }
}

function jwtError(code: 'PGRST301' | 'PGRST303', message: string, details: string | null = null): RestError {
  return new RestError(401, code, message, details, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
  })
}
