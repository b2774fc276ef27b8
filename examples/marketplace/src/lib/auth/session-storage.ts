import { clearStoredSession } from '../stored-session.ts'

/** Where supabase-js keeps the session (its `auth.storageKey`); the PKCE verifier sits at `<key>-code-verifier`. */
export const AUTH_STORAGE_KEY = 'marketplace-auth'

/** 'false' while the last sign-in had "Remember me" unchecked. */
const REMEMBER_KEY = 'marketplace-auth-remember'

/** A cookie without an expiry: the browser drops it when it closes. */
const BROWSER_SESSION_COOKIE = 'marketplace_browser_session'

/** What the adapter touches, so tests can hand in their own. */
export interface StorageEnvironment {
  local: Storage
  readCookies(): string
  writeCookie(cookie: string): void
}

const browser = (): StorageEnvironment => ({
  local: localStorage,
  readCookies: () => document.cookie,
  writeCookie: (cookie) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox; one plain session cookie is all this needs
    document.cookie = cookie
  },
})

/**
 * "Remember me" off: the session must not outlive the browser. It still lives in localStorage (so
 * every tab of this browser shares it, and an e-mail link opened in a new tab finds the PKCE
 * verifier), marked with a session cookie; a later start of the browser finds the mark gone and
 * drops the session. sessionStorage would not do: it is per tab, so a second tab would be signed
 * out. Like any session cookie, the mark survives a browser that restores its last session.
 */
export function setRememberSession(remember: boolean, env: StorageEnvironment = browser()): void {
  if (remember) {
    env.local.removeItem(REMEMBER_KEY)
    return
  }
  env.local.setItem(REMEMBER_KEY, 'false')
  env.writeCookie(`${BROWSER_SESSION_COOKIE}=1; path=/; SameSite=Lax`)
}

function browserSessionEnded(env: StorageEnvironment): boolean {
  if (env.local.getItem(REMEMBER_KEY) !== 'false') return false
  return !env
    .readCookies()
    .split(';')
    .some((cookie) => cookie.trim().startsWith(`${BROWSER_SESSION_COOKIE}=`))
}

/** Whether a session is stored that this browser session may use (nothing is loaded to tell). */
export function hasLiveStoredSession(env: StorageEnvironment = browser()): boolean {
  return env.local.getItem(AUTH_STORAGE_KEY) !== null && !browserSessionEnded(env)
}

/** Forgets the stored session (and its flags) without asking the server: sign-out when the server cannot be reached. */
export function forgetStoredSession(env: StorageEnvironment = browser()): void {
  env.local.removeItem(REMEMBER_KEY)
  env.local.removeItem(AUTH_STORAGE_KEY)
  env.local.removeItem(`${AUTH_STORAGE_KEY}-user`)
  clearStoredSession(env.local)
}

/** Drops a session kept without "Remember me" once the browser has been closed; true when it did. */
export function discardEndedBrowserSession(env: StorageEnvironment = browser()): boolean {
  if (env.local.getItem(AUTH_STORAGE_KEY) === null || !browserSessionEnded(env)) return false
  forgetStoredSession(env)
  return true
}

/**
 * supabase-js's `auth.storage`: localStorage, minus a session whose browser session ended. That is
 * checked on the first read only (this page's start): a session saved later in this page is the
 * current sign-in's, whatever the last one chose.
 */
export function createAuthStorage(env: StorageEnvironment = browser()) {
  let checked = false
  return {
    getItem(key: string): string | null {
      if (key === AUTH_STORAGE_KEY && !checked) {
        checked = true
        discardEndedBrowserSession(env)
      }
      return env.local.getItem(key)
    },
    setItem(key: string, value: string): void {
      env.local.setItem(key, value)
    },
    removeItem(key: string): void {
      env.local.removeItem(key)
    },
  }
}
