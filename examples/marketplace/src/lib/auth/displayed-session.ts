import { useMemo } from 'react'
import { useStoredSession } from '../hooks.ts'
import type { StoredSession } from '../stored-session.ts'
import { fallbackName } from './account.ts'
import type { AuthState } from './auth-state.ts'
import { useAuth } from './context.ts'

/**
 * What the header shows (spec section 2): the signed-in user when one exists, otherwise the stored
 * flags. While that user's role is still being read, flags written for the same user fill in.
 */
export function displayedSession(
  auth: Pick<AuthState, 'user' | 'account'>,
  stored: StoredSession,
): StoredSession {
  const { user, account } = auth
  if (!user) return stored
  const sameUser = stored.userId === user.id
  return {
    isLoggedIn: true,
    userName: account?.name ?? ((sameUser && stored.userName) || fallbackName(user)),
    userId: user.id,
    userRole: account?.role ?? (sameUser ? stored.userRole : ''),
  }
}

/** The header's session: the auth state, else the stored flags (kept in step across tabs). */
export function useDisplayedSession(): StoredSession {
  const { user, account } = useAuth()
  const stored = useStoredSession()
  return useMemo(() => displayedSession({ user, account }, stored), [user, account, stored])
}
