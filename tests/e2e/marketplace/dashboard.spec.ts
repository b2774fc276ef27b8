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

async function signUpAndIn(page: Page): Promise<void> {
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
  // Its image is the uploaded one, served by the backend's storage.
  const src = await card.getByRole('img').first().getAttribute('src')
  expect(src).toContain('/storage/v1/object/public/listing-images/')
  expect((await page.request.get(src as string)).headers()['content-type']).toBe('image/png')

  const axe = await new AxeBuilder({ page }).include('main').analyze()
  expect(
    axe.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
  ).toEqual([])

  await card.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('region', { name: 'Edit Listing' })
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
