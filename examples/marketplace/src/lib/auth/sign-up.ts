import type { Session, SupabaseClient } from '@supabase/supabase-js'
import type { AccountStore } from './account-store.ts'
import { authErrorCode, signUpErrorMessage } from './messages.ts'
import type { SignUpValues } from './validation.ts'

export interface SignUpDeps {
  auth: Pick<SupabaseClient['auth'], 'signUp' | 'signInWithPassword'>
  accounts: Pick<AccountStore, 'saveSignUpRows'>
  /** The app's origin: the confirmation mail leads back to `<origin>/auth/callback`. */
  origin: string
}

export type SignUpResult =
  | {
      ok: true
      /** A session exists now (auto-confirmed e-mail, or an admin's immediate sign-in). */
      signedIn: boolean
      /** The server waits for the e-mail to be confirmed before a login works. */
      needsConfirmation: boolean
    }
  | { ok: false; message: string }

/** After a sign-up, the success message shows this long before the form switches to login (spec section 9). */
export const SIGN_UP_SWITCH_DELAY_MS = 2000

type SignInOutcome = { session: Session | null; unconfirmed: boolean }

/**
 * The admin sign-up's immediate sign-in (spec section 4): one direct retry when the first attempt
 * answers invalid credentials or an unconfirmed e-mail (the new user may not be visible yet).
 */
export async function signInNewAdmin(
  auth: SignUpDeps['auth'],
  email: string,
  password: string,
): Promise<SignInOutcome> {
  let code: string | undefined
  for (let attempt = 1; attempt <= 2; attempt++) {
    const { data, error } = await auth.signInWithPassword({ email, password })
    if (!error) return { session: data.session, unconfirmed: false }
    code = authErrorCode(error)
    if (code !== 'invalid_credentials' && code !== 'email_not_confirmed') break
  }
  return { session: null, unconfirmed: code === 'email_not_confirmed' }
}

/**
 * Sign-up with the metadata the database trigger reads (name, phone, role, and the admin sign-up
 * code for an admin, which the server checks and strips). A customer's confirmation mail leads to
 * /auth/callback; an admin gets no confirmation redirect and is signed in at once. With a session,
 * the users and profiles rows are upserted as the spec has it (the trigger made them already; a
 * signed-out visitor may not write them, so without a session this is skipped). A thrown error is
 * left to the caller (useAuthActions turns it into the registration text).
 */
export async function signUp(deps: SignUpDeps, values: SignUpValues): Promise<SignUpResult> {
  const isAdmin = values.accountType === 'admin'
  const email = values.email.trim()
  const name = values.name.trim()
  const phone = values.phone.trim()
  const data: Record<string, string> = { name, phone, role: values.accountType }
  if (isAdmin) data.admin_signup_code = values.adminCode.trim()
  const { data: created, error } = await deps.auth.signUp({
    email,
    password: values.password,
    options: isAdmin ? { data } : { data, emailRedirectTo: `${deps.origin}/auth/callback` },
  })
  if (error) return { ok: false, message: signUpErrorMessage(error) }

  let session = created.session
  let needsConfirmation = !session
  if (isAdmin && !session) {
    const outcome = await signInNewAdmin(deps.auth, email, values.password)
    session = outcome.session
    needsConfirmation = outcome.unconfirmed
  }
  if (session) {
    await deps.accounts
      .saveSignUpRows({ id: session.user.id, email, name, phone: phone || null, role: values.accountType })
      .catch((rowError: unknown) => console.error('Failed to save the account rows after sign-up:', rowError))
  }
  return { ok: true, signedIn: Boolean(session), needsConfirmation }
}
