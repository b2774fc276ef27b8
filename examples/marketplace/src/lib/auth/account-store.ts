import type { SupabaseClient, User } from '@supabase/supabase-js'
import { type AccountSource, fallbackName, type Role } from './account.ts'

/** The rows written after a sign-up (spec section 7). */
export interface SignUpRows {
  id: string
  email: string
  name: string
  phone: string | null
  role: Role
}

/** The spec's data calls on users and profiles; row-level security limits each to the caller's own rows. */
export interface AccountStore extends AccountSource {
  /** Upserts users and profiles (conflict on id); a failure is only logged. */
  saveSignUpRows(rows: SignUpRows): Promise<void>
  /** The callback's insert of a users row with role 'user' (the database stores it as customer). */
  createUserRow(user: Pick<User, 'id' | 'email' | 'user_metadata'>): Promise<void>
}

export function createAccountStore(client: SupabaseClient): AccountStore {
  return {
    async userRow(id) {
      const { data, error } = await client.from('users').select('name, role').eq('id', id).maybeSingle()
      if (error) throw error
      return data
    },
    async profileRole(id) {
      const { data, error } = await client.from('profiles').select('role').eq('id', id).maybeSingle()
      if (error) throw error
      return (data?.role as string | undefined) ?? null
    },
    async saveSignUpRows({ id, email, name, phone, role }) {
      const users = await client
        .from('users')
        .upsert({ id, email, name, phone, role, password: '' }, { onConflict: 'id' })
      if (users.error) console.error('Failed to save the users row after sign-up:', users.error)
      const profiles = await client.from('profiles').upsert({ id, email, role }, { onConflict: 'id' })
      if (profiles.error) console.error('Failed to save the profile after sign-up:', profiles.error)
    },
    async createUserRow(user) {
      const { error } = await client.from('users').insert({
        id: user.id,
        email: user.email ?? '',
        name: fallbackName(user),
        role: 'user',
        password: '',
      })
      if (error) throw error
    },
  }
}
