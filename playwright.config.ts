import { defineConfig } from '@playwright/test'

/**
 * Browser tests drive the system Chromium (Debian's package at /usr/bin/chromium, or CHROMIUM_PATH);
 * Playwright never downloads a browser. See DEVELOPERS.md.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: 'tests',
  // The browser journeys, and the security suite's attacks that need a real browser (tests/security).
  testMatch: ['e2e/**/*.spec.ts', 'security/**/*.spec.ts'],
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  projects: [
    // The admin specs share the moderation site's figures (counts, the activity, plans): one at a time.
    { name: 'admin', testMatch: 'e2e/marketplace/admin-*.spec.ts', workers: 1, fullyParallel: false },
    { name: 'main', testIgnore: 'e2e/marketplace/admin-*.spec.ts' },
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
})
