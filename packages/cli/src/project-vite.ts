import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { VisualEditError } from 'vite-plugin-visual-edit'

/** The Vite majors visual-edit is tested with (tests/fixtures/projects has one project per major). */
export const SUPPORTED_VITE_MAJORS = [5, 6, 7, 8] as const

type ViteModule = typeof import('vite')

export interface ProjectVite {
  module: ViteModule
  version: string
  /** 'project': the project's own install; 'visual-edit': the project has none, ours runs. */
  from: 'project' | 'visual-edit'
}

type ExportTarget = string | { [condition: string]: ExportTarget } | null | undefined

/** The file an ESM `import` of the package's main entry loads, from its `exports` (else `module`, `main`). */
function esmEntry(manifestPath: string): string {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports?: ExportTarget | Record<string, ExportTarget>
    module?: string
    main?: string
  }
  const pick = (target: ExportTarget): string | null => {
    if (typeof target === 'string') return target
    if (!target || typeof target !== 'object') return null
    for (const condition of ['import', 'node', 'default']) {
      const found = pick(target[condition])
      if (found) return found
    }
    return null
  }
  const exports = manifest.exports
  const main =
    exports && typeof exports === 'object' && '.' in exports
      ? (exports as Record<string, ExportTarget>)['.']
      : (exports as ExportTarget)
  const entry = pick(main) ?? manifest.module ?? manifest.main ?? 'index.js'
  return path.join(path.dirname(manifestPath), entry)
}

function manifestFrom(from: string): string | null {
  try {
    return createRequire(from).resolve('vite/package.json')
  } catch {
    return null
  }
}

/**
 * The `vite` the project installs (resolved from its folder as its own scripts would), else the one
 * visual-edit depends on. A project's Vite outside 5 to 8 is refused: its plugin API and config
 * loading are not what visual-edit is tested with.
 */
export async function loadProjectVite(root: string): Promise<ProjectVite> {
  const own = manifestFrom(path.join(root, 'package.json'))
  const manifest = own ?? manifestFrom(import.meta.url)
  if (!manifest) {
    throw new VisualEditError(
      'VISUAL_EDIT_VITE_NOT_FOUND',
      'vite is not installed in the project, and visual-edit cannot find its own copy either. Install it in the project: npm i -D vite',
    )
  }
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }
  const major = Number.parseInt(version, 10)
  if (!(SUPPORTED_VITE_MAJORS as readonly number[]).includes(major)) {
    throw new VisualEditError(
      'VISUAL_EDIT_UNSUPPORTED_VITE',
      `The project uses vite ${version}; visual-edit supports Vite ${SUPPORTED_VITE_MAJORS[0]} to ${SUPPORTED_VITE_MAJORS.at(-1)}. Upgrade the project's vite (npm i -D vite@${SUPPORTED_VITE_MAJORS.at(-1)}), or run it with a supported one.`,
    )
  }
  const module = (await import(pathToFileURL(esmEntry(manifest)).href)) as ViteModule
  return { module, version, from: own ? 'project' : 'visual-edit' }
}

/** The config file names Vite looks for, in its order. */
const CONFIG_FILES = [
  'vite.config.js',
  'vite.config.mjs',
  'vite.config.ts',
  'vite.config.cjs',
  'vite.config.mts',
  'vite.config.cts',
]

/**
 * A config error as one line: colours and code frames dropped (Rolldown's and esbuild's bundling
 * errors draw one), the location they point at kept.
 */
function oneLine(message: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC
  const lines = message.replace(/\u001b\[[0-9;]*m/g, '').split(/\r?\n/)
  const kept: string[] = []
  let at: string | undefined
  for (const line of lines) {
    if (/[│╭╰─┬┴]|^\s*\d*\s*\|/.test(line)) {
      at ??= /([\w./\\-]+:\d+:\d+)/.exec(line)?.[1]
      continue
    }
    if (line.trim() !== '') kept.push(line.trim())
  }
  const text = kept.join(' ')
  return at && !text.includes(at) ? `${text} (${at})` : text
}

/**
 * Loads the project's vite.config once on its own, silently, so a config that throws or does not
 * parse stops visual-edit with its own message on one line (VISUAL_EDIT_CONFIG_FAILED) instead of
 * Vite's log of the error and its stack. The dev server then loads it again as it always does (and
 * watches it for changes).
 */
export async function checkConfigLoads(vite: ProjectVite, root: string): Promise<void> {
  try {
    await vite.module.loadConfigFromFile(
      { command: 'serve', mode: 'development', isSsrBuild: false, isPreview: false },
      undefined,
      root,
      'silent',
    )
  } catch (error) {
    const file = CONFIG_FILES.find((name) => existsSync(path.join(root, name))) ?? 'vite.config'
    const reason = oneLine(error instanceof Error ? error.message : String(error)).replace(/\.$/, '')
    throw new VisualEditError(
      'VISUAL_EDIT_CONFIG_FAILED',
      `The project's ${file} failed to load: ${reason}. Fix ${file} (npx vite in the project shows the full error), then run visual-edit again.`,
      { cause: error },
    )
  }
}
