import { randomBytes } from 'node:crypto'
import * as nodeFs from 'node:fs/promises'
import path from 'node:path'
import { segmentsBelow } from './inside-root.ts'
import { MutateError } from './mutate-error.ts'
import { type NewFilePolicy, newFileRefusal, PROTECTED_NAME } from './new-file-policy.ts'

/** The file operations the server uses; tests inject faults (EACCES, ENOSPC, EIO) through this seam. */
export interface FileSystem {
  lstat: typeof nodeFs.lstat
  realpath: typeof nodeFs.realpath
  readFile: (file: string) => Promise<Buffer>
  writeFile: (file: string, data: Buffer, options: { mode: number; flag: 'wx' }) => Promise<void>
  chmod: typeof nodeFs.chmod
  rename: typeof nodeFs.rename
  unlink: typeof nodeFs.unlink
  /** Resolves to the first directory it created, or undefined when all existed (as node's does). */
  mkdir: (directory: string, options: { recursive: true }) => Promise<string | undefined>
  rmdir: (directory: string) => Promise<void>
}

export const nodeFileSystem: FileSystem = {
  lstat: nodeFs.lstat,
  realpath: nodeFs.realpath,
  readFile: (file) => nodeFs.readFile(file),
  writeFile: (file, data, options) => nodeFs.writeFile(file, data, options),
  chmod: nodeFs.chmod,
  rename: nodeFs.rename,
  unlink: nodeFs.unlink,
  mkdir: (directory, options) => nodeFs.mkdir(directory, options),
  rmdir: (directory) => nodeFs.rmdir(directory),
}

/** A source file as read for an edit: its exact bytes, the decoded text and how to write it back. */
export interface SourceFile {
  /** Real absolute path. */
  path: string
  /** Posix path relative to the root, for messages and responses. */
  relativePath: string
  bytes: Buffer
  /** Decoded strictly as UTF-8; a BOM stays as U+FEFF, so offsets match what the transform saw. */
  text: string
  /** '\r\n' when the file's first line break is one, else '\n'. */
  eol: '\n' | '\r\n'
  /** Permission bits, kept on write. */
  mode: number
}

function describe(relativePath: string): string {
  return relativePath || 'the file'
}

/**
 * Resolves `file` for an edit and refuses anything the server must not write: outside the root
 * (after resolving symlinks, compared on path boundaries), inside node_modules, a config or lock
 * file, a symlink, a file with more than one hard link, or not a regular file.
 */
export async function resolveEditablePath(
  fs: FileSystem,
  root: string,
  file: string,
): Promise<{ path: string; relativePath: string }> {
  const realRoot = await fs.realpath(root)
  const lexical = path.relative(realRoot, path.resolve(file))
  const relativePath = lexical.split(path.sep).join('/')
  const notEditable = (why: string) =>
    new MutateError('FILE_NOT_EDITABLE', `${describe(relativePath)} cannot be edited: ${why}.`)

  let stats: Awaited<ReturnType<typeof fs.lstat>>
  try {
    stats = await fs.lstat(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new MutateError('FILE_CHANGED', `${describe(relativePath)} no longer exists. Reload the preview.`)
    }
    throw new MutateError(
      'WRITE_FAILED',
      `${describe(relativePath)} cannot be read (${(error as NodeJS.ErrnoException).code}).`,
    )
  }
  if (stats.isSymbolicLink()) throw notEditable('it is a symbolic link; edit the file it points to')
  if (stats.isDirectory()) {
    throw new MutateError('FILE_CHANGED', `${describe(relativePath)} is now a directory. Reload the preview.`)
  }
  if (!stats.isFile()) throw notEditable('it is not a regular file')
  if (stats.nlink > 1) throw notEditable('it has several hard links, and rewriting it would split them')

  const real = await fs.realpath(file)
  const segments = segmentsBelow(realRoot, real)
  if (!segments) throw notEditable('it is outside the project root')
  if (segments.includes('node_modules')) throw notEditable('it is inside node_modules')
  if (PROTECTED_NAME.test(segments.at(-1) ?? '')) throw notEditable('config and lock files are never edited')
  return { path: real, relativePath: segments.join('/') }
}

/**
 * Checks a path where an edit may create a file, before touching the file system for it: the
 * project's new-file policy (see new-file-policy.ts) on the path as asked, then, once its nearest
 * existing folder is resolved (so a symlinked folder cannot lead out or into a refused one), inside
 * the root and the policy again on the real path. Says whether something is there already; refused
 * paths are refused whether or not they exist, so an answer tells nothing about files outside the
 * policy.
 */
