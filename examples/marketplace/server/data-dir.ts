import { createHash } from 'node:crypto'
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { searchForWorkspaceRoot } from 'vite'
import { BackendError } from './errors.ts'

/** The marketplace app's folder (`examples/marketplace`): what the standalone backend's data belongs to. */
export const MARKETPLACE_ROOT = fileURLToPath(new URL('..', import.meta.url))

/**
 * The folder, inside the app, where versions before issue 26 kept the data: served by every dev
 * server (`GET /.data/backend.json`). Moved out on the first start; every marketplace server denies it.
 */
export const LEGACY_DATA_FOLDER = '.data'

/** The folder of the user's state directory that holds one data directory per marketplace checkout. */
const STATE_FOLDER = 'visual-edit-marketplace'

/** The user's state directory: `$XDG_STATE_HOME`, else `%LOCALAPPDATA%` on Windows, else `~/.local/state`. */
function stateHome(env: NodeJS.ProcessEnv): string {
  if (env.XDG_STATE_HOME && path.isAbsolute(env.XDG_STATE_HOME)) return env.XDG_STATE_HOME
  if (process.platform === 'win32' && env.LOCALAPPDATA) return env.LOCALAPPDATA
  return path.join(os.homedir(), '.local', 'state')
}

/** A path with its existing part's symlinks resolved (the rest, not made yet, appended as it is). */
function realPath(target: string): string {
  const absolute = path.resolve(target)
  const missing: string[] = []
  let existing = absolute
  while (!existsSync(existing)) {
    const parent = path.dirname(existing)
    if (parent === existing) break
    missing.unshift(path.basename(existing))
    existing = parent
  }
  return path.join(realpathSync.native(existing), ...missing)
}

/**
 * Where an app's data lives by default: its own folder of the user's state directory, named after the
 * app's folder and a hash of its real path (two checkouts never share secrets), outside every folder a
 * dev or preview server serves.
 *
 *   /home/ana/visual-edit/examples/marketplace  ->  ~/.local/state/visual-edit-marketplace/marketplace-3f9c2a1b7d4e6f80
 */
export function defaultDataDir(appRoot: string, env: NodeJS.ProcessEnv): string {
  const real = realPath(appRoot)
  const hash = createHash('sha256').update(real).digest('hex').slice(0, 16)
  const name = path
    .basename(real)
    .replace(/^\.+/, '')
    .replace(/[^\w.-]/g, '_')
  return path.join(stateHome(env), STATE_FOLDER, `${name}-${hash}`)
}

/** Paths compared as the file system does: without case on macOS and Windows. */
const comparable = (target: string) =>
  process.platform === 'darwin' || process.platform === 'win32' ? target.toLowerCase() : target

const isInside = (folder: string, target: string) => {
  const relative = path.relative(comparable(folder), comparable(target))
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))
}

/**
 * The folders a dev server of this app serves files from: the app itself (`/<path>`) and Vite's
 * workspace root (`/@fs/<path>`, the default `server.fs.allow`), which other apps of the workspace
 * serve too.
 */
function servedFolders(appRoot: string): string[] {
  const root = realPath(appRoot)
  return [...new Set([root, realPath(searchForWorkspaceRoot(root))])]
}

/**
 * Refuses a data directory a dev server would serve: inside the app or its workspace. The marketplace's
 * own servers deny the data directory they use, but another app of the workspace, or a server started
 * without the same MARKETPLACE_DATA_DIR, would not: the secrets must not be there at all.
 */
export function assertNotServed(
  dataDir: string,
  appRoot: string,
  env: NodeJS.ProcessEnv,
  given: boolean,
): void {
  const real = realPath(dataDir)
  const served = servedFolders(appRoot).find((folder) => isInside(folder, real))
  if (served === undefined) return
  const fix = given
    ? `Point MARKETPLACE_DATA_DIR at a folder outside it, or unset it for the default (${defaultDataDir(appRoot, env)}).`
    : 'Set XDG_STATE_HOME, or MARKETPLACE_DATA_DIR, to a folder outside it.'
  throw new BackendError(
    'DATA_DIR_SERVED',
    `The data directory ${dataDir} (${given ? 'MARKETPLACE_DATA_DIR' : 'the default'}) is inside ${served}, which the dev server serves: the JWT secret and the passwords there would be readable over HTTP. ${fix}`,
  )
}

/**
 * Makes `dir` (and parents) readable by this user only: the folder 700, and, if there, `backend.json`
 * 600 (a data directory moved from an older version keeps whatever modes it had).
 */
export function makePrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  chmodSync(dir, 0o700)
  const secrets = path.join(dir, 'backend.json')
  if (existsSync(secrets)) chmodSync(secrets, 0o600)
}

/** Moves a folder, across file systems too (a copy, then the original removed). */
function move(from: string, to: string): void {
  mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 })
  if (existsSync(to) && readdirSync(to).length === 0) rmdirSync(to)
  try {
    renameSync(from, to)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    // Another process (a second server starting) moved it first: the data is where it belongs.
    if (code === 'ENOENT' && !existsSync(from) && existsSync(to)) return
    if (code !== 'EXDEV') {
      throw new BackendError(
        'DATA_DIR_MOVE_FAILED',
        `Could not move the old data folder ${from} to ${to} (${(error as Error).message}). Move it there yourself, or set MARKETPLACE_DATA_DIR to a folder outside the app.`,
      )
    }
    cpSync(from, to, { recursive: true, preserveTimestamps: true })
    rmSync(from, { recursive: true, force: true })
  }
}

export interface ResolveDataDirOptions {
  /** The app's folder (Vite's root; the marketplace's folder for the standalone backend). */
  appRoot: string
  env: NodeJS.ProcessEnv
  /** A data directory given in code (tests, bench, the plugin's to its backend): checked, nothing moved. */
  dataDir?: string | undefined
  /** Where the one-line notes go (the move of an old data folder). */
  note: (line: string) => void
}

/**
 * The data directory to use, checked (loadBackendConfig makes it, private): `dataDir`, else MARKETPLACE_DATA_DIR (relative to the
 * app's folder), else defaultDataDir(). One inside a served folder is refused (DATA_DIR_SERVED). An
 * old `<app>/.data/` is moved to the default place on the first start that uses it, with a note:
 *
 *   examples/marketplace/.data/  ->  ~/.local/state/visual-edit-marketplace/marketplace-<hash>/
 */
export function resolveDataDir(options: ResolveDataDirOptions): string {
  const { appRoot, env, note } = options
  const given = options.dataDir ?? (env.MARKETPLACE_DATA_DIR || undefined)
  const dataDir = given === undefined ? defaultDataDir(appRoot, env) : path.resolve(appRoot, given)
  assertNotServed(dataDir, appRoot, env, given !== undefined)
  const legacy = path.join(appRoot, LEGACY_DATA_FOLDER)
  if (options.dataDir === undefined && existsSync(legacy)) {
    const empty = !existsSync(dataDir) || readdirSync(dataDir).length === 0
    if (given === undefined && empty) {
      move(legacy, dataDir)
      note(
        `Moved the marketplace's data out of the app folder (where dev servers serve it): ${legacy} -> ${dataDir}`,
      )
    } else {
      note(
        `${legacy} is an old data folder, no longer used (the data is in ${dataDir}); delete it, or move it there in place of that folder's contents.`,
      )
    }
  }
  return dataDir
}
