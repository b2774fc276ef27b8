import path from 'node:path'
import { segmentsBelow } from '../edit/inside-root.ts'
import type { FileSystem } from '../edit/source-file.ts'

/**
 * Where a path inside the project really leads, through its symbolic links: a reference that reads
 * `src/assets/x.png` may name a link to `/etc`. Only a missing file or folder counts as "not there";
 * any other error of the file system is thrown.
 *
 *   realTarget(fs, root, 'src/assets/logo.svg', {src})    'src/assets/logo.svg'
 *   realTarget(fs, root, 'src/link/passwd', {src})        null, when src/link -> /etc
 */

const missing = (error: NodeJS.ErrnoException) => {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null
  throw error
}

/**
 * Where `target` (relative to the root) really leads, through symbolic links of the project: its
 * nearest existing folder resolved, the rest joined on. Null when that is outside `folders`.
 */
export async function realTarget(
  fs: FileSystem,
  root: string,
  target: string,
  folders: ReadonlySet<string>,
): Promise<string | null> {
  const realRoot = await fs.realpath(root)
  let existing = path.join(realRoot, ...target.split('/'))
  const absent: string[] = []
  for (;;) {
    const found = await fs.realpath(existing).catch(missing)
    if (found !== null) {
      existing = found
      break
    }
    if (path.dirname(existing) === existing) return null
    absent.unshift(path.basename(existing))
    existing = path.dirname(existing)
  }
  const segments = segmentsBelow(realRoot, path.join(existing, ...absent))
  const first = segments?.[0]?.toLowerCase()
  if (!segments || !first || !folders.has(first)) return null
  return segments.join('/')
}

/**
 * The file `segments` names inside `base`, relative to `base`'s real path (posix), when it exists, is
 * a file and really is inside `base`; null otherwise (missing, a folder, or a link leading out).
 */
export async function realFileInside(
  fs: FileSystem,
  base: string,
  segments: readonly string[],
): Promise<string | null> {
  const realBase = await fs.realpath(base).catch(missing)
  if (realBase === null) return null
  const real = await fs.realpath(path.join(realBase, ...segments)).catch(missing)
  if (real === null) return null
  const relative = path.relative(realBase, real)
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null
  if (!(await fs.lstat(real)).isFile()) return null
  return relative.split(path.sep).join('/')
}
