import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

const CATEGORIES = [
  { id: 'real-estate', name: 'Real Estate' },
  { id: 'vehicles', name: 'Vehicles' },
  { id: 'jobs', name: 'Jobs' },
  { id: 'electronics', name: 'Electronics' },
  { id: 'services', name: 'Services' },
  { id: 'shopping', name: 'Shopping' },
  { id: 'food', name: 'Food & Dining' },
  { id: 'fashion', name: 'Fashion' },
  { id: 'education', name: 'Education' },
  { id: 'furniture', name: 'Furniture' },
]

/** The number in the category page's '{n} {category} Listings' heading, once loaded. */
async function headingCount(page: Page, name: string): Promise<number> {
  const heading = page.getByRole('heading', { level: 2, name: new RegExp(`^\\d+ ${name} Listings$`) })
  await expect(heading).toBeVisible()
  return Number.parseInt(await heading.innerText(), 10)
}

/** What the categories page shows for one category: its count and each popular link's href and count. */
async function categoryCardCounts(page: Page, name: string) {
  await page.goto('/categories')
  const card = page
    .getByTestId('category-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
  const total = card.getByTestId('category-listing-count')
  await expect(total).toHaveText(/^\d+ listings?$/)
  const popular = card.getByRole('list', { name: `Popular in ${name}` }).getByRole('link')
  await expect(popular).toHaveCount(2)
  const featured: { href: string; count: number }[] = []
  for (const link of await popular.all()) {
    featured.push({
      href: (await link.getAttribute('href')) ?? '',
      count: Number(await link.getByTestId('featured-listing-count').innerText()),
    })
  }
  return { total: Number.parseInt(await total.innerText(), 10), featured }
}

for (const category of CATEGORIES) {
  test(`${category.name}: the categories page's counts are what its links show`, async ({ page }) => {
    const counts = await categoryCardCounts(page, category.name)
    await page.goto(`/${category.id}`)
    expect(await headingCount(page, category.name)).toBe(counts.total)
    expect(counts.total).toBeGreaterThan(0)
    for (const entry of counts.featured) {
      await page.goto(entry.href)
      expect(await headingCount(page, category.name), entry.href).toBe(entry.count)
    }
  })
}

test('the four categories that had none have listings, and their popular links lead to some', async ({
  page,
}) => {
  for (const name of ['Shopping', 'Food & Dining', 'Fashion', 'Education']) {
    const counts = await categoryCardCounts(page, name)
    expect(counts.total, name).toBeGreaterThan(0)
    for (const entry of counts.featured) expect(entry.count, entry.href).toBeGreaterThan(0)
  }
})

test("the mega-menu's popular counts are the categories page's", async ({ page }) => {
  const expected = new Map<string, number>()
  for (const name of ['Real Estate', 'Vehicles', 'Jobs', 'Electronics', 'Services', 'Shopping']) {
    for (const entry of (await categoryCardCounts(page, name)).featured) expected.set(entry.href, entry.count)
  }
  await page.getByRole('button', { name: 'Categories', exact: true }).click()
  const links = page
    .getByRole('dialog', { name: 'Categories' })
    .getByRole('link')
    .filter({ has: page.getByTestId('featured-listing-count') })
  await expect(links).toHaveCount(12)
  for (const link of await links.all()) {
    const href = (await link.getAttribute('href')) ?? ''
    await expect(link.getByTestId('featured-listing-count'), href).toHaveText(String(expected.get(href)))
  }
  // Not the spec's fixed figure (2BHK Apartments (45)): the one 2BHK apartment there is.
  await expect(
    page
      .getByRole('dialog', { name: 'Categories' })
      .getByRole('link', { name: /2BHK Apartments/ })
      .getByTestId('featured-listing-count'),
  ).toHaveText('1')
})

/** A listing as the dashboard would store it. */
const watchListing = (id: string, status: string) => ({
  id,
  title: "Men's Watches: Casio Edifice, Like New",
  price: 4500,
  category: 'Shopping',
  location: 'Gulbarga City',
  description: '',
  status,
  userId: 'u1',
  userName: 'Asha',
  imageUrl: '',
})

test.describe("the spec's browser store (listings in localStorage)", () => {
  test.use({ listingsStore: 'browser' })

  test('counts follow the stored listings: an added public listing counts, a pending one does not', async ({
    page,
  }) => {
    const before = await categoryCardCounts(page, 'Shopping')
    await page.evaluate(
      (added) => {
        const listings = JSON.parse(localStorage.getItem('listings') ?? '[]')
        localStorage.setItem('listings', JSON.stringify([...listings, ...added]))
      },
      [watchListing('L1718000000001', 'active'), watchListing('L1718000000002', 'pending')],
    )
    const after = await categoryCardCounts(page, 'Shopping')
    expect(after.total).toBe(before.total + 1)
    expect(after.featured[1]?.count).toBe((before.featured[1]?.count ?? 0) + 1) // Men's Watches
    expect(after.featured[0]?.count).toBe(before.featured[0]?.count) // Women's Fashion
  })

  test('an open mega-menu updates its counts when another tab adds a listing', async ({ page, context }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Categories', exact: true }).click()
    const count = page
      .getByRole('dialog', { name: 'Categories' })
      .getByRole('link', { name: /Men's Watches/ })
      .getByTestId('featured-listing-count')
    const before = Number(await count.innerText())
    const other = await context.newPage()
    await other.goto('/about')
    await other.evaluate(
      (added) => {
        const listings = JSON.parse(localStorage.getItem('listings') ?? '[]')
        localStorage.setItem('listings', JSON.stringify([...listings, added]))
      },
      watchListing('L1718000000003', 'approved'),
    )
    await expect(count).toHaveText(String(before + 1))
  })

  test('a browser seeded before the new demo listings gets them, and keeps its own', async ({ page }) => {
    await page.goto('/search')
    await expect(page.getByTestId('listing-card').first()).toBeVisible() // the store is seeded
    // Storage as the earlier build left it: the spec's L1001-L1010 (one edited), a user's listing, no seed version.
    const own = { ...watchListing('L1718000000000', 'active'), title: 'Handloom Cotton Bedsheets' }
    await page.evaluate((added) => {
      const spec = JSON.parse(localStorage.getItem('listings') ?? '[]')
        .filter((listing: { id: string }) => Number(listing.id.slice(1)) <= 1010)
        .map((listing: { id: string; price: number }) =>
          listing.id === 'L1003' ? { ...listing, price: 26000 } : listing,
        )
      localStorage.setItem('listings', JSON.stringify([...spec, added]))
      localStorage.removeItem('listingsSeedVersion')
    }, own)

    await page.goto('/shopping')
    expect(await headingCount(page, 'Shopping')).toBe(4) // three demo listings and the user's own
    await expect(page.getByRole('heading', { name: 'Handloom Cotton Bedsheets' })).toBeVisible()
    await page.goto('/education')
    expect(await headingCount(page, 'Education')).toBeGreaterThan(0)
    await page.goto('/listing/L1003')
    await expect(page.getByText('₹26,000').first()).toBeVisible()
  })
})
