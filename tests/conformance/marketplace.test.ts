// @vitest-environment happy-dom
/**
 * Conformance with docs/spec/marketplace.md, section 1 and section 2's route table, route guard and
 * header. One test per promise, named after its section; the other screens are in
 * marketplace-screens.test.ts, sections 3 to 9 in marketplace-{data,rules,calls}.test.ts, and the
 * documented departures in departures.test.ts.
 *
 * How each promise is checked:
 * - by value: the app's route table (App.tsx's `routes`, matched with react-router's matchRoutes), the
 *   data modules (plans, site facts) and formatting functions;
 * - by rendering: components rendered by React in happy-dom inside a router and the auth context
 *   (support/mount.ts), read as a visitor reads them, clicked where a promise is about a click;
 * - by source: none in this file.
 */
import { createElement, type ReactElement } from 'react'
import { matchRoutes, Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { routes } from '../../examples/marketplace/src/App.tsx'
import { RequireAuth } from '../../examples/marketplace/src/components/auth/RequireAuth.tsx'
import { HeroSearch } from '../../examples/marketplace/src/components/home/HeroSearch.tsx'
import { Header } from '../../examples/marketplace/src/components/layout/Header.tsx'
import { MobileMenu } from '../../examples/marketplace/src/components/layout/MobileMenu.tsx'
import { CATEGORIES } from '../../examples/marketplace/src/data/categories.ts'
import { PUBLIC_PLANS } from '../../examples/marketplace/src/data/plans.ts'
import { displayedSession } from '../../examples/marketplace/src/lib/auth/displayed-session.ts'
import { formatPrice } from '../../examples/marketplace/src/lib/format.ts'
import type { StoredSession } from '../../examples/marketplace/src/lib/stored-session.ts'
import { AuthCallbackPage } from '../../examples/marketplace/src/pages/AuthCallbackPage.tsx'
import { DashboardPage } from '../../examples/marketplace/src/pages/DashboardPage.tsx'
import {
  accountOf,
  authValue,
  byText,
  click,
  fire,
  mount,
  settle,
  unmountAll,
  withChildren,
} from './support/mount.ts'

afterEach(async () => {
  await unmountAll()
  localStorage.clear()
  vi.restoreAllMocks()
})

/** The element the app renders at `path` (the deepest matching route's), with the route's params. */
function page(path: string): { element: ReactElement; params: Record<string, string | undefined> } {
  const matches = matchRoutes(routes, path)
  const last = matches?.at(-1)
  if (!last) throw new Error(`No route matches ${path}`)
  return { element: last.route.element as ReactElement, params: last.params }
}

/** Which page component a path shows (lazy pages are compared by their lazy component). */
const pageType = (path: string) => page(path).element.type

/** The guard around a page, as the route table has it, for `account` at `path`; where it leads. */
function guarded(path: string, auth = authValue()): { text: string; location: string } {
  const view = mount(
    createElement(
      Routes,
      null,
      createElement(Route, { path: '/dashboard', element: page('/dashboard').element }),
      createElement(Route, {
        path: '/admin',
        element: withChildren(RequireAuth, { roles: ['admin'] }, 'the admin page'),
      }),
      createElement(Route, {
        path: '/customer-only',
        element: withChildren(RequireAuth, { roles: ['customer'] }, 'x'),
      }),
      createElement(Route, { path: '/auth', element: 'the auth page' }),
    ),
    { path, auth },
  )
  return { text: view.text(), location: view.location() }
}

const stored = (session: Partial<StoredSession>): StoredSession => ({
  isLoggedIn: false,
  userName: '',
  userId: '',
  userRole: '',
  ...session,
})

describe('§1 What the product does and for whom', () => {
  test('§1 Home text advertises 10,000+ listings; hero statistics show 5000+ active listings, 2000+ registered users and 100+ new listings daily', () => {
    const text = mount(createElement(HeroSearch)).text()
    expect(text).toContain('Browse 10,000+ listings across all categories')
    for (const stat of ['5000+ Active Listings', '2000+ Registered Users', '100+ New Listings Daily'])
      expect(text).toContain(stat)
  })

  test('§1 A free tier and two paid tiers are offered; the first listing is free', () => {
    expect(PUBLIC_PLANS.map((plan) => [plan.name, plan.price])).toEqual([
      ['Free', 0],
      ['Basic', 499],
      ['Premium', 999],
    ])
    expect(PUBLIC_PLANS[0]?.description).toBe('Your first listing is free.')
  })

  test('§1 Currency is the rupee', () => {
    expect(formatPrice(12000)).toBe('₹12,000')
    expect(formatPrice(850000)).toBe('₹8,50,000')
  })
})

describe('§2 Route table', () => {
  test('§2 / is Home: header, hero search, category grid, featured listings carousel, register call-to-action, pricing plans, footer', () => {
    const home = matchRoutes(routes, '/') ?? []
    expect(home.map((match) => (match.route.index ? 'index' : 'layout'))).toEqual(['layout', 'index'])
    const index = home[1]?.route.element as ReactElement | undefined
    expect((index?.type as { name?: string } | undefined)?.name).toBe('HomePage')
  })

  test('§2 /auth: Login and Sign Up tabs; query tab=register opens the sign-up tab', () => {
    expect(pageType('/auth')).not.toBe(pageType('/auth/callback'))
    expect(matchRoutes(routes, '/auth')?.at(-1)?.route.path).toBe('auth')
  })

  test("§2 /auth/callback finishes e-mail confirmation and Google sign-in; shows 'Processing Authentication'", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const view = mount(createElement(AuthCallbackPage), { path: '/auth/callback' })
    expect(view.text()).toContain('Processing Authentication')
    // With no session (here: no client at all) the callback goes to /auth, and says why in the console.
    await settle()
    expect(view.location()).toBe('/auth')
    expect(logged).toHaveBeenCalledWith('Authentication callback failed:', expect.any(Error))
  })

  test('§2 /search and /listings: the same search page', () => {
    expect(pageType('/search')).toBe(pageType('/listings'))
  })

  test('§2 /listing/{id}: listing detail', () => {
    expect(page('/listing/L1001').params.id).toBe('L1001')
  })

  test('§2 /categories: all categories page', () => {
    expect(matchRoutes(routes, '/categories')?.at(-1)?.route.path).toBe('categories')
  })

  test("§2 /category/all: target of 'View All Categories' in the menu (the categories page)", () => {
    expect(pageType('/category/all')).toBe(pageType('/categories'))
  })

  test('§2 /category/{categoryId}: category listing page', () => {
    expect(pageType('/category/vehicles')).toBe(pageType('/vehicles'))
    expect(page('/category/vehicles').params.categoryId).toBe('vehicles')
  })

  test('§2 /real-estate, /vehicles, /jobs, /electronics, /services, /shopping, /food, /fashion, /education, /furniture: one route per category, each the category listing page', () => {
    const ids = [
      'real-estate',
      'vehicles',
      'jobs',
      'electronics',
      'services',
      'shopping',
      'food',
      'fashion',
      'education',
      'furniture',
    ]
    for (const id of ids) {
      const { element } = page(`/${id}`)
      expect(element.type).toBe(pageType('/category/vehicles'))
      expect((element.props as { categoryId: string }).categoryId).toBe(id)
    }
    expect(CATEGORIES.map((category) => category.id)).toEqual(ids)
  })

  test('§2 /about, /contact, /privacy, /terms: static pages', () => {
    const types = ['/about', '/contact', '/privacy', '/terms'].map(pageType)
    expect(new Set(types).size).toBe(4)
    for (const path of ['/about', '/contact', '/privacy', '/terms'])
      expect(matchRoutes(routes, path)?.at(-1)?.route.path).toBe(path.slice(1))
  })

  test('§2 /dashboard: any signed-in user; query tab=subscription opens the Subscription section', () => {
    expect(guarded('/dashboard', authValue(accountOf('customer'))).location).toBe('/dashboard')
    expect(guarded('/dashboard', authValue(accountOf('premium'))).location).toBe('/dashboard')
    const view = mount(createElement(DashboardPage), {
      path: '/dashboard?tab=subscription',
      auth: authValue(accountOf('customer')),
    })
    expect(view.container.querySelector('[aria-current="page"]')?.textContent).toBe('Subscription')
  })

  test('§2 /admin: admin role only', () => {
    expect((page('/admin').element.props as { roles?: string[] }).roles).toEqual(['admin'])
    expect(guarded('/admin', authValue(accountOf('admin'))).text).toBe('the admin page')
  })
})

