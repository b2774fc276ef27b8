import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * What every attack of the security suite is checked against afterwards: a snapshot of the project's
 * files (nothing written, nothing created) and a canary file outside the project whose secret must
 * not appear in anything the servers answered.
 */

/** Folders no attempt writes to but tools do (Vite's caches, installs): left out of the snapshot. */
const SKIPPED = new Set(['node_modules', '.vite', 'dist'])

/** Every file under `dir` (relative posix path -> sha256 of its bytes), caches and installs left out. */
export function snapshotTree(dir: string): Map<string, string> {
  const files = new Map<string, string>()
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue
      const full = path.join(folder, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.isFile() || entry.isSymbolicLink())
        files.set(
          path.relative(dir, full).split(path.sep).join('/'),
          createHash('sha256').update(readFileSync(full)).digest('hex'),
        )
    }
  }
  walk(dir)
  return files
}

/** The files added, removed or changed since `before` (sorted); [] when the tree is as it was. */
export function treeChanges(dir: string, before: ReadonlyMap<string, string>): string[] {
  const now = snapshotTree(dir)
  const names = new Set([...before.keys(), ...now.keys()])
  return [...names].filter((name) => before.get(name) !== now.get(name)).sort()
}

export interface Canary {
  /** The canary file, outside every project. */
  file: string
  /** Its secret: a random line no server may ever answer with. */
  secret: string
  /** Whether `text` holds the secret (or its first half, for answers that cut it). */
  leakedIn: (text: string) => boolean
  remove: () => void
}

/** A file with a random secret in a fresh folder of the temp directory, outside every project. */
export function plantCanary(): Canary {
  const folder = mkdtempSync(path.join(tmpdir(), 'visual-edit-canary-'))
  const file = path.join(folder, 'canary-secret.txt')
  const secret = `CANARY-${randomBytes(16).toString('hex')}`
  writeFileSync(file, `${secret}\n`)
  return {
    file,
    secret,
    leakedIn: (text) => text.includes(secret) || text.includes(secret.slice(0, 20)),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  }
}
