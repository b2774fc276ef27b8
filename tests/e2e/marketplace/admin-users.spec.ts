import type { Locator, Page } from '@playwright/test'
import { supabaseClientAt } from '../../../examples/marketplace/server/supabase-test-clients.ts'
import { env, logIn } from './accounts.ts'
import { expectAxeClean } from './axe.ts'
import { expect, test } from './fixtures.ts'
import {
  CUSTOMER_PASSWORD,
  type Customer,
  moderationAdmin,
  moderationCustomer,
  moderationSite,
} from './moderation-site.ts'

/**
 * Manage Users (issue 30) on the moderation site: the admin finds a customer this file makes, suspends
 * them (their session ends and /auth answers with the suspension) and activates them again; adds a
 * user (a password setup mail lands in /inbox), edits one, sends one a message (in /inbox too); the
 * filters, paging and the empty message; axe on the section and its dialogs; a row's menu by keyboard
 * on a phone-sized screen. Every account is this run's own (the run suffix); the one suspended is
 * active again at the end.
 */

test.use({ listingsStore: 'moderation' })
test.describe.configure({ mode: 'serial' })

const run = `u${Date.now().toString(36)}`
const customerName = `Kavya Rao ${run}`
let customer: Customer

/** Manage Users, opened from the admin sections as the moderation site's admin. */
async function openManageUsers(page: Page): Promise<Locator> {
  await logIn(page, moderationAdmin())
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 })
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name: 'Manage Users' })
    .click()
  await expect(page).toHaveURL(/\?tab=users$/)
  return page.getByRole('region', { name: 'Manage Users' })
}

/** Chooses `item` from the actions menu of the account named `name`. */
async function choose(page: Page, section: Locator, name: string, item: string): Promise<void> {
  await section.getByRole('button', { name: `Actions for ${name}` }).click()
  await page.getByRole('menuitem', { name: item }).click()
}

/** The mails to `address` in the site's local inbox whose text includes `text`. */
async function inboxMails(page: Page, address: string, text: string): Promise<Locator> {
  await page.goto(`${moderationSite()}/inbox`)
  return page.getByRole('listitem').filter({ hasText: address }).filter({ hasText: text })
}

test.beforeAll(async () => {
  customer = await moderationCustomer(customerName, `e2e-users-${run}@example.in`)
})