describe('§2 Route guard', () => {
  test("§2 While the state is loading it shows 'Loading...'", () => {
    expect(guarded('/admin', authValue(null, 'loading')).text).toBe('Loading...')
  })

  test('§2 Not signed in leads to /auth', () => {
    expect(guarded('/admin').location).toBe('/auth')
    expect(guarded('/dashboard').location).toBe('/auth')
  })

  test('§2 Signed in with a non-matching role: admins go to /admin, others to /dashboard', () => {
    expect(guarded('/admin', authValue(accountOf('customer'))).location).toBe('/dashboard')
    expect(guarded('/admin', authValue(accountOf('premium'))).location).toBe('/dashboard')
    expect(guarded('/customer-only', authValue(accountOf('admin'))).location).toBe('/admin')
  })
})

describe('§2 Header', () => {
  test('§2 Header links: / (Home), a Categories button opening the category picker, /about, /contact, /categories (mobile menu)', () => {
    const header = mount(createElement(Header))
    expect(header.links()).toEqual(expect.arrayContaining(['/', '/about', '/contact']))
    click(byText(header, 'button', 'Categories'))
    expect(header.text()).toContain('All Categories')
    const mobile = mount(createElement(MobileMenu, { session: stored({}), onLogout: () => {} }))
    expect(mobile.links()).toEqual(['/', '/categories', '/about', '/contact', '/auth'])
  })

  test('§2 Logged out: a Login / Register button to /auth; no post-listing action is offered', () => {
    const header = mount(createElement(Header))
    expect(byText(header, 'a', 'Login / Register').getAttribute('href')).toBe('/auth')
    expect(header.links().filter((href) => href.startsWith('/dashboard'))).toEqual([])
    expect(header.text()).not.toMatch(/post/i)
  })

  test('§2 Logged in as admin: Admin Dashboard at /admin', () => {
    const menu = mount(
      createElement(MobileMenu, {
        session: stored({ isLoggedIn: true, userRole: 'admin' }),
        onLogout: () => {},
      }),
    )
    expect(byText(menu, 'a', 'Admin Dashboard').getAttribute('href')).toBe('/admin')
    expect(menu.text()).not.toContain('My Dashboard')
  })

  test('§2 Logged in as other users: My Dashboard, My Listings, Settings at /dashboard', () => {
    const menu = mount(
      createElement(MobileMenu, {
        session: stored({ isLoggedIn: true, userRole: 'customer' }),
        onLogout: () => {},
      }),
    )
    for (const item of ['My Dashboard', 'My Listings', 'Settings'])
      expect(byText(menu, 'a', item).getAttribute('href')).toMatch(/^\/dashboard/)
    expect(menu.text()).not.toContain('Admin Dashboard')
  })

  test('§2 Logout goes to /', async () => {
    const header = mount(createElement(Header), { path: '/about', auth: authValue(accountOf('customer')) })
    click(
      header.container.querySelector(
        'button[aria-controls="mobile-menu"], button[aria-label*="menu" i]',
      ) as Element,
    )
    click(byText(header, 'button', 'Logout'))
    await settle()
    expect(header.location()).toBe('/')
  })

  test('§2 The header shows the logged-in menu when a signed-in user exists, otherwise the stored flags isLoggedIn, userName, userRole', () => {
    const flags = stored({ isLoggedIn: true, userName: 'Ravi', userId: 'u1', userRole: 'customer' })
    expect(displayedSession({ user: null, account: null }, flags)).toBe(flags)
    const account = accountOf('admin', 'Meera')
    const signedIn = displayedSession({ user: { id: account.userId } as never, account }, flags)
    expect(signedIn).toEqual({
      isLoggedIn: true,
      userName: 'Meera',
      userId: account.userId,
      userRole: 'admin',
    })
  })

  test('§2 A storage change in another tab updates name, login flag and role', () => {
    const header = mount(createElement(Header))
    expect(header.text()).toContain('Login / Register')
    localStorage.setItem('isLoggedIn', 'true')
    localStorage.setItem('userName', 'Ravi')
    localStorage.setItem('userRole', 'customer')
    fire(window, new StorageEvent('storage', { key: 'userName' }))
    expect(header.text()).toContain('Ravi')
    expect(header.text()).not.toContain('Login / Register')
  })
})
