import { supabaseClientAt } from '../../../examples/marketplace/server/supabase-test-clients.ts'
import { env, logIn } from './accounts.ts'
import { expectAxeClean } from './axe.ts'
import { expect, test } from './fixtures.ts'
import { type Customer, moderationAdmin, moderationCustomer, moderationSite } from './moderation-site.ts'

/**
 * The Dashboard's Send Newsletter and System Settings (issue 30) on the moderation site: a newsletter to
 * the customers reaches a new customer's mail in the local inbox; saved settings put the announcement on
 * the home page and the support e-mail on /contact. The site's settings are put back afterwards.
 */

test.use({ listingsStore: 'moderation' })
test.describe.configure({ mode: 'serial' })

const run = `m${Date.now().toString(36)}`
let reader: Customer
let saved: { announcement: string; support_email: string } | null = null

/** supabase-js signed in as the moderation site's admin, to read and put back the settings. */
async function adminClient() {
  const client = supabaseClientAt(moderationSite(), env('MARKETPLACE_MODERATION_ANON_KEY'))
  const { error } = await client.auth.signInWithPassword(moderationAdmin())
  if (error) throw new Error(`the admin's sign-in: ${error.message}`)
  return client
}

test.beforeAll(async () => {
  reader = await moderationCustomer(`Reader ${run}`, `e2e-reader-${run}@example.in`)
  const { data, error } = await reader.client
    .from('site_settings')
    .select('announcement, support_email')
    .single()
  if (error) throw new Error(`reading the settings: ${error.message}`)
  saved = data as { announcement: string; support_email: string }
})

test.afterAll(async () => {
  if (!saved) return
  const client = await adminClient()
  const { error } = await client.rpc('admin_save_settings', saved)
  if (error) throw new Error(`putting the settings back: ${error.message}`)
})

test('by keyboard at 390 px: a newsletter to the customers is in the local inbox for a new customer', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await logIn(page, moderationAdmin())
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 })
  const open = page.getByRole('button', { name: /Send Newsletter/ })
  await open.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Send Newsletter' })
  await expect(dialog).toBeVisible()

  // Nothing written: each field says what it needs, and focus goes to the first.
  await dialog.getByRole('button', { name: 'Send' }).focus()
  await page.keyboard.press('Enter')
  await expect(dialog.getByText('Write a subject')).toBeVisible()
  await expect(dialog.getByText('Write a message')).toBeVisible()
  await expect(dialog.getByLabel('Subject')).toBeFocused()
  await expectAxeClean(page, '[role="dialog"]')

  const subject = `Monsoon offers ${run}`
  await dialog.getByLabel('Send to').focus()
  await page.keyboard.press('ArrowDown') // All users -> Customers
  await expect(dialog.getByLabel('Send to')).toHaveValue('customer')
  await page.keyboard.press('Tab')
  await expect(dialog.getByLabel('Subject')).toBeFocused()
  await page.keyboard.type(subject)
  await page.keyboard.press('Tab')
  await page.keyboard.type('Half price on featured listings <this week>.')
  await page.keyboard.press('Enter')
  await page.keyboard.type('The Gulbarga Classifieds team')
  await expect(dialog.getByText(`${subject.length} / 150 characters`)).toBeVisible()
  await expect(dialog.getByText('Write a subject')).toHaveCount(0)
  await page.keyboard.press('Tab') // Cancel
  await page.keyboard.press('Tab') // Send
  await page.keyboard.press('Enter')

  await expect(dialog.getByRole('status')).toContainText(/Newsletter sent to [\d,]+ accounts?/)
  await expect(dialog.getByRole('status')).toContainText('Customers, one e-mail each.')
  const inboxLink = dialog.getByRole('link', { name: /local inbox/ })
  await expect(inboxLink).toHaveAttribute('href', `${moderationSite()}/inbox`)
  await expectAxeClean(page, '[role="dialog"]')
  await dialog.getByRole('button', { name: 'Close' }).focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(open).toBeFocused()

  // The new customer's mail, its text as written (escaped, line breaks kept).
  const inbox = await browser.newPage()
  await inbox.goto(`${moderationSite()}/inbox`)
  const mail = inbox.getByRole('listitem').filter({ hasText: subject }).filter({ hasText: reader.email })
  await expect(mail).toHaveCount(1)
  await expect(mail).toContainText(`To ${reader.email} · newsletter`)
  expect(await mail.locator('.body').innerText()).toBe(
    'Half price on featured listings <this week>.\nThe Gulbarga Classifieds team',
  )
  await inbox.close()
})

test('saved settings: the announcement on the home page, the support e-mail on /contact', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await logIn(page, moderationAdmin())
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 })
  await page.getByRole('button', { name: /System Settings/ }).click()
  const dialog = page.getByRole('dialog', { name: 'System Settings' })
  const email = dialog.getByLabel('Support e-mail')
  await expect(email).toHaveValue(saved?.support_email ?? '')

  // A refused address is said on its field; what was typed stays.
  const announcement = `Offices closed on 2 October ${run}. Listings are still reviewed.`
  await dialog.getByLabel('Announcement').fill(announcement)
  await email.fill(`help-${run}@gulbarga`)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Write the support e-mail as name@example.com')).toBeVisible()
  await expect(email).toBeFocused()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.getByLabel('Announcement')).toHaveValue(announcement)
  await expectAxeClean(page, '[role="dialog"]')

  const supportEmail = `help-${run}@gulbargaclassifieds.in`
  await email.fill(supportEmail.toUpperCase())
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByRole('status')).toContainText('Settings saved')
  // Saved as the database keeps it: lower-cased.
  await expect(email).toHaveValue(supportEmail)
  await expectAxeClean(page, '[role="dialog"]')
  await dialog.getByRole('button', { name: 'Close' }).click()

  // A visitor of their own (axe needs a context of its own).
  const context = await browser.newContext({
    baseURL: moderationSite(),
    viewport: { width: 390, height: 844 },
  })
  const visitor = await context.newPage()
  await visitor.goto('/')
  const banner = visitor.getByRole('region', { name: 'Announcement' })
  await expect(banner).toContainText(announcement)
  await expectAxeClean(visitor, 'section[aria-label="Announcement"]')
  await banner.getByRole('button', { name: 'Dismiss announcement' }).click()
  await expect(banner).toHaveCount(0)

  // The footer says it on every page; the Contact page, through the footer's link (the same tab: the
  // settings already read once), and the Privacy Policy too.
  await expect(visitor.getByRole('contentinfo')).toContainText(supportEmail)
  await visitor.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click()
  await expect(visitor.getByRole('link', { name: supportEmail })).toHaveAttribute(
    'href',
    `mailto:${supportEmail}`,
  )
  await visitor.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(visitor.getByRole('main')).toContainText(`writing to ${supportEmail}`)
  await visitor.goBack()
  // Back home, the dismissed announcement stays away for this tab (the page has it from its first paint).
  await visitor.goBack()
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(banner).toHaveCount(0)
  await context.close()
})
