import { useCallback, useEffect, useState } from 'react'
import { loadSupabase } from '../auth/client.ts'
import { AdminListings, type AdminListingsPage, type AdminListingTab } from './admin-listings.ts'

export interface AdminListingsQuery {
  tab: AdminListingTab
  q: string
  category: string
  page: number
}

export type AdminListingsState =
  | { status: 'loading'; shown: AdminListingsPage | null }
  | { status: 'ready'; shown: AdminListingsPage }
  | { status: 'error'; message: string; shown: AdminListingsPage | null }

const store = async () => new AdminListings(await loadSupabase())

/**
 * Manage Listings' page for the query, read again when it changes or `reload()` is called; the page
 * shown stays until the next one comes (nothing blanks while the admin types), and an answer to an
 * older query is dropped.
 */
export function useAdminListings(query: AdminListingsQuery): {
  state: AdminListingsState
  reload: () => void
  store: () => Promise<AdminListings>
} {
  const [state, setState] = useState<AdminListingsState>({ status: 'loading', shown: null })
  const [generation, setGeneration] = useState(0)
  const reload = useCallback(() => setGeneration((value) => value + 1), [])
  const { tab, q, category, page } = query

  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` asks again
  useEffect(() => {
    let current = true
    setState((previous) => ({ status: 'loading', shown: previous.shown }))
    store()
      .then((listings) => listings.page({ tab, q, category, page }))
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
  }, [tab, q, category, page, generation])

  return { state, reload, store }
}
