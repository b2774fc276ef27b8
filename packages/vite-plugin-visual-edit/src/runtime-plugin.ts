import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import type { VisualEditContext } from './context.ts'
import { isDevServer } from './dev-server.ts'
import type { InspectorConfig } from './protocol/inspector-config.ts'
import { markComputedImports, RUNTIME_BUILD_OPTIONS, RUNTIME_FILE } from './runtime-build-options.ts'

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
/** The bundle's chunks (`inspector-*.js`), which it imports by relative path: `<prefix><file>`. */
const CHUNK_PREFIX = 'virtual:visual-edit-inspector-chunk/'

/**
 * The inspector's code, by file: `inspector.js` and its chunks (RUNTIME_FILE), as the package build
 * made them (dist/runtime/), or, when the plugin runs from its sources (its own tests), as esbuild
 * makes them on the fly, each through the same markComputedImports. A chunk's relative imports
 * (`"./inspector-x.js"`) become the virtual ids that serve them, since a virtual module has no folder
 * to be relative to.
 */
async function inspectorFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  const builtDir = fileURLToPath(new URL('./runtime/', import.meta.url))
  if (existsSync(`${builtDir}inspector.js`)) {
    for (const name of await readdir(builtDir))
      if (RUNTIME_FILE.test(name)) files.set(name, await readFile(`${builtDir}${name}`, 'utf8'))
  } else {
    const { build } = await import('esbuild')
    const result = await build({
      ...RUNTIME_BUILD_OPTIONS,
      entryPoints: { inspector: fileURLToPath(new URL('./runtime/index.ts', import.meta.url)) },
      outdir: builtDir,
      write: false,
    })
    for (const output of result.outputFiles)
      files.set(path.basename(output.path), markComputedImports(output.text))
  }
  for (const [name, text] of files)
    files.set(name, text.replace(/(["'])\.\/(inspector-[\w-]+\.js)\1/g, `$1${CHUNK_PREFIX}$2$1`))
  return files
}

/**
 * Injects the inspector into the page in dev: one module script in the head, which registers a single
 * message listener and waits for an editor to connect.
 */
export function runtimePlugin(context: VisualEditContext): Plugin {
  let files: Promise<Map<string, string>> | undefined
  const file = async (name: string) => {
    files ??= inspectorFiles()
    const text = (await files).get(name)
    if (text === undefined)
      throw new Error(`visual-edit: the inspector has no file ${name}. Rebuild the plugin.`)
    return text
  }
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
      const chunk = id.startsWith('\0') ? id.slice(1) : id
      if (chunk.startsWith(CHUNK_PREFIX) && RUNTIME_FILE.test(chunk.slice(CHUNK_PREFIX.length)))
        return `\0${chunk}`
      return null
    },
    load(id) {
      if (id === RESOLVED_BUNDLE_ID) return file('inspector.js')
      if (id.startsWith(`\0${CHUNK_PREFIX}`)) return file(id.slice(CHUNK_PREFIX.length + 1))
      if (id !== RESOLVED_ID) return null
      // The editor's port is known once the dev server is configured, before any page asks for this.
      const config: InspectorConfig = {
        allowedOrigins: context.options.allowedOrigins,
        ...(context.editor ? { editorPort: context.editor.port } : {}),
      }
      return `import { startInspector } from '${BUNDLE_ID}'\nstartInspector(window, ${JSON.stringify(config)})\n`
    },
  }
}
