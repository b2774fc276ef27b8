import path from 'node:path'

/**
 * The segments of `real`'s path below `realRoot` (both real paths), or null when it is the root
 * itself or outside it: the one test of "inside the project" every write, creation and read uses.
 *
 *   ('/p', '/p/src/App.tsx') -> ['src', 'App.tsx']     ('/p', '/p') -> null     ('/p', '/etc/passwd') -> null
 */
export function segmentsBelow(realRoot: string, real: string): string[] | null {
  const relative = path.relative(realRoot, real)
  if (
    relative === '' ||
    relative === '..' ||
    relative.startsWith(`..${path.sep}`) ||
    path.isAbsolute(relative)
  )
    return null
  return relative.split(path.sep)
}