test('suspending ends the customer’s session and /auth tells them so; activating lets them sign in again', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const section = await openManageUsers(page)
  await section.getByRole('searchbox', { name: 'Search users' }).fill(run)
  const row = section.getByRole('row', { name: customerName })
  await expect(row).toContainText(customer.email)
  await expect(row).toContainText('Customer')
  await expect(row).toContainText('Active')

  await choose(page, section, customerName, 'Suspend')
  const confirm = page.getByRole('alertdialog', { name: `Suspend ${customerName}?` })
  await expect(confirm).toContainText('cannot sign in')
  await expectAxeClean(page, '[role=alertdialog]')
  await confirm.getByRole('button', { name: 'Suspend' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(section.getByRole('status').filter({ hasText: 'User suspended' })).toBeVisible()
  await expect(row).toContainText('Suspended')
  // Focus is back on the row's menu button, which now offers Activate.
  await expect(section.getByRole('button', { name: `Actions for ${customerName}` })).toBeFocused()

  // The session the customer had is gone, and signing in is refused with a message a person understands.
  const { error: sessionError } = await customer.client.auth.getUser()
  expect(sessionError).not.toBeNull()
  const visitor = await browser.newPage({ baseURL: moderationSite() })
  await logIn(visitor, { email: customer.email, password: CUSTOMER_PASSWORD })
  await expect(
    visitor.getByRole('alert').filter({ hasText: 'This account has been suspended' }),
  ).toBeVisible()
  await expect(visitor).toHaveURL(/\/auth$/)

  await choose(page, section, customerName, 'Activate')
  await expect(section.getByRole('status').filter({ hasText: 'User activated' })).toBeVisible()
  await expect(row).toContainText('Active')
  // The message goes after 3 seconds (spec section 9).
  await expect(section.getByText('User activated')).toHaveCount(0, { timeout: 6_000 })

  await logIn(visitor, { email: customer.email, password: CUSTOMER_PASSWORD })
  await expect(visitor).toHaveURL(/\/dashboard$/, { timeout: 15_000 })
  await visitor.close()
})

test('Add New User (its owner sets a password through the mailed link), Edit User and Send Message, with their checks', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const section = await openManageUsers(page)
  const added = { name: `Imran Shaikh ${run}`, email: `e2e-added-${run}@example.in` }
  // A number no other account has, to find them by.
  const phone = `+91 ${String(Date.now()).slice(-10)}`

  await section.getByRole('button', { name: 'Add New User' }).click()
  const form = page.getByRole('dialog', { name: 'Add New User' })
  await form.getByRole('button', { name: 'Add User' }).click()
  await expect(form.getByText('Name is required')).toBeVisible()
  await expect(form.getByText('Email is required')).toBeVisible()
  await expect(form.getByLabel('Full Name')).toBeFocused()
  await expectAxeClean(page, '[role=dialog]')

  // An address in use: said on the e-mail field; what was typed stays.
  await form.getByLabel('Full Name').fill(added.name)
  await form.getByLabel('Email').fill(customer.email)
  await form.getByLabel('Phone Number').fill(phone)
  await form.getByRole('button', { name: 'Add User' }).click()
  await expect(form.getByText(`Another account already uses ${customer.email}`)).toBeVisible()
  await expect(form.getByLabel('Email')).toBeFocused()
  await expect(form.getByLabel('Full Name')).toHaveValue(added.name)
  await expect(form.getByLabel('Phone Number')).toHaveValue(phone)

  await form.getByLabel('Email').fill(added.email)
  await form.getByRole('button', { name: 'Add User' }).click()
  await expect(form).toHaveCount(0)
  await expect(
    section
      .getByRole('status')
      .filter({ hasText: `User created; a password setup link was sent to ${added.email}` }),
  ).toBeVisible()
  await section.getByRole('searchbox', { name: 'Search users' }).fill(phone)
  await expect(section.getByRole('row', { name: added.name })).toContainText(added.email)
  await expect(section.getByRole('row')).toHaveCount(1 + 1)
  await section.getByRole('searchbox', { name: 'Search users' }).fill(run)

  const renamed = `Imran S. ${run}`
  await choose(page, section, added.name, 'Edit User')
  const edit = page.getByRole('dialog', { name: 'Edit User' })
  await expect(edit.getByLabel('Email')).toHaveValue(added.email)
  await edit.getByLabel('Full Name').fill(renamed)
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(edit).toHaveCount(0)
  await expect(section.getByRole('status').filter({ hasText: `User updated: ${renamed}` })).toBeVisible()
  await expect(section.getByRole('row', { name: renamed })).toContainText(added.email)
  await expect(section.getByRole('row', { name: added.name })).toHaveCount(0)

  const subject = `About your listing ${run}`
  await choose(page, section, customerName, 'Send Message')
  const message = page.getByRole('dialog', { name: 'Send Message' })
  await expect(message).toContainText(customer.email)
  await message.getByRole('button', { name: 'Send Message' }).click()
  await expect(message.getByText('Write a subject')).toBeVisible()
  await expect(message.getByText('Write a message')).toBeVisible()
  await expectAxeClean(page, '[role=dialog]')
  await message.getByLabel('Subject').fill(subject)
  await message.getByLabel('Message').fill('Please add a photo of the back of the chair.\nThank you!')
  await message.getByRole('button', { name: 'Send Message' }).click()
  await expect(message).toHaveCount(0)
  await expect(
    section.getByRole('status').filter({ hasText: `Message sent to ${customer.email}` }),
  ).toBeVisible()

  await expect(await inboxMails(page, customer.email, subject)).toContainText(
    'a photo of the back of the chair',
  )

  // The new user opens the setup link in their own browser (nothing of the admin's there), chooses a
  // password and is signed in; the password then works at /auth.
  const setupMail = await inboxMails(page, added.email, 'Reset Your Password')
  await expect(setupMail).toHaveCount(1)
  const link = await setupMail.getByRole('link').getAttribute('href')
  const own = await browser.newContext({ baseURL: moderationSite() })
  const newUser = await own.newPage()
  await newUser.goto(link ?? '')
  const setPassword = newUser.getByRole('form', { name: 'Set a new password' })
  await setPassword.getByLabel('New Password', { exact: true }).fill('own-password-1')
  await setPassword.getByLabel('Confirm New Password').fill('own-password-1')
  // The tokens the link brought are not left in the address bar.
  expect(new URL(newUser.url()).hash).toBe('')
  await setPassword.getByRole('button', { name: 'Save New Password' }).click()
  await expect(newUser).toHaveURL(/\/dashboard$/, { timeout: 15_000 })
  await newUser.evaluate(() => localStorage.clear())
  await logIn(newUser, { email: added.email, password: 'own-password-1' })
  await expect(newUser).toHaveURL(/\/dashboard$/, { timeout: 15_000 })
  await own.close()
})

