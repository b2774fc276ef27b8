import { expect, recordMaxCount, test } from './fixtures.ts'

test('shows 8 placeholders during the 1 s load, then the first 8 public listings, newest first', async ({
  page,
}) => {
  const skeletons = await recordMaxCount(page, '[data-testid="listing-card-skeleton"]')
  await page.goto('/search')
  await expect(page.getByTestId('listing-card')).toHaveCount(8)
  expect(await skeletons.maxSeen()).toBe(8)
  await expect(page.getByTestId('listing-card-skeleton')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'All Listings', exact: true })).toBeVisible()
  // 8 of the spec's L1001-L1010 are public, and the 12 demo listings after them.
  await expect(page.getByText('20 listings found')).toBeVisible()
  const firstTitle = page.getByTestId('listing-card').first().getByRole('heading')
  await expect(firstTitle).toHaveText('Home Tutoring for Class 8 to 10, Maths and Science') // L1022, the highest public id
})

test('sorts by price both ways', async ({ page }) => {
  await page.goto('/search')
  const prices = page.getByTestId('listing-card').locator('p.text-lg')
  await expect(prices).toHaveCount(8)
  await page.getByLabel('Sort by').selectOption('price-low')
  await expect(prices.first()).toHaveText('₹500')
  for (const shown of [16, 20]) {
    await page.getByRole('button', { name: 'Show more listings' }).click()
    await expect(prices).toHaveCount(shown)
  }
  await expect(prices.last()).toHaveText('₹8,50,000')
  await page.getByLabel('Sort by').selectOption('price-high')
  await expect(prices.first()).toHaveText('₹8,50,000')
})

test('the form navigates with only the set parameters and the page reads them back', async ({ page }) => {
  await page.goto('/search')
  await page.getByRole('textbox', { name: 'Search listings' }).fill('  royal ')
  await page.getByLabel('Location').selectOption('afzalpur')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/\/search\?q=royal&location=afzalpur$/)
  await expect(page.getByRole('heading', { name: 'Search Results for "royal"' })).toBeVisible()
  await expect(page.getByText('1 listing found')).toBeVisible()

  await page.goto('/search?category=real-estate')
  await expect(page.getByLabel('Category')).toHaveValue('real-estate')
  await expect(page.getByTestId('listing-card')).toHaveCount(2)
})

test('matches the category name too, case-insensitive', async ({ page }) => {
  await page.goto('/search?q=VEHICLES')
  await expect(page.getByTestId('listing-card')).toHaveCount(2)
})

test('no match: the empty state, and View All Listings clears the filters', async ({ page }) => {
  await page.goto('/search?q=helicopter&location=jewargi')
  await expect(page.getByText('No listings found')).toBeVisible()
  await expect(page.getByText('Try adjusting your search criteria or browse all listings')).toBeVisible()
  await page.getByRole('button', { name: 'View All Listings' }).click()
  await expect(page).toHaveURL(/\/search$/)
  await expect(page.getByTestId('listing-card')).toHaveCount(8)
})

test('a card shows image, badge, favourite, title, price, category, location, time and View Details', async ({
  page,
}) => {
  await page.goto('/search?q=2BHK')
  const card = page.getByTestId('listing-card')
  await expect(card).toHaveCount(1)
  await expect(card.getByRole('img', { name: /2BHK Apartment/ })).toBeVisible()
  await expect(card.getByText('Featured')).toBeVisible()
  await expect(card.getByRole('button', { name: 'Save to favourites' })).toBeVisible()
  await expect(card.getByText('₹12,000')).toBeVisible()
  await expect(card.getByText('Real Estate')).toBeVisible()
  await expect(card.getByText('Gulbarga City')).toBeVisible()
  await expect(card.getByText('2 days ago')).toBeVisible()
  await card.getByRole('link', { name: 'View Details' }).click()
  await expect(page).toHaveURL(/\/listing\/L1001$/)
})
