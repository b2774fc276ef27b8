import { expect, test } from './fixtures.ts'

test('contact: required fields, then the thank-you alert', async ({ page }) => {
  await page.goto('/contact')
  let alerted = ''
  page.on('dialog', async (dialog) => {
    alerted = dialog.message()
    await dialog.accept()
  })
  await page.getByRole('button', { name: 'Send Message' }).click()
  expect(alerted).toBe('')
  await expect(page.getByLabel('Message')).toHaveAttribute('rows', '5')
  await page.getByLabel('Name').fill('Asha')
  await page.getByLabel('Email').fill('asha@example.in')
  await page.getByLabel('Subject').fill('Listing question')
  await page.getByLabel('Message').fill('Is the sofa still available?')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect.poll(() => alerted).toBe("Thank you for your message. We'll get back to you soon!")
  const hours = page.getByTestId('business-hours')
  await expect(hours).toContainText('9:00 AM - 6:00 PM')
  await expect(hours).toContainText('10:00 AM - 4:00 PM')
  await expect(hours).toContainText('Closed')
})

test.describe('header', () => {
  test('logged out: Login / Register to /auth', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login / Register' })).toHaveAttribute(
      'href',
      '/auth',
    )
  })

  test('logged in as a customer: My Dashboard, My Listings, Settings, Logout to /', async ({ page }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return
      sessionStorage.setItem('seeded', '1')
      localStorage.setItem('isLoggedIn', 'true')
      localStorage.setItem('userName', 'Asha')
      localStorage.setItem('userRole', 'customer')
    })
    await page.goto('/about')
    await page.getByRole('button', { name: 'Asha' }).click()
    const menu = page.getByRole('menu')
    for (const name of ['My Dashboard', 'My Listings']) {
      await expect(menu.getByRole('menuitem', { name })).toHaveAttribute('href', '/dashboard')
    }
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/dashboard?tab=profile',
    )
    await expect(menu.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0)
    await menu.getByRole('menuitem', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login / Register' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBeNull()
  })

  test('logged in as an admin: Admin Dashboard', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('isLoggedIn', 'true')
      localStorage.setItem('userName', 'Root')
      localStorage.setItem('userRole', 'admin')
    })
    await page.goto('/')
    await page.getByRole('button', { name: 'Root' }).click()
    await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin')
    await expect(page.getByRole('menuitem', { name: 'My Dashboard' })).toHaveCount(0)
  })

  test('a sign-in in another tab updates the header', async ({ page, context }) => {
    await page.goto('/')
    const other = await context.newPage()
    await other.goto('/about')
    await other.evaluate(() => {
      localStorage.setItem('userName', 'Ravi')
      localStorage.setItem('userRole', 'customer')
      localStorage.setItem('isLoggedIn', 'true')
    })
    await expect(page.getByRole('button', { name: 'Ravi' })).toBeVisible()
  })

  test('mobile menu: the links plus /categories', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 })
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await menu.getByRole('link', { name: 'Categories' }).click()
    await expect(page).toHaveURL(/\/categories$/)
    await expect(menu).toBeHidden()
  })
})

test.describe('responsive grids', () => {
  for (const [width, expected] of [
    [390, 1],
    [700, 2],
    [900, 3],
    [1280, 5],
  ] as const) {
    test(`category grid has ${expected} column(s) at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/')
      const section = page.locator('section', {
        has: page.getByRole('heading', { name: 'Browse Categories' }),
      })
      const columns = await section.evaluate(
        (element) =>
          getComputedStyle(element.querySelector('.grid') ?? element).gridTemplateColumns.split(' ').length,
      )
      expect(columns).toBe(expected)
    })
  }

  for (const [width, expected] of [
    [390, 1],
    [800, 2],
    [1100, 3],
    [1400, 4],
  ] as const) {
    test(`featured carousel shows ${expected} card(s) per row at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/')
      const section = page.locator('section', {
        has: page.getByRole('heading', { name: 'Featured Listings' }),
      })
      await expect(section.getByTestId('listing-card')).toHaveCount(5)
      const visible = await section.evaluate((element) => {
        const viewport = element.querySelector('.overflow-hidden') as HTMLElement
        const box = viewport.getBoundingClientRect()
        return [...element.querySelectorAll('[data-testid="listing-card"]')].filter((card) => {
          const rect = card.getBoundingClientRect()
          return rect.left >= box.left - 1 && rect.right <= box.right + 1
        }).length
      })
      expect(visible).toBe(expected)
    })
  }
})
