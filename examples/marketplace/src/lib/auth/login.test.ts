import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js'
import { expect, test } from 'vitest'
import { type LoginDeps, logIn } from './login.ts'
import { AUTH_MESSAGES } from './messages.ts'

const user = { id: 'u-1', email: 'asha@example.in', user_metadata: { name: 'Asha' } }

function deps(options: { signIn: () => Promise<unknown>; row?: { name: string; role: string } | null }) {
  const calls: string[] = []
  const value = {
    auth: {
      signInWithPassword: () => {
        calls.push('signInWithPassword')
        return options.signIn()
      },
    },
    accounts: {
      userRow: async () => options.row ?? null,
      profileRole: async () => null,
    },
  } as unknown as LoginDeps
  return { value, calls }
}

const signedIn = () => Promise.resolve({ data: { user, session: { user } }, error: null })
const failing = (error: unknown) => () => Promise.resolve({ data: { user: null, session: null }, error })

test('a login reads the role from the server: an admin is told apart for /admin', async () => {
  const { value } = deps({ signIn: signedIn, row: { name: 'Asha Rao', role: 'admin' } })
  expect(await logIn(value, { email: ' asha@example.in ', password: 'pw' })).toEqual({
    ok: true,
    account: {
      userId: 'u-1',
      email: 'asha@example.in',
      name: 'Asha Rao',
      role: 'admin',
      roleSource: 'users',
    },
  })
})

test('an auth error shows its message', async () => {
  const { value } = deps({
    signIn: failing(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials')),
  })
  expect(await logIn(value, { email: 'a@b.in', password: 'x' })).toEqual({
    ok: false,
    message: 'Invalid login credentials',
  })
})

test("an unconfirmed e-mail: 'Please check your email…', and nothing is read without a session", async () => {
  const { value, calls } = deps({
    signIn: failing(new AuthApiError('Email not confirmed', 400, 'email_not_confirmed')),
    row: { name: 'Asha', role: 'customer' },
  })
  expect(await logIn(value, { email: 'a@b.in', password: 'x' })).toEqual({
    ok: false,
    message: AUTH_MESSAGES.emailNotConfirmed,
  })
  expect(calls).toEqual(['signInWithPassword'])
})

test('a network failure: the generic text (a thrown error: see use-auth-actions.test.tsx)', async () => {
  const network = deps({ signIn: failing(new AuthRetryableFetchError('Failed to fetch', 0)) })
  expect(await logIn(network.value, { email: 'a@b.in', password: 'x' })).toEqual({
    ok: false,
    message: AUTH_MESSAGES.loginFailed,
  })
})
