import type { BrowserContext, Page } from '@playwright/test'
import {
  demoAdmin,
  demoCustomer,
  env,
  fillSignUp,
  freshEmail,
  logIn,
  loginForm,
  signUpForm,
} from './accounts.ts'
import { expect, test } from './fixtures.ts'

/**
 * Sign-up, login, the route guard, logout, Google and the contact dialog against the local backend
 * the preview server mounts (/auth/v1, /rest/v1). The global setup gives the demo accounts and the
 * admin sign-up code of that backend in the environment.
 */

const accountButton = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name })

test.describe('sign-up', () => {
  test('register, then log in, and land on /dashboard with the name, e-mail and role', async ({ page }) => {
    const account = { name: 'Asha Rao', email: freshEmail('customer'), password: 'Str0ng-pass-phrase' }
    await page.goto('/auth?tab=register')
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible()
    await fillSignUp(page, account)
    await expect(
      page.getByRole('status').filter({ hasText: 'Account created successfully! You can now log in.' }),
    ).toBeVisible()

    // After 2 s the Login tab opens with the e-mail filled in and the password focused.
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible({
      timeout: 5_000,
    })
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true')
    await expect(loginForm(page).getByLabel('Email')).toHaveValue(account.email)
    await expect(loginForm(page).getByLabel('Password')).toBeFocused()
    await loginForm(page).getByLabel('Password').fill(account.password)
    await loginForm(page).getByRole('button', { name: 'Login' }).click()

    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
    const summary = page.getByRole('region', { name: 'Your Account' })
    await expect(summary).toContainText('Asha Rao')
    await expect(summary).toContainText(account.email)
    await expect(summary).toContainText('Customer')
    await expect(accountButton(page, 'Asha Rao')).toBeVisible()
    expect(
      await page.evaluate(() => [localStorage.getItem('isLoggedIn'), localStorage.getItem('userRole')]),
    ).toEqual(['true', 'customer'])
  })

  test('the form says what is missing before anything is sent', async ({ page }) => {
    await page.goto('/auth?tab=register')
    const form = signUpForm(page)
    await form.getByRole('button', { name: 'Create Account' }).click()
    await expect(form.getByText('Full name is required')).toBeVisible()
    await expect(form.getByLabel('Full Name')).toBeFocused()
    await expect(form.getByText('You must agree to the terms and conditions')).toBeVisible()

    await form.getByLabel('Password', { exact: true }).fill('one-password')
    await form.getByLabel('Confirm Password').fill('another-password')
    await form.getByRole('button', { name: 'Create Account' }).click()
    await expect(form.getByText('Passwords do not match')).toBeVisible()

    // Admin asks for the admin sign-up code.
    await expect(form.getByLabel('Admin sign-up code')).toHaveCount(0)
    await form.getByLabel('Account Type').selectOption('admin')
    await form.getByRole('button', { name: 'Create Account' }).click()
    await expect(form.getByText('Admin sign-up code is required')).toBeVisible()
  })

  test('an admin sign-up with a wrong code is refused with the server message; with the code it becomes an admin', async ({
    page,
  }) => {
    const account = { name: 'Root Admin', email: freshEmail('admin'), password: 'Str0ng-pass-phrase' }
    await page.goto('/auth?tab=register')
    await fillSignUp(page, { ...account, adminCode: 'not-the-code' })
    await expect(page.getByRole('alert')).toContainText(/admin sign-up code/i)

    await page.goto('/auth?tab=register')
    await fillSignUp(page, { ...account, adminCode: env('MARKETPLACE_ADMIN_SIGNUP_CODE') })
    await expect(page.getByText('Account created successfully! You can now log in.')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible({
      timeout: 5_000,
    })
    await logIn(page, account)
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('region', { name: 'Your Account' })).toContainText('Admin')
  })
})

