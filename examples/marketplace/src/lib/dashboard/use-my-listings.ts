import { useCallback, useEffect, useState } from 'react'
import type { Listing } from '../../data/listing.ts'
import { loadSupabase } from '../auth/client.ts'
import { onListingsAnnounced } from './events.ts'
import { MyListings } from './my-listings.ts'

/** Listings load after this simulated delay (spec section 9), so the skeletons are real. */
const LOAD_DELAY_MS = 1000

export type MyListingsState =
  | { status: 'loading' }
  | { status: 'ready'; listings: Listing[] }
  | { status: 'error'; message: string }

/**
 * The signed-in user's listings (null user: none), read after the spec's 1 s delay and again whenever
 * the dashboard announces a change; and the MyListings that writes them.
 */
export function useMyListings(userId: string | null): {
  state: MyListingsState
  store: () => Promise<MyListings>
  reload: () => void
} {
  const [state, setState] = useState<MyListingsState>({ status: 'loading' })
  const [generation, setGeneration] = useState(0)
  const store = useCallback(async () => {
    if (!userId) throw new Error('Not authenticated')
    return new MyListings(await loadSupabase(), userId)
  }, [userId])
  const reload = useCallback(() => setGeneration((value) => value + 1), [])

  useEffect(() => onListingsAnnounced(reload), [reload])
  useEffect(() => {
    let current = true
    const first = generation === 0
    if (first) setState({ status: 'loading' })
    const timer = window.setTimeout(
      () => {
        store()
          .then((listings) => listings.list())
          .then(
            (listings) => current && setState({ status: 'ready', listings }),
            (error: unknown) =>
              current &&
              setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
          )
      },
      first ? LOAD_DELAY_MS : 0,
    )
    return () => {
      current = false
      window.clearTimeout(timer)
    }
  }, [store, generation])
  return { state, store, reload }
}
