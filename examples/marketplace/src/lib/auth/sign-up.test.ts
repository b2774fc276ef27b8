import { AuthApiError, type AuthError, type Session } from '@supabase/supabase-js'
import { describe, expect, test, vi } from 'vitest'
import type { SignUpRows } from './account-store.ts'
import { type SignUpDeps, signInNewAdmin, signUp } from './sign-up.ts'
import type { SignUpValues } from './validation.ts'

const session = { access_token: 'token', user: { id: 'u-9', email: 'root@example.in' } } as unknown as Session
const invalid = () => new AuthApiError('Invalid login credentials', 400, 'invalid_credentials')
const unconfirmed = () => new AuthApiError('Email not confirmed', 400, 'email_not_confirmed')

type Answer = { session: Session | null; error: AuthError | null }

/** A fake supabase auth: sign-up and each sign-in answer from the script, and every call is recorded. */
function fakeClient(signUpAnswer: Answer, signInAnswers: Answer[] = []) {
  const calls: { method: string; args: unknown }[] = []
  const saved: SignUpRows[] = []
  const auth = {
    signUp: async (args: unknown) => {
      calls.push({ method: 'signUp', args })
      const { session: created, error } = signUpAnswer
      return error
        ? { data: { user: null, session: null }, error }
        : { data: { user: created?.user ?? { id: 'u-9' }, session: created }, error: null }
    },
    signInWithPassword: async (args: unknown) => {
      calls.push({ method: 'signInWithPassword', args })
      const next = signInAnswers.shift() ?? { session: null, error: invalid() }
      return next.error
        ? { data: { user: null, session: null }, error: next.error }
        : { data: { user: next.session?.user, session: next.session }, error: null }
    },
  } as unknown as SignUpDeps['auth']
  const accounts = {
    saveSignUpRows: async (rows: SignUpRows) => {
      saved.push(rows)
    },
  }
  return { deps: { auth, accounts, origin: 'http://127.0.0.1:4173' }, calls, saved }
}

const customer: SignUpValues = {
  name: ' Asha Rao ',
  email: ' asha@example.in ',
  phone: '',
  accountType: 'customer',
  adminCode: 'ignored',
  password: 'pw-123456',
  confirmPassword: 'pw-123456',
  acceptTerms: true,
}
const admin: SignUpValues = {
  ...customer,
  email: 'root@example.in',
  accountType: 'admin',
  adminCode: ' S3CRET ',
}

describe('customer sign-up', () => {
  test('metadata name, phone, role; the confirmation mail leads to /auth/callback; no code sent', async () => {
    const { deps, calls, saved } = fakeClient({ session: null, error: null })
    expect(await signUp(deps, customer)).toEqual({ ok: true, signedIn: false, needsConfirmation: true })
    expect(calls).toEqual([
      {
        method: 'signUp',
        args: {
          email: 'asha@example.in',
          password: 'pw-123456',
          options: {
            data: { name: 'Asha Rao', phone: '', role: 'customer' },
            emailRedirectTo: 'http://127.0.0.1:4173/auth/callback',
          },
        },
      },
    ])
    // Signed out, row-level security refuses the write: the trigger's rows stand.
    expect(saved).toEqual([])
  })

  test('auto-confirmed (a session at once): the users and profiles rows are upserted, phone or null', async () => {
    const { deps, saved } = fakeClient({ session, error: null })
    expect(await signUp(deps, customer)).toEqual({ ok: true, signedIn: true, needsConfirmation: false })
    expect(saved).toEqual([
      { id: 'u-9', email: 'asha@example.in', name: 'Asha Rao', phone: null, role: 'customer' },
    ])
  })

  test('a refused sign-up shows the server message (a thrown one: see use-auth-actions.test.tsx)', async () => {
    const refused = fakeClient({
      session: null,
      error: new AuthApiError('User already registered', 422, 'user_already_exists'),
    })
    expect(await signUp(refused.deps, customer)).toEqual({ ok: false, message: 'User already registered' })
  })

  test('a failed row upsert is only logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { deps } = fakeClient({ session, error: null })
    deps.accounts.saveSignUpRows = () => Promise.reject(new Error('permission denied'))
    expect(await signUp(deps, customer)).toEqual({ ok: true, signedIn: true, needsConfirmation: false })
    expect(log).toHaveBeenCalled()
    log.mockRestore()
  })
})

describe('admin sign-up sequence', () => {
  test('the code goes in the metadata, no confirmation redirect, then an immediate sign-in', async () => {
    const { deps, calls, saved } = fakeClient({ session: null, error: null }, [{ session, error: null }])
    expect(await signUp(deps, admin)).toEqual({ ok: true, signedIn: true, needsConfirmation: false })
    expect(calls.map((call) => call.method)).toEqual(['signUp', 'signInWithPassword'])
    expect(calls[0]?.args).toEqual({
      email: 'root@example.in',
      password: 'pw-123456',
      options: { data: { name: 'Asha Rao', phone: '', role: 'admin', admin_signup_code: 'S3CRET' } },
    })
    expect(calls[1]?.args).toEqual({ email: 'root@example.in', password: 'pw-123456' })
    expect(saved).toEqual([
      { id: 'u-9', email: 'root@example.in', name: 'Asha Rao', phone: null, role: 'admin' },
    ])
  })

  test('invalid credentials, then one direct retry that succeeds', async () => {
    const { deps, calls } = fakeClient({ session: null, error: null }, [
      { session: null, error: invalid() },
      { session, error: null },
    ])
    expect(await signUp(deps, admin)).toEqual({ ok: true, signedIn: true, needsConfirmation: false })
    expect(calls.map((call) => call.method)).toEqual(['signUp', 'signInWithPassword', 'signInWithPassword'])
  })

  test('email not confirmed twice: only one retry, and the account waits for its confirmation', async () => {
    const { deps, calls, saved } = fakeClient({ session: null, error: null }, [
      { session: null, error: unconfirmed() },
      { session: null, error: unconfirmed() },
      { session, error: null },
    ])
    expect(await signUp(deps, admin)).toEqual({ ok: true, signedIn: false, needsConfirmation: true })
    expect(calls.filter((call) => call.method === 'signInWithPassword')).toHaveLength(2)
    expect(saved).toEqual([])
  })

  test('another sign-in error is not retried', async () => {
    const { deps, calls } = fakeClient({ session: null, error: null }, [
      { session: null, error: new AuthApiError('Too many requests', 429, 'over_request_rate_limit') },
    ])
    expect(await signInNewAdmin(deps.auth, 'root@example.in', 'pw')).toEqual({
      session: null,
      unconfirmed: false,
    })
    expect(calls).toHaveLength(1)
  })

  test('a session from sign-up itself needs no sign-in', async () => {
    const { deps, calls } = fakeClient({ session, error: null })
    expect(await signUp(deps, admin)).toEqual({ ok: true, signedIn: true, needsConfirmation: false })
    expect(calls.map((call) => call.method)).toEqual(['signUp'])
  })

  test('a missing or wrong admin code: the server refuses, the form shows its message', async () => {
    const refusal = new AuthApiError(
      'Admin sign-up needs a valid admin sign-up code',
      403,
      'unexpected_failure',
    )
    const { deps, calls } = fakeClient({ session: null, error: refusal })
    expect(await signUp(deps, admin)).toEqual({
      ok: false,
      message: 'Admin sign-up needs a valid admin sign-up code',
    })
    expect(calls.map((call) => call.method)).toEqual(['signUp'])
  })
})
