import type { Page } from '@playwright/test'
import { demoCustomer, logIn } from './accounts.ts'
import { expect, recordMaxCount, test } from './fixtures.ts'

async function storedListing(page: Page, id: string): Promise<Record<string, unknown>> {
  return page.evaluate((listingId) => {
    const listings = JSON.parse(localStorage.getItem('listings') ?? '[]') as { id: string }[]
    return listings.find((listing) => listing.id === listingId) as unknown as Record<string, unknown>
  }, id)
}

test('skeleton first, then gallery with thumbnails, tabs and the side card', async ({ page }) => {
  const skeleton = await recordMaxCount(page, '[data-testid="listing-detail-skeleton"]')
  await page.goto('/listing/L1001')
  await expect(page.getByRole('heading', { level: 1, name: /2BHK Apartment/ })).toBeVisible()
  expect(await skeleton.maxSeen()).toBe(1)

  const main = page.getByRole('img', { name: /2BHK Apartment/ }).first()
  await expect(main).toHaveCSS('height', '400px')
  await expect(page.getByRole('button', { name: /Show image \d/ })).toHaveCount(3)
  await page.getByRole('button', { name: 'Show image 2' }).click()
  await expect(page.getByRole('button', { name: 'Show image 2' })).toHaveAttribute('aria-pressed', 'true')
  await expect(main).toHaveAttribute('src', /apartment-2\.svg$/)

  await expect(page.getByRole('tabpanel')).toContainText('Well-ventilated 2BHK')
  await page.getByRole('tab', { name: 'Details' }).click()
  const details = page.getByRole('tabpanel')
  await expect(details).toContainText('Real Estate')
  await expect(details).toContainText('Ravi Patil')
  await expect(details).toContainText('10 June 2024')

  const summary = page.getByRole('region', { name: 'Listing summary' })
  await expect(summary.getByText('₹12,000')).toBeVisible()
  await expect(summary.getByText('Featured')).toBeVisible()
  // 248 stored; the backend counts every first visit of a browser session, other tests' too.
  await expect(summary.getByText(/^\d+ views$/)).toBeVisible()
  expect(Number.parseInt(await summary.getByText(/^\d+ views$/).innerText(), 10)).toBeGreaterThan(248)
})

test('a visit counts one view: a reload of the same visit does not, a new visitor does', async ({
  page,
  browser,
}) => {
  const views = async (on: typeof page) => {
    const text = on.getByRole('region', { name: 'Listing summary' }).getByText(/^\d+ views?$/)
    await expect(text).toBeVisible()
    return Number.parseInt(await text.innerText(), 10)
  }
  // The page shows the count it read, then the one with this visit in it once the backend answers.
  // Other visits of the listing may count meanwhile (a test run in parallel): what this visit did is
  // read from its own requests, and the page shows at least its own count.
  const isCount = (url: string) => url.includes('increment_listing_views')
  let counts = 0
  page.on('request', (request) => {
    if (isCount(request.url())) counts++
  })
  const counted = page.waitForResponse((response) => isCount(response.url()))
  await page.goto('/listing/L1008')
  const first = Number(await (await counted).json())
  await expect.poll(() => views(page)).toBeGreaterThanOrEqual(first)
  await page.reload()
  expect(await views(page)).toBeGreaterThanOrEqual(first)
  // A count the reload made would have been sent by now.
  await page.waitForLoadState('networkidle')
  expect(counts).toBe(1)
  const other = await browser.newContext({ baseURL: process.env.MARKETPLACE_URL })
  const visitor = await other.newPage()
  const countedAgain = visitor.waitForResponse((response) => isCount(response.url()))
  await visitor.goto('/listing/L1008')
  const second = Number(await (await countedAgain).json())
  expect(second).toBeGreaterThan(first)
  await expect.poll(() => views(visitor)).toBeGreaterThanOrEqual(second)
  await other.close()
})

test('fallbacks: no description, no poster date, no image', async ({ page }) => {
  await page.goto('/listing/L1005')
  await expect(page.getByText('No description provided.')).toBeVisible()
  await expect(page.getByRole('img', { name: /AC Repair/ }).first()).toContainText('No Image Available')
  await page.getByRole('tab', { name: 'Details' }).click()
  await expect(page.getByRole('tabpanel')).toContainText('5 hours ago')
})

