/**
 * The routes the app's code declares, for the editor's command palette (docs/EDITOR.md, Command
 * palette): react-router's `<Route path>` elements (nested ones joined to their parents' paths),
 * `createBrowserRouter([...])` and other route objects (`{ path, children }`), and `path:` entries of
 * route arrays. Found in the project's source with Babel, never by running it. A same-origin POST
 * with the session token and the body `{}`, like the design tokens.
 */
export const APP_ROUTES_PATH = '/__visual-edit/app-routes'

/** One declared route. */
export interface AppRoute {
  /** The whole path, its parents' joined in, from the app's root: `/listing/:id`, `/admin/*`. */
  path: string
  /** Posix path of the file that declares it, relative to the project root. */
  file: string
  /** 1-based line of its `path`. */
  line: number
}

export interface AppRoutesResponse {
  /** Each path once (its first declaration), in the order of the files and of the code. */
  routes: AppRoute[]
  /** Files that looked like they declare routes but did not parse, with the parser's message. */
  skipped: { file: string; reason: string }[]
}
