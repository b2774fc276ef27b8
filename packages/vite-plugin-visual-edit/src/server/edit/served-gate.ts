import type { FileWrite } from './source-file.ts'

/**
 * How long a write waits for the page to have loaded the last write of the same file. Past it the
 * two hot updates can race (below), so it is long enough for a busy machine: on a 2-core CI machine
 * running two browsers, a hot update took over 1.5 s to be fetched, evaluated and rendered. It is
 * spent only while the page is behind: a page loaded afresh since the write is not waited for.
 */
export const SERVED_WAIT_MS = 5000
const POLL_MS = 10

/**
 * Keeps writes to one file from overtaking the page's reload of the one before. Two hot updates of a
 * module in quick succession (undo, undo, undo) are fetched by the page at the same time, and the
 * first can finish evaluating last: React then renders the older code, and the page stays on it.
 * So a write waits (at most SERVED_WAIT_MS) until the dev server has served the file since its last
 * write (`servedAt`, recorded by the tag plugin's transform) and the page has applied a hot update of
 * it since (`appliedAt`, from the page's HOT_APPLIED_EVENT), or a page connected since the write (a
 * full reload: a page loads its modules in order, so it has the write once it was served), while a
 * page is connected. A file no page loads again (it left the page) stops being waited for after one
 * wait runs out.
 */
export function servedGate(
  servedAt: ReadonlyMap<string, number>,
  appliedAt: ReadonlyMap<string, number>,
  pageConnected: () => boolean,
  lastPageConnectedAt: () => number = () => Number.NEGATIVE_INFINITY,
): {
  /** `changedAt`: when the files began to change on disk (GroupWritten): a serve after it has the write. */
  written(writes: readonly FileWrite[], changedAt?: number): void
  wait(paths: readonly string[]): Promise<void>
} {
  /** When each file was last written by the mutate server (only files a page has loaded). */
  const writtenAt = new Map<string, number>()
  // Served since the write (whatever it holds now: the user may have saved it since), and applied
  // since by a hot update or loaded by a page that connected after the write.
  const caughtUp = (file: string) => {
    const written = writtenAt.get(file) ?? 0
    const served = servedAt.get(file) ?? Number.NEGATIVE_INFINITY
    if (served < written) return false
    return (appliedAt.get(file) ?? Number.NEGATIVE_INFINITY) >= served || lastPageConnectedAt() >= written
  }
  return {
    written(writes, changedAt = performance.now()) {
      for (const write of writes) {
        if (write.bytes === null || !servedAt.has(write.path)) writtenAt.delete(write.path)
        else writtenAt.set(write.path, changedAt)
      }
    },
    async wait(paths) {
      const pending = () => paths.filter((file) => writtenAt.has(file) && !caughtUp(file))
      const deadline = performance.now() + SERVED_WAIT_MS
      while (pending().length > 0 && pageConnected()) {
        if (performance.now() >= deadline) {
          for (const file of pending()) writtenAt.delete(file)
          return
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      }
    },
  }
}
