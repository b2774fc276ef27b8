import type { Locator, Page } from '@playwright/test'
import { supabaseClientAt } from '../../../examples/marketplace/server/supabase-test-clients.ts'
import { env, logIn } from './accounts.ts'
import { expectAxeClean } from './axe.ts'
import { expect, test } from './fixtures.ts'
import {
  moderationAdmin as admin,
  CUSTOMER_PASSWORD,
  moderationCustomer,
  moderationSite as site,
} from './moderation-site.ts'

/**
 * Subscriptions (issue 30) on the moderation site: the admin edits Basic by keyboard and pointer (the
 * home page's pricing shows it at once), creates an inactive plan (offered to nobody), adds
 * subscriptions for a customer of this run, and searches. Basic is put back afterwards: other specs
 * read it.
 */

test.use({ listingsStore: 'moderation' })
test.describe.configure({ mode: 'serial' })

const run = `r${Date.now().toString(36)}`
const NEW_PRICE = 577
const newPlan = `Gold ${run}`

/** The moderation site's admin through supabase-js, to read Basic before and put it back after. */
async function adminClient() {
  const client = supabaseClientAt(site(), env('MARKETPLACE_MODERATION_ANON_KEY'))
  const { error } = await client.auth.signInWithPassword(admin())
  if (error) throw new Error(`admin sign-in: ${error.message}`)
  return client
}

let basicBefore: Record<string, unknown> | null = null

test.beforeAll(async () => {
  const { data, error } = await (await adminClient()).rpc('admin_plans', { q: 'basic' })
  if (error) throw new Error(error.message)
  basicBefore = (data as Record<string, unknown>[]).find((plan) => plan.id === 'basic') ?? null
  if (!basicBefore) throw new Error('the moderation site has no Basic plan')
})

test.afterAll(async () => {
  if (!basicBefore) return
  const { error } = await (await adminClient()).rpc('admin_save_plan', {
    target: 'basic',
    name: basicBefore.name,
    price: basicBefore.price,
    period: basicBefore.period,
    listing_limit: basicBefore.listing_limit,
    features: basicBefore.features,
    is_popular: basicBefore.is_popular,
    is_active: basicBefore.is_active,
    description: basicBefore.description,
    button_text: basicBefore.button_text,
  })
  if (error) throw new Error(`putting Basic back: ${error.message}`)
})

async function openSubscriptions(page: Page) {
  await logIn(page, admin())
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 })
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name: 'Subscriptions' })
    .click()
  return page.getByRole('region', { name: 'Subscriptions' })
}

/** The home page's plan cards, once they have loaded. */
async function homePricing(page: Page) {
  await page.goto('/')
  const pricing = page.getByRole('region', { name: 'Choose Your Plan' })
  await expect(pricing.getByRole('listitem', { name: 'Free' })).toBeVisible({ timeout: 10_000 })
  return pricing
}

