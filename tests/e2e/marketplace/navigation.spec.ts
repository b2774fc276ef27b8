import { expect, test } from './fixtures.ts'

test.describe('hero search', () => {
  test('non-empty trimmed text goes to /search?q=', async ({ page }) => {
    await page.goto('/')
    await page.getByLabel('Search listings').fill('  maruti swift  ')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(/\/search\?q=maruti\+swift$/)
    await expect(page.getByRole('heading', { name: 'Search Results for "maruti swift"' })).toBeVisible()
    await expect(page.getByTestId('listing-card')).toHaveCount(1)
  })

  test('blank text with All Categories stays on the home page', async ({ page }) => {
    await page.goto('/')
    await page.getByLabel('Search listings').fill('   ')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('choosing a category goes to its slug route', async ({ page }) => {
    await page.goto('/')
    await page.getByLabel('Category').selectOption('Food & Dining')
    await expect(page).toHaveURL(/\/food$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Food & Dining' })).toBeVisible()
    await page.goto('/')
    await page.getByLabel('Category').selectOption('Real Estate')
    await expect(page).toHaveURL(/\/real-estate$/)
  })
})

test.describe('category mega-menu', () => {
  test('opens over a backdrop; inside clicks keep it, the backdrop closes it', async ({ page }) => {
    await page.goto('/about')
    const menu = page.getByRole('dialog', { name: 'Categories' })
    await page.getByRole('button', { name: 'Categories' }).click()
    await expect(menu).toBeVisible()
    await menu.getByRole('heading', { name: 'All Categories' }).click()
    await expect(menu).toBeVisible()
    const viewport = page.viewportSize() ?? { width: 1280, height: 720 }
    await page.mouse.click(viewport.width / 2, viewport.height - 10)
    await expect(menu).toBeHidden()
  })

  test('lists 10 categories on the left and the first 6 with subcategories and Popular in ... on the right', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Categories' }).click()
    const menu = page.getByRole('dialog', { name: 'Categories' })
    await expect(menu.getByRole('navigation', { name: 'All Categories' }).getByRole('link')).toHaveCount(10)
    for (const name of ['Real Estate', 'Vehicles', 'Jobs', 'Electronics', 'Services', 'Shopping']) {
      await expect(menu.getByText(`Popular in ${name}`)).toBeVisible()
    }
    await expect(menu.getByText('Popular in Food & Dining')).toHaveCount(0)
  })

  test('every kind of link closes it and uses the spec formats', async ({ page }) => {
    await page.goto('/')
    const menu = page.getByRole('dialog', { name: 'Categories' })
    const open = () => page.getByRole('button', { name: 'Categories' }).click()

    await open()
    await menu
      .getByRole('navigation', { name: 'All Categories' })
      .getByRole('link', { name: 'Vehicles' })
      .click()
    await expect(page).toHaveURL(/\/vehicles$/)
    await expect(menu).toBeHidden()

    await open()
    await menu.getByRole('link', { name: 'PG & Roommates' }).click()
    await expect(page).toHaveURL(/\/real-estate\?subcategory=pg-%26-roommates$/)
    await expect(menu).toBeHidden()
    await expect(page.getByText('Subcategory: pg & roommates')).toBeVisible()

    await open()
    await menu.getByRole('link', { name: /Used Cars/ }).click()
    await expect(page).toHaveURL(/\/vehicles\?featured=used-cars$/)
    await expect(menu).toBeHidden()
    await expect(page.getByTestId('listing-card')).toHaveCount(1)

    await open()
    await menu.getByRole('link', { name: 'View All Categories' }).click()
    await expect(page).toHaveURL(/\/category\/all$/)
    await expect(menu).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: 'All Categories' })).toBeVisible()
  })
})

