import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import sirv from 'sirv'
import type { Plugin } from 'vite'
import { VisualEditError } from 'vite-plugin-visual-edit'

/**
 * Where the editor page is served on the app's own dev server: same origin as the app, so the page
 * reaches the mutate API and the session endpoint without CORS. `@visual-edit/editor-ui` is built with
 * this base.
 */
export const EDITOR_PATH = '/__visual-edit/'

const MOUNT = EDITOR_PATH.slice(0, -1)

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
 * Serves the built editor page under /__visual-edit/ with sirv. Its middleware is added in
 * configureServer, so it answers before Vite's own (the app's SPA fallback never sees these paths);
 * the mutate API's middleware, which the plugin puts first in the stack, still answers
 * /__visual-edit/session before it. A path the build does not hold is a 404, not the app's page.
 */
export function editorPlugin(dist: string): Plugin {
  return {
    name: 'visual-edit:editor-page',
    apply: 'serve',
    configureServer(server) {
      // dev: reads the folder on each request, so a rebuilt editor is served without a restart.
      const serve = sirv(dist, {
        dev: true,
        etag: true,
        setHeaders: (response) => response.setHeader('X-Content-Type-Options', 'nosniff'),
      })
      server.middlewares.use(MOUNT, (request, response, next) => {
        // connect also hands over `/__visual-edit.x` and other cases of the name: not ours.
        const original = (request as { originalUrl?: string }).originalUrl ?? ''
        const bare = original === MOUNT || original.startsWith(`${MOUNT}?`)
        if (
          (request.method !== 'GET' && request.method !== 'HEAD') ||
          !(bare || original.startsWith(EDITOR_PATH))
        ) {
          next()
          return
        }
        // connect strips the mount path, so `/__visual-edit` arrives as `/`: send the browser to the
        // folder, or the page's relative URLs would resolve against the root.
        if (bare) {
          response.statusCode = 308
          response.setHeader('Location', `${EDITOR_PATH}${original.slice(MOUNT.length)}`)
          response.end()
          return
        }
        // An app under a Vite base (`base: '/shop/'`): the editor opens it there (`?app=`, see the
        // editor's app-address.ts), not at the root, which Vite answers with a 'did you mean' page.
        const base = server.config.base
        const page = new URL(original, 'http://editor')
        if (base !== '/' && page.pathname === EDITOR_PATH && !page.searchParams.has('app')) {
          page.searchParams.set('app', base)
          response.statusCode = 302
          response.setHeader('Location', `${page.pathname}${page.search}`)
          response.end()
          return
        }
        serve(request, response)
      })
    },
  }
}
