// @vitest-environment happy-dom
/**
 * Conformance with docs/spec/marketplace.md, section 2: the category mega-menu, the home page's parts,
 * the search page and the listing detail page. One test per promise, named after its section.
 *
 * The pages read the spec's own static demo: the browser store (`VITE_LISTINGS_STORE=browser`, the
 * demo listings seeded in happy-dom's localStorage) without the load delay (section 9's 1 s is checked
 * in marketplace-calls.test.ts), so nothing here reaches a backend.
 *
 * How each promise is checked:
 * - by rendering: components and pages rendered by React in happy-dom (support/mount.ts), read as a
 *   visitor reads them; clicks and submits where the promise is about where they lead;
 * - by value: the slug and link helpers;
 * - by source: the featured carousel's loop and card widths (components/home/FeaturedCarousel.tsx: it
 *   needs Embla's layout, which tests/e2e/marketplace/pages.spec.ts exercises in Chromium).
 */
import { createElement } from 'react'
import { Route, Routes } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { CategoryGrid } from '../../examples/marketplace/src/components/home/CategoryGrid.tsx'
import { HeroSearch } from '../../examples/marketplace/src/components/home/HeroSearch.tsx'
import { RegisterCallToAction } from '../../examples/marketplace/src/components/home/RegisterCallToAction.tsx'
import { CategoryMegaMenu } from '../../examples/marketplace/src/components/layout/CategoryMegaMenu.tsx'
import { Footer } from '../../examples/marketplace/src/components/layout/Footer.tsx'
import { Header } from '../../examples/marketplace/src/components/layout/Header.tsx'
import { ListingGallery } from '../../examples/marketplace/src/components/listing-detail/ListingGallery.tsx'
import { ListingCard } from '../../examples/marketplace/src/components/listings/ListingCard.tsx'
import { SearchResultsGrid } from '../../examples/marketplace/src/components/search/SearchResultsGrid.tsx'
import { DEMO_LISTINGS } from '../../examples/marketplace/src/data/demo-listings.ts'
import type { Listing } from '../../examples/marketplace/src/data/listing.ts'
import { categorySlug } from '../../examples/marketplace/src/lib/slug.ts'
import { ListingDetailPage } from '../../examples/marketplace/src/pages/ListingDetailPage.tsx'
import { SearchPage } from '../../examples/marketplace/src/pages/SearchPage.tsx'
import {
  accountOf,
  authValue,
  byText,
  click,
  enter,
  type Mounted,
  mount,
  press,
  settle,
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

/** The category menu, once its counts came. */
async function menuView(): Promise<Mounted> {
  const menu = mount(createElement(CategoryMegaMenu, { onClose: () => {} }))
  await settle()
  return menu
}

/** The search page at `path`, once its listings came. */
async function searchPage(path: string): Promise<Mounted> {
  const view = mount(
    createElement(
      Routes,
      null,
      createElement(Route, { path: '/search', element: createElement(SearchPage) }),
    ),
    { path },
  )
  await until(() => !view.text().includes('Loading listings...'))
  return view
}

/** The listing page of `id`, once it came. */
async function listingPage(id: string, auth = authValue()): Promise<Mounted> {
  const view = mount(
    createElement(
      Routes,
      null,
      createElement(Route, { path: '/listing/:id', element: createElement(ListingDetailPage) }),
      createElement(Route, { path: '/search', element: 'the search page' }),
    ),
    { path: `/listing/${id}`, auth },
  )
  await until(() => view.container.querySelector('h1') !== null)
  return view
}

describe('§2 Category mega-menu', () => {
  test('§2 A full-width overlay shown only when opened; the dark backdrop closes it; clicking inside does not; every link closes it', () => {
    const header = mount(createElement(Header))
    const menu = () => header.container.querySelector('#category-mega-menu')
    expect(menu()).toBeNull()
    click(byText(header, 'button', 'Categories'))
    click(menu() as Element)
    expect(menu()).not.toBeNull()
    click(header.container.querySelector('[data-testid="mega-menu-backdrop"]') as Element)
    expect(menu()).toBeNull()
    click(byText(header, 'button', 'Categories'))
    click(byText(header, '#category-mega-menu a', 'Jobs'))
    expect(menu()).toBeNull()
  })

  test("§2 Left column headed 'All Categories' lists the 10 categories, each linking to /{categoryId}", async () => {
    const menu = await menuView()
    const column = menu.container.querySelector('nav[aria-label="All Categories"]') as Element
    expect(column.querySelector('h2')?.textContent).toBe('All Categories')
    expect([...column.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      '/real-estate',
      '/vehicles',
      '/jobs',
      '/electronics',
      '/services',
      '/shopping',
      '/food',
      '/fashion',
      '/education',
      '/furniture',
    ])
  })

  test("§2 The right area shows the first 6 categories, each with its subcategories and a 'Popular in {category}' block", async () => {
    const menu = await menuView()
    const sections = [...menu.container.querySelectorAll('section')]
    expect(sections.map((section) => section.getAttribute('aria-label'))).toEqual([
      'Real Estate',
      'Vehicles',
      'Jobs',
      'Electronics',
      'Services',
      'Shopping',
    ])
    expect(menu.text()).toContain('Popular in Real Estate')
    expect(menu.text()).toContain('Popular in Shopping')
  })

  test('§2 Subcategory links go to /{categoryId}?subcategory={lowercased-hyphenated-name}; popular links to /{categoryId}?featured={lowercased-hyphenated-title}', async () => {
    const menu = await menuView()
    const hrefs = menu.links().map(decodeURIComponent)
    expect(hrefs).toContain('/real-estate?subcategory=pg-&-roommates')
    expect(hrefs).toContain('/jobs?subcategory=it-&-software')
    expect(hrefs).toContain('/real-estate?featured=2bhk-apartments')
    expect(hrefs).toContain('/jobs?featured=work-from-home')
  })

  test("§2 A footer bar links 'View All Categories' to /category/all", async () => {
    const menu = await menuView()
    expect(byText(menu, 'a', 'View All Categories').getAttribute('href')).toBe('/category/all')
  })
})

describe('§2 Hero search (home)', () => {
  test('§2 A text box, a category select (default All Categories) and a location select (kept but not used for navigation)', () => {
    const hero = mount(createElement(HeroSearch))
    const [category, location] = [...hero.container.querySelectorAll('select')]
    expect(category?.selectedOptions[0]?.textContent).toBe('All Categories')
    enter(location as HTMLSelectElement, 'jewargi')
    enter(hero.container.querySelector('input') as HTMLInputElement, 'bike')
    submit(hero.container.querySelector('form') as HTMLFormElement)
    expect(hero.location()).toBe('/search?q=bike')
  })

  test('§2 Submitting non-empty trimmed text goes to /search with query parameter q', () => {
    const hero = mount(createElement(HeroSearch))
    const input = hero.container.querySelector('input') as HTMLInputElement
    enter(input, '   ')
    submit(hero.container.querySelector('form') as HTMLFormElement)
    expect(hero.location()).toBe('/')
    enter(input, '  used car ')
    submit(hero.container.querySelector('form') as HTMLFormElement)
    expect(hero.location()).toBe('/search?q=used+car')
  })

  test("§2 Choosing a category other than All Categories goes to /{category-slug}: the lowercased name with ' & ' turned into '-' and spaces into '-'", () => {
    const hero = mount(createElement(HeroSearch))
    enter(hero.container.querySelector('select') as HTMLSelectElement, 'Food & Dining')
    expect(hero.location()).toBe('/food-dining')
    expect(categorySlug('Real Estate')).toBe('real-estate')
  })
})

describe('§2 Category grid, featured carousel, call-to-action, plans, footer', () => {
  test('§2 Category grid: click goes to /{category-id}; 1, 2, 3 or 5 columns by screen width', () => {
    const grid = mount(createElement(CategoryGrid))
    expect(grid.links()).toEqual(expect.arrayContaining(['/real-estate', '/food', '/furniture']))
    expect(grid.container.querySelector('ul')?.className).toContain(
      'grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-5',
    )
  })

  test('§2 Featured listings carousel: looping, 5 sample cards, 1 card per row on small screens, 2 medium, 3 large, 4 extra large (components/home/FeaturedCarousel.tsx)', () => {
    const carousel = sourceOf('examples/marketplace/src/components/home/FeaturedCarousel.tsx')
    expect(carousel).toContain('const MAX_FEATURED = 5')
    expect(carousel).toContain('useEmblaCarousel({ loop: true')
    expect(carousel).toMatch(/basis-full[^"]* md:basis-1\/2[^"]* lg:basis-1\/3[^"]* xl:basis-1\/4/)
  })

  test('§2 View Details goes to /listing/{id}; View All Listings goes to /listings', () => {
    const card = mount(createElement(ListingCard, { listing: demo('L1001') }))
    expect(byText(card, 'a', 'View Details').getAttribute('href')).toBe('/listing/L1001')
    expect(sourceOf('examples/marketplace/src/components/home/FeaturedCarousel.tsx')).toMatch(
      /to="\/listings"[\s\S]{0,200}View All Listings/,
    )
  })

  test('§2 Register call-to-action goes to /auth?tab=register', () => {
    expect(mount(createElement(RegisterCallToAction)).links()).toEqual(['/auth?tab=register'])
  })

  test('§2 Plan selection: not logged in goes to /auth?tab=register; logged in goes to /dashboard?tab=subscription', async () => {
    const { PricingPlans } = await import('../../examples/marketplace/src/components/home/PricingPlans.tsx')
    const choose = async () => {
      const plans = mount(createElement(PricingPlans))
      await until(() => plans.container.querySelector('[data-testid="plan-basic"] button') !== null)
      click(plans.container.querySelector('[data-testid="plan-basic"] button') as Element)
      const where = plans.location()
      plans.unmount()
      return where
    }
    expect(await choose()).toBe('/auth?tab=register')
    localStorage.setItem('isLoggedIn', 'true')
    expect(await choose()).toBe('/dashboard?tab=subscription')
  })

  test('§2 Footer: quick links /, /categories, /about, /contact; legal links /privacy and /terms', () => {
    const footer = mount(createElement(Footer))
    const quick = footer.container.querySelector('nav[aria-label="Quick Links"]') as Element
    expect([...quick.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/categories',
      '/about',
      '/contact',
    ])
    expect(footer.links()).toEqual(expect.arrayContaining(['/privacy', '/terms']))
  })
})

describe('§2 Search page (/search, /listings)', () => {
  test('§2 Hero banner titled browse all listings; form with free-text box, category select, location select and a Search button', async () => {
    const view = await searchPage('/search')
    expect(view.container.querySelector('h1')?.textContent).toBe('Browse All Listings')
    const form = view.container.querySelector('form') as HTMLFormElement
    expect(form.querySelectorAll('input[type="text"]')).toHaveLength(1)
    expect(form.querySelectorAll('select')).toHaveLength(2)
    expect(byText(view, 'button', 'Search')).toBeTruthy()
  })

  test('§2 Submit navigates to /search with query parameters q, category, location (only those set); the page reads them', async () => {
    const view = await searchPage('/search?q=car&location=gulbarga-city')
    expect((view.container.querySelector('input') as HTMLInputElement).value).toBe('car')
    const [category] = [...view.container.querySelectorAll('select')]
    enter(category as HTMLSelectElement, 'vehicles')
    submit(view.container.querySelector('form') as HTMLFormElement)
    await settle()
    expect(view.location()).toBe('/search?q=car&category=vehicles&location=gulbarga-city')
  })

  test(`§2 Header reads 'All Listings' or 'Search Results for "{term}"', with a result count and a sort select`, async () => {
    expect((await searchPage('/search')).container.querySelector('h2')?.textContent).toBe('All Listings')
    const view = await searchPage('/search?q=phone')
    expect(view.container.querySelector('h2')?.textContent).toBe('Search Results for "phone"')
    expect(view.container.querySelector('[data-testid="search-result-count"]')?.textContent).toMatch(
      /^\d+ listings? found$/,
    )
  })

  test('§2 Sort select: Newest First (default), Price: Low to High, Price: High to Low', async () => {
    const view = await searchPage('/search')
    const sort = view.container.querySelector('select[aria-label="Sort by"]') as HTMLSelectElement
    expect([...sort.options].map((option) => option.textContent)).toEqual([
      'Newest First',
      'Price: Low to High',
      'Price: High to Low',
    ])
    expect(sort.selectedOptions[0]?.textContent).toBe('Newest First')
  })

  test('§2 While loading, 8 placeholder cards show', () => {
    const grid = mount(createElement(SearchResultsGrid, { listings: null }))
    expect(grid.container.firstElementChild?.children).toHaveLength(8)
  })

  test("§2 No match: 'No listings found', 'Try adjusting your search criteria or browse all listings', and a 'View All Listings' button that clears filters and goes to /search", async () => {
    const view = await searchPage('/search?q=zzzz-nothing&location=aland')
    expect(view.text()).toContain(
      'No listings found Try adjusting your search criteria or browse all listings',
    )
    click(byText(view, 'button', 'View All Listings'))
    await settle()
    expect(view.location()).toBe('/search')
  })

  test('§2 A card shows image, optional Featured badge, favourite button, title, price, category, location, posted time and View Details; clicking a card opens /listing/{id}', () => {
    const listing = demo('L1001')
    const card = mount(createElement(ListingCard, { listing }))
    const text = card.text()
    for (const part of [
      'Featured',
      listing.title,
      '₹12,000',
      'Real Estate',
      'Gulbarga City',
      '2 days ago',
      'View Details',
    ])
      expect(text).toContain(part)
    expect(card.container.querySelector('img')).not.toBeNull()
    expect(card.container.querySelector('button[aria-label*="favourite" i]')).not.toBeNull()
    expect(new Set(card.links())).toEqual(new Set(['/listing/L1001']))
  })
})

describe('§2 Listing detail (/listing/{id})', () => {
  test("§2 Loading skeleton, then a back button 'Back to Results' that goes back one step", async () => {
    const view = await listingPage('L1002')
    click(byText(view, 'button', 'Back to Results'))
    // Opened first in the app (no step to go back to), it goes to /search.
    expect(view.location()).toBe('/search')
  })

  test('§2 Large image (height 400 px) with a thumbnail strip when there is more than one image; clicking a thumbnail selects it', () => {
    const gallery = mount(createElement(ListingGallery, { listing: demo('L1001') }))
    expect(gallery.container.innerHTML).toContain('h-[400px]')
    const thumbnails = [...gallery.container.querySelectorAll('button[aria-label^="Show image"]')]
    expect(thumbnails).toHaveLength(3)
    click(thumbnails[2] as Element)
    expect(thumbnails[2]?.getAttribute('aria-pressed')).toBe('true')
    const single = mount(createElement(ListingGallery, { listing: demo('L1003') }))
    expect(single.container.querySelectorAll('button')).toHaveLength(0)
  })

  test("§2 Tabs: Description (text or 'No description provided.') and Details (Category, Location, Posted By or 'Anonymous', Posted On from createdAt, else postedTime, else 'Unknown')", async () => {
    const { ListingInfoTabs } = await import(
      '../../examples/marketplace/src/components/listing-detail/ListingInfoTabs.tsx'
    )
    const bare = {
      ...demo('L1003'),
      description: '',
      userName: '',
      createdAt: undefined,
      postedTime: undefined,
    }
    const tabs = mount(createElement(ListingInfoTabs, { listing: bare }))
    expect(tabs.text()).toContain('No description provided.')
    press(byText(tabs, 'button', 'Details'))
    expect(tabs.text()).toContain('Category Electronics Location Aland Posted By Anonymous Posted On Unknown')
  })

  test("§2 Side card: title, category badge, 'Featured' badge if featured, price in rupees, location, posted time or 'Recently', view count if present", async () => {
    const view = await listingPage('L1001')
    const card = view.container.querySelector('section[aria-label="Listing summary"]') as Element
    const text = card.textContent ?? ''
    for (const part of ['Real Estate', 'Featured', '₹12,000', 'Gulbarga City', '2 days ago', 'views'])
      expect(text).toContain(part)
    const { ListingSummaryCard } = await import(
      '../../examples/marketplace/src/components/listing-detail/ListingSummaryCard.tsx'
    )
    const plain = mount(
      createElement(ListingSummaryCard, {
        listing: { ...demo('L1003'), postedTime: undefined, featured: false },
      }),
    )
    expect(plain.text()).toContain('Recently')
    expect(plain.text()).not.toContain('Featured')
  })

  test('§2 Buttons Contact Seller, Chat with Seller, Save, Share, Report', async () => {
    const view = await listingPage('L1001')
    for (const name of ['Contact Seller', 'Chat with Seller'])
      expect(byText(view, 'button', name)).toBeTruthy()
    for (const name of [/save/i, /share/i, /report/i])
      expect(
        [...view.container.querySelectorAll('button')].some((button) => name.test(button.textContent ?? '')),
      ).toBe(true)
  })

  test("§2 Contact Seller or Chat while logged out opens a login/register dialog; while logged in they only alert 'Contact feature would open here'", async () => {
    const visitor = await listingPage('L1001')
    click(byText(visitor, 'button', 'Contact Seller'))
    expect(document.body.querySelector('[role="dialog"]')?.textContent).toMatch(/Login[\s\S]*Register/)
    visitor.unmount()
    const alert = stubAlert()
    const customer = await listingPage('L1001', authValue(accountOf('customer')))
    click(byText(customer, 'button', 'Chat with Seller'))
    expect(alert).toHaveBeenCalledWith('Contact feature would open here')
  })

  test("§2 Seller card: initial, name, 'Member since' with last year, a View Profile button", async () => {
    const view = await listingPage('L1001')
    const seller = view.container.querySelector('section[aria-labelledby="seller-heading"]') as Element
    expect(seller.textContent).toContain('R')
    expect(seller.textContent).toContain('Ravi Patil')
    expect(seller.textContent).toContain(`Member since ${new Date().getFullYear() - 1}`)
    expect(seller.querySelector('button')?.textContent).toBe('View Profile')
  })

  test("§2 Safety tips: meet in a public place; check the item before paying; pay only after inspecting the item; don't share personal financial information", async () => {
    const view = await listingPage('L1001')
    const tips = [...view.container.querySelectorAll('section[aria-labelledby="safety-tips-heading"] li')]
    expect(tips.map((tip) => tip.textContent)).toEqual([
      'Meet in a public place',
      'Check the item before paying',
      'Pay only after inspecting the item',
      "Don't share personal financial information",
    ])
  })

  test("§2 'Similar Listings' shows up to 4 other listings of the same category", async () => {
    const view = await listingPage('L1001')
    const similar = view.container.querySelector(
      'section[aria-labelledby="similar-listings-heading"]',
    ) as Element
    expect(similar.querySelector('h2')?.textContent).toBe('Similar Listings')
    const cards = [...similar.querySelectorAll('[data-testid="listing-card"]')]
    expect(cards.length).toBeGreaterThan(0)
    expect(cards.length).toBeLessThanOrEqual(4)
    for (const card of cards) expect(card.textContent).toContain('Real Estate')
    expect(similar.innerHTML).not.toContain('/listing/L1001"')
  })

  test("§2 Not found: 'Listing Not Found', 'The listing you're looking for doesn't exist or has been removed.', and a 'Browse All Listings' button to /search", async () => {
    const view = await listingPage('L9999')
    expect(view.container.querySelector('h1')?.textContent).toBe('Listing Not Found')
    expect(view.text()).toContain("The listing you're looking for doesn't exist or has been removed.")
    expect(byText(view, 'a', 'Browse All Listings').getAttribute('href')).toBe('/search')
  })

  test("§8 A listing that is not public shows the 'Listing Not Found' screen", async () => {
    expect(demo('L1009').status).toBe('pending')
    const view = await listingPage('L1009')
    expect(view.container.querySelector('h1')?.textContent).toBe('Listing Not Found')
  })
})
