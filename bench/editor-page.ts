import type { Browser, Frame, Page } from '@playwright/test'

/**
 * The editor page as the editor benchmarks open it: 1440x900, `instrument` run in the editor and in
 * the app's frame before their own scripts (it records what the bench reads back).
 */
export async function instrumentedEditorPage(browser: Browser, instrument: () => void): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  // tsx compiles the benches with esbuild's keepNames: the functions the page runs call __name.
  await context.addInitScript({ content: 'window.__name = (fn) => fn' })
  await context.addInitScript(instrument)
  return context.newPage()
}

/** The app's frame of the editor page. */
export async function appFrame(page: Page): Promise<Frame> {
  const frame = await (await page.locator('iframe[title="The app"]').elementHandle())?.contentFrame()
  if (!frame) throw new Error('the editor has no app frame')
  return frame
}
