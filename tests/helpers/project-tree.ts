import { createHash } from 'node:crypto'
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs'
import path from 'node:path'

/**
 * Relative path -> kind, permission bits and content hash (or link target), for every entry under
 * `root`, temp files included: two equal trees are byte-identical.
 */
export function treeOf(root: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name)
      const relative = path.relative(root, full).split(path.sep).join('/')
      const stats = lstatSync(full)
      if (stats.isSymbolicLink()) out[relative] = `symlink -> ${readlinkSync(full)}`
      else if (stats.isDirectory()) {
        out[relative] = `dir ${(stats.mode & 0o7777).toString(8)}`
        walk(full)
      } else out[relative] = fileEntry(readFileSync(full), stats.mode)
    }
  }
  walk(root)
  return out
}

export function fileEntry(bytes: Buffer | string, mode: number): string {
  return `file ${(mode & 0o7777).toString(8)} ${createHash('sha256').update(bytes).digest('hex')}`
}
