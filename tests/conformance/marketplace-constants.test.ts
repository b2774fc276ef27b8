// @vitest-environment happy-dom
/**
 * Conformance with docs/spec/marketplace.md, section 9 (business constants and limits). One test per
 * constant, named after its section.
 *
 * How each promise is checked:
 * - by value: the constants of the data, search and dashboard modules, the SQL's constants
 *   (support/sql.ts) and the app's own supabase-js client (its realtime settings);
 * - by source: module-private delays, and supabase-js's auth timing constants (the installed
 *   package's files); each test names the module it reads.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { CATEGORIES, MENU_FEATURED_CATEGORY_COUNT } from '../../examples/marketplace/src/data/categories.ts'
import { DEMO_LISTING_SEEDS } from '../../examples/marketplace/src/data/demo-listings.ts'
import type { Listing } from '../../examples/marketplace/src/data/listing.ts'
import { PUBLIC_PLANS } from '../../examples/marketplace/src/data/plans.ts'
import { findPriceRange, isInPriceRange } from '../../examples/marketplace/src/data/price-ranges.ts'
import { ADMIN_PAGE_SIZE } from '../../examples/marketplace/src/lib/admin/admin-listings.ts'
import { DATE_RANGES } from '../../examples/marketplace/src/lib/admin/date-range.ts'
import { SIGN_UP_SWITCH_DELAY_MS } from '../../examples/marketplace/src/lib/auth/sign-up.ts'
import { PAYMENTS_PER_PAGE } from '../../examples/marketplace/src/lib/dashboard/card-payment.ts'
import {
  MAX_IMAGE_BYTES,
  MAX_LISTING_IMAGES,
} from '../../examples/marketplace/src/lib/dashboard/listing-form.ts'
import { DEFAULT_PIN_CODE } from '../../examples/marketplace/src/lib/dashboard/profile.ts'
import { LISTING_LOAD_DELAY_MS } from '../../examples/marketplace/src/lib/listings/source.ts'
import {
  CATEGORY_BATCH_SIZE,
  SEARCH_BATCH_SIZE,
  sortListings,
} from '../../examples/marketplace/src/lib/search.ts'
import { authServer } from './support/fake-backend.ts'
import { unmountAll } from './support/mount.ts'
import { sourceOf } from './support/source.ts'
import { migrationsSql, seededPlans } from './support/sql.ts'

vi.hoisted(() => {
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'conformance-anon-key')
})

beforeEach(() => {
  authServer.requests = []
})
afterEach(async () => {
  await unmountAll()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const components = 'examples/marketplace/src/components'

async function appClient() {
  const { supabase } = await import('../../examples/marketplace/src/lib/supabase.ts')
  return supabase
}

/** A file of a package the marketplace installs (supabase-js's parts), as text. */
function packageFile(name: string, file: string): string {
  const require = createRequire(path.resolve(import.meta.dirname, '../../examples/marketplace/package.json'))
  return readFileSync(path.join(path.dirname(require.resolve(`${name}/package.json`)), file), 'utf8')
}

