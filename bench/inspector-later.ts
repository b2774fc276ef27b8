/// <reference lib="dom" />
/**
 * Later builds on the same page, for bench/inspector.ts: the goals' builds are the page's first walk
 * and first refresh, run in code V8 has not optimized yet; an editing session mostly runs later ones.
 * These figures have no goal; they show what a session's builds cost once the code is warm.
 */
import type { Page } from '@playwright/test'

/** Changes and explicit rebuilds made before the ones measured. */
const WARMING_BUILDS = 2

export interface LaterBuilds {
  /** DOM change -> NAV_TREE of the change after WARMING_BUILDS others (ms), and its refresh's work. */
  change: number
  changeWork: number
  /** initProject -> NAV_TREE of the whole walk after WARMING_BUILDS others (ms), and its work. */
  walk: number
  walkWork: number
}

/**
 * After the first tree and change (`treesSoFar` trees arrived), WARMING_BUILDS + 1 more changes, each
 * timed from its DOM mutation, then as many explicit whole walks; the last of each is measured. Needs
 * the page state bench/inspector.ts sets up (`nextTree`, `editor`) and the bench app's `benchChange`.
 */
export function measureLaterBuilds(
  page: Page,
  treesSoFar: number,
  measureName: string,
): Promise<LaterBuilds> {
  return page.evaluate(
    async ({ treesSoFar, warming, measureName }) => {
      const state = window as unknown as {
        benchChange: () => void
        editor: MessagePort
        nextTree: (count: number) => Promise<{ at: number }>
      }
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
      const lastWork = () => {
        const entries = performance.getEntriesByName(measureName)
        const detail = (entries[entries.length - 1] as PerformanceMeasure | undefined)?.detail as
          | { workMs: number }
          | undefined
        return detail?.workMs ?? Number.NaN
      }
      let trees = treesSoFar
      let change = 0
      let changeWork = 0
      for (let round = 0; round <= warming; round++) {
        await pause(600)
        let start = 0
        const observer = new MutationObserver(() => {
          start ||= performance.now()
        })
        observer.observe(document.body, { childList: true, subtree: true, characterData: true })
        state.benchChange()
        const tree = await state.nextTree(++trees)
        observer.disconnect()
        change = tree.at - start
        changeWork = lastWork()
      }
      let walk = 0
      let walkWork = 0
      for (let round = 0; round <= warming; round++) {
        await pause(600)
        const start = performance.now()
        state.editor.postMessage({
          id: 100 + round,
          type: 'executeFunction',
          payload: { functionName: 'initProject', args: [{ storyboardId: 'bench' }] },
        })
        const tree = await state.nextTree(++trees)
        walk = tree.at - start
        walkWork = lastWork()
      }
      return { change, changeWork, walk, walkWork }
    },
    { treesSoFar, warming: WARMING_BUILDS, measureName },
  )
}