export async function locateNewFile(
  fs: FileSystem,
  root: string,
  segments: readonly string[],
  policy: NewFilePolicy,
): Promise<{ path: string; relativePath: string; exists: boolean }> {
  const refuse = (shown: string, why: string) =>
    new MutateError('FILE_NOT_EDITABLE', `${shown} cannot be created: ${why}.`)
  // The path as asked, before joining folds `a/../b` away.
  const shown = segments.join('/')
  const lexical = newFileRefusal(segments, policy)
  if (lexical) throw refuse(shown, lexical)
  const absolute = path.join(path.resolve(root), ...segments)

  const realRoot = await fs.realpath(root)
  let existing = path.dirname(absolute)
  const missing: string[] = [path.basename(absolute)]
  for (;;) {
    const found = await fs.realpath(existing).catch(() => null)
    if (found !== null) {
      existing = found
      break
    }
    if (path.dirname(existing) === existing) throw refuse(shown, 'no folder of it exists')
    missing.unshift(path.basename(existing))
    existing = path.dirname(existing)
  }
  const real = path.join(existing, ...missing)
  const realSegments = segmentsBelow(realRoot, real)
  if (!realSegments) throw refuse(shown, 'it is outside the project root')
  const resolved = newFileRefusal(realSegments, policy)
  if (resolved) throw refuse(shown, resolved)
  const exists = await fs.lstat(real).then(
    () => true,
    () => false,
  )
  return { path: real, relativePath: realSegments.join('/'), exists }
}

/** {@link locateNewFile} for a file that must not exist yet (else 409, nothing written). */
export async function resolveNewFilePath(
  fs: FileSystem,
  root: string,
  file: string,
  policy: NewFilePolicy,
): Promise<{ path: string; relativePath: string }> {
  const relative = path.relative(path.resolve(root), path.resolve(file))
  if (relative === '' || relative.split(path.sep)[0] === '..' || path.isAbsolute(relative))
    throw new MutateError('FILE_NOT_EDITABLE', 'That path cannot be created: it is outside the project root.')
  const located = await locateNewFile(fs, root, relative.split(path.sep), policy)
  if (located.exists)
    throw new MutateError('FILE_CHANGED', `${located.relativePath} already exists; nothing was written.`)
  return { path: located.path, relativePath: located.relativePath }
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

export async function readSourceFile(fs: FileSystem, root: string, file: string): Promise<SourceFile> {
  const { path: real, relativePath } = await resolveEditablePath(fs, root, file)
  const [bytes, stats] = await Promise.all([fs.readFile(real), fs.lstat(real)])
  let text: string
  try {
    text = decoder.decode(bytes)
  } catch {
    throw new MutateError(
      'FILE_NOT_EDITABLE',
      `${relativePath} is not valid UTF-8 (Latin-1 or another encoding?). Save it as UTF-8 to edit it visually.`,
    )
  }
  const firstBreak = text.indexOf('\n')
  const eol = firstBreak > 0 && text[firstBreak - 1] === '\r' ? '\r\n' : '\n'
  return { path: real, relativePath, bytes, text, eol, mode: stats.mode & 0o7777 }
}

/** One file of a group write. */
/** What {@link writeFilesAtomically} did. */
export interface GroupWritten {
  /** The directories it created for new files, deepest first. */
  directories: string[]
  /**
   * `performance.now()` just before the first rename: the watcher's events of the group, and the dev
   * server's reads of its new bytes, all come after it (they can come before the write resolves).
   */
  changedAt: number
}

export interface FileWrite {
  /** Real absolute path. */
  path: string
  relativePath: string
  /** The bytes the file must still hold when the group is applied; null: it must not exist yet. */
  expected: Buffer | null
  /** The new bytes; null deletes the file. */
  bytes: Buffer | null
  /** Permission bits of a written file. */
  mode: number
}

function errnoCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? 'unknown error'
}

const tempName = (file: string, kind: string) => {
  const { dir, base } = path.parse(file)
  return path.join(dir, `.${base}.visual-edit-${kind}-${randomBytes(6).toString('hex')}.tmp`)
}

/**
 * Applies several file changes as one group. New contents go to temp files next to their targets
 * first (same directory, so the renames are atomic, with the right mode). Only when all are written,
 * and every target still holds the bytes it was read with (or, for a new file, still does not exist),
 * are they renamed into place; deleted files are moved aside and removed once all renames succeed. A
 * failure before the renames leaves everything untouched and no temp file or new directory behind;
 * a failed rename puts back what the group had already changed. Resolves to the directories it
 * created for new files (deepest first), so undo can remove them again, and the moment the first
 * file was replaced.
 */
