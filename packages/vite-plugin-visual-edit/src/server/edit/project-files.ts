import type { Dirent } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'

/** A bound on a walk, so a huge project never stalls what asked for its files. */
const MAX_ENTRIES = 5000

/**
 * The files under `dir` whose name `wanted` accepts, in a stable order (by folder, then name; a
 * folder's files before its subfolders'), dot folders and `skipped` folders left out, at most
 * MAX_ENTRIES entries looked at. A folder that went away or is not readable holds nothing.
 */
export async function projectFiles(
  dir: string,
  wanted: (name: string) => boolean,
  skipped: ReadonlySet<string> = new Set(['node_modules']),
): Promise<string[]> {
  const files: string[] = []
  let seen = 0
  const walk = async (folder: string): Promise<void> => {
    let entries: Dirent[]
    try {
      entries = await readdir(folder, { withFileTypes: true })
    } catch {
      // Gone or unreadable: it has no file to list.
      return
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    const folders: string[] = []
    for (const entry of entries) {
      seen += 1
      if (seen > MAX_ENTRIES) return
      if (entry.name.startsWith('.') || skipped.has(entry.name)) continue
      const full = path.join(folder, entry.name)
      if (entry.isDirectory()) folders.push(full)
      else if (entry.isFile() && wanted(entry.name)) files.push(full)
    }
    for (const next of folders) await walk(next)
  }
  await walk(dir)
  return files
}
