import { TOKEN_FRAGMENT_KEY } from 'vite-plugin-visual-edit/protocol'

/** Where this tab keeps the token after it left the address bar: a reload of the editor keeps working. */
const STORAGE_KEY = 'visual-edit:token'

/**
 * The session token, which reaches the editor only in its URL's fragment (`#token=...`, docs/SECURITY.md):
 * taken from there into this tab's session storage (of the editor's origin, which no script of the app
 * can read) and dropped from the address bar at once, so it is not in the history entry, a bookmark, a
 * screenshot or anything the page passes on. Without a fragment, the tab's stored token (a reload);
 * null when there is none.
 */
export function takeSessionToken(win: Window = window): string | null {
  const fragment = new URLSearchParams(win.location.hash.slice(1))
  const given = fragment.get(TOKEN_FRAGMENT_KEY)
  if (given) {
    fragment.delete(TOKEN_FRAGMENT_KEY)
    const rest = fragment.toString()
    const { pathname, search } = win.location
    win.history.replaceState(win.history.state, '', `${pathname}${search}${rest ? `#${rest}` : ''}`)
    win.sessionStorage.setItem(STORAGE_KEY, given)
    return given
  }
  return win.sessionStorage.getItem(STORAGE_KEY)
}

/** Forgets the tab's token (the server refused it: this dev server is not the one that made it). */
export function forgetSessionToken(win: Window = window): void {
  win.sessionStorage.removeItem(STORAGE_KEY)
}
