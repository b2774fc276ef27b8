import { existsSync, readFileSync } from 'node:fs'
import { readFile, realpath, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { segmentsBelow } from '../edit/inside-root.ts'
import type { LoadOptions } from './design-system.ts'

/**
 * What Tailwind's compiler asks of its host: `@import`ed stylesheets and `@plugin`/`@config` modules.
 * `tailwindcss` and its sub-paths come from the copy that compiles (so index.css and the compiler
 * agree on the version); other packages are resolved from the importing file like Node does, taking
 * the `style` entry of their exports. Every stylesheet read is reported to `onRead` with the mtime it
 * had before the read (so a change during the read still counts as a change).
 *
 * A path (`./p.js`, `../x.css`, `/abs`) must lead to a file inside the project `root` (its real path):
 * the class-css endpoint and Tailwind edits compile the project's stylesheet in the dev server, and a
 * stylesheet naming a module or file outside the project is refused (422 naming it) rather than run or
 * read. Packages are resolved as Node resolves them, from what the project installed.
 */
export function hostLoaders(
  root: string,
  tailwindDir: string,
  onRead: (file: string, mtimeMs: number) => void,
): Pick<LoadOptions, 'loadStylesheet' | 'loadModule'> {
  return {
    async loadStylesheet(id, base) {
      const file = resolveStylesheet(id, base, tailwindDir)
      if (isPath(id)) await assertInProject(root, file, `the stylesheet ${JSON.stringify(id)}`)
      const { mtimeMs } = await stat(file)
      const content = await readFile(file, 'utf8')
      onRead(file, mtimeMs)
      return { path: file, base: path.dirname(file), content }
    },
    async loadModule(id, base, resourceHint) {
      const file = createRequire(path.join(base, 'noop.js')).resolve(id)
      if (isPath(id)) await assertInProject(root, file, `@${resourceHint} ${JSON.stringify(id)}`)
      const loaded = (await import(pathToFileURL(file).href)) as { default?: unknown }
      return { path: file, base: path.dirname(file), module: loaded.default ?? loaded }
    },
  }
}

/** Whether a stylesheet names `id` as a path (relative or absolute) rather than a package. */
const isPath = (id: string) => id.startsWith('.') || id.startsWith('/') || path.isAbsolute(id)

/** Throws unless `file`'s real path is inside the real `root`. */
async function assertInProject(root: string, file: string, what: string): Promise<void> {
  const [realRoot, real] = await Promise.all([realpath(root), realpath(file)])
  if (!segmentsBelow(realRoot, real)) {
    throw new Error(
      `${what} leads outside the project, so visual-edit neither loads nor reads it; name a file inside the project`,
    )
  }
}

function resolveStylesheet(id: string, base: string, tailwindDir: string): string {
  if (id.startsWith('.') || path.isAbsolute(id)) return path.resolve(base, id)
  const parts = id.split('/')
  const nameLength = id.startsWith('@') ? 2 : 1
  const name = parts.slice(0, nameLength).join('/')
  const subpath = parts.slice(nameLength).join('/')
  const dir = name === 'tailwindcss' ? tailwindDir : packageDir(name, base)
  if (!dir) throw new Error(`Cannot find the stylesheet '${id}': the package ${name} is not installed`)
  const file = styleEntry(dir, subpath)
  if (!file) throw new Error(`Cannot find the stylesheet '${id}' in the package ${name}`)
  return file
}

/** The package's directory, looked up in node_modules folders from `base` upwards. */
function packageDir(name: string, base: string): string | null {
  let dir = base
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name)
    if (existsSync(path.join(candidate, 'package.json'))) return candidate
    const parent = path.dirname(dir)
    if (parent === dir) return null
    dir = parent
  }
}

type ExportTarget = string | { [condition: string]: ExportTarget } | null

function cssTarget(target: ExportTarget | undefined): string | null {
  if (typeof target === 'string') return target.endsWith('.css') ? target : null
  if (!target || typeof target !== 'object') return null
  for (const condition of ['style', 'default', 'import', 'require']) {
    const found = cssTarget(target[condition])
    if (found) return found
  }
  return null
}

function styleEntry(dir: string, subpath: string): string | null {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    exports?: Record<string, ExportTarget> | string
    style?: string
  }
  const exports = manifest.exports
  const key = subpath ? `./${subpath}` : '.'
  const exported =
    typeof exports === 'string' ? (key === '.' ? cssTarget(exports) : null) : cssTarget(exports?.[key])
  const candidates = [
    exported,
    subpath ? subpath : (manifest.style ?? 'index.css'),
    subpath && !subpath.endsWith('.css') ? `${subpath}.css` : null,
  ]
  for (const candidate of candidates) {
    if (candidate && existsSync(path.join(dir, candidate))) return path.join(dir, candidate)
  }
  return null
}
