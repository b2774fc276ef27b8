import path from 'node:path'
import type { File, JSXElement, JSXOpeningElement } from '@babel/types'
import type { MutateResponse } from '../../protocol/mutate-api.ts'
import type { MutateOperation } from '../../protocol/mutate-routes.ts'
import { type ElementIndex, type IndexedElement, sourceHash } from '../../transform/element-index.ts'
import { parseElementAt, parseModule, parseOpeningAt } from '../../transform/parse-module.ts'
import { analyzeJsx, type JsxAnalysis } from '../../transform/tag-jsx.ts'
import { assertSafeCandidateUrls } from '../css-safety/candidate-url-guard.ts'
import { assertSafeStylesheet } from '../css-safety/stylesheet-guard.ts'
import {
  assertNoConfigDependency,
  toolConfigDependencies,
  viteConfigDependencies,
} from './config-dependencies.ts'
import type { History } from './history.ts'
import { unifiedDiff } from './history-view.ts'
import { remapIds } from './id-remap.ts'
import { MutateError } from './mutate-error.ts'
import { type NewFilePolicy, newFilePolicy } from './new-file-policy.ts'
import type { ParsedFiles } from './parsed-files.ts'
import { reindexInPlace } from './reindex-in-place.ts'
import {
  type FileLocks,
  type FileSystem,
  type FileWrite,
  readSourceFile,
  resolveNewFilePath,
  type SourceFile,
  writeFilesAtomically,
} from './source-file.ts'

/** What every edit needs from the dev server. */
export interface MutationServices {
  root: string
  index: ElementIndex
  fs: FileSystem
  locks: FileLocks
  history: History
  /** ASTs of recently written files, so the next edit of one skips its parse. */
  parsed?: ParsedFiles
  /** Vite's public folder (absolute), which edits never write into; null or absent when none. */
  publicDir?: string | null
  /** Told of every group of files written (edits, undo, redo), so the dev server surely hears of them. */
  written?: (writes: readonly FileWrite[], changedAt: number) => void
  /** Awaited under the files' lock just before they are written (the page catching up; served-gate.ts). */
  beforeWrite?: (paths: readonly string[]) => Promise<void>
  /**
   * Absolute paths of the files the Vite config loads (`server.config.configFileDependencies`), which
   * no edit writes. Absent: read from the config's own imports (config-dependencies.ts). The PostCSS
   * and Tailwind configs' imports are always read from them.
   */
  configDependencies?: () => readonly string[]
  /** The route this edit runs for, named in its undo entry (the History panel); set per request. */
  operation?: MutateOperation
  /** Who asked: an agent's request (AUTHOR_HEADER) is marked so in the history. */
  author?: 'agent'
}

/** A file read for an edit, with its text as the element index knows it. */
export interface LoadedFile {
  source: SourceFile
  /** The whole file's AST, parsed on first use (in-place edits never need it). */
  readonly ast: File
}

/**
 * An element an edit targets: its index entry, its file, and its nodes parsed on first use: `node` the
 * whole element, `opening` only its opening tag (much cheaper for an element with a large subtree).
 */
export interface Target {
  element: IndexedElement
  file: LoadedFile
  readonly node: JSXElement
  readonly opening: JSXOpeningElement
}

/** What an edit produced. */
export interface EditOutcome {
  /** The new text of each file it changes or creates, by absolute path. */
  texts: Map<string, string>
  /**
   * For edits that change structure: where the `<` of an element of a changed file went (file and
   * offset in its new text), undefined when the element is gone. Without it the edit is in place and
   * no id changes.
   */
  relocate?: (file: string, offset: number) => { file: string; offset: number } | undefined
  /** Elements the edit created (file and offset of their `<` in the new text); their ids are reported. */
  created?: { file: string; offset: number }[]
}

/**
 * Computes an edit's new texts. `extras` holds the `extraFiles` of runEdit, read under the same lock and
 * keyed by the path they were asked for; a new text for one goes into `EditOutcome.texts` under that key.
 */
export type Edit = (
  targets: Target[],
  files: Map<string, LoadedFile>,
  extras: Map<string, SourceFile>,
) => EditOutcome | Promise<EditOutcome>

export interface RunEditOptions {
  /**
   * Real absolute paths of files outside the element index that the edit may also change (the
   * stylesheet of a CSS styling edit). Locked with the modules, read strictly, written in the same
   * atomic group and undo entry; never parsed as modules nor re-indexed.
   */
  extraFiles?: readonly string[]
  /**
   * Absolute paths of files the edit creates (a component it adds). Locked with the rest, checked with
   * resolveNewFilePath (inside the root, not there yet), written in the same group; undo deletes them.
   */
  createFiles?: readonly string[]
}

/** Where this project's edits may create files (see new-file-policy.ts). */
export function creatablePolicy(services: MutationServices): NewFilePolicy {
  return newFilePolicy(services.root, services.index.files(), services.publicDir ?? null)
}

function lookUp(index: ElementIndex, id: string): IndexedElement {
  const element = index.get(id)
  if (!element) {
    throw new MutateError(
      'UNKNOWN_ELEMENT',
      `No element with codebase id ${id} is known. Reload the preview so it shows the current code.`,
    )
  }
  return element
}

