import type { SupabaseClient } from '@supabase/supabase-js'
import { type Account, resolveAccount } from './account.ts'
import type { AccountStore } from './account-store.ts'
import { AUTH_MESSAGES, authErrorCode, loginErrorMessage } from './messages.ts'
import type { LoginValues } from './validation.ts'

export interface LoginDeps {
  auth: Pick<SupabaseClient['auth'], 'signInWithPassword'>
  accounts: Pick<AccountStore, 'userRow' | 'profileRole'>
}

export type LoginResult = { ok: true; account: Account } | { ok: false; message: string }

/**
 * E-mail and password sign-in; on success the account (role read from the server) says where to go.
 * Every failure becomes the message the form shows (spec section 8).
 */
export async function logIn(deps: LoginDeps, values: LoginValues): Promise<LoginResult> {
  const email = values.email.trim()
  try {
    const { data, error } = await deps.auth.signInWithPassword({ email, password: values.password })
    if (error) {
      // The spec reads the users row by e-mail here and logs in without confirmation; under row-level
      // security a signed-out visitor cannot read it, and the server decides: its message shows.
      if (authErrorCode(error) === 'email_not_confirmed')
        return { ok: false, message: AUTH_MESSAGES.emailNotConfirmed }
      return { ok: false, message: loginErrorMessage(error) }
    }
    return { ok: true, account: await resolveAccount(data.user, deps.accounts) }
  } catch (error) {
    console.error('Login failed:', error)
    return { ok: false, message: AUTH_MESSAGES.loginFailed }
  }
}
