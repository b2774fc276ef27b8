import type { BackendConfig } from '../config.ts'
import type { ApiRequest } from '../http/types.ts'
import { matchesAllowList } from './redirect-allow-list.ts'

/** What decides where a browser may be sent: the configured site URL and allow list. */
export type RedirectPolicy = Pick<BackendConfig, 'siteUrl' | 'redirectAllowList'>

/**
 * The site URL (GoTrue's SITE_URL): MARKETPLACE_SITE_URL when set, else the origin the request came
 * to: the app's own, for the backend mounted on the app's server; the backend's, when it runs alone.
 */
const siteUrlOf = (req: ApiRequest, policy: RedirectPolicy) => policy.siteUrl ?? `${req.url.origin}/`

/** Whether text holds a control character or a space: no URL does, and browsers strip or read them differently (GoTrue refuses them too). */
const hasControlOrSpace = (text: string) =>
  [...text].some((char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f)

/**
 * `redirect_to` as an absolute URL when this server may send a browser there, else null. Allowed, as
 * GoTrue's uri_allow_list: the site URL's origin, the origin the request came to, and the
 * MARKETPLACE_REDIRECT_ALLOW_LIST patterns (redirect-allow-list.ts); a path is on the site URL.
 * Stricter than GoTrue on one point: another port of a loopback host is another origin, not "the
 * site" (on a developer's machine every other local server, any page's, is on loopback).
 *
 *   '/auth/callback'                    ->  'http://localhost:5173/auth/callback'   (site http://localhost:5173/)
 *   'http://localhost:5173/auth/callback' ->  the same
 *   'http://localhost:6666/steal'       ->  null   (unless the allow list names it)
 *   'https://evil.example/'             ->  null
 */
export function allowedRedirect(
  req: ApiRequest,
  policy: RedirectPolicy,
  redirectTo: string | null | undefined,
): string | null {
  if (!redirectTo || hasControlOrSpace(redirectTo)) return null
  const site = new URL(siteUrlOf(req, policy))
  let target: URL
  try {
    const isPath = redirectTo.startsWith('/') && !redirectTo.startsWith('//') && !redirectTo.startsWith('/\\')
    target = isPath ? new URL(redirectTo, site) : new URL(redirectTo)
  } catch {
    // Not a URL at all: not one a browser may be sent to; the site URL stands in.
    return null
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null
  if (target.username !== '' || target.password !== '') return null
  if (target.origin === site.origin || target.origin === req.url.origin) return target.href
  return matchesAllowList(policy.redirectAllowList, target) ? target.href : null
}

/** `redirect_to` when allowed, else the site URL, as GoTrue falls back to SITE_URL (never to the URL asked for). */
export const redirectTarget = (
  req: ApiRequest,
  policy: RedirectPolicy,
  redirectTo: string | null | undefined,
) => allowedRedirect(req, policy, redirectTo) ?? siteUrlOf(req, policy)

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
