import { loadSupabase } from '../auth/client.ts'
import { AdminListings, type AdminListingsPage, type AdminListingTab } from './admin-listings.ts'
import { type AdminReadState, useAdminRead } from './use-admin-read.ts'

export interface AdminListingsQuery {
  tab: AdminListingTab
  q: string
  category: string
  page: number
}

export type AdminListingsState = AdminReadState<AdminListingsPage>

const store = async () => new AdminListings(await loadSupabase())

/** Manage Listings' page for the query (useAdminRead), and the store its actions write through. */
export function useAdminListings(query: AdminListingsQuery): {
  state: AdminListingsState
  reload: () => void
  store: () => Promise<AdminListings>
} {
  const { state, reload } = useAdminRead(JSON.stringify(query), (client) =>
    new AdminListings(client).page(query),
  )
  return { state, reload, store }
}
