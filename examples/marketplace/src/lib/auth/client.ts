import type { SupabaseClient } from '@supabase/supabase-js'

let loading: Promise<SupabaseClient> | null = null

/** The Supabase client, loaded on first use; a failed load (a network error) may be tried again. */
export function loadSupabase(): Promise<SupabaseClient> {
  loading ??= import('../supabase.ts').then(
    (module) => module.supabase,
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}
