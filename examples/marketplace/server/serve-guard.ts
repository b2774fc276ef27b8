import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { LEGACY_DATA_FOLDER } from './data-dir.ts'

/**
 * Defense in depth for the data directory on the app's own servers: the data is outside every folder
 * they serve (data-dir.ts), and they refuse it anyway, in any spelling, with Vite's `server.fs.deny`
 * (the dev server: `/<path>`, `/@fs/<path>`, `?raw`, `?url`, imports) and with a middleware in front of
 * everything (the dev server and `vite preview`, which has no fs.deny and answers unknown paths with
 * index.html).
 */

/** Vite's own `server.fs.deny` (Vite 8): a config that sets fs.deny replaces it, so it is given again with ours. */
export const VITE_DEFAULT_FS_DENY = [
  '.env',
  '.env.*',
  '*.{crt,pem,key,p12,pfx,cer,der}',
  '.npmrc',
  '.yarnrc.yml',
  '**/.git/**',
]

/** A path as a glob that matches only itself (picomatch's special characters escaped). */
const globLiteral = (target: string) => target.replace(/[\\*?[\]{}()!+@|]/g, '\\$&')

const posix = (target: string) => target.split(path.sep).join('/')

/**
 * The `server.fs.deny` entries: every `.data` folder (the data's old place, in any app of the
 * workspace) and the data directory in use.
 *
 *   ('/home/ana/.local/state/visual-edit-marketplace/marketplace-3f9c')
 *   ->  ['**\/.data', '**\/.data/**', '/home/ana/.local/state/.../marketplace-3f9c', '/home/.../marketplace-3f9c/**']
 */
export function fsDenyPatterns(dataDir: string | null): string[] {
  const patterns = [`**/${LEGACY_DATA_FOLDER}`, `**/${LEGACY_DATA_FOLDER}/**`]
  if (dataDir !== null) {
    const dir = globLiteral(posix(path.resolve(dataDir)))
    patterns.push(dir, `${dir}/**`)
  }
  return patterns
}

/** How many times a path is decoded: each layer a later decoder (Vite's, sirv's, the file system's) could peel. */
const DECODE_ROUNDS = 4

/**
 * The path a request names, as a file server could read it: the query and fragment cut, decoded until
 * it no longer changes, `\` read as `/`, lower case (macOS and Windows ignore case).
 *
 *   '/%252Edata/backend.json?raw'  ->  '/.data/backend.json'
 *   'http://127.0.0.1:5173/.DATA\\x'  ->  '/.data/x'
 */
export function requestedPath(url: string | undefined): string {
  let target = url ?? '/'
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(target)) target = target.replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '')
  target = target.split(/[?#]/)[0] ?? ''
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    let decoded: string
    try {
      decoded = decodeURIComponent(target)
    } catch {
      // A malformed escape: what is left is what a server would look up.
      break
    }
    if (decoded === target) break
    target = decoded
  }
  return target.replaceAll('\\', '/').toLowerCase()
}

/** Whether a segment names the old data folder, as Windows reads names too (trailing dots and spaces dropped). */
const isDataSegment = (segment: string) => segment.replace(/[. ]+$/, '') === LEGACY_DATA_FOLDER

/** Whether a request names a `.data` folder anywhere in its path, or the data directory (through /@fs/ or otherwise). */
export function isDataPath(url: string | undefined, dataDir: string | null): boolean {
  const target = requestedPath(url)
  if (target.split('/').some(isDataSegment)) return true
  if (dataDir === null) return false
  const dir = posix(path.resolve(dataDir)).toLowerCase()
  const normalized = path.posix.normalize(target)
  return normalized.includes(`${dir}/`) || normalized.endsWith(dir)
}

/** The middleware: 403 with the reason for a data path, before any of the server's own middlewares. */
export function createServeGuard(dataDir: string | null) {
  return function marketplaceDataGuard(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    if (!isDataPath(req.url, dataDir)) {
      next()
      return
    }
    res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
    res.end(
      "Forbidden: the marketplace's data directory (its JWT secret, passwords and database) is never served over HTTP.\n",
    )
  }
}
