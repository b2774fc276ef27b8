import { AuthError } from './errors.ts'

const PASSWORD_MIN_LENGTH = 8
/** bcrypt reads only the first 72 bytes: a longer password would be accepted with any ending. */
export const PASSWORD_MAX_BYTES = 72

/**
 * Refuses a password outside 8 characters to 72 bytes with GoTrue's 422 weak_password, whose
 * `weak_password.reasons` auth-js hands to the app (AuthWeakPasswordError).
 *
 * GoTrue itself answers a password over 72 bytes with 400 validation_failed; here both ends of the
 * range are the same weak_password error, so the app has one case to show.
 */
export function assertStrongPassword(password: string): void {
  let message: string | null = null
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    message = `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`
  } else if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) {
    message = `Password cannot be longer than ${PASSWORD_MAX_BYTES} bytes.`
  }
  if (message !== null) {
    throw new AuthError(422, 'weak_password', message, { weak_password: { reasons: ['length'] } })
  }
}