test.describe('login and the route guard', () => {
  test('the demo admin logs in and lands on /admin', async ({ page }) => {
    await logIn(page, demoAdmin())
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
    await accountButton(page, 'Demo Admin').click()
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Admin Dashboard', 'Logout'])
  })

  test('a customer typing /admin is sent to /dashboard', async ({ page }) => {
    await logIn(page, demoCustomer())
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
  })

  test('the stored userRole flag alone does not open /admin', async ({ page }) => {
    await logIn(page, demoCustomer())
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.evaluate(() => localStorage.setItem('userRole', 'admin'))
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('signed out, /dashboard and /admin lead to /auth', async ({ page }) => {
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('a wrong password shows the server message in a red alert', async ({ page }) => {
    await logIn(page, { email: demoCustomer().email, password: 'wrong-password' })
    await expect(page.getByRole('alert')).toHaveText('Invalid login credentials')
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('logout ends the session, clears the flags and goes to /', async ({ page }) => {
    await logIn(page, demoCustomer())
    await expect(page).toHaveURL(/\/dashboard$/)
    await accountButton(page, 'Demo Customer').click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login / Register' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBeNull()
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/auth$/)
  })

  test("Google is not on this server: 'An error occurred with Google sign in'", async ({ page }) => {
    await page.goto('/auth')
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByRole('alert')).toHaveText('An error occurred with Google sign in')
  })
})

test.describe('session refresh', () => {
  /** The session supabase-js keeps in localStorage. */
  const storedSession = (page: Page) =>
    page.evaluate(() => {
      const raw = localStorage.getItem('marketplace-auth')
      return raw
        ? (JSON.parse(raw) as { access_token: string; refresh_token: string; expires_at: number })
        : null
    })

  test('a session outlives its access token: supabase-js refreshes it on its own tick', async ({ page }) => {
    await page.clock.install()
    await logIn(page, demoCustomer())
    await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
    const first = await storedSession(page)
    expect(first).not.toBeNull()

    // Two hours on the page's clock, the tab left open: the 3600 s access token has expired, and the
    // 30 s refresh tick (3 ticks before expiry) swaps it through the refresh token, with no navigation.
    await page.clock.fastForward('02:00:00')
    // The refresh token rotates on every refresh (an access token issued in the same second as the
    // first one can be byte-identical: the server's clock did not move).
    await expect.poll(async () => (await storedSession(page))?.refresh_token).not.toBe(first?.refresh_token)
    const refreshed = await storedSession(page)
    expect(refreshed?.expires_at).toBeGreaterThanOrEqual(first?.expires_at ?? 0)
    // Still signed in: the dashboard's data calls go through with the new token.
    await page.getByRole('banner').getByRole('link', { name: 'Home' }).click()
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
    await expect(page.getByText(demoCustomer().email)).toBeVisible()
  })
})

test.describe('Remember me', () => {
  /** The browser closed and opened again: the same storage, minus the cookies that end with the browser session. */
  async function restart(context: BrowserContext, baseURL: string | undefined): Promise<BrowserContext> {
    const state = await context.storageState()
    const browser = context.browser()
    if (!browser) throw new Error('The context has no browser to open a new one in')
    const reopened = await browser.newContext({
      baseURL,
      storageState: { ...state, cookies: state.cookies.filter((cookie) => cookie.expires !== -1) },
    })
    await context.close()
    return reopened
  }

  test('unchecked, the session ends with the browser; checked, it stays', async ({ browser, baseURL }) => {
    const first = await browser.newContext({ baseURL })
    const page = await first.newPage()
    await logIn(page, demoCustomer(), false)
    await expect(page).toHaveURL(/\/dashboard$/)
    // A reload in the same browser keeps it.
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()

    const second = await restart(first, baseURL)
    const reopened = await second.newPage()
    await reopened.goto('/dashboard')
    await expect(reopened).toHaveURL(/\/auth$/)
    await expect(reopened.getByRole('banner').getByRole('link', { name: 'Login / Register' })).toBeVisible()

    await logIn(reopened, demoCustomer(), true)
    await expect(reopened).toHaveURL(/\/dashboard$/)
    const third = await restart(second, baseURL)
    const again = await third.newPage()
    await again.goto('/dashboard')
    await expect(again.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
    await third.close()
  })
})

test.describe('the contact dialog', () => {
  test('logs in from the listing, stays there, and Contact Seller then alerts', async ({ page }) => {
    await page.goto('/listing/L1002')
    await page.getByRole('button', { name: 'Contact Seller' }).click()
    const dialog = page.getByRole('dialog', { name: 'Login or Register' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText(/coming soon/i)).toHaveCount(0)

    await dialog.getByRole('button', { name: 'Phone' }).click()
    await expect(
      dialog.getByText('Login by phone (OTP) is not available on this server. Use Email instead.'),
    ).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Send OTP' })).toBeDisabled()
    await dialog.getByRole('button', { name: 'Social' }).click()
    await expect(dialog.getByRole('button', { name: 'Continue with Facebook' })).toBeDisabled()
    await dialog.getByRole('button', { name: 'Email' }).click()

    const { email, password } = demoCustomer()
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByLabel('Password').fill(password)
    await dialog.getByRole('button', { name: 'Login' }).click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/listing\/L1002$/)
    await expect(page.getByRole('button', { name: 'Contact Seller' })).toBeFocused()
    await expect(accountButton(page, 'Demo Customer')).toBeVisible()

    const alerts: string[] = []
    page.on('dialog', async (alert) => {
      alerts.push(alert.message())
      await alert.dismiss()
    })
    await page.getByRole('button', { name: 'Contact Seller' }).click()
    await expect.poll(() => alerts).toEqual(['Contact feature would open here'])
  })

  test('a wrong password shows the error inside the dialog', async ({ page }) => {
    await page.goto('/listing/L1002')
    await page.getByRole('button', { name: 'Chat with Seller' }).click()
    const dialog = page.getByRole('dialog', { name: 'Login or Register' })
    await dialog.getByLabel('Email').fill(demoCustomer().email)
    await dialog.getByLabel('Password').fill('wrong-password')
    await dialog.getByRole('button', { name: 'Login' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Invalid login credentials')
  })
})
