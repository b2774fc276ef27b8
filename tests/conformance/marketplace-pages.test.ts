// @vitest-environment happy-dom
/**
 * Conformance with docs/spec/marketplace.md, section 2: the category listing page, the categories
 * page, the static pages, the auth page and the two dashboards. One test per promise, named after its
 * section.
 *
 * Like marketplace-screens.test.ts, the listing pages read the spec's static demo (the browser store)
 * without the load delay. The dashboards read and write through supabase-js and the database's
 * functions; their data is tested against Postgres in examples/marketplace/server/db/*.test.ts and in
 * the browser in tests/e2e/marketplace/{dashboard,admin-*}.spec.ts, so here they are checked through
 * the constants and pure functions they are made of, and their components where they render from props.
 *
 * How each promise is checked:
 * - by rendering: pages and components rendered by React in happy-dom (support/mount.ts);
 * - by value: the dashboards' tab, section and filter constants;
 * - by source: labels of components that need a signed-in backend to render (each test names its
 *   module).
 */
import { createElement } from 'react'
import { Route, Routes } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { MyListingCard } from '../../examples/marketplace/src/components/dashboard/MyListingCard.tsx'
import { MyListingsSection } from '../../examples/marketplace/src/components/dashboard/MyListingsSection.tsx'
import { DEMO_LISTINGS } from '../../examples/marketplace/src/data/demo-listings.ts'
import type { Listing } from '../../examples/marketplace/src/data/listing.ts'
import { PRICE_RANGES } from '../../examples/marketplace/src/data/price-ranges.ts'
import { ADMIN_LISTING_TABS } from '../../examples/marketplace/src/lib/admin/admin-listings.ts'
import { SUBSCRIPTION_STATUSES } from '../../examples/marketplace/src/lib/admin/admin-subscriptions.ts'
import { USER_ROLES, USER_STATUSES } from '../../examples/marketplace/src/lib/admin/admin-users.ts'
import { ANALYTICS_TABS } from '../../examples/marketplace/src/lib/admin/analytics-text.ts'
import { DATE_RANGES } from '../../examples/marketplace/src/lib/admin/date-range.ts'
import { ADMIN_SECTIONS } from '../../examples/marketplace/src/lib/admin/sections.ts'
import { LISTING_IMAGE_TYPES } from '../../examples/marketplace/src/lib/dashboard/listing-form.ts'
import { PAYMENT_STATUSES } from '../../examples/marketplace/src/lib/dashboard/payment-history.ts'
import { AboutPage } from '../../examples/marketplace/src/pages/AboutPage.tsx'
import { AuthPage } from '../../examples/marketplace/src/pages/AuthPage.tsx'
import { CategoriesPage } from '../../examples/marketplace/src/pages/CategoriesPage.tsx'
import { CategoryPage } from '../../examples/marketplace/src/pages/CategoryPage.tsx'
import { ContactPage } from '../../examples/marketplace/src/pages/ContactPage.tsx'
import { PrivacyPage } from '../../examples/marketplace/src/pages/PrivacyPage.tsx'
import { TermsPage } from '../../examples/marketplace/src/pages/TermsPage.tsx'
import {
  byText,
  click,
  enter,
  type Mounted,
  mount,
  press,
  stubAlert,
  submit,
  unmountAll,
  until,
} from './support/mount.ts'
import { sourceOf } from './support/source.ts'

vi.hoisted(() => {
  vi.stubEnv('VITE_LISTINGS_STORE', 'browser')
  vi.stubEnv('VITE_LISTING_LOAD_DELAY_MS', '0')
})

beforeEach(() => localStorage.clear())
afterEach(async () => {
  await unmountAll()
  vi.restoreAllMocks()
})

const demo = (id: string) => DEMO_LISTINGS.find((listing) => listing.id === id) as Listing
const components = 'examples/marketplace/src/components'

/** The category page at `path` (`/{categoryId}...`), once its listings came. */
async function categoryPage(path: string): Promise<Mounted> {
  const categoryId = new URL(path, 'http://x').pathname.slice(1)
  const view = mount(
    createElement(
      Routes,
      null,
      createElement(Route, { path: `/${categoryId}`, element: createElement(CategoryPage, { categoryId }) }),
    ),
    { path },
  )
  await until(() => !/Loading .* listings/.test(view.text()))
  return view
}

