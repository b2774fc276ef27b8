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

/** The major version of a tailwindcss version string (`4.0.8` -> 4); 0 when it does not read as one. */
export function tailwindMajor(version: string): number {
  return Number.parseInt(version, 10) || 0
}

/** Whether the project itself installs tailwindcss (not only visual-edit's own copy). */
export function projectHasTailwind(root: string): boolean {
  try {
    createRequire(path.join(root, 'package.json')).resolve('tailwindcss/package.json')
    return true
  } catch {
    return false
  }
}

/** Loads the tailwindcss 4 found by `findTailwindPackage`; null when it has no design-system API. */
export function requireTailwind(found: TailwindPackage): TailwindModule | null {
  const loaded = createRequire(found.requireFrom)('tailwindcss') as Partial<TailwindModule>
  return typeof loaded.__unstable__loadDesignSystem === 'function' ? (loaded as TailwindModule) : null
}
