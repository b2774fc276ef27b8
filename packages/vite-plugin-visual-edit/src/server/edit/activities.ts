import path from 'node:path'
import type { MutateResponse } from '../../protocol/mutate-api.ts'
import type { HistoryEntry } from './history.ts'
import { MutateError } from './mutate-error.ts'
import { creatablePolicy, type MutationServices, reindex } from './mutation.ts'
import {
  type FileWrite,
  readSourceFile,
  removeEmptyDirectories,
  resolveNewFilePath,
  writeFilesAtomically,
} from './source-file.ts'

type Direction = 'undo' | 'redo'

/**
 * Puts every file of the newest undo (or redo) entry back to its bytes before (or after) the edit:
 * rewritten, re-created or deleted. Only when each file still holds exactly what the entry left there
 * (or is still absent); otherwise 409 and nothing is written, so an edit made since in another editor
 * is never lost.
 */
export async function replay(
  services: MutationServices,
  canvasId: string,
  direction: Direction,
): Promise<MutateResponse> {
  const peek = () =>
    direction === 'undo' ? services.history.peekUndo(canvasId) : services.history.peekRedo(canvasId)
  const entry = peek()
  if (!entry) {
    throw new MutateError(
      direction === 'undo' ? 'NOTHING_TO_UNDO' : 'NOTHING_TO_REDO',
      `There is nothing to ${direction} on this canvas.`,
    )
  }

  return services.locks.run(
    entry.files.map((version) => path.resolve(version.file)),
    async () => {
      if (peek() !== entry) {
        throw new MutateError('FILE_CHANGED', `Another ${direction} or edit ran at the same time. Try again.`)
      }
      const writes = await expectedWrites(services, entry, direction)
      await services.beforeWrite?.(writes.map((write) => write.path))
      const { changedAt } = await writeFilesAtomically(services.fs, writes)
      services.written?.(writes, changedAt)
      if (direction === 'undo') await removeEmptyDirectories(services.fs, entry.directories)
      for (const write of writes) {
        if (write.bytes === null) services.index.deleteFile(write.path)
        else reindex(services, write.path, write.bytes.toString('utf8'))
      }
      if (direction === 'undo') services.history.undone(canvasId)
      else services.history.redone(canvasId)
      return { ok: true, files: entry.files.map((version) => version.relativePath) }
    },
  )
}

async function expectedWrites(
  services: MutationServices,
  entry: HistoryEntry,
  direction: Direction,
): Promise<FileWrite[]> {
  const writes: FileWrite[] = []
  for (const version of entry.files) {
    const [expected, target] =
      direction === 'undo' ? [version.after, version.before] : [version.before, version.after]
    const changedSince = () =>
      new MutateError(
        'FILE_CHANGED',
        `${version.relativePath} changed since this edit, so ${direction} would overwrite that change. Nothing was written.`,
      )
    if (expected === null) {
      // The edit created (undo: deleted) this file; it must still be absent.
      const exists = await services.fs.lstat(version.file).then(
        () => true,
        () => false,
      )
      if (exists) throw changedSince()
      await resolveNewFilePath(services.fs, services.root, version.file, creatablePolicy(services))
      writes.push({
        path: version.file,
        relativePath: version.relativePath,
        expected: null,
        bytes: target,
        mode: version.mode,
      })
      continue
    }
    const source = await readSourceFile(services.fs, services.root, version.file)
    if (!source.bytes.equals(expected)) throw changedSince()
    writes.push({
      path: source.path,
      relativePath: source.relativePath,
      expected: source.bytes,
      bytes: target,
      mode: source.mode,
    })
  }
  return writes
}
