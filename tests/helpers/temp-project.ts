import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'

const TMP_ROOT = path.join(import.meta.dirname, '..', '.tmp')

/**
 * Copies `tests/fixtures/<fixture>` to a fresh folder inside the repository (so the copy resolves
 * `react` and friends from the workspace's node_modules) and returns it with a `remove()`.
 */
export function copyFixture(fixture: string): { dir: string; remove: () => void } {
  mkdirSync(TMP_ROOT, { recursive: true })
  const dir = mkdtempSync(path.join(TMP_ROOT, `${fixture}-`))
  cpSync(path.join(import.meta.dirname, '..', 'fixtures', fixture), dir, { recursive: true })
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
