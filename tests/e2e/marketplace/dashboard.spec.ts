import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { fillSignUp, freshEmail, logIn } from './accounts.ts'
import { expect, test } from './fixtures.ts'

/**
 * The customer dashboard's My Listings and listing form (issue 29) against the backend the preview
 * server mounts: a fresh customer posts a listing (the form's messages first, an image uploaded), sees
 * it pending, edits it, is refused a second one by the Free plan, and deletes it.
 */

/** A real 1x1 PNG, as a phone's photo would be decoded. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

async function signUpAndIn(page: Page): Promise<{ email: string; password: string }> {
  const account = {
    name: 'Dashboard Tester',
    email: freshEmail('dashboard'),
    password: 'Str0ng-pass-phrase',
  }
  await page.goto('/auth?tab=register')
  await fillSignUp(page, account)
  await expect(page.getByRole('status').filter({ hasText: 'Account created successfully!' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible({ timeout: 5_000 })
  await logIn(page, account)
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible({ timeout: 15_000 })
  return account
}

test('a customer posts, sees, edits and deletes a listing; the Free plan allows one', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await signUpAndIn(page)
  const listings = page.getByRole('region', { name: 'My Listings' })
  await expect(listings.getByText('No active listings found')).toBeVisible({ timeout: 10_000 })

  await listings.getByRole('button', { name: 'Create New Listing' }).first().click()
  const form = page.getByRole('region', { name: 'Create New Listing' })
  const save = form.getByRole('button', { name: 'Create Listing' })
  await save.click()
  await expect(form.getByRole('alert')).toHaveText('Please fill in all required fields')
  await form.getByLabel('Title *').fill('Teak wood sofa, 5 seater')
  await form.getByLabel('Category *').selectOption('Furniture')
  await form.getByLabel('Price (₹) *').fill('35000')
  await form.getByLabel('Location *').selectOption('Sedam')
  await form.getByLabel('Description *').fill('Solid teak frame with new cushions.')
  await save.click()
  await expect(form.getByRole('alert')).toHaveText('Please upload at least one image')
  await form
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') })
  await expect(form.getByRole('alert')).toHaveText('File notes.txt is not a valid image')
  await form
    .locator('input[type=file]')
    .setInputFiles({ name: 'sofa.png', mimeType: 'image/png', buffer: PNG })
  await expect(form.getByRole('list', { name: 'Images' }).getByRole('img')).toHaveCount(1)
  await save.click()
  await expect(form.getByRole('button', { name: 'Saving...' })).toBeVisible()

  // Back on the list: pending, so not under Active; under Pending with the note.
  await expect(listings.getByText('No active listings found')).toBeVisible({ timeout: 10_000 })
  await listings.getByRole('tab', { name: 'Pending' }).click()
  const card = listings.getByRole('article', { name: 'Teak wood sofa, 5 seater' })
  await expect(card).toBeVisible()
  await expect(card).toContainText('Pending')
  await expect(card).toContainText(
    'Your listing is awaiting admin approval. It will be visible to others once approved.',
  )
  // Its card shows the photo's thumbnail, made in the page and stored beside the photo by the backend.
  const src = await card.getByRole('img').first().getAttribute('src')
  expect(src).toContain('/storage/v1/object/public/listing-images/')
  expect((await page.request.get(src as string)).headers()['content-type']).toMatch(/^image\/(png|webp)$/)

  const axe = await new AxeBuilder({ page }).include('main').analyze()
  expect(
    axe.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
  ).toEqual([])

  await card.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('region', { name: 'Edit Listing' })
  const photo = await edit.getByRole('list', { name: 'Images' }).getByRole('img').first().getAttribute('src')
  expect(photo).toContain('/storage/v1/object/public/listing-images/')
  expect(photo).not.toBe(src)
  expect((await page.request.get(photo as string)).headers()['content-type']).toBe('image/png')
  await edit.getByLabel('Title *').fill('Teak wood sofa set')
  await edit.getByRole('button', { name: 'Update Listing' }).click()
  await listings.getByRole('tab', { name: 'Pending' }).click()
  await expect(listings.getByRole('article', { name: 'Teak wood sofa set' })).toContainText('Pending', {
    timeout: 10_000,
  })

  // A second listing on the Free plan: the database refuses it, the form says why and where to go.
  await listings.getByRole('button', { name: 'Create New Listing' }).first().click()
  await form.getByLabel('Title *').fill('Dining table')
  await form.getByLabel('Category *').selectOption('Furniture')
  await form.getByLabel('Price (₹) *').fill('9000')
  await form.getByLabel('Location *').selectOption('Aland')
  await form.getByLabel('Description *').fill('Six chairs.')
  await form
    .locator('input[type=file]')
    .setInputFiles({ name: 'table.png', mimeType: 'image/png', buffer: PNG })
  await save.click()
  await expect(form.getByRole('alert')).toContainText(
    'Your Free plan allows 1 listing. Upgrade your plan in Subscription to post more.',
    { timeout: 10_000 },
  )
  await expect(form.getByRole('link', { name: 'Go to Subscription' })).toHaveAttribute(
    'href',
    '/dashboard?tab=subscription',
  )
  await form.getByRole('button', { name: 'Cancel' }).click()

  await listings.getByRole('tab', { name: 'All' }).click()
  await listings
    .getByRole('article', { name: 'Teak wood sofa set' })
    .getByRole('button', { name: 'Delete' })
    .click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete this listing?' })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(listings.getByText('No listings found')).toBeVisible({ timeout: 10_000 })
  expect((await page.request.get(src as string)).status()).toBe(404)
})

test('a plan change: card errors first, then Processing, success, 30 days, usage reset; the payment in Payment History', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await signUpAndIn(page)
  await page
    .getByRole('navigation', { name: 'Dashboard sections' })
    .getByRole('button', { name: 'Subscription' })
    .click()
  await expect(page).toHaveURL(/\?tab=subscription$/)
  const section = page.getByRole('region', { name: 'Subscription' })
  await expect(section.getByText('Current plan', { exact: true })).toBeVisible({ timeout: 10_000 })
  await expect(section.getByRole('progressbar', { name: 'Listings used' })).toHaveAttribute(
    'aria-valuetext',
    '0 of 1',
  )

  await section
    .getByRole('listitem', { name: 'Basic' })
    .getByRole('button', { name: 'Switch to Basic' })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Change to the Basic plan' })
  const confirm = dialog.getByRole('button', { name: 'Confirm Payment' })
  const alert = dialog.getByRole('alert')
  await confirm.click()
  await expect(alert).toHaveText('Please enter a valid card number')
  await dialog.getByLabel('Card Number').fill('4111 1111 1111 1111')
  await confirm.click()
  await expect(alert).toHaveText('Please enter the name on card')
  await dialog.getByLabel('Name on Card').fill('Dashboard Tester')
  await confirm.click()
  await expect(alert).toHaveText('Please enter a valid expiry date')
  const years = await dialog.getByLabel('Year').locator('option').allTextContents()
  const thisYear = new Date().getFullYear()
  expect(years).toEqual(['YYYY', ...Array.from({ length: 10 }, (_, index) => String(thisYear + index))])
  await dialog.getByLabel('Month').selectOption('08')
  await dialog.getByLabel('Year').selectOption(String(thisYear + 2))
  await dialog.getByLabel('CVV').fill('12')
  await confirm.click()
  await expect(alert).toHaveText('Please enter a valid CVV')
  await dialog.getByLabel('CVV').fill('123')
  await dialog.getByLabel('PayPal').check()
  await expect(dialog.getByText('You will be redirected to PayPal to complete your payment.')).toBeVisible()
  await dialog.getByLabel('Credit / Debit Card').check()
  await dialog.getByLabel('Card Number').fill('4111 1111 1111 1111')
  await dialog.getByLabel('Name on Card').fill('Dashboard Tester')
  await dialog.getByLabel('Month').selectOption('08')
  await dialog.getByLabel('Year').selectOption(String(thisYear + 2))
  await dialog.getByLabel('CVV').fill('123')
  await confirm.click()
  await expect(dialog.getByRole('button', { name: 'Processing...' })).toBeVisible()
  await expect(dialog.getByRole('status')).toHaveText(
    'Payment successful! Your subscription has been updated.',
    {
      timeout: 10_000,
    },
  )
  await dialog.getByRole('button', { name: 'Close' }).click()

  await expect(section.getByText('Basic', { exact: true }).first()).toBeVisible()
  await expect(section.getByText(/\(30 days left\)/)).toBeVisible()
  await expect(section.getByRole('progressbar', { name: 'Listings used' })).toHaveAttribute(
    'aria-valuetext',
    '0 of 5',
  )
  await expect(
    section.getByRole('listitem', { name: 'Basic' }).getByRole('button', { name: 'Current Plan' }),
  ).toBeDisabled()

  await section.getByRole('button', { name: 'Manage Payment' }).click()
  const payments = page.getByRole('region', { name: 'Payment History' })
  await expect(payments.getByRole('row')).toHaveCount(2, { timeout: 10_000 })
  await expect(payments.getByRole('row').nth(1)).toContainText('Basic plan subscription')
  await expect(payments.getByRole('row').nth(1)).toContainText('₹499')
  await expect(payments.getByRole('row').nth(1)).toContainText('Successful')
  await payments.getByLabel('Status').selectOption('failed')
  await expect(payments.getByText('No payment records found')).toBeVisible()
})

test('Profile Settings: the full name saved (the page reloads); the password changed and used to log in again', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 390, height: 844 })
  const account = await signUpAndIn(page)
  await page.goto('/dashboard?tab=profile')
  const section = page.getByRole('region', { name: 'Profile Settings' })
  const form = section.getByRole('form', { name: 'Account' })
  await expect(form.getByLabel('PIN Code')).toHaveValue('585101')
  await form.getByLabel('Full Name').fill('Asha Rao')
  await Promise.all([page.waitForEvent('load'), form.getByRole('button', { name: 'Save Changes' }).click()])
  await expect(page.getByRole('region', { name: 'Your Account' })).toContainText('Asha Rao', {
    timeout: 10_000,
  })

  await section.getByRole('tab', { name: 'Security' }).click()
  const password = section.getByRole('form', { name: 'Change Password' })
  await password.getByLabel('Current Password').fill('not my password')
  await password.getByLabel('New Password', { exact: true }).fill('N3w-pass-phrase!')
  await password.getByLabel('Confirm New Password').fill('N3w-pass-phrase!')
  await password.getByRole('button', { name: 'Update Password' }).click()
  await expect(password.getByRole('alert')).toHaveText('The current password is not correct')
  await password.getByLabel('Current Password').fill(account.password)
  await password.getByRole('button', { name: 'Update Password' }).click()
  await expect(password.getByRole('status')).toHaveText(
    'Your password was changed. Use it the next time you log in.',
    {
      timeout: 10_000,
    },
  )

  const axe = await new AxeBuilder({ page }).include('main').analyze()
  expect(
    axe.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
  ).toEqual([])

  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('button', { name: 'Logout' }).click()
  await logIn(page, { email: account.email, password: 'N3w-pass-phrase!' })
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible({ timeout: 15_000 })
})

test('by keyboard alone: sections, the plan dialog (Escape gives focus back), the listing form and its Cancel', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await signUpAndIn(page)
  const sections = page.getByRole('navigation', { name: 'Dashboard sections' })

  await sections.getByRole('button', { name: 'Subscription' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\?tab=subscription$/)
  const subscription = page.getByRole('region', { name: 'Subscription' })
  const switchToBasic = subscription
    .getByRole('listitem', { name: 'Basic' })
    .getByRole('button', { name: 'Switch to Basic' })
  await expect(switchToBasic).toBeVisible({ timeout: 10_000 })
  await switchToBasic.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Change to the Basic plan' })
  await expect(dialog).toBeVisible()
  await expect(dialog.locator(':focus')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(switchToBasic).toBeFocused()

  await sections.getByRole('button', { name: 'My Listings' }).focus()
  await page.keyboard.press('Enter')
  const listings = page.getByRole('region', { name: 'My Listings' })
  const create = listings.getByRole('button', { name: 'Create New Listing' }).first()
  await expect(create).toBeVisible({ timeout: 10_000 })
  await create.focus()
  await page.keyboard.press('Enter')
  const form = page.getByRole('region', { name: 'Create New Listing' })
  await expect(form).toBeVisible()
  // Tab reaches the title first, and the form's fields follow in order.
  await form.getByLabel('Title *').focus()
  await page.keyboard.type('Keyboard chair')
  await page.keyboard.press('Tab')
  await expect(form.getByLabel('Category *')).toBeFocused()
  await form.getByRole('button', { name: 'Cancel' }).focus()
  await page.keyboard.press('Enter')
  await expect(form).toHaveCount(0)
  await expect(listings.getByText('No active listings found')).toBeVisible()

  const axe = await new AxeBuilder({ page }).include('main').analyze()
  expect(
    axe.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
  ).toEqual([])
})
