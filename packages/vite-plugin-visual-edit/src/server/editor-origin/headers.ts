/**
 * The headers that keep the editor's origin to itself, on every answer it gives (the page, its
 * assets, the API, errors):
 *
 * - no other origin may frame it (`frame-ancestors 'none'`, and `X-Frame-Options` for old browsers):
 *   a page that framed the editor could trick the user into clicks on it (clickjacking);
 * - the page runs only its own scripts and talks only to its own origin (a string from the app's frame
 *   that ever reached the DOM as markup still could not run);
 * - no other origin may read its answers, even embedded (`Cross-Origin-Resource-Policy`), and it
 *   sends no referrer, so the app's frame is never told the editor's URL.
 *
 * The frame may show any http(s) page: the app, and wherever the app navigates (a sign-in provider).
 */
export const EDITOR_ORIGIN_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    'frame-src http: https:',
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; '),
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
}

/**
 * The app's pages, while visual-edit runs, may be framed by the editor (`editorOrigin`, the one the
 * browser reaches through the same host name as the app) and the origins allowed in the options, and
 * by the app itself (which could do anything on its own origin anyway); by no other origin.
 *
 *   ('http://localhost:5174', [])  ->  "frame-ancestors 'self' http://localhost:5174"
 */
export function appFrameAncestors(editorOrigin: string | null, allowedOrigins: readonly string[]): string {
  const sources = ["'self'", ...(editorOrigin ? [editorOrigin] : []), ...allowedOrigins]
  return `frame-ancestors ${[...new Set(sources)].join(' ')}`
}
