import { randomBytes } from 'node:crypto'
import * as nodeFs from 'node:fs/promises'
import path from 'node:path'
import { MutateError } from './mutate-error.ts'

/** The file operations the server uses; tests inject faults (EACCES, ENOSPC, EIO) through this seam. */
export interface FileSystem {
  lstat: typeof nodeFs.lstat
  realpath: typeof nodeFs.realpath
  readFile: (file: string) => Promise<Buffer>
  writeFile: (file: string, data: Buffer, options: { mode: number; flag: 'wx' }) => Promise<void>
  chmod: typeof nodeFs.chmod
  rename: typeof nodeFs.rename
  unlink: typeof nodeFs.unlink
}

export const nodeFileSystem: FileSystem = {
  lstat: nodeFs.lstat,
  realpath: nodeFs.realpath,
  readFile: (file) => nodeFs.readFile(file),
  writeFile: (file, data, options) => nodeFs.writeFile(file, data, options),
  chmod: nodeFs.chmod,
  rename: nodeFs.rename,
  unlink: nodeFs.unlink,
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

/** Config and lock files are never edited, even when something under the root tags them. */
const PROTECTED_NAME =
  /^(?:(?:vite|vitest|tsconfig|jsconfig|package|biome|eslint|prettier|tailwind|postcss|babel)[.\w-]*\.(?:[cm]?[jt]s|json)|package-lock\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|npm-shrinkwrap\.json)$/i

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
  const relative = path.relative(realRoot, real)
  if (
    relative === '' ||
    relative.startsWith(`..${path.sep}`) ||
    relative === '..' ||
    path.isAbsolute(relative)
  ) {
    throw notEditable('it is outside the project root')
  }
  const segments = relative.split(path.sep)
  if (segments.includes('node_modules')) throw notEditable('it is inside node_modules')
  if (PROTECTED_NAME.test(segments.at(-1) ?? '')) throw notEditable('config and lock files are never edited')
  return { path: real, relativePath: segments.join('/') }
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

export interface FileWrite {
  file: SourceFile
  /** The new bytes. */
  bytes: Buffer
}

function errnoCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? 'unknown error'
}

/**
 * Writes several files as one group: every new version goes to a temp file next to its target first
 * (same directory, so the rename is atomic, with the original's mode); only when all are written, and
 * each target still holds the bytes it was read with, are they renamed into place. A failure before
 * the renames leaves every original untouched and no temp file behind; a failed rename puts the files
 * already renamed back.
 */
export async function writeFilesAtomically(fs: FileSystem, writes: readonly FileWrite[]): Promise<void> {
  const temps: { write: FileWrite; temp: string }[] = []
  const cleanUp = async () => {
    await Promise.all(temps.map(({ temp }) => fs.unlink(temp).catch(() => {})))
  }

  try {
    for (const write of writes) {
      const { dir, base } = path.parse(write.file.path)
      const temp = path.join(dir, `.${base}.visual-edit-${randomBytes(6).toString('hex')}.tmp`)
      temps.push({ write, temp })
      await fs.writeFile(temp, write.bytes, { mode: write.file.mode, flag: 'wx' })
      await fs.chmod(temp, write.file.mode)
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

  for (const { write } of temps) {
    const current = await fs.readFile(write.file.path).catch(() => null)
    if (current === null || !current.equals(write.file.bytes)) {
      await cleanUp()
      throw new MutateError(
        'FILE_CHANGED',
        `${write.file.relativePath} changed on disk while the edit was being made; nothing was written. Reload the preview and try again.`,
      )
    }
  }

  const renamed: FileWrite[] = []
  for (const { write, temp } of temps) {
    try {
      await fs.rename(temp, write.file.path)
      renamed.push(write)
    } catch (error) {
      await cleanUp()
      await restore(fs, renamed)
      throw new MutateError(
        'WRITE_FAILED',
        `Could not replace ${write.file.relativePath} (${errnoCode(error)}); nothing was changed.`,
        {
          cause: error,
        },
      )
    }
  }
}

/** Puts back the original bytes of files a failed group already renamed into place. */
async function restore(fs: FileSystem, renamed: readonly FileWrite[]): Promise<void> {
  for (const write of renamed) {
    const temp = `${write.file.path}.visual-edit-restore-${randomBytes(6).toString('hex')}.tmp`
    try {
      await fs.writeFile(temp, write.file.bytes, { mode: write.file.mode, flag: 'wx' })
      await fs.rename(temp, write.file.path)
    } catch {
      await fs.unlink(temp).catch(() => {})
    }
  }
}

function writesList(writes: readonly FileWrite[]): string {
  return writes.map((write) => write.file.relativePath).join(', ')
}

/**
 * One lock per real path. `run` waits until none of `paths` is held by another edit, holds all of
 * them while it runs, and takes them in sorted order so two multi-file edits cannot deadlock.
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
