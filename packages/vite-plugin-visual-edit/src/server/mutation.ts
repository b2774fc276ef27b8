import path from 'node:path'
import type { File, JSXElement } from '@babel/types'
import type { MutateResponse } from '../protocol/mutate-api.ts'
import { type ElementIndex, type IndexedElement, sourceHash } from '../transform/element-index.ts'
import { parseModule } from '../transform/parse-module.ts'
import { tagJsx } from '../transform/tag-jsx.ts'
import type { FileVersions, History } from './history.ts'
import { findJsxElement } from './jsx-ast.ts'
import { MutateError } from './mutate-error.ts'
import {
  type FileLocks,
  type FileSystem,
  readSourceFile,
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
}

/** A file read for an edit, parsed, with its text as the element index knows it. */
export interface LoadedFile {
  source: SourceFile
  ast: File
}

/** An element an edit targets: its index entry, its file and its node in that file's AST. */
export interface Target {
  element: IndexedElement
  file: LoadedFile
  node: JSXElement
}

/** The new text of each file the edit changes (absolute path -> text), and renamed ids. */
export interface EditOutcome {
  texts: Map<string, string>
  prevIdToNewIdMap?: Record<string, string>
}

export type Edit = (targets: Target[], files: Map<string, LoadedFile>) => EditOutcome | Promise<EditOutcome>

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
  if (sourceHash(source.text) !== services.index.sourceHashOf(file)) {
    throw new MutateError(
      'FILE_CHANGED',
      `${source.relativePath} changed since the preview rendered it. Wait for the preview to reload, then edit again.`,
    )
  }
  return { source, ast: parseModule(source.text, source.path) }
}

/** Re-tags a written file so the index is current at once, not only after the next transform. */
export function reindex(services: MutationServices, file: string, relativePath: string, text: string): void {
  const { elements } = tagJsx(text, { filename: file, root: services.root })
  services.index.setFile(file, relativePath, elements, text)
}

/**
 * Runs one edit the safe way: the files of `ids` are locked; each is read strictly, must still be the
 * text the element index was built from (else 409), and each element must still be at its indexed
 * span (else 409). `edit` computes the new texts; every one must parse (else 422, nothing written).
 * Changed files are written as a group, atomically, re-indexed at once and recorded as one undo entry.
 */
export async function runEdit(
  services: MutationServices,
  canvasId: string,
  ids: readonly string[],
  edit: Edit,
): Promise<MutateResponse> {
  const elements = ids.map((id) => lookUp(services.index, id))
  const filePaths = [...new Set(elements.map((element) => element.file))]

  return services.locks.run(
    filePaths.map((file) => path.resolve(file)),
    async () => {
      const files = new Map<string, LoadedFile>()
      for (const file of filePaths) files.set(file, await loadFile(services, file))

      const targets = elements.map((element): Target => {
        const file = files.get(element.file) as LoadedFile
        const node = findJsxElement(file.ast, element.start, element.end)
        if (!node) {
          throw new MutateError(
            'STALE_ELEMENT',
            `The element ${element.id} is no longer at ${element.relativeFile}:${element.line}. Reload the preview and select it again.`,
          )
        }
        return { element, file, node }
      })

      const outcome = await edit(targets, files)
      return commit(services, canvasId, files, outcome)
    },
  )
}

async function commit(
  services: MutationServices,
  canvasId: string,
  files: Map<string, LoadedFile>,
  outcome: EditOutcome,
): Promise<MutateResponse> {
  const changed: { file: string; loaded: LoadedFile; text: string }[] = []
  for (const [file, text] of outcome.texts) {
    const loaded = files.get(file)
    if (!loaded) throw new MutateError('INTERNAL', 'An edit produced a file it did not read.')
    if (text === loaded.source.text) continue
    try {
      parseModule(text, loaded.source.path)
    } catch {
      throw new MutateError(
        'EDIT_IMPOSSIBLE',
        `The edit would leave ${loaded.source.relativePath} unable to parse, so nothing was written.`,
      )
    }
    changed.push({ file, loaded, text })
  }
  if (changed.length === 0) return { ok: true, files: [] }

  const writes = changed.map(({ loaded, text }) => ({
    file: loaded.source,
    bytes: Buffer.from(text, 'utf8'),
  }))
  await writeFilesAtomically(services.fs, writes)

  const versions: FileVersions[] = changed.map(({ file, loaded }, index) => ({
    file,
    relativePath: loaded.source.relativePath,
    before: loaded.source.bytes,
    after: writes[index]?.bytes as Buffer,
  }))
  for (const { file, loaded, text } of changed) reindex(services, file, loaded.source.relativePath, text)
  services.history.record(canvasId, { files: versions })

  return {
    ok: true,
    files: versions.map((version) => version.relativePath),
    ...(outcome.prevIdToNewIdMap && Object.keys(outcome.prevIdToNewIdMap).length > 0
      ? { prevIdToNewIdMap: outcome.prevIdToNewIdMap }
      : {}),
  }
}
