import type { User } from '@supabase/supabase-js'
import { describe, expect, test } from 'vitest'
import type { Account } from './account.ts'
import { type AuthState, authReducer, initialAuthState, needsAccount } from './auth-state.ts'

const asha = { id: 'u-1', email: 'asha@example.in' } as User
const ravi = { id: 'u-2', email: 'ravi@example.in' } as User
const account: Account = {
  userId: 'u-1',
  email: 'asha@example.in',
  name: 'Asha',
  role: 'admin',
  roleSource: 'users',
}
const signedIn: AuthState = { status: 'signed-in', user: asha, account }

describe('auth state', () => {
  test('before supabase-js loads: loading with a stored session, else signed out', () => {
    expect(initialAuthState(true)).toEqual({ status: 'loading', user: null, account: null })
    expect(initialAuthState(false)).toEqual({ status: 'signed-out', user: null, account: null })
  })

  test('a signed-in user is loading until the role is read, then signed in', () => {
    const loading = authReducer(initialAuthState(true), {
      type: 'auth-event',
      event: 'INITIAL_SESSION',
      user: asha,
    })
    expect(loading).toEqual({ status: 'loading', user: asha, account: null })
    expect(authReducer(loading, { type: 'account-loaded', account })).toEqual(signedIn)
  })

  test('sign-out clears user, profile and role', () => {
    expect(authReducer(signedIn, { type: 'auth-event', event: 'SIGNED_OUT', user: null })).toEqual({
      status: 'signed-out',
      user: null,
      account: null,
    })
    expect(authReducer(signedIn, { type: 'signed-out' }).account).toBeNull()
  })

  test('a token refresh or a repeated SIGNED_IN keeps the account', () => {
    for (const event of ['TOKEN_REFRESHED', 'SIGNED_IN', 'USER_UPDATED', 'MFA_CHALLENGE_VERIFIED'] as const) {
      const next = authReducer(signedIn, { type: 'auth-event', event, user: { ...asha } as User })
      expect(next.status).toBe('signed-in')
      expect(next.account).toBe(account)
    }
  })

  test("another user: back to loading, without the first one's role", () => {
    expect(authReducer(signedIn, { type: 'auth-event', event: 'SIGNED_IN', user: ravi })).toEqual({
      status: 'loading',
      user: ravi,
      account: null,
    })
  })

  test('an account read for a user who has gone is dropped', () => {
    const signedOut = initialAuthState(false)
    expect(authReducer(signedOut, { type: 'account-loaded', account })).toBe(signedOut)
    const other = { status: 'loading' as const, user: ravi, account: null }
    expect(authReducer(other, { type: 'account-loaded', account })).toBe(other)
  })

  test('a password recovery session is a signed-in user', () => {
    expect(
      authReducer(initialAuthState(false), { type: 'auth-event', event: 'PASSWORD_RECOVERY', user: asha }),
    ).toMatchObject({ status: 'loading', user: asha })
  })

  test('which events read the account', () => {
    expect(needsAccount(initialAuthState(true), 'INITIAL_SESSION', asha)).toBe(true)
    expect(needsAccount(signedIn, 'TOKEN_REFRESHED', asha)).toBe(false)
    expect(needsAccount(signedIn, 'SIGNED_IN', asha)).toBe(false)
    expect(needsAccount(signedIn, 'USER_UPDATED', asha)).toBe(true)
    expect(needsAccount(signedIn, 'SIGNED_IN', ravi)).toBe(true)
    expect(needsAccount(signedIn, 'SIGNED_OUT', null)).toBe(false)
  })
})
