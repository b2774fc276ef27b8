import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { SourceParseError } from '../../errors.ts'
import type { AppRoute, AppRoutesResponse } from '../../protocol/app-routes.ts'
import { projectFiles } from '../edit/project-files.ts'
import { findRoutes, MAY_DECLARE_ROUTES } from './route-finder.ts'

/** Files larger than this are generated or data, not a router. */
const MAX_FILE_BYTES = 512 * 1024
/** Folders that hold no route of the app's own code. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'build', 'out', 'coverage', 'public'])
const SOURCE = /\.(?:[cm]?[jt]sx?)$/
const NOT_SOURCE = /\.d\.[cm]?ts$|\.(?:test|spec|stories)\.[cm]?[jt]sx?$/

/** What a file declared, kept while its size and time stay the same. */
const cache = new Map<string, { stamp: string; routes: AppRoute[] | { reason: string } }>()

/** The project's source files that may hold a router. */
const sourceFiles = (root: string) =>
  projectFiles(root, (name) => SOURCE.test(name) && !NOT_SOURCE.test(name), SKIPPED_FOLDERS)

/**
 * The routes the project at `root` declares (protocol/app-routes.ts): every source file that may
 * declare some (MAY_DECLARE_ROUTES) parsed with Babel, each path once, its first declaration kept.
 * A file is parsed again only when its size or time changed. A file that does not parse is listed in
 * `skipped` with the parser's message (a route the user is typing must not hide the others).
 */
export async function appRoutes(root: string): Promise<AppRoutesResponse> {
  const routes: AppRoute[] = []
  const skipped: AppRoutesResponse['skipped'] = []
  const seen = new Set<string>()
  for (const full of await sourceFiles(root)) {
    const info = await stat(full).catch(() => null)
    if (!info || info.size > MAX_FILE_BYTES) continue
    const stamp = `${info.size}:${info.mtimeMs}`
    const file = path.relative(root, full).split(path.sep).join('/')
    let found = cache.get(full)
    if (found?.stamp !== stamp) {
      const source = await readFile(full, 'utf8').catch(() => null)
      if (source === null) continue
      let declared: AppRoute[] | { reason: string } = []
      if (MAY_DECLARE_ROUTES.test(source)) {
        try {
          declared = findRoutes(source, file)
        } catch (error) {
          if (!(error instanceof SourceParseError)) throw error
          declared = { reason: error.message }
        }
      }
      found = { stamp, routes: declared }
      cache.set(full, found)
    }
    if (!Array.isArray(found.routes)) {
      skipped.push({ file, reason: found.routes.reason })
      continue
    }
    for (const route of found.routes) {
      if (seen.has(route.path)) continue
      seen.add(route.path)
      routes.push(route)
    }
  }
  return { routes, skipped }
}
