import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs'
import path from 'node:path'

/**
 * Gives a copy of a project made beside it (not inside it) the packages npm installed in the project's
 * own node_modules (the marketplace's pinned supabase-js), linked one by one into the copy's own
 * node_modules: the copy resolves them as the project does, and Vite's cache (`node_modules/.vite`)
 * stays the copy's own, never the project's.
 */
export function linkInstalledPackages(project: string, copy: string): void {
  const installed = path.join(project, 'node_modules')
  if (!existsSync(installed)) return
  mkdirSync(path.join(copy, 'node_modules'), { recursive: true })
  for (const entry of readdirSync(installed)) {
    if (!entry.startsWith('.'))
      symlinkSync(path.join(installed, entry), path.join(copy, 'node_modules', entry), 'junction')
  }
}
