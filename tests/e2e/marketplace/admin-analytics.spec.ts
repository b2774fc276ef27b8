import { readFile } from 'node:fs/promises'
import type { Download, Locator, Page } from '@playwright/test'
import { logIn } from './accounts.ts'
import { expectAxeClean } from './axe.ts'
import { expect, test } from './fixtures.ts'
import { moderationAdmin, moderationCustomer, postListing } from './moderation-site.ts'

/**
 * Analytics (issue 30) on the moderation site: a listing a customer posts today is counted by the
 * 7 days range, every tab draws its charts, a custom range the wrong way round is refused, and Export
 * saves the shown range's days as CSV (by mouse and by keyboard alone).
 */

test.use({ listingsStore: 'moderation' })
test.describe.configure({ mode: 'serial' })

const run = `a${Date.now().toString(36)}`
const COLUMNS = 'date,new_users,new_listings,revenue,payments,new_subscriptions'
const DAY_MS = 86_400_000
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10)

test.beforeAll(async () => {
  const seller = await moderationCustomer(`Seller ${run}`, `e2e-analytics-${run}@example.in`)
  await postListing(seller, `Teak bookshelf ${run}`)
})

async function openAnalytics(page: Page): Promise<Locator> {
  await page.setViewportSize({ width: 1440, height: 900 })
  await logIn(page, moderationAdmin())
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 })
  await page.goto('/admin?tab=analytics')
  const section = page.getByRole('region', { name: 'Analytics' })
  // 30 days is the range first shown.
  await expect(section.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true')
  await expect(section.getByRole('status').filter({ hasText: '30 days (UTC)' })).toBeVisible({
    timeout: 15_000,
  })
  return section
}

/** The number on a stat card ('New listings' 12 -> 12). */
async function cardFigure(section: Locator, label: string): Promise<number> {
  const card = section
    .getByRole('list', { name: 'Figures for the range' })
    .getByRole('listitem')
    .filter({ hasText: label })
  const text = await card.innerText()
  const match = new RegExp(`${label}\\s+([\\d,]+)`).exec(text)
  if (!match?.[1]) throw new Error(`no figure on the ${label} card: ${text}`)
  return Number(match[1].replaceAll(',', ''))
}

/** The CSV's lines (CRLF), its last empty line dropped. */
async function csvLines(download: Download): Promise<string[]> {
  const path = await download.path()
  const text = await readFile(path, 'utf8')
  expect(text.endsWith('\r\n')).toBe(true)
  return text.slice(0, -2).split('\r\n')
}

/** The rows' dates are `days` consecutive UTC days ending today. */
function expectDaysEndingToday(rows: string[], days: number) {
  const today = Date.parse(`${isoDay(Date.now())}T00:00:00Z`)
  expect(rows.map((row) => row.split(',')[0])).toEqual(
    Array.from({ length: days }, (_, index) => isoDay(today - (days - 1 - index) * DAY_MS)),
  )
}

test('7 days counts the listing posted today; every tab draws its charts; Export saves the 7 days', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const section = await openAnalytics(page)

  await section.getByRole('button', { name: '7 days' }).click()
  await expect(section.getByRole('status').filter({ hasText: '7 days (UTC)' })).toBeVisible()
  await expect(section.getByRole('button', { name: 'Export' })).toBeEnabled()
  expect(await cardFigure(section, 'New listings')).toBeGreaterThanOrEqual(1)
  expect(await cardFigure(section, 'New users')).toBeGreaterThanOrEqual(1)

  const charts = {
    Overview: ['New users and listings per day', 'Revenue per day'],
    Users: ['New users per day', 'New users by role'],
    Listings: ['New listings per day', 'Listings by status', 'Listings by category'],
    Revenue: ['Revenue per day', 'Revenue by payment method', 'New subscriptions by plan'],
  }
  for (const [tab, titles] of Object.entries(charts)) {
    await section.getByRole('tab', { name: tab }).click()
    const panel = section.getByRole('tabpanel', { name: tab })
    for (const title of titles) {
      const figure = panel.getByRole('figure', { name: title })
      // The SVG is a picture named by its title; the figures are also in a table for screen readers.
      await expect(figure.getByRole('img', { name: title })).toBeVisible({ timeout: 15_000 })
      await expect(figure.getByRole('table', { name: title })).toBeAttached()
    }
  }
  await section.getByRole('tab', { name: 'Listings' }).click()
  await expect(
    section.getByRole('figure', { name: 'Listings by category' }).getByRole('table'),
  ).toContainText('Furniture')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Export' }).click(),
  ])
  const today = isoDay(Date.now())
  expect(download.suggestedFilename()).toBe(
    `marketplace-analytics-${isoDay(Date.parse(`${today}T00:00:00Z`) - 6 * DAY_MS)}-to-${today}.csv`,
  )
  const [header, ...rows] = await csvLines(download)
  expect(header).toBe(COLUMNS)
  expect(rows).toHaveLength(7)
  expectDaysEndingToday(rows, 7)
  const newListingsToday = Number(rows.at(-1)?.split(',')[2])
  expect(newListingsToday).toBeGreaterThanOrEqual(1)
  await expect(
    section.getByRole('status').filter({ hasText: 'Exported marketplace-analytics-' }),
  ).toBeVisible()
})

