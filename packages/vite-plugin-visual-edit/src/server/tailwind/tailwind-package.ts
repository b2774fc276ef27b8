import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { TailwindModule } from './design-system.ts'

/** Where tailwindcss was found, and its version; not loaded yet. */
export interface TailwindPackage {
  /** The package directory (holds index.css, theme.css, ...). */
  dir: string
  version: string
  /** The file `require` resolves from, so loading takes the same copy that was found. */
  requireFrom: string
}

/**
 * tailwindcss as the project resolves it (from its root's package.json), else as this plugin does;
 * null when neither finds it. Only resolves: nothing of Tailwind is loaded here.
 */
export function findTailwindPackage(root: string): TailwindPackage | null {
  for (const from of [path.join(root, 'package.json'), import.meta.url]) {
    let manifest: string
    try {
      manifest = createRequire(from).resolve('tailwindcss/package.json')
    } catch {
      continue
    }
    try {
      const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }
      return {
        dir: path.dirname(manifest),
        version: typeof version === 'string' ? version : '0.0.0',
        requireFrom: from,
      }
    } catch {}
  }
  return null
}

/** The first release whose design system has everything visual-edit calls (`candidatesToAst`). */
export const MIN_TAILWIND_VERSION = '4.1.18'

/** Whether `version` is a tailwindcss 4 at least MIN_TAILWIND_VERSION. */
export function isSupportedVersion(version: string): boolean {
  const [major = 0, minor = 0, patch = 0] = version
    .split(/[.-]/)
    .map((part) => Number.parseInt(part, 10) || 0)
  const [minMajor = 0, minMinor = 0, minPatch = 0] = MIN_TAILWIND_VERSION.split('.').map(Number)
  if (major !== minMajor) return false
  return minor !== minMinor ? minor > minMinor : patch >= minPatch
}

/** Loads the package found by `findTailwindPackage`. */
export function requireTailwind(found: TailwindPackage): TailwindModule {
  const loaded = createRequire(found.requireFrom)('tailwindcss') as Partial<TailwindModule>
  if (typeof loaded.__unstable__loadDesignSystem !== 'function') {
    throw new Error(
      `tailwindcss ${found.version} has no design-system API; visual-edit needs tailwindcss ${MIN_TAILWIND_VERSION} or newer`,
    )
  }
  return loaded as TailwindModule
}
