import type { ApiRequest } from '../http/types.ts'

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * `redirect_to` as an absolute URL when this server may send a browser there, else null. Allowed,
 * standing in for a project's site URL and redirect allow-list: a path on this origin, the same
 * host on any port (the app's dev server beside the backend), and loopback hosts when the backend
 * itself is reached on one. Never another site (no open redirect).
 *
 *   '/auth/callback'                  ->  'http://localhost:5173/auth/callback'
 *   'http://127.0.0.1:5173/x' (via localhost)  ->  'http://127.0.0.1:5173/x'
 *   'https://evil.example/'           ->  null
 */
export function allowedRedirect(req: ApiRequest, redirectTo: string | null | undefined): string | null {
  if (!redirectTo) return null
  if (redirectTo.startsWith('/') && !redirectTo.startsWith('//') && !redirectTo.startsWith('/\\')) {
    return new URL(redirectTo, req.url.origin).href
  }
  let target: URL
  try {
    target = new URL(redirectTo)
  } catch {
    return null
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null
  if (target.username !== '' || target.password !== '') return null
  const self = req.url
  const allowed =
    target.hostname === self.hostname || (LOOPBACK.has(target.hostname) && LOOPBACK.has(self.hostname))
  return allowed ? target.href : null
}

/** Where a browser goes when no allowed `redirect_to` was given: the site's root, GoTrue's SITE_URL. */
const siteUrl = (req: ApiRequest) => `${req.url.origin}/`

/** `redirect_to` when allowed, else the site URL (as GoTrue falls back to SITE_URL). */
export const redirectTarget = (req: ApiRequest, redirectTo: string | null | undefined) =>
  allowedRedirect(req, redirectTo) ?? siteUrl(req)

/**
 * A redirect URL carrying an error as GoTrue's redirects do: in the query and in the fragment
 * (auth-js reads either; the query wins).
 *
 *   ('http://app/auth/callback', 'access_denied', 'otp_expired', 'Email link is invalid or has expired')
 *   ->  'http://app/auth/callback?error=access_denied&error_code=otp_expired&error_description=Email+link+...#error=...'
 */
export function withError(target: string, error: string, code: string, description: string): string {
  const url = new URL(target)
  const params = new URLSearchParams({ error, error_code: code, error_description: description })
  for (const [key, value] of params) url.searchParams.set(key, value)
  url.hash = params.toString()
  return url.href
}
