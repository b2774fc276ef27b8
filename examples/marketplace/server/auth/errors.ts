import type { ApiResponse } from '../http/types.ts'
import { json } from './responses.ts'

/**
 * The GoTrue error codes this backend answers with (see auth-js `lib/error-codes.d.ts`), plus
 * `not_found` for the endpoints it does not implement and `request_too_large` for a body over 1 MiB.
 */
export type AuthErrorCode =
  | 'bad_code_verifier'
  | 'bad_json'
  | 'bad_jwt'
  | 'email_exists'
  | 'email_not_confirmed'
  | 'flow_state_expired'
  | 'flow_state_not_found'
  | 'invalid_credentials'
  | 'no_authorization'
  | 'not_admin'
  | 'not_found'
  | 'otp_expired'
  | 'over_email_send_rate_limit'
  | 'over_request_rate_limit'
  | 'phone_not_confirmed'
  | 'provider_disabled'
  | 'refresh_token_already_used'
  | 'refresh_token_not_found'
  | 'request_too_large'
  | 'same_password'
  | 'session_expired'
  | 'session_not_found'
  | 'user_already_exists'
  | 'user_banned'
  | 'user_not_found'
  | 'validation_failed'
  | 'weak_password'

/**
 * An auth failure the client is told about, in GoTrue's 2024-01-01 shape: the body
 * `{ code, message }` (plus `extra`, e.g. `weak_password: { reasons }`) and the `x-sb-error-code`
 * header. Thrown anywhere below an endpoint; the handler turns it into the response.
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: AuthErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'AuthError'
  }
}

/** The response for an AuthError. */
export function errorResponse(error: AuthError): ApiResponse {
  return json(
    error.status,
    { code: error.code, message: error.message, ...error.extra },
    { 'x-sb-error-code': error.code, ...error.headers },
  )
}

/** 400 validation_failed: GoTrue's answer to a request whose values do not fit. */
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message)

/** What an endpoint or feature this backend leaves out answers: loud, in GoTrue's error shape. */
export const notImplemented = (what: string) =>
  new AuthError(
    404,
    'not_found',
    `${what} is not implemented by the marketplace's local backend (examples/marketplace/server/auth), which answers only the auth calls the app makes. Use a Supabase project for it.`,
  )
