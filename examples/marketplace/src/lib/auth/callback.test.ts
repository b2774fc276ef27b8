import { type AuthChangeEvent, AuthPKCEGrantCodeExchangeError, type Session } from '@supabase/supabase-js'
import { describe, expect, test } from 'vitest'
import {
  callbackErrorMessage,
  callbackUrlError,
  detectUrlErrorsOnly,
  ensureUserRow,
  finishRedirect,
  markPendingOAuth,
  takeLinkSession,
  takePendingOAuth,
} from './callback.ts'
import { AUTH_MESSAGES } from './messages.ts'

const ORIGIN = 'http://127.0.0.1:4173'

describe('errors in the callback URL', () => {
  test("Google refused by the server: 'An error occurred with Google sign in'", () => {
    const error = callbackUrlError(
      `${ORIGIN}/auth/callback?error=invalid_request&error_code=provider_disabled&error_description=Unsupported+provider%3A+provider+is+not+enabled`,
    )
    expect(error).toEqual({
      description: 'Unsupported provider: provider is not enabled',
      code: 'provider_disabled',
    })
    expect(callbackErrorMessage(error, null)).toBe(AUTH_MESSAGES.googleFailed)
    expect(callbackErrorMessage(error, 'google')).toBe(AUTH_MESSAGES.googleFailed)
  })

  test('any failure of a sign-in that left for Google shows the Google text', () => {
    const error = callbackUrlError(
      `${ORIGIN}/auth/callback?error=access_denied&error_description=User+cancelled`,
    )
    expect(callbackErrorMessage(error, 'google')).toBe(AUTH_MESSAGES.googleFailed)
  })

  test('an e-mail link error shows its description; in the hash too', () => {
    const error = callbackUrlError(
      `${ORIGIN}/auth/callback#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
    )
    expect(callbackErrorMessage(error, null)).toBe('Email link is invalid or has expired')
  })

  test('no error: null; an error without a description: the generic text', () => {
    expect(callbackUrlError(`${ORIGIN}/auth/callback?code=abc`)).toBeNull()
    expect(callbackErrorMessage(callbackUrlError(`${ORIGIN}/auth/callback?error=server_error`), null)).toBe(
      'server_error',
    )
    expect(callbackErrorMessage(null, null)).toBe(AUTH_MESSAGES.loginFailed)
  })
})

test('the pending OAuth mark is read once', () => {
  const map = new Map<string, string>()
  const storage = {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  } as Storage
  markPendingOAuth('google', storage)
  expect(takePendingOAuth(storage)).toBe('google')
  expect(takePendingOAuth(storage)).toBeNull()
})

type RedirectAuth = Parameters<typeof finishRedirect>[0]

/** supabase-js's side of a redirect: initialize() exchanges the code, then announces it on a zero-delay timer. */
function fakeAuth(options: { event?: AuthChangeEvent; session: Session | null; initError?: Error }) {
  const listeners = new Set<(event: AuthChangeEvent) => void>()
  return {
    listeners,
    auth: {
      onAuthStateChange(listener: (event: AuthChangeEvent) => void) {
        listeners.add(listener)
        return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } }
      },
      async initialize() {
        if (options.initError) return { error: options.initError }
        if (options.event) {
          const event = options.event
          setTimeout(() => {
            for (const listener of listeners) listener(event)
          }, 0)
        }
        return { error: null }
      },
      async getSession() {
        return { data: { session: options.session }, error: null }
      },
      async setSession(tokens: { access_token: string; refresh_token: string }) {
        if (tokens.refresh_token === 'used')
          return { data: { session: null }, error: new Error('Invalid Refresh Token') }
        return { data: { session: { ...options.session, access_token: tokens.access_token } }, error: null }
      },
    },
  }
}

const session = { user: { id: 'u-1', email: 'asha@example.in', user_metadata: {} } } as unknown as Session

describe('finishing the redirect', () => {
  test('an e-mail confirmation or Google: the session, no recovery', async () => {
    const { auth, listeners } = fakeAuth({ event: 'SIGNED_IN', session })
    expect(await finishRedirect(auth as unknown as RedirectAuth)).toEqual({ session, recovery: false })
    expect(listeners.size).toBe(0)
  })

  test('a password recovery link: the session, to set a new password', async () => {
    const { auth } = fakeAuth({ event: 'PASSWORD_RECOVERY', session })
    expect(await finishRedirect(auth as unknown as RedirectAuth)).toEqual({ session, recovery: true })
  })

  test('no code, no session: nothing', async () => {
    const { auth } = fakeAuth({ session: null })
    expect(await finishRedirect(auth as unknown as RedirectAuth)).toEqual({ session: null, recovery: false })
  })

  test("a link's session from the fragment: signed in with it; a password setup or recovery link sets a password", async () => {
    const { auth } = fakeAuth({ session: null })
    const link = { accessToken: 'at-1', refreshToken: 'rt-1', type: 'recovery' }
    expect(await finishRedirect(auth as unknown as RedirectAuth, link)).toMatchObject({
      session: { access_token: 'at-1' },
      recovery: true,
    })
    expect(await finishRedirect(auth as unknown as RedirectAuth, { ...link, type: 'signup' })).toMatchObject({
      recovery: false,
    })
    await expect(
      finishRedirect(auth as unknown as RedirectAuth, { ...link, refreshToken: 'used' }),
    ).rejects.toThrow('Invalid Refresh Token')
  })

  test('a failed exchange is thrown', async () => {
    const { auth, listeners } = fakeAuth({
      session: null,
      initError: new AuthPKCEGrantCodeExchangeError('bad code'),
    })
    await expect(finishRedirect(auth as unknown as RedirectAuth)).rejects.toThrow('bad code')
    expect(listeners.size).toBe(0)
  })
})

describe("a link's session in the fragment", () => {
  const at = (href: string) => {
    const url = new URL(href)
    const replaced: string[] = []
    const location = { hash: url.hash, pathname: url.pathname, search: url.search } as Location
    const history = {
      state: null,
      replaceState: (_: unknown, __: string, to: string) => void replaced.push(to),
    } as unknown as History
    return { taken: takeLinkSession(location, history), replaced }
  }

  test('taken, and the tokens leave the address bar', () => {
    const { taken, replaced } = at(
      `${ORIGIN}/auth/callback#access_token=at-1&expires_in=3600&refresh_token=rt-1&token_type=bearer&type=recovery`,
    )
    expect(taken).toEqual({ accessToken: 'at-1', refreshToken: 'rt-1', type: 'recovery' })
    expect(replaced).toEqual(['/auth/callback'])
  })

  test('none without both tokens; supabase-js reports errors in the URL, never a session there', () => {
    expect(at(`${ORIGIN}/auth/callback?code=abc`)).toEqual({ taken: null, replaced: [] })
    expect(at(`${ORIGIN}/auth/callback#access_token=at-1`)).toEqual({ taken: null, replaced: [] })
    const url = new URL(ORIGIN)
    expect(detectUrlErrorsOnly(url, { access_token: 'at-1', refresh_token: 'rt-1' })).toBe(false)
    expect(detectUrlErrorsOnly(url, { error: 'access_denied', error_code: 'otp_expired' })).toBe(true)
  })
})

describe('the callback creates a missing users row', () => {
  test('missing: created (role user, named by the accounts store)', async () => {
    const created: string[] = []
    await ensureUserRow(
      { userRow: async () => null, createUserRow: async (user) => void created.push(user.id) },
      session.user,
    )
    expect(created).toEqual(['u-1'])
  })

  test('present: left alone; a failed read or insert is thrown (the page logs it and goes to /auth)', async () => {
    const created: string[] = []
    await ensureUserRow(
      {
        userRow: async () => ({ name: 'Asha', role: 'customer' }),
        createUserRow: async (user) => void created.push(user.id),
      },
      session.user,
    )
    expect(created).toEqual([])
    await expect(
      ensureUserRow(
        {
          userRow: async () => null,
          createUserRow: () => Promise.reject(new Error('permission denied')),
        },
        session.user,
      ),
    ).rejects.toThrow('permission denied')
  })
})
