import { defineConfig } from '@playwright/test'
import main from '../../playwright.config.ts'

/**
 * The newcomer's check (`npm run test:newcomer`, the last step of `npm test`): alone, after every other
 * suite, because it installs and starts a whole clone of the repository as the README says to, on the
 * README's own ports.
 */
export default defineConfig({
  ...main,
  testDir: '.',
  testMatch: ['*.spec.ts'],
  globalSetup: undefined,
  projects: undefined,
  workers: 1,
  fullyParallel: false,
})
