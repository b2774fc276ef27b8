import path from 'node:path'
import type { FileWrite } from './source-file.ts'

/**
 * How long after a write the server waits for the dev server's watcher to report it. Chokidar drops
 * a second change of a path within 50 ms of the first (its throttle), so two edits or undos in quick
 * succession would otherwise leave the page on the first one.
 */
const WATCH_SETTLE_MS = 120

/** The part of Vite's file watcher (chokidar) this uses. */
export interface Watcher {
  on(event: 'all', listener: (event: string, file: string) => void): unknown
  emit(event: string, file: string): boolean
}

/** How many more times a write the dev server may not have loaded yet is looked at before it is reported. */
const STALE_RETRIES = 3

/**
 * Makes sure the dev server hears of every file the mutate server writes as what it is: a write the
 * watcher has not reported a moment later as that event ('change' for a rewrite, 'add' for a new
 * file, 'unlink' for a deleted one) is reported to Vite by emitting the watcher's own event, so the
 * module and what depends on it (Tailwind's stylesheet) are updated like after any save. A rewrite
 * that chokidar saw as 'unlink' then 'add' (its rename of a file, when the two come more than 100 ms
 * apart on a busy machine) still gets its 'change'.
 *
 * An event after the write is not proof that the dev server has the write: with writes in quick
 * succession (undo, undo, undo) the event can be the one of the write before, which Vite loaded
 * before the last write landed, while chokidar throttled the last write's own event away. So a write
 * the watcher reported is also checked against what the dev server last served the file
 * (`servedAtOf`, recorded by the tag plugin's transform): while that is before the write, it is looked
 * at again (Vite may not have loaded it yet), and then reported. Only the last write of a file is
 * followed; the ones before it are its past.
 */
export function watchNotifier(
  watcher: Watcher,
  servedAtOf: (file: string) => number | undefined = () => undefined,
): (writes: readonly FileWrite[], changedAt?: number) => void {
  const lastEvent = new Map<string, number>()
  const lastWrite = new Map<string, number>()
  watcher.on('all', (event, file) => lastEvent.set(`${event}\u0000${path.resolve(file)}`, performance.now()))

  const follow = (writes: readonly FileWrite[], writtenAt: number, retries: number) => {
    setTimeout(() => {
      const again: FileWrite[] = []
      for (const write of writes) {
        if (lastWrite.get(write.path) !== writtenAt) continue
        const event = write.bytes === null ? 'unlink' : write.expected === null ? 'add' : 'change'
        const reported = (lastEvent.get(`${event}\u0000${write.path}`) ?? -1) > writtenAt
        // The dev server served this file before, but not since the write: the event was the last write's.
        const servedAt = write.bytes === null ? undefined : servedAtOf(write.path)
        const stale = servedAt !== undefined && servedAt < writtenAt
        if (reported && !stale) continue
        if (reported && retries > 0) {
          again.push(write)
          continue
        }
        watcher.emit(event, write.path)
      }
      if (again.length > 0) follow(again, writtenAt, retries - 1)
    }, WATCH_SETTLE_MS).unref()
  }

  // `changedAt`: when the files began to change on disk (GroupWritten). The watcher's event, and Vite's
  // serve of the new bytes, can come before the write resolves: counted from the call, they were
  // taken for the last write's, and every save was reported twice (two hot updates of each edit).
  return (writes, changedAt = performance.now()) => {
    const writtenAt = changedAt
    for (const write of writes) lastWrite.set(write.path, writtenAt)
    follow(writes, writtenAt, STALE_RETRIES)
  }
}