test('a custom range is checked before it is read; the section is axe clean', async ({ page }) => {
  test.setTimeout(60_000)
  const section = await openAnalytics(page)
  await section.getByRole('button', { name: 'Custom' }).click()
  const form = section.getByRole('form', { name: 'Custom range' })
  const today = Date.parse(`${isoDay(Date.now())}T00:00:00Z`)

  await form.getByLabel('From', { exact: true }).fill(isoDay(today - 2 * DAY_MS))
  await form.getByLabel('To', { exact: true }).fill(isoDay(today - 9 * DAY_MS))
  await form.getByRole('button', { name: 'Apply' }).click()
  await expect(form.getByRole('alert')).toHaveText('The start date is after the end date')
  await expect(form.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  // Nothing was read: the 30 days stay on screen.
  await expect(section.getByRole('status').filter({ hasText: '30 days (UTC)' })).toBeVisible()

  await form.getByLabel('From', { exact: true }).fill(isoDay(today - 1000 * DAY_MS))
  await form.getByLabel('To', { exact: true }).fill(isoDay(today))
  await form.getByRole('button', { name: 'Apply' }).click()
  await expect(form.getByRole('alert')).toHaveText('Choose at most 731 days')

  await form.getByLabel('From', { exact: true }).fill(isoDay(today - 9 * DAY_MS))
  await form.getByLabel('To', { exact: true }).fill(isoDay(today - 2 * DAY_MS))
  await form.getByRole('button', { name: 'Apply' }).click()
  await expect(form.getByRole('alert')).toHaveCount(0)
  await expect(section.getByRole('status').filter({ hasText: '8 days (UTC)' })).toBeVisible()
  await expect(section.getByRole('img', { name: 'New users and listings per day' })).toBeVisible()

  await expectAxeClean(page, 'section[aria-labelledby="analytics-heading"]')
  for (const tab of ['Users', 'Listings', 'Revenue']) {
    await section.getByRole('tab', { name: tab }).click()
    await expect(section.getByRole('tabpanel', { name: tab }).locator('svg').first()).toBeVisible()
    await expectAxeClean(page, 'section[aria-labelledby="analytics-heading"]')
  }
})

test("a refused read shows the database's message and Try again reads again", async ({ page }) => {
  test.setTimeout(60_000)
  const section = await openAnalytics(page)
  await page.route('**/rest/v1/rpc/admin_analytics*', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ code: '42501', message: 'Only an admin can read the analytics' }),
    }),
  )
  await section.getByRole('button', { name: 'Year' }).click()
  const alert = section.getByRole('alert').filter({ hasText: 'The analytics could not be loaded' })
  await expect(alert).toContainText('Only an admin can read the analytics')
  // The last answer stays on screen, and there is nothing new to export.
  await expect(section.getByRole('img', { name: 'New users and listings per day' })).toBeVisible()
  await expect(section.getByRole('button', { name: 'Export' })).toBeDisabled()

  await page.unroute('**/rest/v1/rpc/admin_analytics*')
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect(section.getByRole('status').filter({ hasText: '365 days (UTC)' })).toBeVisible({
    timeout: 15_000,
  })
  await expect(alert).toHaveCount(0)
  await expect(section.getByRole('button', { name: 'Export' })).toBeEnabled()
})

test('by keyboard alone: 90 days, then Export', async ({ page }) => {
  test.setTimeout(60_000)
  const section = await openAnalytics(page)
  const focused = (name: string) => section.getByRole('button', { name, exact: true })

  // Tab from the top of the page to the 90 days button.
  await page.locator('body').focus()
  for (let presses = 0; presses < 60; presses += 1) {
    if (await focused('90 days').evaluate((button) => button === document.activeElement)) break
    await page.keyboard.press('Tab')
  }
  await expect(focused('90 days')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(focused('90 days')).toHaveAttribute('aria-pressed', 'true')
  await expect(section.getByRole('status').filter({ hasText: '90 days (UTC)' })).toBeVisible({
    timeout: 15_000,
  })
  await expect(focused('Export')).toBeEnabled()

  for (let presses = 0; presses < 5; presses += 1) {
    if (await focused('Export').evaluate((button) => button === document.activeElement)) break
    await page.keyboard.press('Tab')
  }
  await expect(focused('Export')).toBeFocused()
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
  const [header, ...rows] = await csvLines(download)
  expect(header).toBe(COLUMNS)
  expect(rows).toHaveLength(90)
  expectDaysEndingToday(rows, 90)
})