describe('§9 Business constants and limits', () => {
  test('§9 Plans per month: Free 0 forever (first listing free, limit 1); Basic 499 (up to 5 listings, most popular); Premium 999 (unlimited listings, ad-free, 24/7 phone support); Business 1999 (admin only, inactive)', () => {
    const plans = seededPlans()
    expect(
      plans.map((plan) => [
        plan.name,
        plan.price,
        plan.period,
        plan.listingLimit,
        plan.isPopular,
        plan.isActive,
      ]),
    ).toEqual([
      ['Free', 0, 'forever', 1, false, true],
      ['Basic', 499, 'month', 5, true, true],
      ['Premium', 999, 'month', -1, false, true],
      ['Business', 1999, 'month', -1, false, false],
    ])
    const premium = PUBLIC_PLANS.find((plan) => plan.id === 'premium')?.features.map(
      (feature) => feature.name,
    )
    expect(premium).toEqual(
      expect.arrayContaining(['Unlimited listings', 'Ad-free experience', '24/7 phone support']),
    )
    expect(PUBLIC_PLANS.map((plan) => plan.id)).not.toContain('business')
  })

  test('§9 Images: max 5 per listing, 5MB each. Card number min 16 characters, CVV 3 to 4', () => {
    expect([MAX_LISTING_IMAGES, MAX_IMAGE_BYTES]).toEqual([5, 5 * 1024 * 1024])
    const sql = migrationsSql()
    expect(sql).toContain('check (cardinality(image_urls) <= 5)')
    expect(sql).toContain("values ('listing-images', 'listing-images', true, 5242880,")
    expect(sourceOf('examples/marketplace/src/lib/dashboard/card-payment.ts')).toContain(
      'if (card.number.trim().length < 16)',
    )
  })

  test('§9 Paging: payment history 5 rows; admin listings and users 10 rows', () => {
    expect(PAYMENTS_PER_PAGE).toBe(5)
    expect(ADMIN_PAGE_SIZE).toBe(10)
    expect(migrationsSql().match(/max_rows integer default 10/g)?.length).toBeGreaterThanOrEqual(3)
  })

  test('§9 Delays: save and payment 1.5 s; success message 3 s; sign-up redirect 2 s; listing load 1 s. Plan expiry 30 days', () => {
    expect(sourceOf(`${components}/dashboard/ListingForm.tsx`)).toContain('const SAVE_DELAY_MS = 1500')
    expect(sourceOf(`${components}/dashboard/PlanChangeDialog.tsx`)).toContain('const PROCESSING_MS = 1500')
    expect(sourceOf(`${components}/admin/AdminNotice.tsx`)).toContain('const SUCCESS_MS = 3000')
    expect(SIGN_UP_SWITCH_DELAY_MS).toBe(2000)
    expect(LISTING_LOAD_DELAY_MS).toBe(1000)
    expect(migrationsSql()).toContain("interval '30 days'")
  })

  test('§9 Menu: first 6 of 10 categories in the right area; 5 subcategories and 2 featured entries per category', () => {
    expect(MENU_FEATURED_CATEGORY_COUNT).toBe(6)
    expect(CATEGORIES).toHaveLength(10)
    for (const category of CATEGORIES) {
      expect(category.subcategories).toHaveLength(5)
      expect(category.featured).toHaveLength(2)
    }
  })

  test('§9 Search: 8 placeholder cards; similar listings max 4; sort newest by id descending', () => {
    expect(sourceOf(`${components}/search/SearchResultsGrid.tsx`)).toContain('const SKELETON_COUNT = 8')
    const similar = ['pages/ListingDetailPage.tsx', 'lib/listings/opening-queries.ts'].map((file) =>
      sourceOf(`examples/marketplace/src/${file}`),
    )
    expect(similar.some((source) => source.includes('const SIMILAR_LIMIT = 4'))).toBe(true)
    const listings = DEMO_LISTING_SEEDS[0] as readonly Listing[]
    expect(
      sortListings(listings, 'newest')
        .map((listing) => listing.id)
        .slice(0, 3),
    ).toEqual(['L1010', 'L1009', 'L1008'])
  })

  test('§9 Price filter 100000-plus means at least 100000; the lowest range means at most 1000', () => {
    expect(isInPriceRange(100000, findPriceRange('100000-plus'))).toBe(true)
    expect(isInPriceRange(99999, findPriceRange('100000-plus'))).toBe(false)
    expect(isInPriceRange(1000, findPriceRange('0-1000'))).toBe(true)
    expect(isInPriceRange(1001, findPriceRange('0-1000'))).toBe(false)
  })

  test('§9 Demo data: 8 listings on search, 10 on category pages, ids L1001 to L1010, prices 500 to 850000. Default sample PIN code 585101', () => {
    expect([SEARCH_BATCH_SIZE, CATEGORY_BATCH_SIZE]).toEqual([8, 10])
    const spec = DEMO_LISTING_SEEDS[0] as readonly Listing[]
    expect(spec.map((listing) => listing.id)).toEqual(
      Array.from({ length: 10 }, (_, index) => `L${1001 + index}`),
    )
    const prices = spec.map((listing) => listing.price)
    expect([Math.min(...prices), Math.max(...prices)]).toEqual([500, 850000])
    expect(DEFAULT_PIN_CODE).toBe('585101')
  })

  test('§9 Analytics ranges 7 days, 30 days, 90 days, Year', () => {
    expect(
      DATE_RANGES.filter((range) => range.days !== null).map((range) => [range.label, range.days]),
    ).toEqual([
      ['7 days', 7],
      ['30 days', 30],
      ['90 days', 90],
      ['Year', 365],
    ])
  })

  test('§9 Auth: auto-refresh tick 30 s, threshold 3 ticks, refresh retry back-off from 200 ms doubling, session URL expiry warning at 120 s staleness (@supabase/auth-js)', () => {
    const constants = packageFile('@supabase/auth-js', 'dist/main/lib/constants.js')
    expect(constants).toContain('exports.AUTO_REFRESH_TICK_DURATION_MS = 30 * 1000;')
    expect(constants).toContain('exports.AUTO_REFRESH_TICK_THRESHOLD = 3;')
    const client = packageFile('@supabase/auth-js', 'dist/main/GoTrueClient.js')
    expect(client).toContain('200 * Math.pow(2, attempt - 1)')
    expect(client).toContain('if (timeNow - issuedAt >= 120) {')
  })

  test("§9 Auth: realtime heartbeat 30 s; request timeout 10 s; reconnect back-off 1, 2, 5, then 10 s (the app's client)", async () => {
    const { realtime } = await appClient()
    expect(realtime.timeout).toBe(10_000)
    expect([1, 2, 3, 4, 5].map((tries) => realtime.reconnectAfterMs(tries))).toEqual([
      1000, 2000, 5000, 10000, 10000,
    ])
    expect(realtime.heartbeatIntervalMs).toBe(30_000)
  })
})
