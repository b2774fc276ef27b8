import { createHash, randomUUID, timingSafeEqual } from 'node:crypto'
import type { Transaction } from '../db/database.ts'
import { type Body, stringField } from './body.ts'
import { AuthError, validationFailed } from './errors.ts'

/** A PKCE challenge a browser sent with sign-up, recover or resend; its verifier comes at /token?grant_type=pkce. */
export interface PkceChallenge {
  challenge: string
  method: 's256' | 'plain'
}

/** The flows a mailed link can end: GoTrue's authentication methods of the same names. */
export type FlowMethod = 'email/signup' | 'recovery'

/** How long a code stays exchangeable once its link was opened (GoTrue's 5 minutes). */
export const FLOW_STATE_LIFETIME_MS = 5 * 60 * 1000

/**
 * `code_challenge` and `code_challenge_method` of a body, checked as GoTrue does; null when the
 * request is not PKCE. auth-js sends 's256' (or 'plain' without WebCrypto).
 */
export function pkceChallengeOf(body: Body): PkceChallenge | null {
  const challenge = stringField(body, 'code_challenge')
  const method = stringField(body, 'code_challenge_method')
  if (challenge === undefined && method === undefined) return null
  if (challenge === undefined || method === undefined) {
    throw validationFailed('PKCE flow requires code_challenge_method and code_challenge')
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw validationFailed('code challenge has to be between 43 and 128 characters')
  }
  const normalized = method.toLowerCase()
  if (normalized !== 's256' && normalized !== 'plain') {
    throw validationFailed(`code challenge method ${method} is not supported: use s256 or plain`)
  }
  return { challenge, method: normalized }
}

/** Records a PKCE flow for `userId`; its auth code is issued when the mailed link is opened. */
export async function createFlowState(
  tx: Transaction,
  userId: string,
  pkce: PkceChallenge,
  method: FlowMethod,
): Promise<void> {
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       authentication_method) values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      randomUUID(),
      userId,
      randomUUID(),
      pkce.method,
      pkce.challenge,
      method === 'recovery' ? 'recovery' : 'email',
      method,
    ],
  )
}

/**
 * Issues the auth code of the user's newest flow of `method` (a mailed link was opened); null when
 * there is none. GoTrue answers that with flow_state_not_found.
 */
export async function issueAuthCode(
  tx: Transaction,
  userId: string,
  method: FlowMethod,
): Promise<string | null> {
  const result = await tx.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                 order by created_at desc limit 1)
     returning auth_code`,
    [userId, method],
  )
  return result.rows[0]?.auth_code ?? null
}

/** Whether `verifier` answers the challenge: S256 is base64url(sha256(verifier)), plain is the verifier. */
export function verifierMatches(verifier: string, challenge: string, method: string): boolean {
  let expected: string
  if (method === 's256') expected = createHash('sha256').update(verifier).digest('base64url')
  else if (method === 'plain') expected = verifier
  else throw new AuthError(403, 'bad_code_verifier', 'code challenge method not supported')
  const a = createHash('sha256').update(expected).digest()
  const b = createHash('sha256').update(challenge).digest()
  return timingSafeEqual(a, b)
}
