import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { TailwindEngine } from '../tailwind/engine.ts'
import { tailwindEngine } from '../tailwind/tailwind-engine.ts'
import { projectHasTailwind } from '../tailwind/tailwind-package.ts'

/** Packages whose presence in a manifest says the project uses Tailwind. */
const TAILWIND_PACKAGES = ['tailwindcss', '@tailwindcss/vite', '@tailwindcss/postcss']
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']

/**
 * The project's Tailwind as the design-system endpoints read it, or null when the project does not use
 * Tailwind: no tailwindcss resolves from its root, or one does but only from a folder above it (a
 * monorepo's install) while the project neither has a Tailwind stylesheet or config (the engine found
 * no entry) nor names Tailwind in its package.json. Without the second check a plain-CSS project in a
 * workspace would be offered the default theme's classes, which its build never compiles.
 *
 *   tests/fixtures/projects/vite8-plain-css (no Tailwind stylesheet, none in package.json)  ->  null
 *   tests/fixtures/projects/vite8-tailwind4 (src/index.css imports tailwindcss)            ->  its engine
 *
 * A Tailwind whose stylesheet or config does not load throws tailwindEngine's 422.
 */
export async function projectTailwind(root: string): Promise<TailwindEngine | null> {
  if (!projectHasTailwind(root)) return null
  const engine = await tailwindEngine(root)
  if (engine.entry === null && !namesTailwind(root)) return null
  return engine
}

/**
 * Whether the root's package.json names a Tailwind package; true when there is no readable manifest
 * to tell (the installed tailwindcss then counts, as it does for the lookups and class-css).
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
