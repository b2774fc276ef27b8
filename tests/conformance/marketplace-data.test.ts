/**
 * Conformance with docs/spec/marketplace.md, section 3 (entities and their fields). One test per
 * promise, named after its section; the category table is transcribed in marketplace.data.ts and gets
 * one test per row.
 *
 * How each promise is checked:
 * - by value: the data modules (categories, locations, price ranges, demo listings, plans), the
 *   sign-up flow with a fake client (the metadata and the rows it writes), the SQL's seeded plans
 *   (support/sql.ts);
 * - by type: record shapes that exist only as types (expectTypeOf, enforced by tsc -p tests/conformance);
 * - by source: the SQL's columns and checks, and the users row's empty password
 *   (lib/auth/account-store.ts).
 */
import { afterEach, describe, expect, expectTypeOf, test, vi } from 'vitest'
import type { SessionJson } from '../../examples/marketplace/server/auth/tokens.ts'
import { CATEGORIES } from '../../examples/marketplace/src/data/categories.ts'
import { DEMO_LISTING_SEEDS } from '../../examples/marketplace/src/data/demo-listings.ts'
import type { Listing } from '../../examples/marketplace/src/data/listing.ts'
import { LOCATIONS } from '../../examples/marketplace/src/data/locations.ts'
import { PRICE_RANGES } from '../../examples/marketplace/src/data/price-ranges.ts'
import { PLAN_PERIODS } from '../../examples/marketplace/src/lib/admin/admin-plans.ts'
import { formatEndDate } from '../../examples/marketplace/src/lib/admin/admin-subscriptions.ts'
import { signUp } from '../../examples/marketplace/src/lib/auth/sign-up.ts'
import { LISTING_FORM_CATEGORIES } from '../../examples/marketplace/src/lib/dashboard/listing-form.ts'
import type {
  CurrentSubscription,
  PaymentRecord,
} from '../../examples/marketplace/src/lib/dashboard/subscription.ts'
import { LISTINGS_KEY } from '../../examples/marketplace/src/lib/listings-store.ts'
import { formatListingLimit } from '../../examples/marketplace/src/lib/plans/plan-rows.ts'
import { SESSION_KEYS } from '../../examples/marketplace/src/lib/stored-session.ts'
import { SPEC_CATEGORIES } from './marketplace.data.ts'
import { fakeAuth, signUpValues } from './support/sign-up.ts'
import { sourceOf } from './support/source.ts'
import { migrationsSql, seededPlans } from './support/sql.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

const spec = DEMO_LISTING_SEEDS[0] as readonly Listing[]

describe('§3 Entities: categories', () => {
  test('§3 Category (static): id, name, icon, subcategories (names), featured (title and count); ids real-estate, vehicles, jobs, electronics, services, shopping, food, fashion, education, furniture', () => {
    expect(CATEGORIES.map((category) => category.id)).toEqual([
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
    ])
    for (const category of CATEGORIES) expect(category.icon).toBeTruthy()
  })

  for (const row of SPEC_CATEGORIES) {
    test(`§3 ${row.name}: ${row.subcategories.join(', ')}; ${row.featured.map(([title, count]) => `${title} (${count})`).join(', ')}`, () => {
      const category = CATEGORIES.find((entry) => entry.name === row.name)
      expect(category?.subcategories).toEqual(row.subcategories)
      expect(category?.featured.map((entry) => [entry.title, entry.count])).toEqual(row.featured)
    })
  }

  test('§3 The listing form and dashboards list eight categories; the menu and category routes list ten', () => {
    expect(LISTING_FORM_CATEGORIES).toEqual([
      'Real Estate',
      'Vehicles',
      'Electronics',
      'Jobs',
      'Services',
      'Furniture',
      'Fashion',
      'Education',
    ])
    expect(CATEGORIES).toHaveLength(10)
  })

  test('§3 Locations: All Locations, Gulbarga City, Jewargi, Chincholi, Aland, Afzalpur, Sedam (ids all, gulbarga-city, jewargi, chincholi, aland, afzalpur, sedam)', () => {
    expect(LOCATIONS.map((location) => [location.id, location.name])).toEqual([
      ['all', 'All Locations'],
      ['gulbarga-city', 'Gulbarga City'],
      ['jewargi', 'Jewargi'],
      ['chincholi', 'Chincholi'],
      ['aland', 'Aland'],
      ['afzalpur', 'Afzalpur'],
      ['sedam', 'Sedam'],
    ])
  })

  test('§3 Price ranges: all, 0-1000, 1000-5000, 5000-10000, 10000-50000, 50000-100000, 100000-plus', () => {
    expect(PRICE_RANGES.map((range) => range.id)).toEqual([
      'all',
      '0-1000',
      '1000-5000',
      '5000-10000',
      '10000-50000',
      '50000-100000',
      '100000-plus',
    ])
  })
})