test('Contact Seller and Chat open the login/register dialog when logged out', async ({ page }) => {
  await page.goto('/listing/L1002')
  for (const name of ['Contact Seller', 'Chat with Seller']) {
    await page.getByRole('button', { name }).click()
    const dialog = page.getByRole('dialog', { name: 'Login or Register' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('tab', { name: 'Login' })).toBeVisible()
    await expect(dialog.getByRole('tab', { name: 'Register' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Forgot Password?' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Phone' }).click()
    await expect(dialog.getByRole('button', { name: 'Send OTP' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  }
})

test('Contact Seller alerts when logged in', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('isLoggedIn', 'true'))
  await page.goto('/listing/L1002')
  const alerts: string[] = []
  page.on('dialog', async (dialog) => {
    alerts.push(dialog.message())
    await dialog.dismiss()
  })
  await page.getByRole('button', { name: 'Contact Seller' }).click()
  await expect.poll(() => alerts).toEqual(['Contact feature would open here'])
  await expect(page.getByRole('dialog', { name: 'Login or Register' })).toHaveCount(0)
})

test('Save keeps a favourite across reloads', async ({ page }) => {
  await page.goto('/listing/L1003')
  const save = page.getByRole('button', { name: 'Save', exact: true })
  await save.click()
  await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true')
  await page.reload()
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('favourites'))).toBe('["L1003"]')
})

test('Share copies the link and says so', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.addInitScript(() => {
    // Headless Chromium has no share sheet; the fallback path is what is tested.
    Object.defineProperty(navigator, 'share', { value: undefined })
  })
  await page.goto('/listing/L1003')
  await page.getByRole('button', { name: 'Share' }).click()
  await expect(page.getByTestId('share-notice')).toContainText('Link copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/listing\/L1003$/)
})

test('seller card, the four safety tips and up to 4 similar listings', async ({ page }) => {
  await page.goto('/listing/L1001')
  const seller = page.getByRole('region', { name: 'Seller Information' })
  await expect(seller).toContainText('Ravi Patil')
  await expect(seller).toContainText(`Member since ${new Date().getFullYear() - 1}`)
  const tips = page.getByRole('region', { name: 'Safety Tips' })
  for (const tip of [
    'Meet in a public place',
    'Check the item before paying',
    'Pay only after inspecting the item',
    "Don't share personal financial information",
  ]) {
    await expect(tips.getByText(tip)).toBeVisible()
  }
  const similar = page.locator('section', { has: page.getByRole('heading', { name: 'Similar Listings' }) })
  await expect(similar.getByTestId('listing-card')).toHaveCount(1)
  await expect(similar.getByRole('heading', { name: /Residential Plot/ })).toBeVisible()
})

test('Report: a visitor is asked to sign in; a signed-in one reports and is thanked', async ({ page }) => {
  await page.goto('/listing/L1004')
  await page.getByRole('button', { name: 'Report' }).click()
  let dialog = page.getByRole('dialog', { name: 'Report this listing' })
  await dialog.getByRole('radio', { name: 'Spam' }).check()
  await dialog.getByRole('button', { name: 'Submit Report' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Sign in to report a listing')
  await expect(dialog.getByRole('radio', { name: 'Spam' })).toBeChecked()

  await logIn(page, demoCustomer())
  await expect(page).not.toHaveURL(/\/auth/)
  await page.goto('/listing/L1004')
  await page.getByRole('button', { name: 'Report' }).click()
  dialog = page.getByRole('dialog', { name: 'Report this listing' })
  await dialog.getByRole('radio', { name: 'Wrong category' }).check()
  await dialog.getByRole('button', { name: 'Submit Report' }).click()
  await expect(dialog.getByText('Thanks, your report has been sent to our moderators.')).toBeVisible()
})

test.describe("the spec's browser store (listings in localStorage)", () => {
  test.use({ listingsStore: 'browser' })

  test('broken images show Image Not Available and Thumbnail', async ({ page }) => {
    await page.addInitScript(() => {
      if (localStorage.getItem('listings')) return
      localStorage.setItem(
        'listings',
        JSON.stringify([
          {
            id: 'L2000',
            title: 'Broken photos',
            price: 900,
            category: 'Electronics',
            location: 'Aland',
            description: 'x',
            status: 'active',
            userId: 'u',
            userName: '',
            imageUrl: '/missing-1.jpg',
            imageUrls: ['/missing-1.jpg', '/missing-2.jpg'],
          },
        ]),
      )
    })
    await page.goto('/listing/L2000')
    await expect(page.getByText('Image Not Available')).toBeVisible()
    await expect(page.getByText('Thumbnail')).toHaveCount(2)
    await page.getByRole('tab', { name: 'Details' }).click()
    await expect(page.getByRole('tabpanel')).toContainText('Anonymous')
    await expect(page.getByRole('tabpanel')).toContainText('Unknown')
  })

  test('Report asks for a reason and increments reportCount', async ({ page }) => {
    await page.goto('/listing/L1006')
    await page.getByRole('button', { name: 'Report' }).click()
    const dialog = page.getByRole('dialog', { name: 'Report this listing' })
    await expect(dialog.getByRole('button', { name: 'Submit Report' })).toBeDisabled()
    await dialog.getByRole('radio', { name: 'Already sold' }).check()
    await dialog.getByRole('button', { name: 'Submit Report' }).click()
    await expect(dialog.getByText('Thanks, your report has been sent to our moderators.')).toBeVisible()
    const stored = await storedListing(page, 'L1006')
    expect(stored.reportCount).toBe(1)
    expect(stored.reportReasons).toEqual(['Already sold'])
  })
})