test('filters, paging and the empty message; axe on the section', async ({ page }) => {
  test.setTimeout(120_000)
  // Eleven more of this run's accounts, made by the admin through the database, for a second page.
  const admin = supabaseClientAt(moderationSite(), env('MARKETPLACE_MODERATION_ANON_KEY'))
  const signIn = await admin.auth.signInWithPassword(moderationAdmin())
  expect(signIn.error).toBeNull()
  for (let index = 1; index <= 11; index++) {
    const { error } = await admin.rpc('admin_save_user', {
      target: null,
      email: `e2e-page-${index}-${run}@example.in`,
      name: `Paged ${index} ${run}`,
      phone: null,
      role: index === 11 ? 'premium' : 'customer',
      status: index === 10 ? 'pending' : 'active',
    })
    expect(error).toBeNull()
  }

  await page.setViewportSize({ width: 1440, height: 900 })
  const section = await openManageUsers(page)
  await section.getByRole('searchbox', { name: 'Search users' }).fill(run)
  const rows = section.getByRole('row')
  // The customer, the added user and the eleven: 13 accounts, 10 on the first page (and the header).
  await expect(section.getByText('13 users')).toBeVisible()
  await expect(rows).toHaveCount(1 + 10)
  const pages = section.getByRole('navigation', { name: 'User pages' })
  await expect(pages).toContainText('Page 1 of 2')
  await pages.getByRole('button', { name: 'Next' }).click()
  await expect(pages).toContainText('Page 2 of 2')
  await expect(rows).toHaveCount(1 + 3)

  // A filter starts again at page 1.
  await section.getByRole('combobox', { name: 'Role' }).selectOption('premium')
  await expect(section.getByRole('row', { name: `Paged 11 ${run}` })).toBeVisible()
  await expect(rows).toHaveCount(1 + 1)
  await expect(pages).toHaveCount(0)
  await section.getByRole('combobox', { name: 'Role' }).selectOption('all')
  await section.getByRole('combobox', { name: 'Status' }).selectOption('pending')
  await expect(section.getByRole('row', { name: `Paged 10 ${run}` })).toContainText('Pending')
  await expect(rows).toHaveCount(1 + 1)
  await section.getByRole('combobox', { name: 'Status' }).selectOption('all')

  // Role Admin shows the admin (their own row: no Suspend, no Activate).
  await section.getByRole('searchbox', { name: 'Search users' }).fill('')
  await section.getByRole('combobox', { name: 'Role' }).selectOption('admin')
  const own = section.getByRole('row').filter({ hasText: moderationAdmin().email })
  await expect(own).toContainText('(you)')
  await own.getByRole('button', { name: /^Actions for/ }).click()
  await expect(page.getByRole('menuitem')).toHaveText(['Edit User', 'Send Message'])
  await page.keyboard.press('Escape')
  await expectAxeClean(page)

  await section.getByRole('searchbox', { name: 'Search users' }).fill(`nobody-${run}-zz`)
  await expect(section.getByText('No users found matching your criteria')).toBeVisible()
})

test('at 390 px the accounts are cards, and a row’s menu works by keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const section = await openManageUsers(page)
  await section.getByRole('searchbox', { name: 'Search users' }).fill(customer.email)
  const card = section.getByRole('list', { name: 'Users' }).getByRole('listitem', { name: customerName })
  await expect(card).toContainText('Last active')
  await expect(section.getByRole('table')).toBeHidden()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectAxeClean(page)

  const trigger = card.getByRole('button', { name: `Actions for ${customerName}` })
  await trigger.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'Edit User' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('menuitem', { name: 'Send Message' })).toBeFocused()
  await page.keyboard.press('Enter')
  const message = page.getByRole('dialog', { name: 'Send Message' })
  await expect(message.getByLabel('Subject')).toBeFocused()
  await page.keyboard.type(`Keyboard hello ${run}`)
  await page.keyboard.press('Tab')
  await page.keyboard.type('Sent without a mouse.')
  await page.keyboard.press('Tab')
  await expect(message.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(message).toHaveCount(0)
  await expect(
    section.getByRole('status').filter({ hasText: `Message sent to ${customer.email}` }),
  ).toBeVisible()
  await expect(trigger).toBeFocused()

  // Escape closes a dialog opened from the menu and gives focus back to the menu's button.
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('menuitem', { name: 'Edit User' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Edit User' })).toHaveCount(0)
  await expect(trigger).toBeFocused()
})
