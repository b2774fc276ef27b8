/// <reference lib="dom" />
/**
 * Later builds on the same page, for bench/inspector.ts: the goals' builds are the page's first walk
 * and first refresh, run in code V8 has not optimized yet; an editing session mostly runs later ones.
 * These figures have no goal; they show what a session's builds cost once the code is warm.
 */
import type { Page } from '@playwright/test'
import type { BenchBuild, BenchWindow } from './inspector-page.ts'

/** Changes and explicit rebuilds made before the ones measured. */
const WARMING_BUILDS = 2

export interface LaterBuilds {
  /** The change after WARMING_BUILDS others: DOM mutation -> NAV_TREE, and its refresh. */
  change: BenchBuild
  /** The whole walk (initProject) after WARMING_BUILDS others. */
  walk: BenchBuild
}

/**
 * After the first tree and change, WARMING_BUILDS + 1 more changes, then as many explicit whole
 * walks, each timed by the page's `build` (bench/inspector.ts); the last of each is returned.
 */
export function measureLaterBuilds(page: Page): Promise<LaterBuilds> {
  return page.evaluate(async (warming) => {
    const state = window as unknown as BenchWindow
    const pause = () => new Promise((resolve) => setTimeout(resolve, 600))
    let change: BenchBuild | null = null
    for (let round = 0; round <= warming; round++) {
      await pause()
      change = await state.build('change')
    }
    let walk: BenchBuild | null = null
    for (let round = 0; round <= warming; round++) {
      await pause()
      walk = await state.build('walk')
    }
    return { change: change as BenchBuild, walk: walk as BenchBuild }
  }, WARMING_BUILDS)
}
