import { describe, expect, test } from 'vitest'
import { memoryStorage } from '../memory-storage.test-support.ts'
import {
  AUTH_STORAGE_KEY,
  createAuthStorage,
  discardEndedBrowserSession,
  hasLiveStoredSession,
  type StorageEnvironment,
  setRememberSession,
} from './session-storage.ts'

/** One browser: localStorage plus a cookie jar that `restart()` empties of session cookies (all of them here). */
function browser() {
  let cookies: string[] = []
  const env: StorageEnvironment = {
    local: memoryStorage(),
    readCookies: () => cookies.join('; '),
    writeCookie: (cookie) => {
      const pair = cookie.split(';')[0] ?? ''
      const name = pair.split('=')[0]
      cookies = [...cookies.filter((entry) => !entry.startsWith(`${name}=`)), pair]
    },
  }
  return {
    env,
    restart: () => {
      cookies = []
    },
  }
}

const SESSION = '{"access_token":"t","refresh_token":"r","expires_at":9999999999}'
const FLAGS = { isLoggedIn: 'true', userName: 'Asha', userId: 'u-1', userRole: 'customer' }

function signIn(env: StorageEnvironment, remember: boolean) {
  const storage = createAuthStorage(env)
  storage.setItem(AUTH_STORAGE_KEY, SESSION)
  for (const [key, value] of Object.entries(FLAGS)) env.local.setItem(key, value)
  setRememberSession(remember, env)
  return storage
}

describe('Remember me', () => {
  test('checked: the session survives a browser restart', () => {
    const { env, restart } = browser()
    signIn(env, true)
    restart()
    expect(hasLiveStoredSession(env)).toBe(true)
    expect(createAuthStorage(env).getItem(AUTH_STORAGE_KEY)).toBe(SESSION)
    expect(env.local.getItem('isLoggedIn')).toBe('true')
  })

  test('unchecked: the session lasts while the browser runs (every tab, every reload)', () => {
    const { env } = browser()
    signIn(env, false)
    expect(hasLiveStoredSession(env)).toBe(true)
    expect(createAuthStorage(env).getItem(AUTH_STORAGE_KEY)).toBe(SESSION)
    expect(discardEndedBrowserSession(env)).toBe(false)
  })

  test('unchecked: after a browser restart the session and its flags are gone', () => {
    const { env, restart } = browser()
    signIn(env, false)
    restart()
    expect(hasLiveStoredSession(env)).toBe(false)
    expect(createAuthStorage(env).getItem(AUTH_STORAGE_KEY)).toBeNull()
    for (const key of Object.keys(FLAGS)) expect(env.local.getItem(key)).toBeNull()
  })

  test('a later sign-in with it checked keeps the session again', () => {
    const { env, restart } = browser()
    signIn(env, false)
    signIn(env, true)
    restart()
    expect(hasLiveStoredSession(env)).toBe(true)
  })

  test('after a restart, a new sign-in with it checked is kept although the last one was unchecked', () => {
    const { env, restart } = browser()
    signIn(env, false)
    restart()
    // The new page's client: its first read drops the ended session, as the page starts.
    const storage = createAuthStorage(env)
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBeNull()
    setRememberSession(true, env)
    storage.setItem(AUTH_STORAGE_KEY, SESSION)
    // supabase-js reads the session back while signing in: it is the new one, and stays.
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBe(SESSION)
    restart()
    expect(createAuthStorage(env).getItem(AUTH_STORAGE_KEY)).toBe(SESSION)
  })

  test('the PKCE verifier and other keys are not touched (an e-mail link may open after a restart)', () => {
    const { env, restart } = browser()
    const storage = signIn(env, false)
    storage.setItem(`${AUTH_STORAGE_KEY}-code-verifier`, 'v')
    restart()
    expect(storage.getItem(`${AUTH_STORAGE_KEY}-code-verifier`)).toBe('v')
  })

  test('nothing stored: no live session, nothing discarded', () => {
    const { env } = browser()
    expect(hasLiveStoredSession(env)).toBe(false)
    expect(discardEndedBrowserSession(env)).toBe(false)
  })
})
