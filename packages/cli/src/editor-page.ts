import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import sirv from 'sirv'
import { type EditorPageHandler, VisualEditError } from 'vite-plugin-visual-edit'
import { EDITOR_PATH } from 'vite-plugin-visual-edit/protocol'

/** The folder the editor page is served under; `@visual-edit/editor-ui` is built with this base. */
const MOUNT = EDITOR_PATH

/**
 * The built editor page: `dir` when given (tests, a development build of the editor), else the
 * `dist/` of the `@visual-edit/editor-ui` package visual-edit depends on. It must hold index.html.
 */
export function editorDist(dir?: string): string {
  let dist = dir
  if (dist === undefined) {
    try {
      const require = createRequire(import.meta.url)
      const manifest = require.resolve('@visual-edit/editor-ui/package.json')
      dist = path.join(path.dirname(manifest), 'dist')
    } catch {
      throw new VisualEditError(
        'VISUAL_EDIT_EDITOR_NOT_BUILT',
        "visual-edit cannot find its editor page (the package @visual-edit/editor-ui). Reinstall visual-edit's dependencies (npm install), then run npm run build.",
      )
    }
  }
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new VisualEditError(
      'VISUAL_EDIT_EDITOR_NOT_BUILT',
      `The editor page is not built (${path.join(dist, 'index.html')} is missing). Run npm run build at the root of the visual-edit repository, then start visual-edit again.`,
    )
  }
  return dist
}

/**
 * The built editor page, served with sirv under /__visual-edit/ on the editor's origin (the plugin's
 * second server, where the API is: docs/SECURITY.md). GET and HEAD only; a path the build does not
 * hold, or another method, goes to `next` (a 404 there). The editor's origin adds its own headers
 * (no framing, its own scripts only) to every answer.
 */
export function editorPage(dist: string): EditorPageHandler {
  // dev: reads the folder on each request, so a rebuilt editor is served without a restart.
  const serve = sirv(dist, { dev: true, etag: true })
  return (request, response, next) => {
    const url = request.url ?? '/'
    const bare = url === MOUNT.slice(0, -1) || url.startsWith(`${MOUNT.slice(0, -1)}?`)
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !(bare || url.startsWith(MOUNT))) {
      next()
      return
    }
    // `/__visual-edit` without its slash: the page's relative URLs need the folder.
    if (bare) {
      response.statusCode = 308
      response.setHeader('Location', `${MOUNT}${url.slice(MOUNT.length - 1)}`)
      response.end()
      return
    }
    const inner = request as typeof request & { url: string }
    inner.url = url.slice(MOUNT.length - 1)
    serve(inner, response, () => {
      inner.url = url
      next()
    })
  }
}
