import type { Dirent } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

/** How a stylesheet takes in Tailwind: v4 imports it, v3 has `@tailwind` directives. */
export const TAILWIND_4_IMPORT = /@import\s+(["'])tailwindcss\1/
export const TAILWIND_3_DIRECTIVE = /@tailwind\s+(?:base|components|utilities)\b/
/** A bound on the walk, so a huge src/ never stalls an edit. */
const MAX_ENTRIES = 5000

/**
 * The project's Tailwind stylesheet: the `.css` file under `<root>/src` that takes Tailwind in
 * (`marker`: v4's `@import "tailwindcss";` by default, so its `@theme`, `@custom-variant` and
 * `@plugin`s count; v3's `@tailwind` directives, so its `@layer` classes count). When several do,
 * the shallowest wins, then the first by name. Null when there is none.
 */
export async function findTailwindEntry(
  root: string,
  marker: RegExp = TAILWIND_4_IMPORT,
): Promise<string | null> {
  const stylesheets: string[] = []
  let seen = 0
  const walk = async (dir: string): Promise<void> => {
    let entries: Dirent[]
    try {
      entries = await readdir(dir, { withFileTypes: true })
    } catch {
      return
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    const subdirectories: string[] = []
    for (const entry of entries) {
      seen += 1
      if (seen > MAX_ENTRIES) return
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) subdirectories.push(full)
      else if (entry.isFile() && entry.name.endsWith('.css')) stylesheets.push(full)
    }
    for (const subdirectory of subdirectories) await walk(subdirectory)
  }
  await walk(path.join(root, 'src'))

  const depth = (file: string) => file.split(path.sep).length
  stylesheets.sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0))
  for (const file of stylesheets) {
    try {
      if (marker.test(await readFile(file, 'utf8'))) return file
    } catch {}
  }
  return null
}
