/**
 * `npm run screenshot`: the README's pictures of the editor, made from the real page. Starts the
 * `visual-edit` binary on a copy of the marketplace, opens the editor at 1440x900 in the system
 * Chromium, selects the hero heading and saves docs/images/editor-light.png and editor-dark.png.
 */
import path from 'node:path'
import { chromium } from '@playwright/test'
import playwrightConfig, { CHROMIUM_PATH } from '../playwright.config.ts'
import { MARKETPLACE, startCliProject } from '../tests/e2e/projects/cli-project.ts'

const OUT = path.resolve(import.meta.dirname, '../docs/images')

const served = await startCliProject('marketplace', MARKETPLACE)
const browser = await chromium.launch({
  ...playwrightConfig.use?.launchOptions,
  executablePath: CHROMIUM_PATH,
})
try {
  for (const scheme of ['light', 'dark'] as const) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: scheme })
    await page.goto(served.editorUrl)
    await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor({ timeout: 60_000 })
    const heading = page.frameLocator('iframe[title="The app"]').locator('h1#hero-heading')
    await heading.click()
    const id = await heading.getAttribute('data-tempo-id')
    await page.locator(`[role=treeitem][data-codebase-id="${id}"][aria-selected=true]`).waitFor()
    // The pointer away from the frame, so that no hover outline is drawn; fonts and images settled.
    await page.mouse.move(720, 880)
    await page.evaluate(() => document.fonts.ready)
    await page.waitForTimeout(500)
    const file = path.join(OUT, `editor-${scheme}.png`)
    await page.screenshot({ path: file })
    console.log(`saved ${path.relative(process.cwd(), file)}`)
    await page.close()
  }
} finally {
  await browser.close()
  await served.stop()
}
