import { expect, test } from './fixtures.ts'

/** Every route of the spec's route table that the public site serves, with the heading it shows. */
const ROUTES: { path: string; heading: string }[] = [
  { path: '/', heading: 'Buy and Sell Anything in Gulbarga District' },
  { path: '/search', heading: 'Browse All Listings' },
  { path: '/listings', heading: 'Browse All Listings' },
  { path: '/listing/L1001', heading: 'Spacious 2BHK Apartment for Rent near Super Market' },
  { path: '/categories', heading: 'All Categories' },
  { path: '/category/all', heading: 'All Categories' },
  { path: '/category/electronics', heading: 'Electronics' },
  { path: '/real-estate', heading: 'Real Estate' },
  { path: '/vehicles', heading: 'Vehicles' },
  { path: '/jobs', heading: 'Jobs' },
  { path: '/electronics', heading: 'Electronics' },
  { path: '/services', heading: 'Services' },
  { path: '/shopping', heading: 'Shopping' },
  { path: '/food', heading: 'Food & Dining' },
  { path: '/fashion', heading: 'Fashion' },
  { path: '/education', heading: 'Education' },
  { path: '/furniture', heading: 'Furniture' },
  { path: '/about', heading: 'About Us' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
]

for (const route of ROUTES) {
  test(`${route.path} shows '${route.heading}'`, async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto(route.path)
    await expect(page.getByRole('heading', { level: 1, name: route.heading, exact: true })).toBeVisible()
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    expect(errors).toEqual([])
  })
}

test('the legal pages are dated June 15, 2024', async ({ page }) => {
  for (const path of ['/privacy', '/terms']) {
    await page.goto(path)
    await expect(page.getByText('June 15, 2024')).toBeVisible()
  }
})

test('unknown routes, unknown categories and missing listings get their not-found screens', async ({
  page,
}) => {
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
  await page.goto('/category/groceries')
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()

  for (const id of ['L9999', 'L1009', 'L1010']) {
    // L1009 is pending and L1010 expired: public pages never show them.
    await page.goto(`/listing/${id}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Listing Not Found' })).toBeVisible()
    await expect(
      page.getByText("The listing you're looking for doesn't exist or has been removed."),
    ).toBeVisible()
  }
  await page.getByRole('link', { name: 'Browse All Listings' }).click()
  await expect(page).toHaveURL(/\/search$/)
})

test("every slug the hero rule produces lands on its category's route", async ({ page }) => {
  await page.goto('/food-dining?subcategory=cafes')
  await expect(page).toHaveURL(/\/food\?subcategory=cafes$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Food & Dining' })).toBeVisible()
})
