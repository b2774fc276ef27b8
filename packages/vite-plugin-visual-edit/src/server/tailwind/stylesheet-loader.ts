import { existsSync, readFileSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { LoadOptions } from './design-system.ts'

/**
 * What Tailwind's compiler asks of its host: `@import`ed stylesheets and `@plugin`/`@config` modules.
 * `tailwindcss` and its sub-paths come from the copy that compiles (so index.css and the compiler
 * agree on the version); other packages are resolved from the importing file like Node does, taking
 * the `style` entry of their exports. Every stylesheet read is reported to `onRead` with the mtime it
 * had before the read (so a change during the read still counts as a change).
 */
export function hostLoaders(
  tailwindDir: string,
  onRead: (file: string, mtimeMs: number) => void,
): Pick<LoadOptions, 'loadStylesheet' | 'loadModule'> {
  return {
    async loadStylesheet(id, base) {
      const file = resolveStylesheet(id, base, tailwindDir)
      const { mtimeMs } = await stat(file)
      const content = await readFile(file, 'utf8')
      onRead(file, mtimeMs)
      return { path: file, base: path.dirname(file), content }
    },
    async loadModule(id, base) {
      const file = createRequire(path.join(base, 'noop.js')).resolve(id)
      const loaded = (await import(pathToFileURL(file).href)) as { default?: unknown }
      return { path: file, base: path.dirname(file), module: loaded.default ?? loaded }
    },
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
