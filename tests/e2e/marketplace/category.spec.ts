import { expect, recordMaxCount, test } from './fixtures.ts'

test('heading with the count, live filters, and Reset Filters from the empty state', async ({ page }) => {
  const skeletons = await recordMaxCount(page, '[data-testid="listing-card-skeleton"]')
  await page.goto('/real-estate')
  await expect(page.getByRole('heading', { level: 2, name: '2 Real Estate Listings' })).toBeVisible()
  expect(await skeletons.maxSeen()).toBe(8)

  const filters = page.getByRole('search', { name: 'Filter listings' })
  await filters.getByRole('textbox').fill('plot')
  await expect(page.getByRole('heading', { level: 2, name: '1 Real Estate Listings' })).toBeVisible()

  await filters.getByLabel('Price range').selectOption('0-1000')
  await expect(page.getByText('No listings found matching your criteria')).toBeVisible()
  await page.getByRole('button', { name: 'Reset Filters' }).click()
  await expect(page.getByRole('heading', { level: 2, name: '2 Real Estate Listings' })).toBeVisible()
  await expect(filters.getByRole('textbox')).toHaveValue('')
})

test('price range bounds: 100000-plus is at least 100000, sorting low to high', async ({ page }) => {
  await page.goto('/vehicles')
  const filters = page.getByRole('search', { name: 'Filter listings' })
  await filters.getByLabel('Price range').selectOption('100000-plus')
  await filters.getByLabel('Sort by').selectOption('price-low')
  const titles = page.getByTestId('listing-card').getByRole('heading')
  await expect(titles).toHaveText([/Royal Enfield/, /Maruti Swift/])
  await filters.getByLabel('Location').selectOption('afzalpur')
  await expect(titles).toHaveText([/Royal Enfield/])
})

test('subcategory and featured query filters read hyphens as spaces and can be cleared', async ({ page }) => {
  await page.goto('/real-estate?featured=2bhk-apartments')
  await expect(page.getByText('Featured: 2bhk apartments')).toBeVisible()
  await expect(page.getByTestId('listing-card')).toHaveCount(1)
  await page.getByRole('button', { name: 'Clear featured filter' }).click()
  await expect(page).toHaveURL(/\/real-estate$/)
  await expect(page.getByTestId('listing-card')).toHaveCount(2)

  await page.goto('/jobs?subcategory=sales-%26-marketing')
  await expect(page.getByTestId('listing-card')).toHaveCount(1)
})

test('the categories page: 10 cards with counts, 4 subcategory links, featured links, Browse All', async ({
  page,
}) => {
  await page.goto('/categories')
  const cards = page.getByTestId('category-card')
  await expect(cards).toHaveCount(10)
  const realEstate = cards.filter({ has: page.getByRole('heading', { name: 'Real Estate' }) })
  await expect(realEstate.getByTestId('category-listing-count')).toHaveText('2 listings')
  await expect(realEstate.getByRole('link', { name: 'Apartments', exact: true })).toHaveAttribute(
    'href',
    '/real-estate?subcategory=apartments',
  )
  await expect(realEstate.getByRole('link', { name: /PG & Roommates/ })).toHaveCount(0)
  await expect(realEstate.getByRole('link', { name: /2BHK Apartments/ })).toHaveAttribute(
    'href',
    '/real-estate?featured=2bhk-apartments',
  )
  await realEstate.getByRole('link', { name: /Browse All/ }).click()
  await expect(page).toHaveURL(/\/real-estate$/)
})
