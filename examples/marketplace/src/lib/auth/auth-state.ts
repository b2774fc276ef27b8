import type { AuthChangeEvent, User } from '@supabase/supabase-js'
import type { Account } from './account.ts'

/**
 * loading: a stored session is being restored, or the signed-in user's role is being read.
 * signed-in: user and account (role) known. signed-out: no session.
 */
export type AuthStatus = 'loading' | 'signed-in' | 'signed-out'

export interface AuthState {
  status: AuthStatus
  user: User | null
  account: Account | null
}

export type AuthAction =
  /** Any of supabase-js's events (spec section 4), with the session's user. */
  | { type: 'auth-event'; event: AuthChangeEvent; user: User | null }
  | { type: 'account-loaded'; account: Account }
  /** Signed out here without an event: the client could not load, or the server could not be reached. */
  | { type: 'signed-out' }

const SIGNED_OUT: AuthState = { status: 'signed-out', user: null, account: null }

/** Before supabase-js loads: loading when a session is stored, else signed out already. */
export function initialAuthState(hasStoredSession: boolean): AuthState {
  return hasStoredSession ? { status: 'loading', user: null, account: null } : SIGNED_OUT
}

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'auth-event': {
      const { user } = action
      if (!user) return SIGNED_OUT
      // Token refreshes and repeated SIGNED_IN (tab focus, other tabs) keep the account read for this user.
      if (state.account?.userId === user.id) return { status: 'signed-in', user, account: state.account }
      return { status: 'loading', user, account: null }
    }
    case 'account-loaded':
      if (state.user?.id !== action.account.userId) return state
      return { status: 'signed-in', user: state.user, account: action.account }
    case 'signed-out':
      return SIGNED_OUT
  }
}

/** Whether the event calls for reading the account: a new user, or their details changed. */
export function needsAccount(state: AuthState, event: AuthChangeEvent, user: User | null): boolean {
  if (!user) return false
  return state.account?.userId !== user.id || event === 'USER_UPDATED'
}
