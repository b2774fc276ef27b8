import { createClient } from '@supabase/supabase-js'
import { detectUrlErrorsOnly } from './auth/callback.ts'
import { AUTH_STORAGE_KEY, createAuthStorage } from './auth/session-storage.ts'
import { buildRestApi } from './listings/rest.ts'

// The backend's URL (this origin, or VITE_SUPABASE_URL's project) and anon key, checked once for both clients.
const { url, anonKey } = buildRestApi()

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
    detectSessionInUrl: detectUrlErrorsOnly,
    storageKey: AUTH_STORAGE_KEY,
    storage: createAuthStorage(),
  },
  // The spec's realtime heartbeat (§9: 30 s; supabase-js's default is 25 s).
  realtime: { heartbeatIntervalMs: 30_000 },
})
