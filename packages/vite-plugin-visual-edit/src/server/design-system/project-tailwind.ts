import type { TailwindEngine } from '../tailwind/engine.ts'
import { projectUsesTailwind } from '../tailwind/project-uses-tailwind.ts'
import { tailwindEngine } from '../tailwind/tailwind-engine.ts'

/**
 * The project's Tailwind as the design-system endpoints read it, or null when the project does not use
 * Tailwind (projectUsesTailwind: a plain-CSS project in a workspace whose root installs tailwindcss is
 * not offered the default theme's classes, which its build never compiles).
 *
 * A Tailwind whose stylesheet or config does not load throws tailwindEngine's 422.
 */
export async function projectTailwind(root: string): Promise<TailwindEngine | null> {
  if (!(await projectUsesTailwind(root))) return null
  return tailwindEngine(root)
}
