import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { File } from '@babel/types'
import { createFilter, type Plugin, type ResolvedConfig } from 'vite'
import type { VisualEditContext } from '../context.ts'
import { isDevServer } from '../dev-server.ts'
import { SourceParseError } from '../errors.ts'
import { applyInsertions } from './insertion-map.ts'
import { analyzeJsx, type JsxAnalysis, type JsxElementInfo, walkElements } from './tag-jsx.ts'

/** Query parameters Vite adds to ordinary module requests; any other query means "not the module itself". */
const PLAIN_MODULE_QUERY_KEYS = new Set(['t', 'v', 'import'])

const JSX_MODULE = /\.[jt]sx$/
const IN_NODE_MODULES = /[\\/]node_modules[\\/]/

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
const TAG_PLUGIN_NAME = 'visual-edit:tag-jsx'

/**
 * The context of the `visualEdit()` instance doing the work in a resolved config (the first one
 * listed), or undefined when the config has none.
 */
export function findVisualEditContext(plugins: readonly Plugin[]): VisualEditContext | undefined {
  const plugin = plugins.find((candidate) => candidate.name === TAG_PLUGIN_NAME)
  return (plugin?.api as { context?: VisualEditContext } | undefined)?.context
}

/** Ids and tags in order: two analyses with the same sequence tag the same elements with the same ids. */
const structureOf = (elements: readonly JsxElementInfo[]) =>
  elements.map((element) => `${element.id}<${element.tagName}`).join('\n')

/**
 * Names of the plugins whose transform runs before this one on a module (their hook is also ordered
 * 'pre' and they are listed earlier), for the message that says why a module could not be tagged.
 */
function pluginsBefore(config: ResolvedConfig, self: Plugin): string[] {
  const names: string[] = []
  for (const plugin of config.plugins) {
    if (plugin === self) break
    const hook = plugin.transform
    if (hook && typeof hook === 'object' && hook.order === 'pre') names.push(plugin.name)
  }
  return names
}

/**
 * Bindings of the module's imports from node_modules that it uses as JSX components (`FullCalendar`,
 * `motion` of `<motion.div>`). Only bare specifiers are resolved, with Vite's resolver, so aliases to
 * the project's own code (`@/components/...`) stay project code.
 */
async function externalComponents(
  resolve: (source: string) => Promise<{ id: string } | null>,
  ast: File,
  elements: readonly JsxElementInfo[],
): Promise<Set<string>> {
  const used = new Set<string>()
  for (const element of elements)
    if (element.isComponent && !element.preTagged) used.add(element.tagName.split('.')[0] as string)
  const external = new Set<string>()
  if (used.size === 0) return external
  for (const statement of ast.program.body) {
    if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue
    const source = statement.source.value
    if (source.startsWith('.') || source.startsWith('/')) continue
    const bindings = statement.specifiers
      .map((specifier) => specifier.local.name)
      .filter((name) => used.has(name))
    if (bindings.length === 0) continue
    const resolved = await resolve(source).catch(() => null)
    if (resolved && IN_NODE_MODULES.test(resolved.id)) for (const binding of bindings) external.add(binding)
  }
  return external
}

/**
 * The tagger. Its transform is ordered 'pre', so it runs before every hook that is not (plugin-react's
 * Babel pass included, whatever order the project lists the plugins in) and sees the module as its
 * `load` left it, which is the file on disk. Whatever ran before it, the element index is always built
 * from the file on disk, because that is what the mutate server edits: when the code handed over
 * differs from the file, it is tagged only if it holds the same elements (same ids, same tags), else
 * the module is served untagged with a warning that names the cause.
 */
export function tagPlugin(context: VisualEditContext): Plugin {
  let isIncluded: (id: string) => boolean = () => false
  let earlier: string[] = []
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
      earlier = pluginsBefore(config, plugin)
    },

    configureServer(server) {
      if (!context.active) return
      // A file replaced by a rename (an atomic save, the mutate server's own writes) can be reported as
      // 'unlink' then 'add': only a file that is really gone leaves the index.
      server.watcher.on('unlink', (file) => {
        const absolute = path.resolve(file)
        if (!existsSync(absolute)) context.index.deleteFile(absolute)
      })
    },

    transform: {
      order: 'pre',
      // Vite 6.3 and later skip other modules before calling; older ones call for every module, so the
      // handler checks the same again.
      filter: { id: { include: /\.[jt]sx(?:\?|$)/, exclude: IN_NODE_MODULES } },
      async handler(code, id) {
        const file = context.active ? moduleFile(id) : null
        if (file === null || !JSX_MODULE.test(file) || IN_NODE_MODULES.test(file) || !isIncluded(file))
          return null
        const relative = path.relative(context.root, file)
        if (relative.startsWith('..') || path.isAbsolute(relative)) return null
        const disk = await readFile(file, 'utf8').catch(() => null)
        // Not a file on disk (a virtual module named like one): nothing an edit could write to.
        if (disk === null) return null
        context.servedAt.set(file, performance.now())

        const warnOnce = (message: string) => {
          if (failing.has(file)) return
          failing.add(file)
          this.warn(`${message.split(file).join(relative)}. The file is served untagged until then.`)
        }
        const options = { filename: file, root: context.root }
        let indexed: JsxAnalysis
        try {
          indexed = analyzeJsx(disk, options)
        } catch (error) {
          if (!(error instanceof SourceParseError)) throw error
          // One warning per broken state of a file; the page keeps its last good version meanwhile.
          warnOnce(error.message)
          return null
        }

        let tagged = indexed
        if (code !== disk) {
          let passed: JsxAnalysis | null = null
          try {
            passed = analyzeJsx(code, options)
          } catch {}
          if (passed === null || structureOf(passed.elements) !== structureOf(indexed.elements)) {
            context.index.deleteFile(file)
            warnOnce(
              `[visual-edit] ${relative} reached visual-edit already transformed${earlier.length ? ` (by ${earlier.join(', ')})` : ' by another plugin'}, and its JSX no longer matches the file on disk (${indexed.elements.length} elements in the file, ${passed?.elements.length ?? 'none readable'} in the code handed over), so its elements cannot be found in the file again. Put visualEdit() before that plugin, or exclude the file with visualEdit({ exclude })`,
            )
            return null
          }
          tagged = passed
        }
        failing.delete(file)
        context.index.setFile(file, indexed.elements, disk)

        const external = await externalComponents(
          (source) => this.resolve(source, file, { skipSelf: true }),
          tagged.ast,
          tagged.elements,
        )
        const { insertions } =
          external.size === 0
            ? tagged
            : walkElements(code, tagged.ast.program, { ...options, externalComponents: external })
        if (insertions.length === 0) return null
        const result = applyInsertions(code, insertions, file)
        return { code: result.code, map: result.map }
      },
    },
  }
  return plugin
}
