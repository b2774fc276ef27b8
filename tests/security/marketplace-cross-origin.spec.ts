import { expect, test } from '@playwright/test'
import {
  type AttackerServer,
  copyMarketplace,
  type Running,
  secretsFilesUnder,
  startAttacker,
  startDev,
  type TempDir,
  tempDir,
  withEnv,
} from './marketplace-servers.ts'

/**
 * Issue 26, items 5 and 6 in a real browser: a page on another loopback port (the attacker's own
 * little server) reads, with fetch, the marketplace's secrets file and its inbox on the app's plain
 * `vite` dev server (the marketplace's vite.config, its data in the default place). Both must fail
 * to be read, and nothing of the secrets may reach that page.
 */

let copy: TempDir
let state: TempDir
let app: Running | undefined
let attacker: AttackerServer

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  copy = copyMarketplace()
  state = tempDir('browser-state')
  attacker = await startAttacker()
  // The default data location (in this test's own state folder), the backend opened at start.
  app = await withEnv(
    { MARKETPLACE_DATA_DIR: undefined, XDG_STATE_HOME: state.dir, MARKETPLACE_BACKEND: '' },
    () => startDev(copy.dir),
  )
})
test.afterAll(async () => {
  await app?.close()
  await attacker?.close()
  await copy?.remove()
  await state?.remove()
})

/** What the attacker's page gets from a cross-origin fetch: the text, or the error that stopped it. */
async function readFromAttackerPage(page: import('@playwright/test').Page, url: string) {
  return page.evaluate(async (target) => {
    try {
      const response = await fetch(target)
      return { read: true, status: response.status, text: await response.text() }
    } catch (error) {
      return { read: false, status: 0, text: String(error) }
    }
  }, url)
}

test('a page on another loopback port cannot read the secrets file or the inbox', async ({ page }) => {
  const secrets = secretsFilesUnder(copy.dir, state.dir)
  expect(secrets).toHaveLength(1)
  const { jwtSecret } = secrets[0] as { jwtSecret: string }
  await page.goto(attacker.url)

  const file = await readFromAttackerPage(page, `${app?.url}/.data/backend.json`)
  expect.soft(file).toMatchObject({ read: false })
  const inbox = await readFromAttackerPage(page, `${app?.url}/inbox`)
  expect.soft(inbox).toMatchObject({ read: false })

  // Nothing of the secrets reached the attacker's page, whatever it tried.
  const seen = await page.evaluate(() => document.documentElement.outerHTML)
  for (const text of [file.text, inbox.text, seen]) expect(text).not.toContain(jwtSecret)
  // The app's own page still reads its inbox (same origin).
  await page.goto(`${app?.url}/inbox`)
  await expect(page.getByRole('heading', { name: 'Local inbox' })).toBeVisible()
})
