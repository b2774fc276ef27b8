import type { Session, SupabaseClient } from '@supabase/supabase-js'
import type { AccountStore } from './account-store.ts'
import { AUTH_MESSAGES } from './messages.ts'

/** Where a mailed link or a provider's consent page brings the browser back (/auth/callback). */
export const callbackUrl = () => `${window.location.origin}/auth/callback`

/** sessionStorage: the provider of a sign-in that left for its consent page (same tab, so per tab). */
const PENDING_OAUTH_KEY = 'marketplace-auth-pending-oauth'

export function markPendingOAuth(provider: string, storage: Storage = sessionStorage): void {
  storage.setItem(PENDING_OAUTH_KEY, provider)
}

/** The provider a sign-in left for, read once. */
export function takePendingOAuth(storage: Storage = sessionStorage): string | null {
  const provider = storage.getItem(PENDING_OAUTH_KEY)
  storage.removeItem(PENDING_OAUTH_KEY)
  return provider
}

export interface CallbackUrlError {
  description: string
  code: string | null
}

/** An error the auth server put in the callback URL (query or hash, as supabase-js reads it). */
export function callbackUrlError(href: string): CallbackUrlError | null {
  const url = new URL(href)
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''))
  const read = (name: string) => url.searchParams.get(name) ?? hash.get(name)
  const error = read('error')
  const description = read('error_description')
  const code = read('error_code')
  if (!error && !description && !code) return null
  return { description: description ?? error ?? code ?? '', code }
}

/** What /auth shows for a callback that failed: a Google sign-in has the spec's own text. */
export function callbackErrorMessage(error: CallbackUrlError | null, pendingProvider: string | null): string {
  if (pendingProvider === 'google' || error?.code === 'provider_disabled') return AUTH_MESSAGES.googleFailed
  return error?.description || AUTH_MESSAGES.loginFailed
}

/**
 * A session a mailed link put in the URL's fragment: GoTrue's links asked for without PKCE (the
 * password setup link of an account an admin created, which its owner opens in their own browser,
 * where no code verifier waits) land as `#access_token=…&refresh_token=…&type=recovery`.
 */
export interface LinkSession {
  accessToken: string
  refreshToken: string
  /** GoTrue's link type: recovery, invite, signup, magiclink… */
  type: string | null
}

/**
 * supabase-js's detectSessionInUrl: errors in the URL are its to report, a session in the fragment is
 * not (in the PKCE flow it would refuse it as 'Not a valid PKCE flow url'): /auth/callback takes it
 * with takeLinkSession. PKCE codes are detected apart from this.
 */
export const detectUrlErrorsOnly = (_url: URL, params: Record<string, string>) =>
  Boolean(params.error || params.error_description || params.error_code)

/** The link session in this page's fragment, removed from the address bar (tokens are not kept in history). */
export function takeLinkSession(
  location: Location = window.location,
  history: History = window.history,
): LinkSession | null {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''))
  const accessToken = fragment.get('access_token')
  const refreshToken = fragment.get('refresh_token')
  if (!accessToken || !refreshToken) return null
  history.replaceState(history.state, '', `${location.pathname}${location.search}`)
  return { accessToken, refreshToken, type: fragment.get('type') }
}

/** Link types after which the user chooses a password: a recovery, or an account made for them. */
const PASSWORD_LINKS = new Set(['recovery', 'invite'])

export interface RedirectOutcome {
  session: Session | null
  /** The link was a password recovery one: the user sets a new password next. */
  recovery: boolean
}

/**
 * Waits for supabase-js to finish the redirect it detected in the URL (detectSessionInUrl: the PKCE
 * code exchange runs while the client initialises), or signs in with a link session taken from the
 * fragment. It announces the result (SIGNED_IN or
 * PASSWORD_RECOVERY) on a zero-delay timer queued before initialize() settles, so one more timer
 * turn lets it arrive.
 */
export async function finishRedirect(
  auth: Pick<SupabaseClient['auth'], 'initialize' | 'getSession' | 'onAuthStateChange' | 'setSession'>,
  link: LinkSession | null = null,
): Promise<RedirectOutcome> {
  let recovery = false
  const { data } = auth.onAuthStateChange((event) => {
    if (event === 'PASSWORD_RECOVERY') recovery = true
  })
  try {
    const { error } = await auth.initialize()
    if (error) throw error
    if (link) {
      const { data: linked, error: linkError } = await auth.setSession({
        access_token: link.accessToken,
        refresh_token: link.refreshToken,
      })
      if (linkError) throw linkError
      return { session: linked.session, recovery: PASSWORD_LINKS.has(link.type ?? '') }
    }
    const { data: current, error: sessionError } = await auth.getSession()
    if (sessionError) throw sessionError
    await new Promise((resolve) => setTimeout(resolve, 0))
    return { session: current.session, recovery }
  } finally {
    data.subscription.unsubscribe()
  }
}

/** The callback's profile step: a user without a users row gets one (role user, name from metadata or e-mail). */
export async function ensureUserRow(
  accounts: Pick<AccountStore, 'userRow' | 'createUserRow'>,
  user: Session['user'],
): Promise<void> {
  const row = await accounts.userRow(user.id)
  if (!row) await accounts.createUserRow(user)
}
