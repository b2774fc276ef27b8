import { test as base, expect } from '@playwright/test'

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
