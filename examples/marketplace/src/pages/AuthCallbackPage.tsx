import { Loader2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { SetNewPasswordForm } from '../components/auth/SetNewPasswordForm.tsx'
import { homeFor } from '../lib/auth/account.ts'
import { createAccountStore } from '../lib/auth/account-store.ts'
import {
  callbackErrorMessage,
  callbackUrlError,
  ensureUserRow,
  finishRedirect,
  takeLinkSession,
  takePendingOAuth,
} from '../lib/auth/callback.ts'
import { useAuth } from '../lib/auth/context.ts'
import { AUTH_MESSAGES, authErrorMessage } from '../lib/auth/messages.ts'
import { useDocumentTitle } from '../lib/document-title.ts'
import type { AuthPageState } from './AuthPage.tsx'

const LINK_IN_OTHER_BROWSER =
  'This link could not sign you in here: open it in the browser where you signed up or asked for it. If it confirmed your e-mail, you can log in below.'

/**
 * /auth/callback: where e-mail confirmation, password recovery and Google sign-in come back.
 * supabase-js exchanges the PKCE code while it loads; a user without a users row gets one; the flags
 * are stored and the user lands on /admin or /dashboard. No user, or an error, leads to /auth.
 */
export function AuthCallbackPage() {
  const { getClient, refreshAccount } = useAuth()
  const navigate = useNavigate()
  const [recovery, setRecovery] = useState(false)
  const started = useRef(false)
  useDocumentTitle(recovery ? 'Set a New Password' : 'Processing Authentication')

  useEffect(() => {
    // The exchange and the row insert run once, also when StrictMode mounts the page twice.
    if (started.current) return
    started.current = true
    const toAuth = (authError?: string) => {
      const state: AuthPageState | null = authError ? { authError } : null
      navigate('/auth', { replace: true, state })
    }
    void (async () => {
      const pendingProvider = takePendingOAuth()
      const urlError = callbackUrlError(window.location.href)
      if (urlError) {
        console.error('Sign-in failed:', urlError.description)
        toAuth(callbackErrorMessage(urlError, pendingProvider))
        return
      }
      const hadCode = new URLSearchParams(window.location.search).has('code')
      // Before supabase-js loads: a link's session leaves the address bar at once.
      const link = takeLinkSession()
      try {
        const client = await getClient()
        const { session, recovery: isRecovery } = await finishRedirect(client.auth, link)
        if (!session) {
          toAuth(hadCode ? LINK_IN_OTHER_BROWSER : undefined)
          return
        }
        if (isRecovery) {
          setRecovery(true)
          return
        }
        await ensureUserRow(createAccountStore(client), session.user)
        navigate(homeFor(await refreshAccount()), { replace: true })
      } catch (error) {
        console.error('Authentication callback failed:', error)
        toAuth(
          pendingProvider === 'google'
            ? AUTH_MESSAGES.googleFailed
            : authErrorMessage(error, AUTH_MESSAGES.loginFailed),
        )
      }
    })()
  }, [getClient, refreshAccount, navigate])

  const recovered = async () => navigate(homeFor(await refreshAccount()), { replace: true })

  return (
    <div className="mx-auto flex max-w-7xl justify-center px-4 py-12 lg:px-8">
      <div className="w-full max-w-md rounded-lg border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        {recovery ? (
          <>
            <h1 className="text-2xl font-bold text-gray-900">Set a New Password</h1>
            <p className="mt-2 mb-6 text-sm text-gray-600">
              Choose the password you will log in with from now on.
            </p>
            <SetNewPasswordForm onDone={() => void recovered()} />
          </>
        ) : (
          <div role="status" className="flex flex-col items-center text-center">
            <Loader2 className="h-8 w-8 animate-spin text-blue-600" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold text-gray-900">Processing Authentication</h1>
            <p className="mt-2 text-sm text-gray-600">Please wait while we sign you in.</p>
          </div>
        )}
      </div>
    </div>
  )
}
