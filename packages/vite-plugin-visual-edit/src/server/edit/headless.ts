import type { Stats } from 'node:fs'
import * as nodeFs from 'node:fs/promises'
import path from 'node:path'
import { SourceParseError, VisualEditError } from '../../errors.ts'
import type { ElementLookup } from '../../protocol/lookups.ts'
import type { MutateResponse } from '../../protocol/mutate-api.ts'
import { ElementIndex, type IndexedElement } from '../../transform/element-index.ts'
import { analyzeJsx } from '../../transform/tag-jsx.ts'
import { OPERATIONS } from '../mutate/index.ts'
import { viteConfigDependencies } from './config-dependencies.ts'
import { describeElements } from './describe-elements.ts'
import { History } from './history.ts'
import { MutateError } from './mutate-error.ts'
import type { MutationServices } from './mutation.ts'
import { ParsedFiles } from './parsed-files.ts'
import {
  FileLocks,
  type FileSystem,
  type FileWrite,
  nodeFileSystem,
  writeFilesAtomically,
} from './source-file.ts'

/** The canvas every headless edit is recorded on (the history is the editor's own, never shared). */
const CANVAS_ID = 'headless'

/** The modules the tag plugin tags (it never looks at other extensions). */
const JSX_FILE = /\.[jt]sx$/

/** A file an editor changed so far: its text before (null: it did not exist) and now. */
export interface FileChange {
  /** Posix path relative to the root. */
  relativePath: string
  before: string | null
  after: string | null
}

/**
 * The mutate API without a dev server: the same operations, on an index the editor builds itself by
 * tagging every `.jsx`/`.tsx` file of the project. Edits go to an in-memory copy of the files they
 * touch, so a series of them either all lands (`commit`, one atomic group) or none does, and a dry
 * run is the same run without the commit.
 */
export interface HeadlessEditor {
  /** The project root (real path). */
  readonly root: string
  readonly index: ElementIndex
  /** Files left out of the index because they do not parse: their elements cannot be edited. */
  readonly warnings: readonly string[]
  /**
   * The codebase id of the element whose `<` is on `line` (1-based) of `file` (relative to the root),
   * the outermost one when several start there, or the one named `tag`. UNKNOWN_ELEMENT when none
   * does, BAD_REQUEST when the line holds several and nothing says which.
   */
  elementAt(file: string, line: number, tag?: string): string
  /**
   * What the code says of these elements (the dev server's lookups: file, line, tag, classes, static
   * text or the code dynamic text comes from), as the files are now.
   */
  describe(ids: readonly string[]): Promise<Readonly<Record<string, ElementLookup>>>
  /** Runs a mutate operation (a route name) on a raw request body, as the dev server's route would. */
  run(operation: string, body: unknown): Promise<MutateResponse>
  /** Every file the edits so far changed, against the disk. */
  changes(): Promise<FileChange[]>
  /**
   * Writes every change to disk as one atomic group (each file must still hold what the edits read,
   * else 409 FILE_CHANGED and nothing is written). Resolves to the files written.
   */
  commit(): Promise<string[]>
}

/**
 * The project's `.jsx`/`.tsx` files, in a stable order, without following symbolic links and outside
 * `node_modules` and dot-folders (`.git`, `.tmp`, `.next`): the files the tag plugin would tag.
 */
export async function* jsxFiles(root: string): AsyncGenerator<string> {
  const entries = await nodeFs.readdir(root, { withFileTypes: true }).catch(() => [])
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue
    const full = path.join(root, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* jsxFiles(full)
    } else if (entry.isFile() && JSX_FILE.test(entry.name)) yield full
  }
}

const toPosix = (relative: string) => relative.split(path.sep).join('/')

const errno = (code: string, syscall: string, file: string) =>
  Object.assign(new Error(`${code}: ${syscall} '${file}'`), { code, syscall, path: file })

