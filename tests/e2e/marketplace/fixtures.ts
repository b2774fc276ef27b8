import { test as base, expect, type Page } from '@playwright/test'

/** The sites the global setup serves (tests/e2e/global-setup.ts), each with its own backend. */
const SITE_URLS = {
  // Listings in its database: the site most specs share.
  database: 'MARKETPLACE_URL',
  // The spec's static-demo build: listings in the browser's localStorage, for specs that stage them.
  browser: 'MARKETPLACE_BROWSER_STORE_URL',
  // A site whose public listings an admin approves and rejects, away from the specs that count them.
  moderation: 'MARKETPLACE_MODERATION_URL',
} as const

/** Every marketplace test runs against a site the global setup serves (`test.use({ listingsStore })`). */
export const test = base.extend<{ listingsStore: keyof typeof SITE_URLS }>({
  listingsStore: ['database', { option: true }],
  baseURL: async ({ listingsStore }, use) => {
    const name = SITE_URLS[listingsStore]
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
