import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

/** Whether the element shows its focus ring: after keyboard use only, not after a mouse click. */
const showsFocusRing = (locator: Locator) => locator.evaluate((element) => element.matches(':focus-visible'))

/**
 * Runs `action` and waits until the app has navigated to `pathname`. These tests sign in with the
 * stored flags only (the header's fallback), not a session, so the route guard then sends the
 * visitor on to /auth: the URL is caught as it changes rather than read afterwards.
 */
async function navigatesTo(page: Page, pathname: string, action: () => Promise<void>) {
  const arrived = page.waitForURL((url) => url.pathname === pathname)
  await action()
  await arrived
}

/** Signs in (stored flags) before every load and opens /about, the account menu closed. */
async function openSignedIn(page: Page, role = 'customer', name = 'Asha') {
  await page.addInitScript(
    ([userRole, userName]) => {
      localStorage.setItem('isLoggedIn', 'true')
      localStorage.setItem('userName', userName as string)
      localStorage.setItem('userRole', userRole as string)
    },
    [role, name],
  )
  await page.goto('/about')
  // While the menu is open, Radix hides the rest of the page from the accessibility tree (aria-hidden).
  const trigger = page.locator('header').getByRole('button', { name, includeHidden: true })
  await expect(trigger).toHaveAttribute('aria-expanded', 'false')
  return { trigger, menu: page.getByRole('menu') }
}

test.describe('header account menu', () => {
  test('a click opens it; Escape closes it and gives focus back to the trigger, with its ring', async ({
    page,
  }) => {
    const { trigger, menu } = await openSignedIn(page)
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu')
    await trigger.click()
    await expect(menu).toBeVisible()
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await expect(menu.getByRole('menuitem')).toHaveText(['My Dashboard', 'My Listings', 'Settings', 'Logout'])

    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await expect(trigger).toBeFocused()
    expect(await showsFocusRing(trigger)).toBe(true)
    await expect(page).toHaveURL(/\/about$/)
  })

  test('the keyboard opens it on the first item; ArrowDown and ArrowUp move between items', async ({
    page,
  }) => {
    const { trigger, menu } = await openSignedIn(page)
    await trigger.focus()
    await page.keyboard.press('Enter')
    await expect(menu).toBeVisible()
    const item = (name: string) => menu.getByRole('menuitem', { name })
    await expect(item('My Dashboard')).toBeFocused()
    for (const name of ['My Listings', 'Settings', 'Logout']) {
      await page.keyboard.press('ArrowDown')
      await expect(item(name)).toBeFocused()
    }
    await page.keyboard.press('ArrowUp')
    await expect(item('Settings')).toBeFocused()

    // Opened with a click, ArrowDown goes to the first item.
    await page.keyboard.press('Escape')
    await expect(trigger).toBeFocused()
    await trigger.click()
    await expect(menu).toBeVisible()
    await page.keyboard.press('ArrowDown')
    await expect(item('My Dashboard')).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(item('My Listings')).toBeFocused()
  })

  test('a click outside closes it and leaves the page where it was, the trigger focused without a ring', async ({
    page,
  }) => {
    const { trigger, menu } = await openSignedIn(page)
    await trigger.click()
    await expect(menu).toBeVisible()
    const viewport = page.viewportSize() ?? { width: 1280, height: 720 }
    await page.mouse.click(40, viewport.height - 40)
    await expect(menu).toBeHidden()
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await expect(trigger).toBeFocused()
    expect(await showsFocusRing(trigger)).toBe(false)
    await expect(page).toHaveURL(/\/about$/)
  })

  test('choosing an item, by click or by Enter, navigates and closes it', async ({ page }) => {
    const { trigger, menu } = await openSignedIn(page)
    await trigger.click()
    await navigatesTo(page, '/dashboard', () => menu.getByRole('menuitem', { name: 'My Listings' }).click())
    await expect(menu).toBeHidden()
    await expect(trigger).toBeFocused()
    expect(await showsFocusRing(trigger)).toBe(false)

    await page.goto('/about')
    // The menu's code loads on demand; until then the header shows a disabled stand-in button.
    await expect(trigger).toBeEnabled()
    await trigger.focus()
    await page.keyboard.press('ArrowDown')
    await expect(menu.getByRole('menuitem', { name: 'My Dashboard' })).toBeFocused()
    await navigatesTo(page, '/dashboard', () => page.keyboard.press('Enter'))
    await expect(menu).toBeHidden()
    await expect(trigger).toBeFocused()
    expect(await showsFocusRing(trigger)).toBe(true)
  })

  test('an admin chooses Admin Dashboard', async ({ page }) => {
    const { trigger, menu } = await openSignedIn(page, 'admin', 'Root')
    await trigger.click()
    await expect(menu.getByRole('menuitem')).toHaveText(['Admin Dashboard', 'Logout'])
    await navigatesTo(page, '/admin', () => menu.getByRole('menuitem', { name: 'Admin Dashboard' }).click())
    await expect(menu).toBeHidden()
  })
})
