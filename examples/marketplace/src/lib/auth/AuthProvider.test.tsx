// @vitest-environment happy-dom
import type { AuthChangeEvent, Session } from '@supabase/supabase-js'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { readStoredSession } from '../stored-session.ts'
import { AuthProvider } from './AuthProvider.tsx'
import { type AuthContextValue, useAuth } from './context.ts'
import { AUTH_STORAGE_KEY } from './session-storage.ts'

type Listener = (event: AuthChangeEvent, session: Session | null) => void

/** A fake Supabase client: events are sent by the test; users/profiles answer from `rows`. */
const fake = vi.hoisted(() => {
  const listeners = new Set<Listener>()
  const rows: Record<string, Record<string, unknown> | null> = { users: null, profiles: null }
  const state = { signOutError: null as Error | null, loads: 0 }
  const client = {
    auth: {
      onAuthStateChange(listener: Listener) {
        listeners.add(listener)
        return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } }
      },
      async signOut() {
        if (state.signOutError) return { error: state.signOutError }
        for (const listener of listeners) listener('SIGNED_OUT', null)
        return { error: null }
      },
      async getSession() {
        return { data: { session: null }, error: null }
      },
    },
    from(table: string) {
      const query = {
        select: () => query,
        eq: () => query,
        maybeSingle: async () => ({ data: rows[table] ?? null, error: null }),
      }
      return query
    },
  }
  return {
    client,
    rows,
    state,
    listeners,
    emit: (event: AuthChangeEvent, session: Session | null) => {
      for (const listener of listeners) listener(event, session)
    },
  }
})

vi.mock('./client.ts', () => ({
  loadSupabase: () => {
    fake.state.loads++
    return Promise.resolve(fake.client)
  },
}))

const session = {
  access_token: 't',
  user: { id: 'u-1', email: 'asha@example.in', user_metadata: { name: 'Asha' } },
} as unknown as Session

let auth: AuthContextValue
function Probe() {
  auth = useAuth()
  return null
}

let root: Root
async function mount() {
  root = createRoot(document.createElement('div'))
  await act(async () => {
    root.render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    )
  })
}

/** Lets the provider's next-turn account read (and React) finish. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 5)))

beforeEach(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  localStorage.clear()
  fake.listeners.clear()
  fake.rows.users = null
  fake.rows.profiles = null
  fake.state.signOutError = null
  fake.state.loads = 0
})

afterEach(() => {
  act(() => root.unmount())
})

describe('AuthProvider keeps the stored flags in step with the session', () => {
  test('a stored session: loading, then the account from the users row, mirrored into the flags', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{}')
    fake.rows.users = { name: 'Asha Rao', role: 'admin' }
    await mount()
    expect(auth.status).toBe('loading')
    // The role is read on the next turn: until then the user is known and the state still loading.
    act(() => fake.emit('INITIAL_SESSION', session))
    expect(auth).toMatchObject({ status: 'loading', user: session.user, account: null })
    await settle()
    expect(auth.status).toBe('signed-in')
    expect(auth.account).toMatchObject({ name: 'Asha Rao', role: 'admin', roleSource: 'users' })
    expect(readStoredSession()).toEqual({
      isLoggedIn: true,
      userName: 'Asha Rao',
      userId: 'u-1',
      userRole: 'admin',
    })
  })

  test('SIGNED_OUT (here or in another tab) clears the flags, the profile and the role', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{}')
    fake.rows.profiles = { role: 'premium' }
    await mount()
    await act(async () => fake.emit('INITIAL_SESSION', session))
    await settle()
    expect(readStoredSession().userRole).toBe('premium')
    await act(async () => fake.emit('SIGNED_OUT', null))
    expect(auth).toMatchObject({ status: 'signed-out', user: null, account: null })
    expect(readStoredSession().isLoggedIn).toBe(false)
  })

  test('no stored session: signed out at once, supabase-js not loaded, the flags left for the header', async () => {
    localStorage.setItem('isLoggedIn', 'true')
    localStorage.setItem('userName', 'Ravi')
    await mount()
    expect(auth.status).toBe('signed-out')
    expect(fake.state.loads).toBe(0)
    expect(readStoredSession()).toMatchObject({ isLoggedIn: true, userName: 'Ravi' })
  })

  test('a failed logout still clears the flags, the stored session and the user state', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{}')
    await mount()
    await act(async () => fake.emit('INITIAL_SESSION', session))
    await settle()
    expect(readStoredSession().isLoggedIn).toBe(true)
    fake.state.signOutError = new Error('Failed to fetch')
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    await act(() => auth.signOut())
    log.mockRestore()
    expect(auth).toMatchObject({ status: 'signed-out', user: null, account: null })
    expect(readStoredSession().isLoggedIn).toBe(false)
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull()
  })

  test('a role read that ends after sign-out does not write the flags back', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{}')
    fake.rows.users = { name: 'Asha', role: 'customer' }
    await mount()
    await act(async () => {
      fake.emit('INITIAL_SESSION', session)
      fake.emit('SIGNED_OUT', null)
    })
    await settle()
    expect(auth.status).toBe('signed-out')
    expect(readStoredSession().isLoggedIn).toBe(false)
  })
})
