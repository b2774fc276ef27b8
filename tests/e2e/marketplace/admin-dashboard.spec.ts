import { logIn } from './accounts.ts'
import { expectAxeClean } from './axe.ts'
import { expect, test } from './fixtures.ts'
import { moderationAdmin, moderationCustomer, postListing } from './moderation-site.ts'

/**
 * The admin's Dashboard (issue 30) on the moderation site: figures computed from the data, the quick
 * actions that open the pending and the reported listings, and the recent activity, newest first.
 */

test.use({ listingsStore: 'moderation' })

const run = `d${Date.now().toString(36)}`

/** The number a stat card shows. */
async function figure(page: import('@playwright/test').Page, label: string): Promise<number> {
  const card = page
    .getByRole('list', { name: 'Marketplace figures' })
    .getByRole('listitem')
    .filter({ hasText: label })
  await expect(card.locator('p.text-2xl')).toBeVisible({ timeout: 15_000 })
  return Number((await card.locator('p.text-2xl').innerText()).replace(/[^\d]/g, ''))
}

test('the figures count a new listing, the activity names it, and a quick action opens it pending', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await logIn(page, moderationAdmin())
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 })
  const dashboard = page.getByRole('region', { name: 'Dashboard' })
  await expect(
    page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Dashboard' }),
  ).toHaveAttribute('aria-current', 'page')
  const pendingBefore = await figure(page, 'Pending Approval')
  const listingsBefore = await figure(page, 'Total Listings')
  const usersBefore = await figure(page, 'Total Users')

  const seller = await moderationCustomer(`Seller ${run}`, `e2e-dash-${run}@example.in`)
  const title = `Rosewood desk ${run}`
  await postListing(seller, title)

  await page.reload()
  expect(await figure(page, 'Pending Approval')).toBe(pendingBefore + 1)
  expect(await figure(page, 'Total Listings')).toBe(listingsBefore + 1)
  expect(await figure(page, 'Total Users')).toBe(usersBefore + 1)
  const activity = dashboard.getByRole('region', { name: 'Recent Activity' })
  const posted = `Seller ${run} posted “${title}” in Furniture`
  const joined = `Seller ${run} joined as customer`
  await expect(activity.getByRole('listitem').filter({ hasText: posted })).toBeVisible()
  // Newest first: the listing was posted after its seller joined (other specs' events may come between).
  const lines = await activity.getByRole('listitem').allInnerTexts()
  const at = (text: string) => lines.findIndex((line) => line.includes(text))
  expect(at(joined)).toBeGreaterThan(at(posted))
  await expectAxeClean(page)

  await dashboard.getByRole('button', { name: /Approve Pending Listings/ }).click()
  await expect(page).toHaveURL(/\?tab=listings&view=pending$/)
  const section = page.getByRole('region', { name: 'Manage Listings' })
  await expect(section.getByRole('tab', { name: /Pending/, selected: true })).toBeVisible()
  await section.getByRole('searchbox', { name: 'Search listings' }).fill(run)
  await section.getByRole('row', { name: title }).getByRole('button', { name: 'Approve' }).click()
  await expect(section.getByRole('status').filter({ hasText: 'Listing approved successfully' })).toBeVisible()

  // The approval is in the activity, as an admin action.
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name: 'Dashboard' })
    .click()
  const approval = activity.getByRole('listitem').filter({ hasText: `approved “${title}”` })
  await expect(approval).toContainText('admin action')
  expect(await figure(page, 'Pending Approval')).toBe(pendingBefore)
})

test('by keyboard alone at 390 px: the reported listings open from the quick actions', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await logIn(page, moderationAdmin())
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 })
  const action = page.getByRole('button', { name: /View Reported Content/ })
  await expect(action).toBeVisible()
  await expectAxeClean(page)
  // No part of the Dashboard is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await action.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\?tab=listings&view=reported$/)
  await expect(
    page
      .getByRole('region', { name: 'Manage Listings' })
      .getByRole('tab', { name: /Reported/, selected: true }),
  ).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Manage Listings' }),
  ).toHaveAttribute('aria-current', 'page')
})