describe('§2 Category listing page', () => {
  test("§2 Hero by category, heading '{n} {category} Listings'", async () => {
    const view = await categoryPage('/vehicles')
    expect(view.container.querySelector('h1')?.textContent).toContain('Vehicles')
    expect(view.container.querySelector('h2')?.textContent).toMatch(/^\d+ Vehicles Listings$/)
  })

  test('§2 A filter card with text box, location select, price range select, sort select and an Apply Filters button (filtering is live)', async () => {
    const view = await categoryPage('/vehicles')
    const card = view.container.querySelector('form[aria-label="Filter listings"]') as HTMLFormElement
    expect(card.querySelectorAll('input[type="text"], input[type="search"]')).toHaveLength(1)
    expect([...card.querySelectorAll('select')].map((select) => select.getAttribute('aria-label'))).toEqual([
      'Location',
      'Price range',
      'Sort by',
    ])
    expect(
      [...(card.querySelector('select[aria-label="Price range"]') as HTMLSelectElement).options].map(
        (o) => o.value,
      ),
    ).toEqual(PRICE_RANGES.map((range) => range.id))
    const before = view.container.querySelector('h2')?.textContent
    enter(card.querySelector('input') as HTMLInputElement, 'swift')
    await until(() => view.container.querySelector('h2')?.textContent !== before)
    expect(view.container.querySelector('h2')?.textContent).toBe('1 Vehicles Listings')
    expect(byText(view, 'button', 'Apply Filters')).toBeTruthy()
  })

  test('§2 The empty state has a Reset Filters button', async () => {
    const view = await categoryPage('/vehicles')
    enter(view.container.querySelector('form input') as HTMLInputElement, 'no-such-vehicle')
    await until(() => view.text().includes('No listings found matching your criteria'))
    click(byText(view, 'button', 'Reset Filters'))
    await until(() => !view.text().includes('No listings found matching your criteria'))
    expect((view.container.querySelector('form input') as HTMLInputElement).value).toBe('')
  })

  test('§2 Query parameter subcategory filters by title words with hyphens read as spaces; featured does the same', async () => {
    const cars = await categoryPage('/vehicles?subcategory=cars')
    const titles = () =>
      [...cars.container.querySelectorAll('[data-testid="listing-card"] h3')].map((h) => h.textContent ?? '')
    expect(titles().length).toBeGreaterThan(0)
    for (const title of titles()) expect(title.toLowerCase()).toContain('car')
    const apartments = await categoryPage('/real-estate?featured=2bhk-apartments')
    expect(apartments.text()).toContain('Featured: 2bhk apartments')
    expect(apartments.text()).toContain('Spacious 2BHK Apartment for Rent near Super Market')
  })
})

describe('§2 Categories page', () => {
  test('§2 10 cards, each with a count, the first 4 subcategory links, featured links with counts, and a Browse All button', async () => {
    const view = mount(createElement(CategoriesPage))
    await until(() => !view.text().includes('…'))
    const cards = [
      ...view.container.querySelectorAll(
        'article, li[data-testid="category-card"], section[aria-labelledby]',
      ),
    ]
    expect(cards.length).toBeGreaterThanOrEqual(10)
    const links = view.links().map(decodeURIComponent)
    expect(links.filter((href) => href.startsWith('/real-estate?subcategory='))).toEqual([
      '/real-estate?subcategory=apartments',
      '/real-estate?subcategory=houses',
      '/real-estate?subcategory=plots',
      '/real-estate?subcategory=commercial',
    ])
    expect(links).toContain('/real-estate?featured=2bhk-apartments')
    expect(
      [...view.container.querySelectorAll('a')].filter((a) => a.textContent?.startsWith('Browse All')),
    ).toHaveLength(10)
  })
})

