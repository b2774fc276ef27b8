import type { SupabaseClient } from '@supabase/supabase-js'
import { type Account, resolveAccount } from './account.ts'
import type { AccountStore } from './account-store.ts'
import { loginErrorMessage } from './messages.ts'
import type { LoginValues } from './validation.ts'

export interface LoginDeps {
  auth: Pick<SupabaseClient['auth'], 'signInWithPassword'>
  accounts: Pick<AccountStore, 'userRow' | 'profileRole'>
}

export type LoginResult = { ok: true; account: Account } | { ok: false; message: string }

/**
 * E-mail and password sign-in; on success the account (role read from the server) says where to go.
 * A failure the server answers becomes the message the form shows (spec section 8); a thrown one is
 * left to the caller (useAuthActions turns it into the generic text).
 */
export async function logIn(deps: LoginDeps, values: LoginValues): Promise<LoginResult> {
  const email = values.email.trim()
  const { data, error } = await deps.auth.signInWithPassword({ email, password: values.password })
  // The spec reads the users row by e-mail on an unconfirmed e-mail and logs in without confirmation;
  // under row-level security a signed-out visitor cannot read it, and the server decides: its message shows.
  if (error) return { ok: false, message: loginErrorMessage(error) }
  return { ok: true, account: await resolveAccount(data.user, deps.accounts) }
}