async function loadFile(services: MutationServices, file: string): Promise<LoadedFile> {
  const source = await readSourceFile(services.fs, services.root, file)
  const hash = sourceHash(source.text)
  if (hash !== services.index.sourceHashOf(file)) {
    throw new MutateError(
      'FILE_CHANGED',
      `${source.relativePath} changed on disk after visual-edit last read it, so the element may no longer be where the preview shows it; nothing was written. visual-edit reads the file again when the dev server next serves it: edit again once the preview shows the change (a file that no longer parses is read again once it does).`,
    )
  }
  let ast: File | undefined = services.parsed?.get(file, hash)
  return {
    source,
    get ast() {
      ast ??= parseModule(source.text, source.path)
      return ast
    },
  }
}

const isModule = (file: string) => /\.[jt]sx$/i.test(file)

/** What re-tagging a written module found: its elements, and its AST when the whole file was parsed. */
type Reanalysis = Pick<JsxAnalysis, 'elements'> & { ast?: File }

/** Re-tags a written module from its analysis, so the index is current at once (not after the next transform). */
function remember(services: MutationServices, file: string, text: string, analysis: Reanalysis): void {
  services.index.setFile(file, analysis.elements, text)
  const hash = services.index.sourceHashOf(file)
  if (hash && analysis.ast) services.parsed?.set(file, hash, analysis.ast)
}

/**
 * Re-tags a file written without an edit (undo, redo). Only `.jsx`/`.tsx` modules are tagged; other
 * files (stylesheets) are left alone.
 */
export function reindex(services: MutationServices, file: string, text: string): void {
  if (isModule(file))
    remember(services, file, text, analyzeJsx(text, { filename: file, root: services.root }))
}

function stale(element: IndexedElement): MutateError {
  return new MutateError(
    'STALE_ELEMENT',
    `The element ${element.id} is no longer at ${element.relativeFile}:${element.line}. Reload the preview and select it again.`,
  )
}

/** The element's nodes, parsed on first use; a span that no longer holds the element is a 409. */
function targetFor(element: IndexedElement, file: LoadedFile): Target {
  let node: JSXElement | undefined
  let opening: JSXOpeningElement | undefined
  return {
    element,
    file,
    get node() {
      node ??= parseElementAt(file.source.text, file.source.path, element)
      if (!node) throw stale(element)
      return node
    },
    get opening() {
      opening ??= node?.openingElement ?? parseOpeningAt(file.source.text, file.source.path, element)
      if (!opening) throw stale(element)
      return opening
    },
  }
}

/**
 * Runs one edit the safe way: the files of `ids` are locked; each is read strictly, must still be the
 * text the element index was built from (else 409), and each element must still be at its indexed
 * span (else 409). `edit` computes the new texts; every one must parse (else 422, nothing written).
 * Changed files are written as a group, atomically, re-indexed at once and recorded as one undo entry.
 * `options.extraFiles` join the same lock, group and undo entry (see RunEditOptions).
 */
export async function runEdit(
  services: MutationServices,
  canvasId: string,
  ids: readonly string[],
  edit: Edit,
  options: RunEditOptions = {},
): Promise<MutateResponse> {
  const filePaths = [...new Set(ids.map((id) => lookUp(services.index, id).file))]
  const extraPaths = [...new Set(options.extraFiles ?? [])].filter((file) => !filePaths.includes(file))
  const createPaths = [...new Set(options.createFiles ?? [])]

  return services.locks.run(
    [...filePaths, ...extraPaths, ...createPaths].map((file) => path.resolve(file)),
    async () => {
      // Look again under the lock: an edit that held it before us may have moved every span.
      const elements = ids.map((id) => lookUp(services.index, id))
      if (elements.some((element) => !filePaths.includes(element.file))) {
        throw new MutateError(
          'STALE_ELEMENT',
          'An element moved to another file while this edit waited. Try again.',
        )
      }
      const files = new Map<string, LoadedFile>()
      for (const file of filePaths) files.set(file, await loadFile(services, file))
      const extras = new Map<string, SourceFile>()
      for (const file of extraPaths) extras.set(file, await readSourceFile(services.fs, services.root, file))
      const created = new Map<string, { path: string; relativePath: string }>()
      const policy = creatablePolicy(services)
      for (const file of createPaths)
        created.set(file, await resolveNewFilePath(services.fs, services.root, file, policy))

      const targets = elements.map((element) => targetFor(element, files.get(element.file) as LoadedFile))

      const outcome = await edit(targets, files, extras)
      return commit(services, canvasId, files, extras, created, outcome, elements)
    },
  )
}

/**
 * What no write may do, checked on the whole group before any file is written: write a file a config
 * of the dev server loads (Vite's, PostCSS's, Tailwind's: it would run in Node), or write CSS that
 * makes the dev server load code or read outside the project (css-safety/): in a stylesheet, or in
 * any other source file as a url() Tailwind turns into CSS (`bg-[url(../../x)]`).
 */
