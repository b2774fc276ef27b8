import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CATEGORIES } from '../../src/data/categories.ts'
import { DEMO_LISTINGS } from '../../src/data/demo-listings.ts'
import { isPublic, type Listing } from '../../src/data/listing.ts'
import { PRICE_RANGES } from '../../src/data/price-ranges.ts'
import { countCategoryListings } from '../../src/lib/category-counts.ts'
import { type ListingRow, listingFromRow } from '../../src/lib/listings/rows.ts'
import { searchListingsArguments } from '../../src/lib/listings/search-arguments.ts'
import { type ListingFilters, type SortOrder, searchListings, termWords } from '../../src/lib/search.ts'
import { toQueryValue } from '../../src/lib/slug.ts'
import { startTestBackend, type TestBackend } from '../supabase-test-clients.ts'
import { describeEachDatabase } from './test-databases.ts'

// The search and category pages' query in SQL (public.search_listings) against the same query in the
// browser (lib/search.ts) over the seeded demo listings: the pages change only in where the data is.

describeEachDatabase((database) => {
  let backend: TestBackend
  let anon: SupabaseClient
  const publicDemo = DEMO_LISTINGS.filter(isPublic)

  beforeAll(async () => {
    backend = await startTestBackend('marketplace-search-', database)
    anon = backend.client()
  })

  afterAll(async () => {
    await backend?.close()
  })

  async function search(filters: ListingFilters, sort: SortOrder, limit = 100, offset = 0) {
    const { data, error } = await anon.rpc(
      'search_listings',
      searchListingsArguments(filters, sort, { limit, offset }),
    )
    if (error) throw new Error(error.message)
    const answer = data as { total: number; listings: ListingRow[] }
    return { total: answer.total, listings: answer.listings.map(listingFromRow) }
  }

  const ids = (listings: readonly Listing[]) => listings.map((listing) => listing.id)

  const CASES: ListingFilters[] = [
    {},
    { q: 'apartment' },
    { q: 'ELECTRONICS' },
    { q: '  swift ' },
    { q: '100%_' },
    { category: 'vehicles' },
    { category: 'Real Estate', location: 'gulbarga-city' },
    { location: 'Aland' },
    ...PRICE_RANGES.map((range) => ({ priceRange: range.id })),
    ...CATEGORIES.flatMap((category) => [
      ...category.subcategories.map((name) => ({ category: category.id, subcategory: toQueryValue(name) })),
      ...category.featured.map((entry) => ({ category: category.id, featured: toQueryValue(entry.title) })),
    ]),
  ]

  describe('search_listings', () => {
    test.each(CASES)('%o: the same listings as the browser finds, in the same order', async (filters) => {
      for (const sort of ['newest', 'price-low', 'price-high'] as const) {
        const expected = searchListings(publicDemo, filters, sort)
        const found = await search(filters, sort)
        expect(found.total).toBe(expected.length)
        if (sort === 'newest') expect(ids(found.listings)).toEqual(ids(expected))
        else {
          expect(found.listings.map((listing) => listing.price)).toEqual(
            expected.map((listing) => listing.price),
          )
          expect(new Set(ids(found.listings))).toEqual(new Set(ids(expected)))
        }
      }
    })

    test('a page of results, and the total', async () => {
      const all = searchListings(publicDemo, {}, 'newest')
      const second = await search({}, 'newest', 8, 8)
      expect(second.total).toBe(all.length)
      expect(ids(second.listings)).toEqual(ids(all.slice(8, 16)))
    })

    test('rows come back as the listings the pages read', async () => {
      const [first] = (await search({ q: 'Spacious 2BHK' }, 'newest')).listings
      expect(first).toEqual(DEMO_LISTINGS.find((listing) => listing.id === 'L1001'))
    })

    test('bad arguments are refused with what to send', async () => {
      const bad = await anon.rpc('search_listings', { sort: 'random' })
      expect(bad.error).toMatchObject({ code: '22023', message: 'sort is newest, price-low or price-high' })
      const regex = await anon.rpc('search_listings', { title_words: ['.*'] })
      expect(regex.error).toMatchObject({ message: 'title_words are lower-case letters and digits' })
      const huge = await anon.rpc('search_listings', { max_rows: 10_000 })
      expect(huge.error).toMatchObject({ code: '22023' })
    })
  })

  describe('category_listing_counts', () => {
    test("the counts the categories page shows, per category and per featured entry, as the browser's", async () => {
      const terms = CATEGORIES.flatMap((category) =>
        category.featured.map((entry) => ({
          category: category.name,
          key: entry.title,
          words: termWords(toQueryValue(entry.title)),
        })),
      )
      const { data, error } = await anon.rpc('category_listing_counts', { terms })
      expect(error).toBeNull()
      const answer = data as {
        categories: Record<string, number>
        terms: { category: string; key: string; listings: number }[]
      }
      const expected = countCategoryListings(DEMO_LISTINGS)
      for (const category of CATEGORIES) {
        const counts = expected.get(category.id)
        expect(answer.categories[category.name] ?? 0, category.name).toBe(counts?.listings)
        for (const entry of category.featured) {
          const found = answer.terms.find(
            (term) => term.category === category.name && term.key === entry.title,
          )
          expect(found?.listings, entry.title).toBe(counts?.featured.get(entry.title))
        }
      }
    })
  })
})
