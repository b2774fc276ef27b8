import { LOADER_REBUILD_DELAY_MS, NAV_TREE_REBUILD_DELAY_MS } from '../core/constants.ts'

/**
 * Under constant mutations (an animation writing styles every frame) the 300 ms debounce alone would
 * never fire; the tree is then rebuilt at least this often.
 */
export const MAX_REBUILD_WAIT_MS = 1000

/** The clock the scheduler reads and sets timers on (the page's; fake ones in tests). */
export interface SchedulerClock {
  now(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface RebuildScheduler {
  /**
   * A DOM mutation or a load: a rebuild NAV_TREE_REBUILD_DELAY_MS after the last one, and at most
   * MAX_REBUILD_WAIT_MS after the first one since the last rebuild.
   */
  change(): void
  /**
   * A scroll or resize: such events come in streams that end, and only where they end matters, so the
   * rebuild waits until the last one is NAV_TREE_REBUILD_DELAY_MS past (no upper bound).
   */
  settle(): void
  /**
   * Loader-based frameworks (Next.js) may render after the first build without a mutation the first
   * tree could have waited for: one whole rebuild LOADER_REBUILD_DELAY_MS from now, unless a build
   * ran meanwhile (`builds` counts them).
   */
  afterLoader(builds: () => number): void
  /** Forgets every pending rebuild. */
  cancel(): void
}

/**
 * When the navigation tree is rebuilt after the page changed (docs/INSPECTOR.md, Building it).
 * `rebuild(true)` walks the whole page; `rebuild(false)` refreshes what changed.
 */
export function createRebuildScheduler(
  clock: SchedulerClock,
  rebuild: (whole: boolean) => void,
): RebuildScheduler {
  let debounce: unknown
  let loader: unknown
  let firstPendingChange: number | null = null

  const schedule = (isChange: boolean) => {
    const at = clock.now()
    if (isChange) firstPendingChange ??= at
    if (debounce !== undefined) clock.clearTimeout(debounce)
    const delay =
      firstPendingChange === null
        ? NAV_TREE_REBUILD_DELAY_MS
        : Math.min(NAV_TREE_REBUILD_DELAY_MS, firstPendingChange + MAX_REBUILD_WAIT_MS - at)
    debounce = clock.setTimeout(
      () => {
        debounce = undefined
        firstPendingChange = null
        rebuild(false)
      },
      Math.max(0, delay),
    )
  }

  return {
    change: () => schedule(true),
    settle: () => schedule(false),
    afterLoader(builds) {
      if (loader !== undefined) clock.clearTimeout(loader)
      const before = builds()
      loader = clock.setTimeout(() => {
        loader = undefined
        if (builds() === before) rebuild(true)
      }, LOADER_REBUILD_DELAY_MS)
    },
    cancel() {
      if (debounce !== undefined) clock.clearTimeout(debounce)
      if (loader !== undefined) clock.clearTimeout(loader)
      debounce = undefined
      loader = undefined
      firstPendingChange = null
    },
  }
}
