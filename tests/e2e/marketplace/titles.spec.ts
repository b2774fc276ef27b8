import { expect, test } from './fixtures.ts'

const SITE = 'Gulbarga Classifieds'

/** Every public route and the title its tab shows. */
const TITLES: { path: string; title: string }[] = [
  { path: '/', title: `Buy, sell and find anything in Gulbarga district | ${SITE}` },
  { path: '/search', title: `All Listings | ${SITE}` },
  { path: '/listings', title: `All Listings | ${SITE}` },
  { path: '/search?q=swift', title: `Search Results for "swift" | ${SITE}` },
  { path: '/listing/L1001', title: `Spacious 2BHK Apartment for Rent near Super Market | ${SITE}` },
  { path: '/listing/L9999', title: `Listing Not Found | ${SITE}` },
  { path: '/categories', title: `All Categories | ${SITE}` },
  { path: '/category/all', title: `All Categories | ${SITE}` },
  { path: '/category/electronics', title: `Electronics | ${SITE}` },
  { path: '/electronics', title: `Electronics | ${SITE}` },
  { path: '/food', title: `Food & Dining | ${SITE}` },
  { path: '/real-estate?featured=2bhk-apartments', title: `Real Estate | ${SITE}` },
  { path: '/about', title: `About Us | ${SITE}` },
  { path: '/contact', title: `Contact Us | ${SITE}` },
  { path: '/privacy', title: `Privacy Policy | ${SITE}` },
  { path: '/terms', title: `Terms of Service | ${SITE}` },
  { path: '/no-such-page', title: `Page Not Found | ${SITE}` },
  { path: '/category/groceries', title: `Page Not Found | ${SITE}` },
]

for (const { path, title } of TITLES) {
  test(`${path} is titled '${title}'`, async ({ page }) => {
    await page.goto(path)
    await expect(page).toHaveTitle(title)
  })
}

test('moving between pages in the app changes the title, Back included', async ({ page }) => {
  await page.goto('/listing/L1002')
  await expect(page).toHaveTitle(`Used Car: Maruti Swift VXI 2019, Single Owner | ${SITE}`)
  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click()
  await expect(page).toHaveTitle(`About Us | ${SITE}`)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page).toHaveTitle(`Privacy Policy | ${SITE}`)
  await page.goBack()
  await expect(page).toHaveTitle(`About Us | ${SITE}`)
  await page.goBack()
  await expect(page).toHaveTitle(`Used Car: Maruti Swift VXI 2019, Single Owner | ${SITE}`)
})