async function assertSafeWrites(
  services: MutationServices,
  changes: readonly { text: string; beforeText: string | null }[],
  writes: readonly FileWrite[],
): Promise<void> {
  const dependencies = [
    ...(services.configDependencies?.() ?? (await viteConfigDependencies(services.root))),
    ...(await toolConfigDependencies(services.root)),
  ]
  await assertNoConfigDependency(services.fs, dependencies, writes)
  const { sourceFolders } = creatablePolicy(services)
  const project = {
    fs: services.fs,
    root: services.root,
    sourceFolders,
    publicDir: services.publicDir ?? null,
  }
  for (const [index, write] of writes.entries()) {
    const change = changes[index] as (typeof changes)[number]
    const checked = {
      path: write.path,
      relativePath: write.relativePath,
      before: change.beforeText,
      after: change.text,
    }
    await assertSafeStylesheet(services.fs, services.root, sourceFolders, checked)
    await assertSafeCandidateUrls(project, checked)
  }
}

async function commit(
  services: MutationServices,
  canvasId: string,
  files: Map<string, LoadedFile>,
  extras: Map<string, SourceFile>,
  created: Map<string, { path: string; relativePath: string }>,
  outcome: EditOutcome,
  targets: readonly IndexedElement[],
): Promise<MutateResponse> {
  interface Change {
    file: string
    relativePath: string
    before: Buffer | null
    text: string
    mode: number
    /** The text the edit started from; null for a file it creates. */
    beforeText: string | null
    analysis?: Reanalysis
  }
  const changes: Change[] = []
  for (const [file, text] of outcome.texts) {
    const loaded = files.get(file)
    const source = loaded?.source ?? extras.get(file)
    const creation = created.get(file)
    if (!source && !creation) throw new MutateError('INTERNAL', 'An edit produced a file it did not read.')
    if (source && text === source.text) continue
    const relativePath = source?.relativePath ?? (creation?.relativePath as string)
    // Modules must still parse; the parse also re-tags them. When the edit stayed inside its one
    // element, parsing that element proves it and the rest of the index just shifts.
    let analysis: Reanalysis | undefined
    if (loaded || (creation && isModule(file))) {
      const inFile = targets.filter((element) => element.file === file)
      const inPlace =
        loaded && !outcome.relocate && inFile.length === 1
          ? reindexInPlace(
              loaded.source.text,
              text,
              services.index.elementsOf(file),
              inFile[0] as IndexedElement,
              {
                filename: file,
                root: services.root,
              },
            )
          : undefined
      try {
        analysis = inPlace ? { elements: inPlace } : analyzeJsx(text, { filename: file, root: services.root })
      } catch {
        throw new MutateError(
          'EDIT_IMPOSSIBLE',
          `The edit would leave ${relativePath} unable to parse, so nothing was written.`,
        )
      }
    }
    changes.push({
      file,
      relativePath,
      before: source?.bytes ?? null,
      text,
      mode: source?.mode ?? 0o644,
      beforeText: source?.text ?? null,
      ...(analysis ? { analysis } : {}),
    })
  }
  if (changes.length === 0) return { ok: true, files: [] }

  const writes: FileWrite[] = changes.map((change) => ({
    path:
      created.get(change.file)?.path ??
      ((files.get(change.file)?.source.path ?? extras.get(change.file)?.path) as string),
    relativePath: change.relativePath,
    expected: change.before,
    bytes: Buffer.from(change.text, 'utf8'),
    mode: change.mode,
  }))
  await assertSafeWrites(services, changes, writes)
  await services.beforeWrite?.(writes.map((write) => write.path))
  const { directories, changedAt } = await writeFilesAtomically(services.fs, writes)
  services.written?.(writes, changedAt)

  const before = new Map(changes.map((change) => [change.file, services.index.elementsOf(change.file)]))
  for (const { file, text, analysis } of changes) if (analysis) remember(services, file, text, analysis)
  services.history.record(canvasId, {
    files: changes.map((change, index) => ({
      file: change.file,
      relativePath: change.relativePath,
      before: change.before,
      after: writes[index]?.bytes as Buffer,
      mode: change.mode,
    })),
    directories,
    ...(services.operation ? { operation: services.operation } : {}),
    ...(services.author ? { author: services.author } : {}),
  })

  const response: MutateResponse = { ok: true, files: changes.map((change) => change.relativePath) }
  // An agent reads what it did (and cannot see the editor's page): the diff of the files written.
  if (services.author === 'agent') {
    response.diff = changes
      .map(
        (change) =>
          unifiedDiff(change.relativePath, change.before?.toString('utf8') ?? null, change.text).diff ?? '',
      )
      .join('')
  }
  if (outcome.relocate) {
    const remapped = remapIds(services.index, before, outcome.relocate)
    if (Object.keys(remapped).length > 0) response.prevIdToNewIdMap = remapped
  }
  if (outcome.created && outcome.created.length > 0) {
    response.newCodebaseIds = outcome.created.map(({ file, offset }) => {
      const element = services.index.elementsOf(file).find((candidate) => candidate.start === offset)
      if (!element) throw new MutateError('INTERNAL', 'A created element is not where the edit put it.')
      return element.id
    })
  }
  return response
}