describe('§3 Entities: records', () => {
  test('§3 Listing: id (L1001; L plus a timestamp when created by a user), title, price (rupees, minimum 0), category, location, description, status, createdAt, postedTime, userId, userName, imageUrl, imageUrls, views, reportCount, featured', () => {
    const fields = new Set(spec.flatMap((listing) => Object.keys(listing)))
    for (const field of [
      'id',
      'title',
      'price',
      'category',
      'location',
      'description',
      'status',
      'createdAt',
      'postedTime',
      'userId',
      'userName',
      'imageUrl',
      'imageUrls',
      'views',
      'reportCount',
      'featured',
    ])
      expect(fields).toContain(field)
    expect(spec[0]?.id).toBe('L1001')
    const sql = migrationsSql()
    expect(sql).toContain("return 'L' || candidate::text;")
    expect(sql).toMatch(/price numeric\(14, 2\) not null check \(price >= 0\)/)
  })

  test('§3 Profile (table profiles): id (same as auth user id), email, role', () => {
    expect(migrationsSql()).toMatch(
      /create table public\.profiles \(\s*id uuid primary key references auth\.users[^)]*\)?[\s\S]*?email[\s\S]*?role/,
    )
  })

  test('§3 User record (table users): id, email, name, phone, role, password (always written as an empty string)', async () => {
    const written: Record<string, unknown>[] = []
    const accounts = {
      saveSignUpRows: async (row: Record<string, unknown>) => {
        written.push(row)
      },
    }
    const { auth } = fakeAuth({ user: { id: 'u1' } })
    await signUp({ auth, accounts, origin: 'http://app' } as never, signUpValues())
    expect(written).toEqual([
      { id: 'u1', email: 'asha@example.com', name: 'Asha Rao', phone: '9876543210', role: 'customer' },
    ])
    expect(sourceOf('examples/marketplace/src/lib/auth/account-store.ts')).toContain(
      ".upsert({ id, email, name, phone, role, password: '' }, { onConflict: 'id' })",
    )
  })

  test('§3 Auth user metadata at sign-up: name, phone (optional), role (default customer)', async () => {
    const { auth, calls } = fakeAuth({ user: { id: 'u1' } })
    await signUp(
      { auth, accounts: { saveSignUpRows: async () => {} }, origin: 'http://app' } as never,
      signUpValues(),
    )
    expect(calls.signUp).toEqual([
      {
        email: 'asha@example.com',
        password: 'a long password',
        options: {
          data: { name: 'Asha Rao', phone: '9876543210', role: 'customer' },
          emailRedirectTo: 'http://app/auth/callback',
        },
      },
    ])
  })

  test('§3 Session: access token, refresh token, expires_in, expires_at, user', () => {
    expectTypeOf<SessionJson>().toHaveProperty('access_token')
    expectTypeOf<SessionJson>().toHaveProperty('refresh_token')
    expectTypeOf<SessionJson>().toHaveProperty('expires_in')
    expectTypeOf<SessionJson>().toHaveProperty('expires_at')
    expectTypeOf<SessionJson>().toHaveProperty('user')
  })

  test('§3 Current subscription: name, price, period, expiryDate, features, listingsUsed, listingsTotal', () => {
    expectTypeOf<CurrentSubscription['plan']>().toHaveProperty('name')
    expectTypeOf<CurrentSubscription['plan']>().toHaveProperty('price')
    expectTypeOf<CurrentSubscription['plan']>().toHaveProperty('period')
    expectTypeOf<CurrentSubscription['plan']>().toHaveProperty('features')
    expectTypeOf<CurrentSubscription['plan']>().toHaveProperty('listingLimit')
    expectTypeOf<NonNullable<CurrentSubscription['subscription']>>().toHaveProperty('end_date')
    expectTypeOf<CurrentSubscription>().toHaveProperty('listingsUsed')
  })

  test('§3 Plan (admin): period month, year, forever; listingLimit -1 means unlimited; sample Free 0 (limit 1), Basic 499 (limit 5, popular), Premium 999 (unlimited), Business 1999 (unlimited, inactive)', () => {
    expect(PLAN_PERIODS.map((period) => period.id)).toEqual(['month', 'year', 'forever'])
    expect(formatListingLimit(-1)).toBe('Unlimited')
    expect(seededPlans()).toEqual([
      {
        id: 'free',
        name: 'Free',
        price: 0,
        period: 'forever',
        listingLimit: 1,
        isPopular: false,
        isActive: true,
      },
      {
        id: 'basic',
        name: 'Basic',
        price: 499,
        period: 'month',
        listingLimit: 5,
        isPopular: true,
        isActive: true,
      },
      {
        id: 'premium',
        name: 'Premium',
        price: 999,
        period: 'month',
        listingLimit: -1,
        isPopular: false,
        isActive: true,
      },
      {
        id: 'business',
        name: 'Business',
        price: 1999,
        period: 'month',
        listingLimit: -1,
        isPopular: false,
        isActive: false,
      },
    ])
  })

  test('§3 User subscription: id, userId, userName, planId, planName, startDate, endDate (empty shows Never), status, autoRenew, amount', () => {
    expect(formatEndDate(null)).toBe('Never')
    expect(migrationsSql()).toMatch(
      /create table public\.subscriptions[\s\S]*?plan_id[\s\S]*?start_date[\s\S]*?end_date[\s\S]*?auto_renew[\s\S]*?amount/,
    )
  })

  test('§3 Payment record: id, date, amount, description, status, invoiceUrl', () => {
    expectTypeOf<keyof PaymentRecord>().toEqualTypeOf<
      'id' | 'date' | 'amount' | 'description' | 'status' | 'invoiceUrl'
    >()
  })

  test('§3 Browser storage keys: listings, isLoggedIn, userName, userId, userRole', () => {
    expect([LISTINGS_KEY, ...SESSION_KEYS]).toEqual([
      'listings',
      'isLoggedIn',
      'userName',
      'userId',
      'userRole',
    ])
  })
})
