import { createHash, randomBytes } from 'node:crypto'
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AgentSessionFile } from '../../protocol/agent.ts'

/**
 * Where `visual-edit mcp` finds a running session of a project: one file per project, holding the
 * editor's origin and the session token, in a folder of this user's alone (0700, owned by them, not a
 * symbolic link) outside every project ($XDG_RUNTIME_DIR, else the temp folder), the file 0600. Only
 * the user who runs the dev server can read it, and that user can write the project anyway; no dev
 * server serves it (docs/SECURITY.md).
 */
export function sessionDirectory(): string {
  const uid = process.getuid?.()
  const runtime = process.env.XDG_RUNTIME_DIR
  const base = runtime && path.isAbsolute(runtime) && existsSync(runtime) ? runtime : os.tmpdir()
  return path.join(base, `visual-edit-${uid ?? os.userInfo().username}`)
}

/** The folder, made if missing; throws when it is not this user's private folder. */
function privateDirectory(create: boolean): string | null {
  const directory = sessionDirectory()
  if (!existsSync(directory)) {
    if (!create) return null
    mkdirSync(directory, { mode: 0o700, recursive: true })
  }
  const stats = lstatSync(directory)
  const uid = process.getuid?.()
  if (
    !stats.isDirectory() ||
    (uid !== undefined && stats.uid !== uid) ||
    (uid !== undefined && (stats.mode & 0o077) !== 0)
  ) {
    throw new Error(
      `${directory} is not a private folder of this user (a directory of mode 0700 that they own): visual-edit keeps session tokens there, so it does not use it. Remove it, and start again.`,
    )
  }
  return directory
}

/** The session file of the project at `root` (its real path, hashed). */
export function sessionFileOf(root: string, directory = sessionDirectory()): string {
  const real = realpathSync(root)
  return path.join(directory, `${createHash('sha256').update(real).digest('hex').slice(0, 32)}.json`)
}

/** Writes the session of this process for `root`; returns a function that removes it again (if still ours). */
export function writeSessionFile(
  session: Omit<AgentSessionFile, 'version' | 'pid' | 'startedAt'>,
): () => void {
  const directory = privateDirectory(true) as string
  const file = sessionFileOf(session.root, directory)
  const content: AgentSessionFile = { version: 1, pid: process.pid, startedAt: Date.now(), ...session }
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`
  writeFileSync(temp, JSON.stringify(content), { mode: 0o600, flag: 'wx' })
  renameSync(temp, file)
  return () => {
    const current = readSession(file)
    if (current?.pid === process.pid && current.startedAt === content.startedAt) rmSync(file, { force: true })
  }
}

function readSession(file: string): AgentSessionFile | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  const session = parsed as Partial<AgentSessionFile>
  const valid =
    session.version === 1 &&
    typeof session.pid === 'number' &&
    typeof session.root === 'string' &&
    typeof session.origin === 'string' &&
    typeof session.token === 'string' &&
    typeof session.startedAt === 'number'
  return valid ? (session as AgentSessionFile) : null
}

const running = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * The running session of the project at `root`, or null when none is: no file, or one a process that
 * has ended left behind. Throws when the folder is not private (see privateDirectory).
 */
export function readSessionFile(root: string): AgentSessionFile | null {
  const directory = privateDirectory(false)
  if (!directory) return null
  const session = readSession(sessionFileOf(root, directory))
  return session && running(session.pid) ? session : null
}
