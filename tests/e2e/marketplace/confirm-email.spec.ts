import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { createServer, type ViteDevServer } from 'vite'

/**
 * With e-mail confirmation on (MARKETPLACE_CONFIRM_EMAIL=1), on the marketplace's own dev server and
 * its mounted backend: the confirmation and recovery mails land in the local inbox (/inbox), and their
 * links come back to /auth/callback for real (PKCE code exchange).
 */
const MARKETPLACE = path.resolve(import.meta.dirname, '../../../examples/marketplace')

let server: ViteDevServer
let url = ''
let dataDir = ''
test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-confirm-'))
  const saved = { ...process.env }
  Object.assign(process.env, {
    MARKETPLACE_DATA_DIR: dataDir,
    MARKETPLACE_CONFIRM_EMAIL: '1',
    MARKETPLACE_BACKEND: '',
  })
  try {
    server = await createServer({
      root: MARKETPLACE,
      logLevel: 'silent',
      server: { port: 0, host: '127.0.0.1', strictPort: false },
    })
    await server.listen()
  } finally {
    process.env = saved
  }
  url = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? ''
})
test.afterAll(async () => {
  await server?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Opens the newest inbox mail to `email` whose subject matches, and follows its link. */
async function followMail(page: Page, email: string, subject: RegExp) {
  await page.goto(`${url}/inbox`)
  const mail = page.getByRole('listitem').filter({ hasText: email }).filter({ hasText: subject }).first()
  await expect(mail).toBeVisible()
  await mail.getByRole('link').click()
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${url}/auth`)
  const form = page.getByRole('form', { name: 'Login' })
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill(password)
  await form.getByRole('button', { name: 'Login' }).click()
}

test('sign-up waits for the confirmation mail; its link signs in through /auth/callback; recovery sets a new password', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const email = `confirm-${Date.now()}@example.in`
  await page.goto(`${url}/auth?tab=register`, { timeout: 60_000 })
  const form = page.getByRole('form', { name: 'Sign up' })
  await form.getByLabel('Full Name').fill('Meera Kulkarni')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Phone Number').fill('+91 98450 12345')
  await form.getByLabel('Password', { exact: true }).fill('first-password-1')
  await form.getByLabel('Confirm Password').fill('first-password-1')
  await form.getByRole('checkbox', { name: /I agree to the/ }).check()
  await form.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText(/Account created successfully! You can now log in\./)).toBeVisible()

  // Not confirmed yet: the server refuses, and the spec's message says why.
  await logIn(page, email, 'first-password-1')
  await expect(
    page.getByText('Please check your email and confirm your account before logging in.'),
  ).toBeVisible()

  await followMail(page, email, /confirm/i)
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 })
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
  await expect(page.getByRole('main').getByText('Meera Kulkarni')).toBeVisible()

  // Forgot password: a real recovery mail, whose link leads to the new-password form.
  await page.context().clearCookies()
  await page.evaluate(() => localStorage.clear())
  await page.goto(`${url}/auth`)
  await page.getByRole('button', { name: 'Forgot Password?' }).click()
  const reset = page.getByRole('form', { name: 'Reset your password' })
  await reset.getByLabel('Email').fill(email)
  await reset.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(reset.getByRole('alert').or(reset.getByRole('status'))).toBeVisible()
  await followMail(page, email, /reset|recover|password/i)
  const newPassword = page.getByRole('form', { name: 'Set a new password' })
  await newPassword.getByLabel('New Password', { exact: true }).fill('second-password-2')
  await newPassword.getByLabel('Confirm New Password').fill('second-password-2')
  await newPassword.getByRole('button', { name: 'Save New Password' }).click()
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 })

  // The old password no longer works; the new one does.
  await page.evaluate(() => localStorage.clear())
  await logIn(page, email, 'first-password-1')
  await expect(page.getByText('Invalid login credentials')).toBeVisible()
  await logIn(page, email, 'second-password-2')
  await expect(page).toHaveURL(/\/dashboard$/)
})
