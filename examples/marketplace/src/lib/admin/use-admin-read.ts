import type { SupabaseClient } from '@supabase/supabase-js'
import { useCallback, useEffect, useRef, useState } from 'react'
import { loadSupabase } from '../auth/client.ts'

/** What an admin screen shows while it reads: the last answer stays on screen until the next one comes. */
export type AdminReadState<T> =
  | { status: 'loading'; shown: T | null }
  | { status: 'ready'; shown: T }
  | { status: 'error'; message: string; shown: T | null }

/**
 * An admin screen's read through the app's Supabase client: run when `key` changes (the query it
 * reads, as text) or `reload()` is called. The shown answer stays while the next is read (nothing
 * blanks while the admin types), and an answer to an older key is dropped.
 */
export function useAdminRead<T>(
  key: string,
  read: (client: SupabaseClient) => Promise<T>,
): { state: AdminReadState<T>; reload: () => void } {
  const [state, setState] = useState<AdminReadState<T>>({ status: 'loading', shown: null })
  const [generation, setGeneration] = useState(0)
  const reload = useCallback(() => setGeneration((value) => value + 1), [])
  // The read of the latest render; `key` says when to run it.
  const latestRead = useRef(read)
  latestRead.current = read

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `generation` ask again
  useEffect(() => {
    let current = true
    setState((previous) => ({ status: 'loading', shown: previous.shown }))
    loadSupabase()
      .then((client) => latestRead.current(client))
      .then(
        (shown) => current && setState({ status: 'ready', shown }),
        (error: unknown) =>
          current &&
          setState((previous) => ({
            status: 'error',
            message: error instanceof Error ? error.message : String(error),
            shown: previous.shown,
          })),
      )
    return () => {
      current = false
    }
  }, [key, generation])

  return { state, reload }
}