export async function writeFilesAtomically(
  fs: FileSystem,
  writes: readonly FileWrite[],
): Promise<GroupWritten> {
  const temps = new Map<FileWrite, string>()
  const directories: string[] = []
  const cleanUp = async () => {
    await Promise.all([...temps.values()].map((temp) => fs.unlink(temp).catch(() => {})))
    await removeEmptyDirectories(fs, directories)
  }

  try {
    for (const write of writes) {
      if (write.bytes === null) continue
      if (write.expected === null) {
        const parent = path.dirname(write.path)
        directories.push(...createdBetween(await fs.mkdir(parent, { recursive: true }), parent))
      }
      const temp = tempName(write.path, 'new')
      temps.set(write, temp)
      await fs.writeFile(temp, write.bytes, { mode: write.mode, flag: 'wx' })
      await fs.chmod(temp, write.mode)
    }
  } catch (error) {
    await cleanUp()
    throw new MutateError(
      'WRITE_FAILED',
      `Could not write ${writesList(writes)} (${errnoCode(error)}); nothing was changed.`,
      {
        cause: error,
      },
    )
  }

  for (const write of writes) {
    const current = await fs
      .readFile(write.path)
      .catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : undefined))
    const unchanged = write.expected === null ? current === null : current?.equals(write.expected)
    if (!unchanged) {
      await cleanUp()
      throw new MutateError(
        'FILE_CHANGED',
        `${write.relativePath} ${write.expected === null ? 'appeared' : 'changed'} on disk while the edit was being made; nothing was written. Reload the preview and try again.`,
      )
    }
  }

  const applied: { write: FileWrite; aside?: string }[] = []
  const changedAt = performance.now()
  for (const write of writes) {
    try {
      const temp = temps.get(write)
      if (temp) {
        await fs.rename(temp, write.path)
        temps.delete(write)
        applied.push({ write })
      } else {
        const aside = tempName(write.path, 'deleted')
        await fs.rename(write.path, aside)
        applied.push({ write, aside })
      }
    } catch (error) {
      await restore(fs, applied)
      await cleanUp()
      throw new MutateError(
        'WRITE_FAILED',
        `Could not replace ${write.relativePath} (${errnoCode(error)}); nothing was changed.`,
        {
          cause: error,
        },
      )
    }
  }
  await Promise.all(applied.map(({ aside }) => (aside ? fs.unlink(aside).catch(() => {}) : undefined)))
  return { directories: deepestFirst(directories), changedAt }
}

/** The directories `mkdir -p parent` made when it reported `first` as the first one it created. */
function createdBetween(first: string | undefined, parent: string): string[] {
  if (first === undefined) return []
  const created: string[] = []
  for (let directory = parent; ; directory = path.dirname(directory)) {
    created.push(directory)
    if (directory === first || path.dirname(directory) === directory) return created
  }
}

function deepestFirst(directories: readonly string[]): string[] {
  return [...new Set(directories)].sort((a, b) => b.length - a.length)
}

/**
 * Removes directories the server created, deepest first, while they are empty; one that holds
 * something (a file the user put there since) stays.
 */
export async function removeEmptyDirectories(fs: FileSystem, directories: readonly string[]): Promise<void> {
  for (const directory of deepestFirst(directories)) await fs.rmdir(directory).catch(() => {})
}

/** Puts back what a failed group had already changed: old bytes, files it created, files it moved aside. */
async function restore(
  fs: FileSystem,
  applied: readonly { write: FileWrite; aside?: string }[],
): Promise<void> {
  for (const { write, aside } of applied) {
    try {
      if (aside) await fs.rename(aside, write.path)
      else if (write.expected === null) await fs.unlink(write.path)
      else {
        const temp = tempName(write.path, 'restore')
        try {
          await fs.writeFile(temp, write.expected, { mode: write.mode, flag: 'wx' })
          await fs.rename(temp, write.path)
        } catch {
          await fs.unlink(temp).catch(() => {})
        }
      }
    } catch {
      // Best effort: the error that got us here is what the caller reports.
    }
  }
}

function writesList(writes: readonly FileWrite[]): string {
  return writes.map((write) => write.relativePath).join(', ')
}

/**
 * One lock per key: a real path (each file of an edit), or a canvas id (the order of one editor's
 * requests). `run` waits until none of `paths` is held by another task, holds all of them while it
 * runs, and takes them in sorted order so two multi-file edits cannot deadlock.
 */
export class FileLocks {
  readonly #tails = new Map<string, Promise<void>>()

  async run<T>(paths: readonly string[], task: () => Promise<T>): Promise<T> {
    const unique = [...new Set(paths)].sort()
    const previous = unique.map((key) => this.#tails.get(key) ?? Promise.resolve())
    let release = () => {}
    const done = new Promise<void>((resolve) => {
      release = resolve
    })
    for (const key of unique) this.#tails.set(key, done)
    await Promise.all(previous)
    try {
      return await task()
    } finally {
      release()
      for (const key of unique) if (this.#tails.get(key) === done) this.#tails.delete(key)
    }
  }
}
