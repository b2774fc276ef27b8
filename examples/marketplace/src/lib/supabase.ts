import { createClient } from '@supabase/supabase-js'
import { AUTH_STORAGE_KEY, createAuthStorage } from './auth/session-storage.ts'

/** The local backend is mounted on the app's own server; VITE_SUPABASE_URL points elsewhere (a Supabase project). */
const url: string = import.meta.env.VITE_SUPABASE_URL || window.location.origin
const anonKey: unknown = import.meta.env.VITE_SUPABASE_ANON_KEY

if (typeof anonKey !== 'string' || anonKey === '') {
  throw new Error(
    '[SUPABASE_ANON_KEY_MISSING] VITE_SUPABASE_ANON_KEY is not set. Start the marketplace through its Vite config (the local backend plugin provides the key), or set it in examples/marketplace/.env.local with VITE_SUPABASE_URL.',
  )
}

/**
 * The app's one Supabase client. Imported only through lib/auth/client.ts (a dynamic import), so
 * public pages do not carry supabase-js in their entry chunk.
 *
 * Token refresh is supabase-js's own (autoRefreshToken): a 30 s tick refreshes a session that
 * expires within 3 ticks, and it pauses while the tab is hidden. Nothing here may turn it off.
 */
export const supabase = createClient(url, anonKey, {
  auth: {
    flowType: 'pkce',
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
    storageKey: AUTH_STORAGE_KEY,
    storage: createAuthStorage(),
  },
})
