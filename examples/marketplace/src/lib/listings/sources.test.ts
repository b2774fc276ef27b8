import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { startTestBackend, type TestBackend } from '../../../server/supabase-test-clients.ts'
import { DEMO_LISTINGS } from '../../data/demo-listings.ts'
import { isPublic } from '../../data/listing.ts'
import { readListings } from '../listings-store.ts'
import { memoryStorage } from '../memory-storage.test-support.ts'
import { browserSource } from './browser-source.ts'
import { type DatabaseApi, databaseSource } from './database-source.ts'
import { atLeast, type ListingsSource, listingsStoreKind } from './source.ts'

// The two listings stores the public pages read (issue 29) answer every question alike over the same
// demo listings: the database through supabase-js, the spec's browser store from localStorage.

let backend: TestBackend
let database: ListingsSource
const customer = '50000000-0000-4000-8000-000000000001'

beforeAll(async () => {
  backend = await startTestBackend('marketplace-sources-')
  await backend.createUser(customer, 'sources@example.com', 'Sunita')
  database = databaseSource(apiFor(backend))
})

afterAll(async () => {
  await backend?.close()
})

beforeEach(() => {
  Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true })
})

/** The store as a page of this backend has it: REST at its URL, supabase-js for the visitor. */
const apiFor = (test: TestBackend): DatabaseApi => ({
  rest: { url: test.backend.url, anonKey: test.backend.config.anonKey },
  client: async () => test.client(),
})

const ids = (listings: readonly { id: string }[]) => listings.map((listing) => listing.id)

describe('the database and browser stores', () => {
  test('search: the same page, total and order, and the next page follows it', async () => {
    for (const [filters, sort] of [
      [{}, 'newest'],
      [{ category: 'real-estate' }, 'price-low'],
      [{ q: 'a', priceRange: '0-1000' }, 'price-high'],
    ] as const) {
      const fromDatabase = await database.search(filters, sort, { limit: 5, offset: 0 })
      const fromBrowser = await browserSource.search(filters, sort, { limit: 5, offset: 0 })
      expect(ids(fromDatabase.listings), JSON.stringify(filters)).toEqual(ids(fromBrowser.listings))
      expect(fromDatabase.total).toBe(fromBrowser.total)
      const next = await database.search(filters, sort, { limit: 5, offset: 5 })
      expect(ids(next.listings)).toEqual(
        ids((await browserSource.search(filters, sort, { limit: 5, offset: 5 })).listings),
      )
    }
  })

  test('find: a public listing; a pending one or an unknown id is none', async () => {
    const pending = DEMO_LISTINGS.find((listing) => listing.status === 'pending')
    expect(pending).toBeDefined()
    for (const source of [database, browserSource]) {
      expect((await source.find('L1001'))?.title, source.kind).toBe(DEMO_LISTINGS[0]?.title)
      expect(await source.find(pending?.id ?? ''), source.kind).toBeNull()
      expect(await source.find('L9999'), source.kind).toBeNull()
    }
  })

  test('featured and similar: the same listings, public only, newest first', async () => {
    const featured = await database.featured(5)
    expect(ids(featured)).toEqual(ids(await browserSource.featured(5)))
    expect(featured.every((listing) => listing.featured && isPublic(listing))).toBe(true)
    const listing = await database.find('L1001')
    if (!listing) throw new Error('L1001 is seeded')
    const similar = await database.similar(listing, 4)
    expect(ids(similar)).toEqual(ids(await browserSource.similar(listing, 4)))
    expect(ids(similar)).not.toContain('L1001')
  })

  test('category counts: the same per category and per featured entry', async () => {
    expect(await database.categoryCounts()).toEqual(await browserSource.categoryCounts())
  })

  test('a view counts one more in either store', async () => {
    const before = (await database.find('L1002'))?.views ?? 0
    expect(await database.countView('L1002')).toBe(before + 1)
    const stored = readListings().find((listing) => listing.id === 'L1002')?.views ?? 0
    expect(await browserSource.countView('L1002')).toBe(stored + 1)
  })

  test("reports: the database asks a visitor to sign in and records a customer's; the browser keeps it", async () => {
    await expect(database.report('L1001', 'Spam')).rejects.toThrow('Sign in to report a listing')
    const signedIn = databaseSource({
      ...apiFor(backend),
      client: async () => backend.client(await backend.tokenFor(customer)),
    })
    await signedIn.report('L1001', 'Spam')
    await expect(signedIn.report('L9999', 'Spam')).rejects.toThrow('No such listing')
    await browserSource.report('L1001', 'Spam')
    expect(readListings().find((listing) => listing.id === 'L1001')?.reportCount).toBe(1)
    await expect(browserSource.report('L9999', 'Spam')).rejects.toThrow('No such listing')
  })
})

describe('choosing and timing', () => {
  test('VITE_LISTINGS_STORE: database by default, browser when asked, anything else refused', () => {
    expect(listingsStoreKind(undefined)).toBe('database')
    expect(listingsStoreKind('')).toBe('database')
    expect(listingsStoreKind('browser')).toBe('browser')
    expect(() => listingsStoreKind('indexeddb')).toThrow(/\[LISTINGS_STORE_UNKNOWN\].*"indexeddb"/)
  })

  test('the load delay runs beside the query, not after it', async () => {
    vi.useFakeTimers()
    try {
      let answered = false
      const query = new Promise<string>((resolve) => setTimeout(() => resolve('answer'), 60))
      const shown = atLeast(80, query).then((value) => {
        answered = true
        return value
      })
      await vi.advanceTimersByTimeAsync(79)
      expect(answered).toBe(false)
      // After it would be 60 + 80 ms; beside it, the answer is there at 80.
      await vi.advanceTimersByTimeAsync(1)
      expect(answered).toBe(true)
      expect(await shown).toBe('answer')
    } finally {
      vi.useRealTimers()
    }
  })
})
