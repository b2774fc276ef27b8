import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { parse } from '@babel/parser'
import type { Node } from '@babel/types'
import { MutateError } from './mutate-error.ts'
import type { FileSystem } from './source-file.ts'

/**
 * Files the dev server's configs depend on run in Node whenever they load, so no edit writes them
 * (nor creates one a config would load). The dev server knows the Vite config's
 * (`server.config.configFileDependencies`, handed over as MutationServices.configDependencies);
 * without it (the headless editor, or a server that does not hand them over) they are read from the
 * config's own imports, as those of the PostCSS and Tailwind configs always are:
 *
 *   vite.config.ts:      import { theme } from './src/theme'   ->   src/theme.ts is never written
 *   tailwind.config.js:  require('./src/tokens.js')            ->   src/tokens.js is never created
 */

const CONFIG_EXTENSIONS = ['js', 'mjs', 'ts', 'cjs', 'mts', 'cts']
/** The names Vite looks for its config under, at the root. */
const VITE_CONFIGS = CONFIG_EXTENSIONS.map((extension) => `vite.config.${extension}`)
/** Configs of the tools Vite runs on CSS in Node (PostCSS, Tailwind 3), at the root. */
const TOOL_CONFIGS = ['postcss.config', '.postcssrc', 'tailwind.config'].flatMap((name) =>
  CONFIG_EXTENSIONS.map((extension) => `${name}.${extension}`),
)
/** What a relative import may leave out, as Vite's config bundler resolves it. */
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json']
/** A bound on the walk: configs import a handful of local files. */
const MAX_FILES = 200

/** The specifiers of the config files read so far, by path, with the text they were read from. */
const parsed = new Map<string, { code: string; specifiers: string[] }>()

/** The string module specifiers `code` imports, re-exports, `import()`s or `require`s (cached per text). */
function specifiers(code: string, file: string): string[] {
  const cached = parsed.get(file)
  if (cached?.code === code) return cached.specifiers
  const found = parseSpecifiers(code, file)
  parsed.set(file, { code, specifiers: found })
  return found
}

function parseSpecifiers(code: string, file: string): string[] {
  const typescript = /\.[cm]?tsx?$/i.test(file)
  let program: Node
  try {
    program = parse(code, {
      sourceType: 'unambiguous',
      plugins: typescript ? ['typescript'] : ['jsx'],
      errorRecovery: true,
    }).program
  } catch (error) {
    // A config that does not parse does not load either: the dev server fails before any edit.
    if (error instanceof SyntaxError) return []
    throw error
  }
  const found: string[] = []
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) {
      for (const child of node) visit(child)
      return
    }
    const current = node as Node
    if (
      (current.type === 'ImportDeclaration' ||
        current.type === 'ExportAllDeclaration' ||
        current.type === 'ExportNamedDeclaration') &&
      current.source
    )
      found.push(current.source.value)
    if (current.type === 'CallExpression') {
      const callee = current.callee
      const [argument] = current.arguments
      const loads = callee.type === 'Import' || (callee.type === 'Identifier' && callee.name === 'require')
      if (loads && argument?.type === 'StringLiteral') found.push(argument.value)
    }
    if (current.type === 'ImportExpression' && current.source.type === 'StringLiteral')
      found.push(current.source.value)
    for (const [key, value] of Object.entries(current)) {
      if (key !== 'loc' && key !== 'leadingComments' && key !== 'trailingComments') visit(value)
    }
  }
  visit(program)
  return found
}

/** False for a file that is not there; other errors (EACCES, EIO) are thrown. */
function missing(error: NodeJS.ErrnoException): false {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return false
  throw error
}

/** The files a relative specifier may mean; the existing one first when one exists. */
async function candidates(from: string, specifier: string): Promise<{ files: string[]; found?: string }> {
  const base = path.resolve(path.dirname(from), specifier)
  const files = [base, ...EXTENSIONS.map((extension) => `${base}${extension}`)]
  files.push(...EXTENSIONS.map((extension) => path.join(base, `index${extension}`)))
  for (const file of files) {
    if (await stat(file).then((stats) => stats.isFile(), missing)) return { files, found: file }
  }
  return { files }
}

/**
 * The files the configs named `names` at the root load, read from their imports (relative ones,
 * followed through the files they lead to), the configs included. A relative import of a file that
 * does not exist yet names every file it may mean, so none is created. Absolute paths.
 */
async function configImports(root: string, names: readonly string[]): Promise<string[]> {
  const present = new Set(await readdir(root))
  const queue = names.filter((name) => present.has(name)).map((name) => path.join(root, name))
  const dependencies = new Set<string>(queue)
  while (queue.length > 0 && dependencies.size < MAX_FILES) {
    const file = queue.shift() as string
    if (file.endsWith('.json')) continue
    const code = await readFile(file, 'utf8')
    for (const specifier of specifiers(code, file)) {
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) continue
      const { files, found } = await candidates(file, specifier)
      if (found === undefined) {
        for (const candidate of files) dependencies.add(candidate)
      } else if (!dependencies.has(found)) {
        dependencies.add(found)
        queue.push(found)
      }
    }
  }
  return [...dependencies]
}

/** What the project's `vite.config.*` loads, read from its imports (for when Vite does not say). */
export function viteConfigDependencies(root: string): Promise<string[]> {
  return configImports(root, VITE_CONFIGS)
}

/** What the project's PostCSS and Tailwind configs load: Vite's CSS pipeline runs them in Node. */
export function toolConfigDependencies(root: string): Promise<string[]> {
  return configImports(root, TOOL_CONFIGS)
}

/**
 * The real paths of the dependencies seen so far (a config's dozens of files, asked on every write):
 * a file's real path stays what it was while the dev server runs; one that is missing is asked again.
 */
const realPaths = new Map<string, string>()

async function realPathOf(fs: FileSystem, absolute: string): Promise<string | false> {
  const known = realPaths.get(absolute)
  if (known !== undefined) return known
  const real = await fs.realpath(absolute).catch(missing)
  if (real !== false) realPaths.set(absolute, real)
  return real
}

/**
 * Refuses (422 FILE_NOT_EDITABLE) an edit that would write or create one of `dependencies` (the
 * files the dev server's configs load). `files` are the edit's files: real absolute paths and their names
 * relative to the root. Compared case-insensitively, on real paths where the dependency exists.
 */
export async function assertNoConfigDependency(
  fs: FileSystem,
  dependencies: readonly string[],
  files: readonly { path: string; relativePath: string }[],
): Promise<void> {
  if (dependencies.length === 0 || files.length === 0) return
  const loaded = new Set<string>()
  for (const dependency of dependencies) {
    const absolute = path.resolve(dependency)
    loaded.add(absolute.toLowerCase())
    const real = await realPathOf(fs, absolute)
    if (real !== false) loaded.add(real.toLowerCase())
  }
  for (const file of files) {
    if (loaded.has(path.resolve(file.path).toLowerCase())) {
      throw new MutateError(
        'FILE_NOT_EDITABLE',
        `${file.relativePath} cannot be written: a config the dev server loads (Vite, PostCSS or Tailwind) imports it, so it would run in Node. Edit it in your code editor.`,
      )
    }
  }
}
