import { loadSupabase } from '../auth/client.ts'
import { AdminUsers, type AdminUsersPage, type AdminUsersQuery } from './admin-users.ts'
import { type AdminReadState, useAdminRead } from './use-admin-read.ts'

const store = async () => new AdminUsers(await loadSupabase())

/** Manage Users' page for the query (useAdminRead), and the store its actions write through. */
export function useAdminUsers(query: AdminUsersQuery): {
  state: AdminReadState<AdminUsersPage>
  reload: () => void
  store: () => Promise<AdminUsers>
} {
  const { state, reload } = useAdminRead(JSON.stringify(query), (client) =>
    new AdminUsers(client).page(query),
  )
  return { state, reload, store }
}
