/** The spec's auth messages (section 8), verbatim. */
export const AUTH_MESSAGES = {
  emailNotConfirmed: 'Please check your email and confirm your account before logging in.',
  loginFailed: 'An error occurred. Please try again.',
  signUpFailed: 'An error occurred during registration. Please try again.',
  googleFailed: 'An error occurred with Google sign in',
  signUpSucceeded: 'Account created successfully! You can now log in.',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'You must agree to the terms and conditions',
} as const

/**
 * An error supabase-js returned, told apart without importing it (it loads after the first
 * render): auth-js marks its errors with `__isAuthError`.
 */
interface AuthErrorLike {
  name: string
  message: string
  code?: string
  status?: number
  reasons?: unknown
}

function isAuthError(error: unknown): error is AuthErrorLike {
  return typeof error === 'object' && error !== null && '__isAuthError' in error
}

/**
 * An answer of the auth server (AuthApiError, AuthWeakPasswordError), whose message is meant for
 * the user; network failures and unknown errors are not.
 */
function isServerAnswer(error: unknown): error is AuthErrorLike {
  return isAuthError(error) && (error.name === 'AuthApiError' || error.name === 'AuthWeakPasswordError')
}

/** `code` of an auth error, or the older servers' message, for the two codes the flows branch on. */
export function authErrorCode(error: unknown): string | undefined {
  if (!isAuthError(error)) return undefined
  if (error.code) return error.code
  if (error.message === 'Email not confirmed') return 'email_not_confirmed'
  if (error.message === 'Invalid login credentials') return 'invalid_credentials'
  return undefined
}

const WEAK_PASSWORD_REASONS: Record<string, string> = {
  length: 'it is too short',
  characters: 'it needs more kinds of characters',
  pwned: 'it appears in a known data breach',
}

/** A weak-password answer with its reasons: "Password is too weak. Reasons: it is too short." */
function weakPasswordMessage(error: AuthErrorLike): string {
  const reasons = Array.isArray(error.reasons) ? error.reasons.filter((r) => typeof r === 'string') : []
  if (reasons.length === 0) return error.message
  const described = reasons.map((reason) => WEAK_PASSWORD_REASONS[reason] ?? reason)
  return `${error.message} Reasons: ${described.join('; ')}.`
}

/** The server's message for the user (with a weak password's reasons), else `otherwise`. */
export function authErrorMessage(error: unknown, otherwise: string): string {
  if (!isServerAnswer(error) || !error.message) return otherwise
  return error.name === 'AuthWeakPasswordError' ? weakPasswordMessage(error) : error.message
}

/**
 * Sign-in of an account an admin suspended (the auth server's `user_banned`, whose own text 'User is
 * banned' says neither what happened nor what to do).
 */
export const ACCOUNT_SUSPENDED_MESSAGE =
  'This account has been suspended, so it cannot sign in. If you think this is a mistake, write to us through the Contact page.'

/** What the login form shows for a failed sign-in (not-confirmed and suspended accounts have their own texts). */
export function loginErrorMessage(error: unknown): string {
  const code = authErrorCode(error)
  if (code === 'email_not_confirmed') return AUTH_MESSAGES.emailNotConfirmed
  if (code === 'user_banned') return ACCOUNT_SUSPENDED_MESSAGE
  return authErrorMessage(error, AUTH_MESSAGES.loginFailed)
}

/** What the sign-up form shows for a failed registration. */
export function signUpErrorMessage(error: unknown): string {
  return authErrorMessage(error, AUTH_MESSAGES.signUpFailed)
}
