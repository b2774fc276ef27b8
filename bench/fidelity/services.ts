/**
 * The services the dev server hands every mutate operation (`server/mutate-plugin.ts`), built for a
 * project folder on disk without a dev server: the element index the tag plugin fills, the file system,
 * the per-file locks, the undo history and the cache of parsed files, with Vite's public folder at its
 * default place. What only a running server has (its watcher, the page's hot updates, the files its
 * config loaded) is left out; no operation needs it to edit. bench/mutate.ts and the fidelity
 * benchmark build their services here.
 */
import path from 'node:path'
import { History } from '../../packages/vite-plugin-visual-edit/src/server/edit/history.ts'
import type { MutationServices } from '../../packages/vite-plugin-visual-edit/src/server/edit/mutation.ts'
import { ParsedFiles } from '../../packages/vite-plugin-visual-edit/src/server/edit/parsed-files.ts'
import {
  FileLocks,
  type FileSystem,
  nodeFileSystem,
} from '../../packages/vite-plugin-visual-edit/src/server/edit/source-file.ts'
import type { ElementIndex } from '../../packages/vite-plugin-visual-edit/src/transform/element-index.ts'

/** The plugin's default `historyLimit`. */
const HISTORY_LIMIT = 100

/**
 * The disk as the dev server reads and writes it, adding the time each call takes to `io.ms`: what an
 * edit spends on the safe write (strict read, temp file, re-read, rename), told apart from its work.
 */
export function timedFileSystem(disk: FileSystem = nodeFileSystem): { fs: FileSystem; io: { ms: number } } {
  const io = { ms: 0 }
  const timed =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const start = performance.now()
      try {
        return await call(...args)
      } finally {
        io.ms += performance.now() - start
      }
    }
  const fs: FileSystem = {
    lstat: timed(disk.lstat) as FileSystem['lstat'],
    realpath: timed(disk.realpath) as FileSystem['realpath'],
    readFile: timed(disk.readFile),
    writeFile: timed(disk.writeFile),
    chmod: timed(disk.chmod),
    rename: timed(disk.rename),
    unlink: timed(disk.unlink),
    mkdir: timed(disk.mkdir),
    rmdir: timed(disk.rmdir),
  }
  return { fs, io }
}

export function devServerServices(
  root: string,
  index: ElementIndex,
  fs: FileSystem = nodeFileSystem,
): MutationServices {
  return {
    root,
    index,
    fs,
    locks: new FileLocks(),
    history: new History(HISTORY_LIMIT),
    parsed: new ParsedFiles(),
    // Vite's default public folder: edits never create files in it.
    publicDir: path.join(root, 'public'),
  }
}
