import type { SupabaseClient } from '@supabase/supabase-js'
import { createContext, useContext } from 'react'
import type { Account } from './account.ts'
import type { AuthState } from './auth-state.ts'

export interface AuthContextValue extends AuthState {
  /** The Supabase client, loaded on first use (it is not in the public pages' entry chunk). */
  getClient(): Promise<SupabaseClient>
  /** Reads the signed-in user's account again (role lookup), updating the state and the stored flags. */
  refreshAccount(): Promise<Account | null>
  /** Signs out; on failure still clears the flags and the state (spec section 4). */
  signOut(): Promise<void>
}

export const AuthContext = createContext<AuthContextValue | null>(null)

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth() is used outside <AuthProvider> (see main.tsx).')
  return value
}
