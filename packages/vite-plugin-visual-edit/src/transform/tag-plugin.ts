import path from 'node:path'
import { createFilter, type Plugin } from 'vite'
import type { VisualEditContext } from '../context.ts'
import { VisualEditError } from '../errors.ts'
import { tagJsx } from './tag-jsx.ts'

/** Query parameters Vite adds to ordinary module requests; any other query means "not the module itself". */
const PLAIN_MODULE_QUERY_KEYS = new Set(['t', 'v', 'import'])

function moduleFile(id: string): string | null {
  if (id.startsWith('\0')) return null
  const queryStart = id.indexOf('?')
  if (queryStart === -1) return id
  for (const key of new URLSearchParams(id.slice(queryStart + 1)).keys()) {
    if (!PLAIN_MODULE_QUERY_KEYS.has(key)) return null
  }
  return id.slice(0, queryStart)
}

/**
 * Tags every JSX element of the project's `.jsx`/`.tsx` modules with its codebase id while the dev
 * server runs, and keeps the element index current. `vite build` and Vitest (mode `test`) never run it.
 */
export const TAG_PLUGIN_NAME = 'visual-edit:tag-jsx'

/** The plugins run in the dev server only: not in `vite build`, not under Vitest (mode `test`). */
export const isDevServer = (_config: unknown, env: { command: string; mode: string }): boolean =>
  env.command === 'serve' && env.mode !== 'test'

export function tagPlugin(context: VisualEditContext): Plugin {
  let isIncluded: (id: string) => boolean = () => false
  const failing = new Set<string>()

  const plugin: Plugin = {
    name: TAG_PLUGIN_NAME,
    enforce: 'pre',
    apply: isDevServer,

    configResolved(config) {
      // Listed twice (the project's config and a tool that adds it)? The first instance does the work.
      context.active = config.plugins.find((candidate) => candidate.name === TAG_PLUGIN_NAME) === plugin
      if (!context.active) return
      context.root = config.root
      isIncluded = createFilter(context.options.include, context.options.exclude, { resolve: config.root })
    },

    configureServer(server) {
      if (!context.active) return
      server.watcher.on('unlink', (file) => context.index.deleteFile(path.resolve(file)))
    },

    transform: {
      filter: { id: { include: /\.[jt]sx(?:\?|$)/, exclude: /[\\/]node_modules[\\/]/ } },
      handler(code, id) {
        const file = context.active ? moduleFile(id) : null
        if (file === null || !isIncluded(file)) return null
        const relative = path.relative(context.root, file)
        if (relative.startsWith('..') || path.isAbsolute(relative)) return null

        try {
          const result = tagJsx(code, { filename: file, root: context.root })
          failing.delete(file)
          context.index.setFile(file, result.elements, code)
          return result.map ? { code: result.code, map: result.map } : null
        } catch (error) {
          if (!(error instanceof VisualEditError)) throw error
          // One warning per broken state of a file; the page keeps its last good version meanwhile.
          if (!failing.has(file)) {
            failing.add(file)
            this.warn(`${error.message.replace(file, relative)}. The file is served untagged until then.`)
          }
          return null
        }
      },
    },
  }
  return plugin
}
