import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import type { VisualEditContext } from './context.ts'
import { isDevServer } from './dev-server.ts'

/**
 * The URL the injected script loads, under the app's base (`/` unless vite.config sets `base`); Vite
 * hands `<base>@id/<id>` to the plugin that resolves `<id>`.
 */
const INSPECTOR_ID = 'virtual:visual-edit-inspector'
const RESOLVED_ID = `\0${INSPECTOR_ID}`
export const INSPECTOR_URL = `/@id/${INSPECTOR_ID}`
/** The bundle itself, imported by the entry above with this page's configuration. */
const BUNDLE_ID = 'virtual:visual-edit-inspector-bundle'
const RESOLVED_BUNDLE_ID = `\0${BUNDLE_ID}`

/**
 * The inspector's code: the bundle the package build made (dist/runtime/inspector.js), or, when the
 * plugin runs from its sources (its own tests), the same bundle made on the fly with esbuild.
 */
async function inspectorBundle(): Promise<string> {
  const built = fileURLToPath(new URL('./runtime/inspector.js', import.meta.url))
  if (existsSync(built)) return readFile(built, 'utf8')
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./runtime/index.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
  })
  return result.outputFiles[0]?.text ?? ''
}

/**
 * Injects the inspector into the page in dev: one module script in the head, which registers a single
 * message listener and waits for an editor to connect.
 */
export function runtimePlugin(context: VisualEditContext): Plugin {
  let bundle: Promise<string> | undefined
  /** The dev server's base path: Vite resolves it to a path ending in '/' (a full URL's pathname). */
  let base = '/'
  return {
    name: 'visual-edit:inspector',
    apply: isDevServer,
    configResolved(config) {
      base = config.base.endsWith('/') ? config.base : `${config.base}/`
    },
    transformIndexHtml() {
      if (!context.active) return
      const src = `${base}${INSPECTOR_URL.slice(1)}`
      return [{ tag: 'script', attrs: { type: 'module', src }, injectTo: 'head' }]
    },
    resolveId(id) {
      if (id === INSPECTOR_ID || id === RESOLVED_ID) return RESOLVED_ID
      if (id === BUNDLE_ID || id === RESOLVED_BUNDLE_ID) return RESOLVED_BUNDLE_ID
      return null
    },
    load(id) {
      if (id === RESOLVED_BUNDLE_ID) {
        bundle ??= inspectorBundle()
        return bundle
      }
      if (id !== RESOLVED_ID) return null
      const config = { allowedOrigins: context.options.allowedOrigins }
      return `import { startInspector } from '${BUNDLE_ID}'\nstartInspector(window, ${JSON.stringify(config)})\n`
    },
  }
}
