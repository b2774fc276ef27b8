import {
  auditPage,
  type CategoryId,
  describeLost,
  type LighthouseBrowser,
  launchLighthouseBrowser,
} from '../../helpers/lighthouse.ts'
import { expect, test } from './fixtures.ts'

/**
 * Lighthouse's accessibility and best practices on the production build's main pages (issue 33): 95
 * or more each, mobile (Lighthouse's default). Both read the page as it loaded, not its timing, so
 * the run is unthrottled; the performance score, which is the machine's, is the benchmark's
 * (`npm run bench -- lighthouse`). A failure lists the audits that lost points and where.
 */
const GOAL = 95
const CATEGORIES: readonly CategoryId[] = ['accessibility', 'best-practices']

let browser: LighthouseBrowser | undefined

test.beforeAll(async () => {
  browser = await launchLighthouseBrowser()
})

test.afterAll(async () => {
  await browser?.close()
})

for (const path of ['/', '/search', '/listing/L1001']) {
  test(`Lighthouse: ${path} scores ${GOAL} or more in accessibility and best practices`, async ({
    baseURL,
  }) => {
    test.setTimeout(60_000)
    if (!browser) throw new Error('the Lighthouse browser did not start')
    const audit = await auditPage(browser, new URL(path, baseURL).href, {
      categories: CATEGORIES,
      throttling: 'provided',
    })
    for (const id of CATEGORIES) {
      expect
        .soft(audit.scores[id], `${path} ${id}, what lost points:\n${describeLost(audit.lost[id] ?? [])}`)
        .toBeGreaterThanOrEqual(GOAL)
    }
  })
}