/** What `lstat` says of a file or folder that exists only in memory. */
function memoryStats(kind: 'file' | 'directory', mode: number, size: number): Stats {
  return {
    isFile: () => kind === 'file',
    isDirectory: () => kind === 'directory',
    isSymbolicLink: () => false,
    nlink: 1,
    mode: (kind === 'file' ? 0o100000 : 0o040000) | mode,
    size,
  } as Stats
}

/**
 * A FileSystem that reads the disk and writes to memory: a written, renamed or removed file shadows
 * the disk from then on, folders it makes exist only here. The disk bytes of every file it read or
 * replaced are kept as first seen, so `writes()` can tell the commit what each file must still hold.
 */
class MemoryOverlay {
  readonly #files = new Map<string, { bytes: Buffer; mode: number } | null>()
  readonly #folders = new Set<string>()
  readonly #disk = new Map<string, Buffer | null>()

  async #diskBytes(file: string): Promise<Buffer | null> {
    if (!this.#disk.has(file)) {
      const bytes = await nodeFs.readFile(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null
        throw error
      })
      this.#disk.set(file, bytes)
    }
    return this.#disk.get(file) ?? null
  }

  async #exists(file: string): Promise<boolean> {
    if (this.#files.has(file)) return this.#files.get(file) !== null
    if (this.#folders.has(file)) return true
    return nodeFs.lstat(file).then(
      () => true,
      () => false,
    )
  }

  readonly fs: FileSystem = {
    lstat: (async (file: string) => {
      const at = path.resolve(file)
      const entry = this.#files.get(at)
      if (entry) return memoryStats('file', entry.mode, entry.bytes.length)
      if (entry === null) throw errno('ENOENT', 'lstat', at)
      if (this.#folders.has(at)) return memoryStats('directory', 0o755, 0)
      return nodeFs.lstat(at)
    }) as FileSystem['lstat'],
    realpath: (async (file: string) => {
      const at = path.resolve(file)
      // Memory entries are made at real paths (the mutate code resolves them first).
      if (this.#files.get(at) || this.#folders.has(at)) return at
      if (this.#files.get(at) === null) throw errno('ENOENT', 'realpath', at)
      return nodeFs.realpath(at)
    }) as FileSystem['realpath'],
    readFile: async (file) => {
      const at = path.resolve(file)
      const entry = this.#files.get(at)
      if (entry) return Buffer.from(entry.bytes)
      const bytes = entry === null ? null : await this.#diskBytes(at)
      if (bytes === null) throw errno('ENOENT', 'open', at)
      return Buffer.from(bytes)
    },
    writeFile: async (file, data, options) => {
      const at = path.resolve(file)
      if (await this.#exists(at)) throw errno('EEXIST', 'open', at)
      this.#files.set(at, { bytes: Buffer.from(data), mode: options.mode })
    },
    chmod: (async (file: string, mode: number) => {
      const entry = this.#files.get(path.resolve(file))
      if (!entry) throw errno('ENOENT', 'chmod', String(file))
      entry.mode = mode
    }) as FileSystem['chmod'],
    rename: (async (from: string, to: string) => {
      const source = path.resolve(from)
      const target = path.resolve(to)
      let entry = this.#files.get(source)
      if (entry === undefined) {
        const bytes = await this.#diskBytes(source)
        if (bytes !== null) entry = { bytes, mode: (await nodeFs.lstat(source)).mode & 0o7777 }
      }
      if (!entry) throw errno('ENOENT', 'rename', source)
      if (!this.#files.has(target)) await this.#diskBytes(target)
      this.#files.set(target, entry)
      this.#files.set(source, null)
    }) as FileSystem['rename'],
    unlink: (async (file: string) => {
      const at = path.resolve(file)
      if (!(await this.#exists(at))) throw errno('ENOENT', 'unlink', at)
      await this.#diskBytes(at)
      this.#files.set(at, null)
    }) as FileSystem['unlink'],
    mkdir: async (directory) => {
      const missing: string[] = []
      for (let at = path.resolve(directory); !(await this.#exists(at)); at = path.dirname(at)) {
        missing.push(at)
        if (path.dirname(at) === at) break
      }
      for (const folder of missing) this.#folders.add(folder)
      return missing.at(-1)
    },
    rmdir: async (directory) => {
      // Only a folder made in memory can go; the disk is never touched.
      const at = path.resolve(directory)
      const inside = [...this.#files].some(([file, entry]) => entry && file.startsWith(`${at}${path.sep}`))
      if (this.#folders.has(at) && !inside) this.#folders.delete(at)
    },
  }

  /** Every file whose bytes in memory differ from the disk's, as group writes (expected: the disk's). */
  async writes(root: string): Promise<FileWrite[]> {
    const writes: FileWrite[] = []
    for (const [file, entry] of [...this.#files].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const expected = await this.#diskBytes(file)
      const bytes = entry?.bytes ?? null
      if (expected === null ? bytes === null : bytes?.equals(expected)) continue
      writes.push({
        path: file,
        relativePath: toPosix(path.relative(root, file)),
        expected,
        bytes,
        mode: entry?.mode ?? 0o644,
      })
    }
    return writes
  }

  /** After a commit the disk holds what memory did: read it again from there. */
  reset(): void {
    this.#files.clear()
    this.#folders.clear()
    this.#disk.clear()
  }
}

/** The real project folder, or VISUAL_EDIT_PROJECT_NOT_FOUND. */
async function projectRoot(root: string): Promise<string> {
  const real = await nodeFs.realpath(root).catch(() => null)
  const stats = real ? await nodeFs.stat(real) : null
  if (!real || !stats?.isDirectory()) {
    throw new VisualEditError(
      'VISUAL_EDIT_PROJECT_NOT_FOUND',
      `Project folder ${path.resolve(root)} does not exist. Pass the folder that holds the project's source.`,
    )
  }
  return real
}

/** True when `ancestor` encloses `element` (through parent ids). */
function encloses(index: ElementIndex, ancestor: IndexedElement, element: IndexedElement): boolean {
  for (let parent = element.parentId; parent !== null; parent = index.get(parent)?.parentId ?? null)
    if (parent === ancestor.id) return true
  return false
}

function elementAt(index: ElementIndex, root: string, file: string, line: number, tag?: string): string {
  const absolute = path.resolve(root, file)
  const shown = toPosix(path.relative(root, absolute))
  const elements = index.elementsOf(absolute)
  if (elements.length === 0) {
    throw new MutateError(
      'UNKNOWN_ELEMENT',
      `${shown} is not a .jsx or .tsx file of the project with elements visual-edit could read. Name a file relative to the project root, such as src/App.tsx.`,
    )
  }
  const onLine = elements.filter((element) => element.line === line && (!tag || element.tagName === tag))
  const outermost = onLine.filter((element) => !onLine.some((other) => encloses(index, other, element)))
  const [only, ...others] = outermost
  if (only && others.length === 0) return only.id
  const what = tag ? `<${tag}> element` : 'element'
  if (!only) {
    const lines = [
      ...new Set(elements.filter((element) => !tag || element.tagName === tag).map((e) => e.line)),
    ]
    const near = lines.sort((a, b) => Math.abs(a - line) - Math.abs(b - line) || a - b).slice(0, 8)
    throw new MutateError(
      'UNKNOWN_ELEMENT',
      `No ${what} starts on line ${line} of ${shown}. ${near.length > 0 ? `Lines near it where one does: ${near.sort((a, b) => a - b).join(', ')}.` : `${shown} has none.`}`,
    )
  }
  throw new MutateError(
    'BAD_REQUEST',
    `Line ${line} of ${shown} starts several ${what}s (${outermost.map((element) => `<${element.tagName}>`).join(', ')}). ${tag ? 'Name the element by its codebaseId.' : 'Add "tag" to say which, or name it by its codebaseId.'}`,
  )
}

/**
 * A headless editor of the project at `root`: tags every `.jsx`/`.tsx` file of it (outside
 * node_modules and dot-folders) into its own element index, with the ids the dev server gives, and runs
 * the mutate operations on it (see HeadlessEditor). VISUAL_EDIT_PROJECT_NOT_FOUND when `root` is not
 * a folder, VISUAL_EDIT_NO_JSX when it holds no such file.
 */
export async function createHeadlessEditor(root: string): Promise<HeadlessEditor> {
  const real = await projectRoot(root)
  const index = new ElementIndex()
  const warnings: string[] = []
  let found = 0
  for await (const file of jsxFiles(real)) {
    found += 1
    const text = await nodeFs.readFile(file, 'utf8')
    try {
      index.setFile(file, analyzeJsx(text, { filename: file, root: real }).elements, text)
    } catch (error) {
      if (!(error instanceof SourceParseError)) throw error
      const relative = toPosix(path.relative(real, file))
      warnings.push(
        `${error.message.split(file).join(relative)}. Its elements cannot be edited until it does.`,
      )
    }
  }
  if (found === 0) {
    throw new VisualEditError(
      'VISUAL_EDIT_NO_JSX',
      `${real} holds no .jsx or .tsx file (node_modules and dot-folders are not searched), so visual-edit has nothing to edit. Pass the folder of a React project.`,
    )
  }

  const overlay = new MemoryOverlay()
  // Without a dev server, the files the Vite config loads are read from its imports, once.
  const configDependencies = await viteConfigDependencies(real)
  const services: MutationServices = {
    root: real,
    index,
    fs: overlay.fs,
    locks: new FileLocks(),
    history: new History(1),
    parsed: new ParsedFiles(),
    // Vite's default; without the project's config, edits never create files in it either way.
    publicDir: path.join(real, 'public'),
    configDependencies: () => configDependencies,
  }
  return {
    root: real,
    index,
    warnings,
    elementAt: (file, line, tag) => elementAt(index, real, file, line, tag),
    describe: async (ids) => (await describeElements(services, ids)).lookups,
    run: async (operation, body) => {
      const route = OPERATIONS.get(operation)
      if (!route) {
        throw new MutateError(
          'UNKNOWN_CHANGE_TYPE',
          `'${operation}' is not a mutate operation. Use one of ${[...OPERATIONS.keys()].join(', ')}.`,
        )
      }
      return route(body, services, CANVAS_ID)
    },
    changes: async () =>
      (await overlay.writes(real)).map((write) => ({
        relativePath: write.relativePath,
        before: write.expected?.toString('utf8') ?? null,
        after: write.bytes?.toString('utf8') ?? null,
      })),
    commit: async () => {
      const writes = await overlay.writes(real)
      if (writes.length > 0) await writeFilesAtomically(nodeFileSystem, writes)
      overlay.reset()
      return writes.map((write) => write.relativePath)
    },
  }
}

/**
 * Writes `changes` to the project at `root` as one atomic group, each file from its `before` text
 * (which it must still hold, null: it must not exist) to its `after` text (null deletes it): how a
 * headless client undoes or redoes what a commit wrote. FILE_CHANGED, and nothing written, when a
 * file changed since; BAD_REQUEST for a path outside the project.
 */
export async function writeFileChanges(root: string, changes: readonly FileChange[]): Promise<void> {
  const real = await projectRoot(root)
  const writes: FileWrite[] = []
  for (const change of changes) {
    const file = path.resolve(real, change.relativePath)
    const relative = path.relative(real, file)
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
      throw new MutateError('BAD_REQUEST', `${change.relativePath} is outside the project ${real}.`)
    }
    const stats = await nodeFs.lstat(file).catch(() => null)
    writes.push({
      path: file,
      relativePath: toPosix(relative),
      expected: change.before === null ? null : Buffer.from(change.before, 'utf8'),
      bytes: change.after === null ? null : Buffer.from(change.after, 'utf8'),
      mode: stats ? stats.mode & 0o7777 : 0o644,
    })
  }
  if (writes.length > 0) await writeFilesAtomically(nodeFileSystem, writes)
}