test("the admin edits Basic by keyboard (price) and pointer (a feature): the home page's pricing shows both", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const section = await openSubscriptions(page)
  await expect(section.getByRole('tab', { name: 'Plans', selected: true })).toBeVisible()
  const plans = section.getByRole('list', { name: 'Plans' })
  const basic = plans.getByRole('listitem', { name: 'Basic' })
  await expect(basic).toContainText('₹499')
  await expect(basic).toContainText('Popular')
  await expect(plans.getByRole('listitem', { name: 'Premium' })).toContainText('Unlimited')
  await expect(plans.getByRole('listitem', { name: 'Business' })).toContainText('Inactive')
  await expectAxeClean(page, 'main')

  // Keyboard only: Edit, Tab to the price, type, Enter saves; focus comes back to Edit.
  const edit = basic.getByRole('button', { name: 'Edit Basic' })
  await edit.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Edit the Basic plan' })
  await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused()
  await expect(dialog).toContainText('on this plan now')
  await expectAxeClean(page, '[role=dialog]')
  await page.keyboard.press('Tab')
  await expect(dialog.getByLabel('Price (₹)')).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('4.5')
  await page.keyboard.press('Enter')
  // Refused before sending, said at the field, the text kept and focused.
  await expect(dialog.getByLabel('Price (₹)')).toHaveAccessibleDescription(/whole rupees/)
  await expect(dialog.getByLabel('Price (₹)')).toHaveValue('4.5')
  await expect(dialog.getByLabel('Price (₹)')).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(String(NEW_PRICE))
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(section.getByRole('status').filter({ hasText: 'Plan Basic saved' })).toBeVisible()
  await expect(edit).toBeFocused()
  await expect(basic).toContainText(`₹${NEW_PRICE}`)

  // A feature: Featured listings becomes included.
  await edit.click()
  await expect(dialog.getByLabel('Feature 4 name')).toHaveValue('Featured listings')
  await dialog.getByRole('checkbox', { name: 'Feature 4 included' }).check()
  await dialog.getByRole('button', { name: 'Save Plan' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(basic.getByRole('list', { name: 'Basic features' })).toContainText(
    'Included: Featured listings',
  )

  const visitor = await browser.newPage({ baseURL: site() })
  const pricing = await homePricing(visitor)
  const publicBasic = pricing.getByRole('listitem', { name: 'Basic' })
  await expect(publicBasic).toContainText(`₹${NEW_PRICE}`)
  await expect(publicBasic).toContainText('Included: Featured listings')
  await visitor.close()
})

test("Create New Plan (inactive): listed for the admin, offered neither on the pricing nor in a customer's Subscription", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const section = await openSubscriptions(page)
  await section.getByRole('button', { name: 'Create New Plan' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create New Plan' })
  await dialog.getByRole('button', { name: 'Create Plan' }).click()
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
    "Enter the plan's name",
  )
  await expect(dialog.getByLabel('Feature 1 name')).toHaveAccessibleDescription(
    'Name this feature or remove it',
  )
  await expectAxeClean(page, '[role=dialog]')

  await dialog.getByLabel('Name', { exact: true }).fill(newPlan)
  await dialog.getByLabel('Price (₹)').fill('2,999')
  await dialog.getByLabel('Listing limit').fill('50')
  await dialog.getByRole('checkbox', { name: 'Unlimited' }).check()
  await dialog.getByLabel('Description').fill(`For the ${run} run's shops.`)
  await dialog.getByLabel('Button text').fill('Ask us')
  await dialog.getByLabel('Feature 1 name').fill('Unlimited listings')
  await dialog.getByRole('button', { name: 'Add feature' }).click()
  await expect(dialog.getByLabel('Feature 2 name')).toBeFocused()
  await page.keyboard.type('Phone support')
  await dialog.getByRole('checkbox', { name: 'Feature 2 included' }).uncheck()
  await dialog.getByRole('checkbox', { name: 'Active (offered to customers)' }).uncheck()
  await dialog.getByRole('button', { name: 'Create Plan' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(
    section.getByRole('status').filter({ hasText: `Plan ${newPlan} created (inactive` }),
  ).toBeVisible()

  await section.getByRole('searchbox', { name: 'Search plans' }).fill(run)
  const card = section.getByRole('list', { name: 'Plans' }).getByRole('listitem', { name: newPlan })
  await expect(card).toContainText('Inactive')
  await expect(card).toContainText('₹2,999')
  await expect(card).toContainText('Unlimited')
  await expect(card).toContainText('Not included: Phone support')
  await expect(section.getByRole('list', { name: 'Plans' }).getByRole('listitem', { name: /./ })).toHaveCount(
    1,
  )
  await section.getByRole('searchbox', { name: 'Search plans' }).fill(`nothing like ${run}`)
  await expect(section.getByText('No plans found matching your criteria')).toBeVisible()

  const visitor = await browser.newPage({ baseURL: site() })
  const pricing = await homePricing(visitor)
  await expect(pricing.getByRole('listitem', { name: 'Basic' })).toBeVisible()
  await expect(pricing.getByText(newPlan)).toHaveCount(0)
  await expect(pricing.getByRole('listitem', { name: 'Business' })).toHaveCount(0)
  await visitor.close()

  const email = `e2e-plans-${run}@example.in`
  await moderationCustomer('Plan Looker', email)
  const customer = await browser.newPage({ baseURL: site() })
  await logIn(customer, { email, password: CUSTOMER_PASSWORD })
  await expect(customer.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible({
    timeout: 15_000,
  })
  await customer.goto('/dashboard?tab=subscription')
  const offered = customer.getByRole('region', { name: 'Subscription' }).getByRole('list', { name: 'Plans' })
  await expect(offered.getByRole('listitem', { name: 'Basic' })).toContainText(`₹${NEW_PRICE}`, {
    timeout: 10_000,
  })
  await expect(offered.getByRole('listitem')).toHaveCount(3)
  await expect(offered.getByText(newPlan)).toHaveCount(0)
  await customer.close()
})

test("Add Subscription for this run's customer: Basic ends 30 days on, Free never; search, status, the empty message; on a phone as cards", async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const name = `Subscriber ${run}`
  const email = `e2e-subscriber-${run}@example.in`
  await moderationCustomer(name, email)
  const section = await openSubscriptions(page)
  await section.getByRole('tab', { name: 'User Subscriptions' }).click()
  const search = section.getByRole('searchbox', { name: 'Search subscriptions' })

  const add = async (plan: string, pick: (dialog: Locator) => Promise<void>) => {
    await section.getByRole('button', { name: 'Add Subscription' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Subscription' })
    await pick(dialog)
    await dialog.getByLabel('Plan', { exact: true }).selectOption({ label: plan })
    await dialog.getByRole('button', { name: 'Add Subscription' }).click()
    await expect(dialog).toHaveCount(0)
  }

  // Basic, the user chosen by keyboard from the suggestions; nothing chosen is refused first.
  await add(`Basic · ₹${NEW_PRICE}/month`, async (dialog) => {
    await dialog.getByRole('button', { name: 'Add Subscription' }).click()
    const user = dialog.getByRole('combobox', { name: 'User' })
    await expect(user).toHaveAccessibleDescription(/Choose a user from the suggestions/)
    await expect(user).toBeFocused()
    await page.keyboard.type(`subscriber-${run}`)
    const suggestions = dialog.getByRole('listbox', { name: 'Users' })
    await expect(suggestions.getByRole('option', { name: new RegExp(email) })).toBeVisible()
    await expect(suggestions.getByRole('option')).toHaveCount(1)
    await expectAxeClean(page, '[role=dialog]')
    await page.keyboard.press('ArrowDown')
    await expect(user).toHaveAttribute('aria-activedescendant', /option-0$/)
    await page.keyboard.press('Enter')
    await expect(dialog).toBeVisible()
    await expect(user).toHaveValue(name)
    await expect(dialog.getByText(`Chosen: ${name} (${email})`)).toBeVisible()
    // The list closes on Escape and the dialog stays; the plan fills the amount.
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Plan', { exact: true }).selectOption({ label: `Basic · ₹${NEW_PRICE}/month` })
    await expect(dialog.getByLabel('Amount (₹)')).toHaveValue(String(NEW_PRICE))
    await expect(dialog.getByRole('checkbox', { name: 'Renews automatically' })).toBeChecked()
  })
  const ends = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(Date.now() + 30 * 86_400_000),
  )
  await expect(section.getByRole('status').filter({ hasText: `is on Basic, until ${ends}` })).toBeVisible()

  await search.fill(email)
  const rows = section.getByRole('table').getByRole('row')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1)).toContainText(name)
  await expect(rows.nth(1)).toContainText(ends)
  await expect(rows.nth(1)).toContainText(`₹${NEW_PRICE}`)
  await expect(rows.nth(1)).toContainText('Active')

  // Free, the user chosen by pointer: no end date (Never); Basic is cancelled.
  await add('Free · ₹0 forever', async (dialog) => {
    await dialog.getByRole('combobox', { name: 'User' }).fill(email)
    await dialog
      .getByRole('listbox', { name: 'Users' })
      .getByRole('option', { name: new RegExp(email) })
      .click()
  })
  await expect(section.getByRole('status').filter({ hasText: 'is on Free, with no end date' })).toBeVisible()
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(1)).toContainText('Free')
  await expect(rows.nth(1)).toContainText('Never')
  await expect(rows.nth(1)).toContainText('No')
  await expect(rows.nth(2)).toContainText('Cancelled')
  await expectAxeClean(page, 'main')

  await section.getByLabel('Status', { exact: true }).selectOption('cancelled')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1)).toContainText('Basic')
  await section.getByLabel('Status', { exact: true }).selectOption('all')
  await search.fill(`zz-no-such-subscriber-${run}`)
  await expect(section.getByText('No subscriptions found matching your criteria')).toBeVisible()

  // At 390 px the rows are cards.
  await search.fill(email)
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(section.getByRole('table')).toBeHidden()
  const cards = section.getByRole('list', { name: 'Subscriptions' }).getByRole('listitem')
  await expect(cards).toHaveCount(2)
  await expect(cards.first()).toContainText('Never')
  await expectAxeClean(page, 'main')
})

test.describe('the static demo build', () => {
  test.use({ listingsStore: 'browser' })

  test("its pricing shows the spec's static plans and asks no backend for them", async ({ page }) => {
    const asked: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/rest/v1/plans')) asked.push(request.url())
    })
    await page.goto('/')
    const pricing = page.getByRole('region', { name: 'Choose Your Plan' })
    await expect(pricing.getByRole('listitem', { name: 'Basic' })).toContainText('₹499')
    await expect(pricing.getByRole('listitem', { name: /^(Free|Basic|Premium)$/ })).toHaveCount(3)
    expect(asked).toEqual([])
  })
})
