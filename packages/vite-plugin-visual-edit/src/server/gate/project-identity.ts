import { createHash } from 'node:crypto'
import path from 'node:path'
import type { ProjectResponse } from '../../protocol/mutate-api.ts'

/**
 * The project's identity for the editor (ProjectResponse.project): a hash of its absolute root, so
 * what the editor keeps per project survives a restart on another port without the editor learning
 * where the project is on disk, and its folder's name for people.
 *
 *   /home/ana/shop -> { id: '3f1c…' (16 hex), name: 'shop' }
 */
export function projectIdentity(root: string): ProjectResponse['project'] {
  const absolute = path.resolve(root)
  return {
    id: createHash('sha256').update(absolute).digest('hex').slice(0, 16),
    name: path.basename(absolute),
  }
}
