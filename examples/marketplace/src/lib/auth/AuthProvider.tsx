import type { AuthChangeEvent, Session, SupabaseClient, User } from '@supabase/supabase-js'
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { clearStoredSession, writeStoredSession } from '../stored-session.ts'
import { type Account, resolveAccount, storedSessionFor } from './account.ts'
import { createAccountStore } from './account-store.ts'
import { type AuthAction, type AuthState, authReducer, initialAuthState, needsAccount } from './auth-state.ts'
import { loadSupabase } from './client.ts'
import { AuthContext, type AuthContextValue } from './context.ts'
import {
  AUTH_STORAGE_KEY,
  discardEndedBrowserSession,
  forgetStoredSession,
  hasLiveStoredSession,
} from './session-storage.ts'

/**
 * The auth state of the whole app. supabase-js is loaded after the first render, and only when a
 * session is stored (or a page asks for the client: /auth, the callback, a guard); until then the
 * header shows the stored flags. Events (spec section 4) drive the state; a signed-in user's
 * account (role lookup) is then read and mirrored into the flags; SIGNED_OUT clears them.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() => initialAuthState(hasLiveStoredSession()))
  const stateRef = useRef(state)
  const clientRef = useRef<SupabaseClient | null>(null)
  const unsubscribeRef = useRef<(() => void) | null>(null)

  const dispatch = useCallback((action: AuthAction) => {
    stateRef.current = authReducer(stateRef.current, action)
    setState(stateRef.current)
  }, [])

  const loadAccount = useCallback(
    async (client: SupabaseClient, user: User): Promise<Account> => {
      const account = await resolveAccount(user, createAccountStore(client))
      // Signed out, or another user signed in, while the role was read: this account is stale.
      if (stateRef.current.user?.id === user.id) {
        dispatch({ type: 'account-loaded', account })
        writeStoredSession(storedSessionFor(account))
      }
      return account
    },
    [dispatch],
  )

  const connect = useCallback(
    (client: SupabaseClient) => {
      clientRef.current = client
      if (unsubscribeRef.current) return
      const onEvent = (event: AuthChangeEvent, session: Session | null) => {
        const user = session?.user ?? null
        const load = needsAccount(stateRef.current, event, user)
        dispatch({ type: 'auth-event', event, user })
        if (event === 'SIGNED_OUT') clearStoredSession()
        // Never call supabase-js from inside its own callback (it holds its lock): read on the next turn.
        if (user && load) setTimeout(() => void loadAccount(client, user), 0)
      }
      const { data } = client.auth.onAuthStateChange(onEvent)
      unsubscribeRef.current = () => data.subscription.unsubscribe()
    },
    [dispatch, loadAccount],
  )

  const getClient = useCallback(async () => {
    try {
      const client = await loadSupabase()
      connect(client)
      return client
    } catch (error) {
      if (stateRef.current.status === 'loading') dispatch({ type: 'signed-out' })
      throw error
    }
  }, [connect, dispatch])

  useEffect(() => {
    if (discardEndedBrowserSession()) dispatch({ type: 'signed-out' })
    const start = () =>
      getClient().catch((error: unknown) => console.error('The sign-in service could not be loaded:', error))
    if (clientRef.current) connect(clientRef.current)
    else if (hasLiveStoredSession()) void start()
    // A sign-in in another tab: that tab's supabase-js tells this one's, once this one is loaded.
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUTH_STORAGE_KEY && event.newValue && !clientRef.current) void start()
    }
    window.addEventListener('storage', onStorage)
    return () => {
      window.removeEventListener('storage', onStorage)
      unsubscribeRef.current?.()
      unsubscribeRef.current = null
    }
  }, [connect, dispatch, getClient])

  const refreshAccount = useCallback(async () => {
    const client = await getClient()
    const { data } = await client.auth.getSession()
    return data.session ? loadAccount(client, data.session.user) : null
  }, [getClient, loadAccount])

  const signOut = useCallback(async () => {
    try {
      if (clientRef.current || hasLiveStoredSession()) {
        const client = await getClient()
        const { error } = await client.auth.signOut()
        if (error) throw error
      }
    } catch (error) {
      // The server did not end the session: end it on this device so the reset holds after a reload.
      console.error('Logout failed; signed out on this device only:', error)
      forgetStoredSession()
    } finally {
      clearStoredSession()
      dispatch({ type: 'signed-out' })
    }
  }, [dispatch, getClient])

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, getClient, refreshAccount, signOut }),
    [state, getClient, refreshAccount, signOut],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