describe('§2 Static pages', () => {
  test('§2 About, Privacy and Terms are static text; Privacy and Terms are dated June 15, 2024', () => {
    expect(mount(createElement(AboutPage)).text().length).toBeGreaterThan(200)
    for (const page of [PrivacyPage, TermsPage])
      expect(
        mount(createElement(page)).container.querySelector('[data-testid="legal-updated"]')?.textContent,
      ).toBe('Last updated: June 15, 2024')
  })

  test("§2 Contact has a form with required name, email, subject and message (5 rows); on submit it alerts 'Thank you for your message. We'll get back to you soon!'", () => {
    const alert = stubAlert()
    const view = mount(createElement(ContactPage))
    const form = view.container.querySelector('form') as HTMLFormElement
    const fields = [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
    expect(fields.map((field) => field.required)).toEqual([true, true, true, true])
    expect(form.querySelector('input[type="email"]')).not.toBeNull()
    expect(form.querySelector('textarea')?.getAttribute('rows')).toBe('5')
    const values = ['Asha', 'asha@example.com', 'A question', 'Hello']
    for (const [index, field] of fields.entries()) enter(field, values[index] as string)
    submit(form)
    expect(alert).toHaveBeenCalledWith("Thank you for your message. We'll get back to you soon!")
  })

  test('§2 Business hours: Mon–Fri 9:00 AM–6:00 PM, Sat 10:00 AM–4:00 PM, Sun closed', () => {
    const text = mount(createElement(ContactPage)).text()
    expect(text).toContain('Monday - Friday 9:00 AM - 6:00 PM')
    expect(text).toContain('Saturday 10:00 AM - 4:00 PM')
    expect(text).toContain('Sunday Closed')
  })
})

describe('§2 Auth page (/auth)', () => {
  test('§2 Tabs Login and Sign Up, heading Welcome Back or Create an Account', () => {
    const login = mount(createElement(AuthPage), { path: '/auth' })
    expect([...login.container.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent)).toEqual([
      'Login',
      'Sign Up',
    ])
    expect(login.container.querySelector('h1')?.textContent).toBe('Welcome Back')
    const register = mount(createElement(AuthPage), { path: '/auth?tab=register' })
    expect(register.container.querySelector('h1')?.textContent).toBe('Create an Account')
  })

  test('§2 Login: email, password, remember me, forgot-password link, Google sign-in button', () => {
    const view = mount(createElement(AuthPage), { path: '/auth' })
    const text = view.text()
    for (const part of ['Email', 'Password', 'Remember me', 'Forgot Password?']) expect(text).toContain(part)
    expect(text).toMatch(/Google/)
  })

  test('§2 Sign-up: full name, email, phone, account type (customer or admin), password, confirm password, terms box', () => {
    const view = mount(createElement(AuthPage), { path: '/auth?tab=register' })
    const text = view.text()
    for (const part of [
      'Full Name',
      'Email',
      'Phone Number',
      'Password',
      'Confirm Password',
      'Terms of Service',
    ])
      expect(text).toContain(part)
    const type = view.container.querySelector('select[name="accountType"]') as HTMLSelectElement
    expect([...type.options].map((option) => option.value)).toEqual(['customer', 'admin'])
    expect(view.container.querySelector('input[type="checkbox"][name="acceptTerms"]')).not.toBeNull()
  })
})

describe('§2 User dashboard (My Dashboard)', () => {
  test('§2 Four sections: My Listings, Subscription, Profile Settings, Payment History', () => {
    expect(sourceOf('examples/marketplace/src/pages/DashboardPage.tsx')).toContain(
      "{ id: 'listings', label: 'My Listings' },\n  { id: 'subscription', label: 'Subscription' },\n  { id: 'profile', label: 'Profile Settings' },\n  { id: 'payments', label: 'Payment History' },",
    )
  })

  test('§2 My Listings: tabs All, Active, Pending, Expired (default Active); an empty state with a create button', () => {
    const view = mount(
      createElement(MyListingsSection, {
        state: { status: 'ready', listings: [demo('L1009')] },
        store: () => Promise.reject(new Error('not used')),
        onCreate: () => {},
        onEdit: () => {},
      }),
    )
    const tabs = [...view.container.querySelectorAll('[role="tab"]')]
    expect(tabs.map((tab) => tab.textContent?.replace(/\d+/g, '').trim())).toEqual([
      'All',
      'Active',
      'Pending',
      'Expired',
    ])
    expect(tabs[1]?.getAttribute('aria-selected')).toBe('true')
    expect(view.text()).toContain('No active listings found')
    press(tabs[2] as Element)
    expect(view.text()).toContain(demo('L1009').title)
    expect(byText(view, 'button', 'Create New Listing')).toBeTruthy()
  })

  test('§2 Each card shows image, title, price, category badge, location, status badge, posted date, view count, with View, Edit and Delete', () => {
    const listing = demo('L1001')
    const view = mount(createElement(MyListingCard, { listing, onEdit: () => {}, onDelete: () => {} }))
    for (const part of [listing.title, '₹12,000', 'Real Estate', 'Gulbarga City', 'Active', '248'])
      expect(view.text()).toContain(part)
    expect(byText(view, 'a', 'View').getAttribute('href')).toBe('/listing/L1001')
    expect(byText(view, 'button', 'Edit')).toBeTruthy()
    expect(byText(view, 'button', 'Delete')).toBeTruthy()
  })

  test('§2 Listing form: title, category, price, description, location, images (JPG, PNG, GIF)', () => {
    expect(LISTING_IMAGE_TYPES).toEqual(expect.arrayContaining(['image/jpeg', 'image/png', 'image/gif']))
    const form = sourceOf(`${components}/dashboard/ListingForm.tsx`)
    for (const label of ['Title', 'Category', 'Price', 'Description', 'Location', 'Images'])
      expect(form).toContain(label)
  })

  test('§2 Profile Settings tabs: Account, Security (two-factor switch, Delete Account), Notifications (Reset to Defaults, Save Preferences)', () => {
    const profile = sourceOf(`${components}/dashboard/ProfileSettingsSection.tsx`)
    for (const tab of ['Account', 'Security', 'Notifications']) expect(profile).toContain(tab)
    expect(sourceOf(`${components}/dashboard/profile/SecurityTab.tsx`)).toContain('Delete Account')
    const notifications = sourceOf(`${components}/dashboard/profile/NotificationsTab.tsx`)
    expect(notifications).toContain('Reset to Defaults')
    expect(notifications).toContain('Save Preferences')
  })

  test('§2 Subscription: current plan, usage, expiry, Cancel Subscription and Manage Payment; three plan cards; a switch dialog with card or PayPal', () => {
    const section = sourceOf(`${components}/dashboard/SubscriptionSection.tsx`)
    expect(section).toContain('Cancel Subscription')
    expect(section).toContain('Manage Payment')
    expect(sourceOf(`${components}/dashboard/PlanChangeDialog.tsx`)).toMatch(/PayPal/)
  })

  test('§2 Payment History: search box, status filter, table, paging', () => {
    expect(PAYMENT_STATUSES).toEqual(['all', 'successful', 'pending', 'failed'])
    const section = sourceOf(`${components}/dashboard/PaymentHistorySection.tsx`)
    expect(section).toContain('<table')
    expect(section).toContain('Pager')
  })
})

describe('§2 Admin dashboard (/admin)', () => {
  test('§2 Sections: Dashboard, Manage Listings, Manage Users, Subscriptions, Analytics', () => {
    expect(ADMIN_SECTIONS.map((section) => section.label)).toEqual([
      'Dashboard',
      'Manage Listings',
      'Manage Users',
      'Subscriptions',
      'Analytics',
    ])
  })

  test('§2 Dashboard: four stat cards, quick actions (approve pending listings, view reported content, send newsletter, system settings), recent activity list', () => {
    const dashboard = sourceOf(`${components}/admin/dashboard/DashboardSection.tsx`)
    for (const action of [
      'Approve Pending Listings',
      'View Reported Content',
      'Send Newsletter',
      'System Settings',
    ])
      expect(dashboard).toContain(`label: '${action}'`)
    expect(sourceOf(`${components}/admin/dashboard/RecentActivity.tsx`)).toContain('Recent Activity')
  })

  test('§2 Manage Listings: tabs All, Pending (default), Approved, Rejected, Reported; search; category filter; Bulk Actions; table; paging', () => {
    expect(ADMIN_LISTING_TABS.map((tab) => tab.label)).toEqual([
      'All',
      'Pending',
      'Approved',
      'Rejected',
      'Reported',
    ])
    const section = sourceOf(`${components}/admin/listings/ManageListingsSection.tsx`)
    expect(section).toMatch(/useState<AdminListingTab>\(\s*'pending'|initialView \?\? 'pending'|'pending'/)
    expect(section).toContain('Bulk Actions')
  })

  test('§2 Manage Users: search, status filter, role filter, Add New User, table, per-row menu (Edit User, Send Message, Suspend or Activate)', () => {
    expect(USER_STATUSES.map((status) => status.id)).toEqual(['active', 'suspended', 'pending'])
    expect(USER_ROLES.map((role) => role.id)).toEqual(['customer', 'premium', 'admin'])
    expect(sourceOf(`${components}/admin/users/ManageUsersSection.tsx`)).toContain('Add New User')
    const menu = sourceOf(`${components}/admin/users/UserActionsMenu.tsx`)
    for (const item of ['Edit User', 'Send Message', 'Suspend', 'Activate'])
      expect(menu).toContain(`label="${item}"`)
  })

  test('§2 Subscriptions: tabs for plans and user subscriptions, each with search; a plan edit dialog; Create New Plan and Add Subscription', () => {
    expect(SUBSCRIPTION_STATUSES.map((status) => status.id)).toEqual(['active', 'expired', 'cancelled'])
    expect(sourceOf(`${components}/admin/subscriptions/PlansTab.tsx`)).toContain('Create New Plan')
    expect(sourceOf(`${components}/admin/subscriptions/UserSubscriptionsTab.tsx`)).toContain(
      'Add Subscription',
    )
  })

  test('§2 Analytics: date range buttons 7 days, 30 days, 90 days, Year, Custom and Export; four stat cards; tabs Overview, Users, Listings, Revenue', () => {
    expect(DATE_RANGES.map((range) => range.label)).toEqual([
      '7 days',
      '30 days',
      '90 days',
      'Year',
      'Custom',
    ])
    expect(sourceOf(`${components}/admin/analytics/RangePicker.tsx`)).toContain('Export')
    expect(ANALYTICS_TABS.map((tab) => tab.label)).toEqual(['Overview', 'Users', 'Listings', 'Revenue'])
  })
})
