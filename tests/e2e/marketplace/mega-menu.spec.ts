import type { Page } from '@playwright/test'
import config from '../../../playwright.config.ts'
import { expect, test } from './fixtures.ts'

// Playwright hides scrollbars in headless Chromium (--hide-scrollbars); this file shows them, so that
// removing the scrollbar when the menu locks the page's scroll could shift the page, as on a desktop.
test.use({ launchOptions: { ...config.use?.launchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] } })

async function openMenu(page: Page) {
  // The page shown first, so the test starts from a settled page.
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Categories', exact: true }).click()
  const menu = page.getByRole('dialog', { name: 'Categories' })
  await expect(menu).toBeVisible()
  return menu
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY)
const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow)

test.describe('the mega-menu closes on every route change', () => {
  for (const { link, from, to } of [
    { link: 'Home', from: '/about', to: /\/$/ },
    { link: 'About', from: '/', to: /\/about$/ },
    { link: 'About', from: '/about', to: /\/about$/ }, // the page already shown
    { link: 'Contact', from: '/', to: /\/contact$/ },
    { link: 'Gulbarga Classifieds', from: '/contact', to: /\/$/ }, // the logo
    { link: 'Login / Register', from: '/', to: /\/auth$/ },
  ]) {
    test(`header link '${link}' from ${from}`, async ({ page }) => {
      await page.goto(from)
      const menu = await openMenu(page)
      await page.getByRole('banner').getByRole('link', { name: link, exact: true }).click()
      await expect(page).toHaveURL(to)
      await expect(menu).toBeHidden()
      expect(await bodyOverflow(page)).not.toBe('hidden')
    })
  }

  test("the browser's Back and Forward", async ({ page }) => {
    await page.goto('/')
    await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click()
    await expect(page).toHaveURL(/\/about$/)
    const menu = await openMenu(page)
    await page.goBack()
    await expect(page).toHaveURL(/\/$/)
    await expect(menu).toBeHidden()

    await openMenu(page)
    await page.goForward()
    await expect(page).toHaveURL(/\/about$/)
    await expect(menu).toBeHidden()
    expect(await bodyOverflow(page)).not.toBe('hidden')
  })
})

test('while open the page does not scroll and nothing shifts sideways; closed, it scrolls again', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  const scrollbarWidth = () => page.evaluate(() => window.innerWidth - document.documentElement.clientWidth)
  expect(await scrollbarWidth()).toBeGreaterThan(0)
  const login = page.getByRole('banner').getByRole('link', { name: 'Login / Register' })
  const heroHeading = page.getByRole('heading', { level: 1 })
  const before = { login: await login.boundingBox(), hero: await heroHeading.boundingBox() }

  const menu = await openMenu(page)
  expect(await login.boundingBox()).toEqual(before.login)
  expect(await heroHeading.boundingBox()).toEqual(before.hero)

  // The wheel over the backdrop or over the menu (all of which fits at this size) leaves the page be.
  for (const y of [780, 300]) {
    await page.mouse.move(640, y)
    await page.mouse.wheel(0, 600)
  }
  await page.waitForTimeout(400)
  expect(await scrollY(page)).toBe(0)

  // Closed again: the scrollbar is back where it was and the same wheel scrolls the page.
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  expect(await scrollbarWidth()).toBeGreaterThan(0)
  expect(await login.boundingBox()).toEqual(before.login)
  await page.mouse.move(640, 780)
  await page.mouse.wheel(0, 600)
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0)
})

test('a page scrolled down stays where it was after the menu closes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  await page.evaluate(() => window.scrollTo(0, 700))
  await expect.poll(() => scrollY(page)).toBe(700)
  const menu = await openMenu(page)
  await page.getByTestId('mega-menu-backdrop').click({ position: { x: 640, y: 700 } })
  await expect(menu).toBeHidden()
  expect(await scrollY(page)).toBe(700)
})

for (const [width, height] of [
  [1280, 800],
  [1280, 720],
  [1280, 600],
  [800, 800], // two columns: the tallest menu
] as const) {
  test(`'View All Categories' stays visible at ${width}x${height}, the rest scrolls within the menu`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height })
    await page.goto('/')
    const menu = await openMenu(page)
    const viewAll = menu.getByRole('link', { name: 'View All Categories' })
    await expect(viewAll).toBeInViewport({ ratio: 1 })
    // Nothing covers it: the point at its centre is the link.
    const hit = await viewAll.evaluate((element) => {
      const box = element.getBoundingClientRect()
      return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2))
    })
    expect(hit).toBe(true)

    // The last popular link is reachable by scrolling the menu, with the footer still in view.
    const last = menu.getByRole('link', { name: /Men's Watches/ })
    await last.scrollIntoViewIfNeeded()
    await expect(last).toBeInViewport({ ratio: 1 })
    await expect(viewAll).toBeInViewport({ ratio: 1 })
    expect(await scrollY(page)).toBe(0)

    // Some backdrop remains below the panel to click.
    await page.mouse.click(width / 2, height - 10)
    await expect(menu).toBeHidden()
  })
}

test("on a short window the wheel scrolls the menu's own area, not the page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 })
  await page.goto('/')
  await openMenu(page)
  const area = page.getByTestId('mega-menu-scroll-area')
  await page.mouse.move(640, 300)
  await page.mouse.wheel(0, 300)
  await expect.poll(() => area.evaluate((element) => element.scrollTop)).toBeGreaterThan(0)
  // Scrolled to its end, the wheel goes no further: not on to the page.
  await page.mouse.wheel(0, 2000)
  await page.waitForTimeout(400)
  expect(await scrollY(page)).toBe(0)
})

test('a menu opened while the next page still loads stays open when that page arrives', async ({ page }) => {
  await page.goto('/about')
  // The category page's code comes late: the router commits the navigation (its location) only then.
  let release: () => void = () => {}
  const arrived = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/CategoryPage-[^/]+\.js$/, async (route) => {
    await arrived
    await route.continue()
  })
  const menu = await openMenu(page)
  await menu
    .getByRole('navigation', { name: 'All Categories' })
    .getByRole('link', { name: 'Vehicles' })
    .click()
  await expect(menu).toBeHidden()
  await expect(page).toHaveURL(/\/vehicles$/)
  await page.getByRole('button', { name: 'Categories', exact: true }).click()
  await expect(menu).toBeVisible()
  release()
  await expect(page.getByRole('heading', { level: 1, name: 'Vehicles' })).toBeVisible()
  await expect(menu).toBeVisible()
  // A navigation after it still closes it.
  await page.goBack()
  await expect(page).toHaveURL(/\/about$/)
  await expect(menu).toBeHidden()
})
