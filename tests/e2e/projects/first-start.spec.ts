import { existsSync } from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { MARKETPLACE, startCliProject } from './cli-project.ts'

/**
 * A newcomer's very first start: a fresh copy of the project has no dependency cache
 * (node_modules/.vite), so this start is the one where Vite optimizes the app's dependencies. The
 * editor's address is handed out only once the app's first load can be served from them, and the
 * editor then shows the app: its layers, the app drawn in the frame, React loaded once (every
 * optimized dependency under one version), the app's page loaded once (no reload from a late
 * optimizer run), and no error in the editor's page or the app's.
 */
const FIRST_STARTS = [
  { name: 'marketplace', where: MARKETPLACE, heading: 'h1#hero-heading' },
  { name: 'vite6-dashboard', where: undefined, heading: 'h1' },
] as const

/** What the editor's page and the app's frame report while they load. */
function watch(page: Page, appUrl: string) {
  const errors: string[] = []
  const versions = new Map<string, Set<string>>()
  let appDocuments = 0
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`)
  })
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.url().startsWith(appUrl)) appDocuments++
    const dependency = /\/\.vite\/deps\/([^?]+)\?(?:.*&)?v=([\w.-]+)/.exec(request.url())
    if (!dependency) return
    const [, file = '', version = ''] = dependency
    versions.set(file, (versions.get(file) ?? new Set()).add(version))
  })
  return {
    errors,
    appDocuments: () => appDocuments,
    /** Each optimized dependency the pages asked for under more than one version. */
    underTwoVersions: () =>
      [...versions]
        .filter(([, seen]) => seen.size > 1)
        .map(([file, seen]) => `${file}: ${[...seen].join(', ')}`),
  }
}

for (const project of FIRST_STARTS) {
  test(`${project.name}, started with no dependency cache: the editor shows the app, with nothing broken in either page`, async ({
    page,
  }) => {
    // A first start bundles the app's dependencies before the editor's address is printed.
    test.setTimeout(240_000)
    const served = await startCliProject(project.name, project.where)
    try {
      // Vite's cache of the copy (its default, beside the copy's package.json): written by this start.
      const metadata = path.join(served.dir, 'node_modules/.vite/deps/_metadata.json')
      expect(existsSync(metadata), 'dependencies optimized before the address was printed').toBe(true)

      const seen = watch(page, served.url)
      await page.goto(served.editorUrl)
      await expect(page.getByRole('treeitem').first()).toBeVisible({ timeout: 60_000 })
      await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
      await expect(page.frameLocator('iframe[title="The app"]').locator(project.heading)).toBeVisible()

      expect(seen.errors).toEqual([])
      expect(seen.underTwoVersions()).toEqual([])
      expect(seen.appDocuments()).toBe(1)
    } finally {
      await served.stop()
    }
  })
}
