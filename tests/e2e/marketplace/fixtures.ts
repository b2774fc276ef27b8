import { test as base, expect, type Page } from '@playwright/test'

/** Every marketplace test runs against the build the global setup serves. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; there are none
  baseURL: async ({}, use) => {
    const url = process.env.MARKETPLACE_URL
    if (!url) throw new Error('MARKETPLACE_URL is not set: run the tests through playwright.config.ts')
    await use(url)
  },
})

export { expect }

/**
 * Records the most elements matching `selector` the page ever showed at once, from its first paint, so
 * a short loading state is observed however fast or slow the machine is. Read it with `maxSeen`.
 */
export async function recordMaxCount(
  page: Page,
  selector: string,
): Promise<{ maxSeen: () => Promise<number> }> {
  await page.addInitScript((watched) => {
    const state = window as unknown as { __maxSeen?: number }
    state.__maxSeen = 0
    new MutationObserver(() => {
      state.__maxSeen = Math.max(state.__maxSeen ?? 0, document.querySelectorAll(watched).length)
    }).observe(document, { childList: true, subtree: true })
  }, selector)
  return { maxSeen: () => page.evaluate(() => (window as unknown as { __maxSeen?: number }).__maxSeen ?? 0) }
}
