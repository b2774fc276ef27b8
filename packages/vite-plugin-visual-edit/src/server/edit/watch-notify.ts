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

/**
 * Makes sure the dev server hears of every file the mutate server writes as what it is: a write the
 * watcher has not reported a moment later as that event ('change' for a rewrite, 'add' for a new
 * file, 'unlink' for a deleted one) is reported to Vite by emitting the watcher's own event, so the
 * module and what depends on it (Tailwind's stylesheet) are updated like after any save. A rewrite
 * that chokidar saw as 'unlink' then 'add' (its rename of a file, when the two come more than 100 ms
 * apart on a busy machine) still gets its 'change'. A write the watcher did report is left to it.
 */
export function watchNotifier(watcher: Watcher): (writes: readonly FileWrite[]) => void {
  const lastEvent = new Map<string, number>()
  watcher.on('all', (event, file) => lastEvent.set(`${event}\u0000${path.resolve(file)}`, performance.now()))
  return (writes) => {
    const writtenAt = performance.now()
    setTimeout(() => {
      for (const write of writes) {
        const event = write.bytes === null ? 'unlink' : write.expected === null ? 'add' : 'change'
        if ((lastEvent.get(`${event}\u0000${write.path}`) ?? -1) > writtenAt) continue
        watcher.emit(event, write.path)
      }
    }, WATCH_SETTLE_MS).unref()
  }
}
