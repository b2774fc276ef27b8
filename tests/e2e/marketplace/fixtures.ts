import { test as base, expect, type Page } from '@playwright/test'

/**
 * Every marketplace test runs against a build the global setup serves: the default one, whose
 * listings are the backend's (`listingsStore: 'database'`), or the spec's static-demo build whose
 * listings live in the browser's localStorage (`test.use({ listingsStore: 'browser' })`), for the
 * specs that stage listings in storage.
 */
export const test = base.extend<{ listingsStore: 'database' | 'browser' }>({
  listingsStore: ['database', { option: true }],
  baseURL: async ({ listingsStore }, use) => {
    const name = listingsStore === 'browser' ? 'MARKETPLACE_BROWSER_STORE_URL' : 'MARKETPLACE_URL'
    const url = process.env[name]
    if (!url) throw new Error(`${name} is not set: run the tests through playwright.config.ts`)
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
