import { useMemo } from 'react'
import { createAccountStore } from './account-store.ts'
import { callbackUrl, markPendingOAuth, takePendingOAuth } from './callback.ts'
import { useAuth } from './context.ts'
import { type LoginResult, logIn } from './login.ts'
import { AUTH_MESSAGES, authErrorMessage } from './messages.ts'
import { setRememberSession } from './session-storage.ts'
import { type SignUpResult, signUp } from './sign-up.ts'
import type { LoginValues, SignUpValues } from './validation.ts'

type Outcome = { ok: true; message?: string } | { ok: false; message: string }

/** The auth forms' actions (the /auth page and the contact dialog share them). */
export function useAuthActions() {
  const { getClient } = useAuth()
  return useMemo(
    () => ({
      async logIn(values: LoginValues, remember: boolean): Promise<LoginResult> {
        try {
          const client = await getClient()
          // Before signing in: the session supabase-js saves must already carry this choice.
          setRememberSession(remember)
          return await logIn({ auth: client.auth, accounts: createAccountStore(client) }, values)
        } catch (error) {
          console.error('Login failed:', error)
          return { ok: false, message: AUTH_MESSAGES.loginFailed }
        }
      },

      async signUp(values: SignUpValues): Promise<SignUpResult> {
        try {
          const client = await getClient()
          // A sign-up that signs in (no confirmation, or admin) keeps its session like a checked Remember me.
          setRememberSession(true)
          const deps = {
            auth: client.auth,
            accounts: createAccountStore(client),
            origin: window.location.origin,
          }
          return await signUp(deps, values)
        } catch (error) {
          console.error('Sign-up failed:', error)
          return { ok: false, message: AUTH_MESSAGES.signUpFailed }
        }
      },

      /** Leaves for Google's consent page; comes back to /auth/callback (which reports a failure). */
      async signInWithGoogle(remember: boolean): Promise<Outcome> {
        try {
          const client = await getClient()
          setRememberSession(remember)
          markPendingOAuth('google')
          const { error } = await client.auth.signInWithOAuth({
            provider: 'google',
            options: { redirectTo: callbackUrl() },
          })
          if (error) throw error
          return { ok: true }
        } catch (error) {
          console.error('Google sign-in failed:', error)
          takePendingOAuth()
          return { ok: false, message: AUTH_MESSAGES.googleFailed }
        }
      },

      /** Sends the recovery mail; its link leads to /auth/callback, where a new password is set. */
      async sendPasswordReset(email: string): Promise<Outcome> {
        try {
          const client = await getClient()
          const { error } = await client.auth.resetPasswordForEmail(email.trim(), {
            redirectTo: callbackUrl(),
          })
          if (error) return { ok: false, message: authErrorMessage(error, AUTH_MESSAGES.loginFailed) }
          return {
            ok: true,
            message: `If an account exists for ${email.trim()}, we have sent it a link to reset the password. Check your inbox.`,
          }
        } catch (error) {
          console.error('Password reset failed:', error)
          return { ok: false, message: AUTH_MESSAGES.loginFailed }
        }
      },

      async updatePassword(password: string): Promise<Outcome> {
        try {
          const client = await getClient()
          const { error } = await client.auth.updateUser({ password })
          if (error) return { ok: false, message: authErrorMessage(error, AUTH_MESSAGES.loginFailed) }
          return { ok: true, message: 'Your password has been updated.' }
        } catch (error) {
          console.error('Password update failed:', error)
          return { ok: false, message: AUTH_MESSAGES.loginFailed }
        }
      },
    }),
    [getClient],
  )
}
