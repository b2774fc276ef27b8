import type { FileWrite } from './source-file.ts'

/** How long a write waits for the page to have loaded the last write of the same file. */
export const SERVED_WAIT_MS = 1500
const POLL_MS = 10

/**
 * Keeps writes to one file from overtaking the page's reload of the one before. Two hot updates of a
 * module in quick succession (undo, undo, undo) are fetched by the page at the same time, and the
 * first can finish evaluating last: React then renders the older code, and the page stays on it.
 * So a write waits (at most SERVED_WAIT_MS) until the dev server has served the file since its last
 * write (`servedAt`, recorded by the tag plugin's transform) and the page has applied a hot update of
 * it since (`appliedAt`, from the page's HOT_APPLIED_EVENT), while a page is connected. A file no page
 * loads again (it left the page) stops being waited for after one wait runs out.
 */
export function servedGate(
  servedAt: ReadonlyMap<string, number>,
  appliedAt: ReadonlyMap<string, number>,
  pageConnected: () => boolean,
): { written(writes: readonly FileWrite[]): void; wait(paths: readonly string[]): Promise<void> } {
  /** When each file was last written by the mutate server (only files a page has loaded). */
  const writtenAt = new Map<string, number>()
  // Served since the write (whatever it holds now: the user may have saved it since), and applied since.
  const caughtUp = (file: string) => {
    const served = servedAt.get(file) ?? Number.NEGATIVE_INFINITY
    return served >= (writtenAt.get(file) ?? 0) && (appliedAt.get(file) ?? Number.NEGATIVE_INFINITY) >= served
  }
  return {
    written(writes) {
      for (const write of writes) {
        if (write.bytes === null || !servedAt.has(write.path)) writtenAt.delete(write.path)
        else writtenAt.set(write.path, performance.now())
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
