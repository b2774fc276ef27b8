import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { projectFiles } from '../edit/project-files.ts'

/** How a stylesheet takes in Tailwind: v4 imports it, v3 has `@tailwind` directives. */
export const TAILWIND_4_IMPORT = /@import\s+(["'])tailwindcss\1/
export const TAILWIND_3_DIRECTIVE = /@tailwind\s+(?:base|components|utilities)\b/

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
  const stylesheets = await projectFiles(path.join(root, 'src'), (name) => name.endsWith('.css'))

  const depth = (file: string) => file.split(path.sep).length
  stylesheets.sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0))
  for (const file of stylesheets) {
    try {
      if (marker.test(await readFile(file, 'utf8'))) return file
    } catch {
      // Gone or unreadable since the walk: not the entry.
    }
  }
  return null
}