test('a card opens its listing; Back to Results returns', async ({ page }) => {
  await page.goto('/search')
  const card = page.getByTestId('listing-card').first()
  const title = await card.getByRole('heading').innerText()
  await card.click({ position: { x: 20, y: 20 } })
  await expect(page).toHaveURL(/\/listing\/L\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await page.getByRole('button', { name: 'Back to Results' }).click()
  await expect(page).toHaveURL(/\/search$/)
})

test('home: featured carousel, view all, register call-to-action and plans (logged out)', async ({
  page,
}) => {
  await page.goto('/')
  const featured = page.locator('section', { has: page.getByRole('heading', { name: 'Featured Listings' }) })
  await expect(featured.getByTestId('listing-card')).toHaveCount(5)
  await featured.getByRole('link', { name: 'View Details' }).first().click()
  await expect(page).toHaveURL(/\/listing\/L\d+$/)

  await page.goto('/')
  await page.getByRole('link', { name: 'View All Listings' }).click()
  await expect(page).toHaveURL(/\/listings$/)

  await page.goto('/')
  await page.getByRole('link', { name: 'Register Now' }).click()
  await expect(page).toHaveURL(/\/auth\?tab=register$/)

  await page.goto('/')
  await page.getByRole('button', { name: 'Choose Basic' }).click()
  await expect(page).toHaveURL(/\/auth\?tab=register$/)
})

test('home: a logged-in visitor choosing a plan goes to the subscription tab', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('isLoggedIn', 'true')
    localStorage.setItem('userName', 'Asha')
    localStorage.setItem('userRole', 'customer')
  })
  await page.goto('/')
  // Only the stored flags, no session: the route guard then sends the visitor on to /auth, so the URL
  // is caught as it changes.
  const arrived = page.waitForURL(
    (url) => url.pathname === '/dashboard' && url.search === '?tab=subscription',
  )
  await page.getByRole('button', { name: 'Choose Premium' }).click()
  await arrived
})

test('the category grid links each category to its route', async ({ page }) => {
  await page.goto('/')
  const grid = page.locator('section', { has: page.getByRole('heading', { name: 'Browse Categories' }) })
  await grid.getByRole('link', { name: /Education/ }).click()
  await expect(page).toHaveURL(/\/education$/)
})

test('the footer links to the quick and legal pages', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  for (const [name, path] of [
    ['Categories', '/categories'],
    ['About Us', '/about'],
    ['Contact', '/contact'],
    ['Privacy Policy', '/privacy'],
    ['Terms of Service', '/terms'],
  ] as const) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', path)
  }
})

test('home: the hero statistics and the advertised listing count', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByText('10,000+ listings')).toBeVisible()
  for (const [value, label] of [
    ['5000+', 'Active Listings'],
    ['2000+', 'Registered Users'],
    ['100+', 'New Listings Daily'],
  ] as const) {
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) })
    await expect(hero.getByRole('listitem').filter({ hasText: label })).toContainText(value)
  }
})

test('home: the featured carousel loops past both ends', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 })
  await page.goto('/')
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Featured Listings' }) })
  const cards = section.getByTestId('listing-card')
  await expect(cards).toHaveCount(5)
  const firstVisibleTitle = () =>
    section.evaluate((element) => {
      const box = (element.querySelector('.overflow-hidden') as HTMLElement).getBoundingClientRect()
      const card = [...element.querySelectorAll('[data-testid="listing-card"]')].find((candidate) => {
        const rect = candidate.getBoundingClientRect()
        return rect.left >= box.left - 1 && rect.right <= box.right + 1
      })
      return card?.querySelector('h3')?.textContent ?? null
    })
  const titles = await cards.getByRole('heading').allInnerTexts()
  await expect.poll(firstVisibleTitle).toBe(titles[0])
  await section.getByRole('button', { name: 'Previous listings' }).click()
  await expect.poll(firstVisibleTitle).toBe(titles[4])
  await section.getByRole('button', { name: 'Next listings' }).click()
  await section.getByRole('button', { name: 'Next listings' }).click()
  await expect.poll(firstVisibleTitle).toBe(titles[1])
})
