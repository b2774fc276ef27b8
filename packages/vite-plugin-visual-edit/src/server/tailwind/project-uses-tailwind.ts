import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { findTailwindEntry, TAILWIND_3_DIRECTIVE, TAILWIND_4_IMPORT } from './css-entry.ts'
import { projectHasTailwind } from './tailwind-package.ts'

/** Packages whose presence in a manifest says the project uses Tailwind. */
const TAILWIND_PACKAGES = ['tailwindcss', '@tailwindcss/vite', '@tailwindcss/postcss']
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']
/** A stylesheet that takes Tailwind in, either version's way (one walk of src/ for both). */
const TAKES_TAILWIND_IN = new RegExp(`${TAILWIND_4_IMPORT.source}|${TAILWIND_3_DIRECTIVE.source}`)
const TAILWIND_3_CONFIGS = ['js', 'cjs', 'mjs', 'ts', 'cts', 'mts'].map((ext) => `tailwind.config.${ext}`)

/**
 * Whether the project styles with Tailwind: tailwindcss resolves from its root, and the project says
 * so itself (its package.json names a Tailwind package, a stylesheet under src/ takes Tailwind in, or
 * it has a Tailwind 3 config). A tailwindcss that resolves only from a folder above (a monorepo's
 * install) does not make a plain-CSS project a Tailwind one: its build never compiles Tailwind's
 * classes. The lookups' stylingFramework, class-css and the design-system endpoints all ask this.
 *
 *   tests/fixtures/projects/vite8-plain-css (the repository's tailwindcss above it, none of the three)  ->  false
 *   tests/fixtures/projects/vite8-tailwind4 (src/index.css imports tailwindcss)                        ->  true
 */
export async function projectUsesTailwind(root: string): Promise<boolean> {
  if (!projectHasTailwind(root)) return false
  if (namesTailwind(root)) return true
  if (TAILWIND_3_CONFIGS.some((name) => existsSync(path.join(root, name)))) return true
  return (await findTailwindEntry(root, TAKES_TAILWIND_IN)) !== null
}

/**
 * Whether the root's package.json names a Tailwind package; true when there is no readable manifest
 * to tell (the installed tailwindcss then counts).
 */
function namesTailwind(root: string): boolean {
  const file = path.join(root, 'package.json')
  if (!existsSync(file)) return true
  let manifest: Record<string, unknown>
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  } catch {
    // A manifest that does not parse says nothing either way; Vite reports it on its own.
    return true
  }
  return DEPENDENCY_FIELDS.some((field) => {
    const dependencies = manifest[field]
    return (
      dependencies !== null &&
      typeof dependencies === 'object' &&
      TAILWIND_PACKAGES.some((name) => Object.hasOwn(dependencies, name))
    )
  })
}
