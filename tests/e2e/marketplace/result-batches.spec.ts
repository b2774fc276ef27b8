import { expect, test } from './fixtures.ts'

test('search shows 8 listings at a time and the true total; a new search starts again at 8', async ({
  page,
}) => {
  await page.goto('/search')
  const cards = page.getByTestId('listing-card')
  await expect(cards).toHaveCount(8)
  const found = page.getByText(/^\d+ listings found$/)
  const total = Number.parseInt(await found.innerText(), 10)
  expect(total).toBeGreaterThan(8)
  await expect(page.getByText(`Showing 8 of ${total} listings`)).toBeVisible()

  const showMore = page.getByRole('button', { name: 'Show more listings' })
  for (let shown = 8; shown < total; shown += 8) {
    await showMore.click()
    await expect(cards).toHaveCount(Math.min(shown + 8, total))
  }
  await expect(page.getByText(/^Showing \d+ of/)).toHaveCount(0)

  await page.getByRole('textbox', { name: 'Search listings' }).fill('e')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/\/search\?q=e$/)
  await expect(cards).toHaveCount(8)
})

test.describe("the spec's browser store (listings in localStorage)", () => {
  test.use({ listingsStore: 'browser' })

  test('a category page shows 10 listings at a time', async ({ page }) => {
    await page.goto('/about')
    await page.evaluate(() => {
      const listings = JSON.parse(localStorage.getItem('listings') ?? '[]')
      const added = Array.from({ length: 12 }, (_, index) => ({
        id: `L17180000000${10 + index}`,
        title: `Handloom Cotton Bedsheet, Design ${index + 1}`,
        price: 900,
        category: 'Shopping',
        location: 'Sedam',
        description: '',
        status: 'active',
        userId: 'u1',
        userName: 'Asha',
        imageUrl: '',
      }))
      localStorage.setItem('listings', JSON.stringify([...listings, ...added]))
    })
    await page.goto('/shopping')
    const heading = page.getByRole('heading', { level: 2, name: /^\d+ Shopping Listings$/ })
    await expect(heading).toBeVisible()
    const total = Number.parseInt(await heading.innerText(), 10)
    expect(total).toBeGreaterThan(12)
    await expect(page.getByTestId('listing-card')).toHaveCount(10)
    await expect(page.getByText(`Showing 10 of ${total} listings`)).toBeVisible()
    await page.getByRole('button', { name: 'Show more listings' }).click()
    await expect(page.getByTestId('listing-card')).toHaveCount(Math.min(20, total))

    // A filter starts again from the first 10.
    const filters = page.getByRole('search', { name: 'Filter listings' })
    await filters.getByRole('textbox').fill('bedsheet')
    await expect(page.getByRole('heading', { level: 2, name: '12 Shopping Listings' })).toBeVisible()
    await expect(page.getByTestId('listing-card')).toHaveCount(10)
  })
})
