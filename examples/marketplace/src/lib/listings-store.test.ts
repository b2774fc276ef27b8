import { describe, expect, test } from 'vitest'
import { DEMO_LISTING_SEEDS, DEMO_LISTINGS } from '../data/demo-listings.ts'
import { readFavourites, toggleFavourite } from './favourites.ts'
import {
  findListing,
  LISTINGS_KEY,
  LISTINGS_SEED_VERSION_KEY,
  readListings,
  readPublicListings,
  reportListing,
  STORAGE_FULL_MESSAGE,
  StorageFullError,
  updateListing,
} from './listings-store.ts'
import { memoryStorage } from './memory-storage.test-support.ts'

describe('listings store', () => {
  test("seeds the demo listings on first read: the spec's L1001-L1010 first, then ids after L1010", () => {
    const storage = memoryStorage()
    const listings = readListings(storage)
    expect(listings.map((listing) => listing.id)).toEqual(DEMO_LISTINGS.map((listing) => listing.id))
    expect(listings.slice(0, 10).map((listing) => listing.id)).toEqual(
      Array.from({ length: 10 }, (_, index) => `L${1001 + index}`),
    )
    expect(listings.slice(10).every((listing) => Number(listing.id.slice(1)) > 1010)).toBe(true)
    expect(Math.min(...listings.map((listing) => listing.price))).toBe(500)
    expect(Math.max(...listings.map((listing) => listing.price))).toBe(850000)
    expect(JSON.parse(storage.getItem(LISTINGS_KEY) ?? '[]')).toHaveLength(DEMO_LISTINGS.length)
    expect(storage.getItem(LISTINGS_SEED_VERSION_KEY)).toBe(String(DEMO_LISTING_SEEDS.length))
  })

  test("public listings are only the active or approved ones (8 of the spec's 10)", () => {
    const publicOnes = readPublicListings(memoryStorage())
    expect(publicOnes.filter((listing) => Number(listing.id.slice(1)) <= 1010)).toHaveLength(8)
    expect(new Set(publicOnes.map((listing) => listing.status))).toEqual(new Set(['active', 'approved']))
  })

  test('a browser seeded before seed 2 gets its listings once, keeping its own changes', () => {
    const edited = { ...DEMO_LISTINGS[0], price: 13000 }
    const own = { ...DEMO_LISTINGS[0], id: 'L1718000000000', title: 'My own listing' }
    // Seed 1 as an earlier build stored it (no seed version), one listing edited, L1002 deleted, one added.
    const earlier = [edited, ...(DEMO_LISTING_SEEDS[0] ?? []).slice(2), own]
    const storage = memoryStorage({ [LISTINGS_KEY]: JSON.stringify(earlier) })

    const ids = readListings(storage).map((listing) => listing.id)
    const seed2 = (DEMO_LISTING_SEEDS[1] ?? []).map((listing) => listing.id)
    expect(seed2.length).toBeGreaterThan(0)
    expect(ids).toEqual([...earlier.map((listing) => listing.id), ...seed2])
    expect(findListing('L1001', storage)?.price).toBe(13000)
    expect(findListing('L1002', storage)).toBeUndefined()
    expect(storage.getItem(LISTINGS_SEED_VERSION_KEY)).toBe(String(DEMO_LISTING_SEEDS.length))

    // Up to date now: a seed-2 listing the user deletes stays deleted.
    const withoutOne = JSON.parse(storage.getItem(LISTINGS_KEY) ?? '[]').filter(
      (listing: { id: string }) => listing.id !== seed2[0],
    )
    storage.setItem(LISTINGS_KEY, JSON.stringify(withoutOne))
    expect(readListings(storage).map((listing) => listing.id)).not.toContain(seed2[0])
  })

  test('keeps what storage holds and skips entries that are not listings', () => {
    const kept = { ...DEMO_LISTINGS[0], id: 'L42' }
    const storage = memoryStorage({
      [LISTINGS_KEY]: JSON.stringify([kept, { id: 'bad' }, 'x', null]),
      [LISTINGS_SEED_VERSION_KEY]: String(DEMO_LISTING_SEEDS.length),
    })
    expect(readListings(storage).map((listing) => listing.id)).toEqual(['L42'])
  })

  test('unreadable JSON is replaced by the demo listings', () => {
    const storage = memoryStorage({ [LISTINGS_KEY]: '{not json' })
    expect(readListings(storage)).toHaveLength(DEMO_LISTINGS.length)
  })

  test('reports increment reportCount and keep the reasons', () => {
    const storage = memoryStorage()
    reportListing('L1003', 'Spam', storage)
    const reported = reportListing('L1003', 'Already sold', storage)
    expect(reported?.reportCount).toBe(2)
    expect(findListing('L1003', storage)?.reportReasons).toEqual(['Spam', 'Already sold'])
    expect(reportListing('L9999', 'Spam', storage)).toBeUndefined()
  })

  test('updates one listing and leaves the others', () => {
    const storage = memoryStorage()
    updateListing('L1001', (listing) => ({ ...listing, price: 13000 }), storage)
    expect(findListing('L1001', storage)?.price).toBe(13000)
    expect(findListing('L1002', storage)?.price).toBe(485000)
  })
})

describe('a full browser storage', () => {
  test('a report that does not fit says so, and the stored listings stay as they were', () => {
    const seeded = memoryStorage()
    readListings(seeded)
    const stored = seeded.getItem(LISTINGS_KEY) ?? ''
    // Room for what is stored, not for one more reason.
    const storage = memoryStorage(
      { [LISTINGS_KEY]: stored, [LISTINGS_SEED_VERSION_KEY]: String(DEMO_LISTING_SEEDS.length) },
      LISTINGS_KEY.length + stored.length + LISTINGS_SEED_VERSION_KEY.length + 1 + 10,
    )
    let thrown: unknown
    try {
      reportListing('L1003', 'Spam, and a long explanation of why', storage)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(StorageFullError)
    expect((thrown as Error).message).toBe(STORAGE_FULL_MESSAGE)
    expect(storage.getItem(LISTINGS_KEY)).toBe(stored)
    expect(findListing('L1003', storage)?.reportCount).toBe(findListing('L1003', seeded)?.reportCount)
  })

  test('with no room for the demo listings, the pages still read them, and nothing is half stored', () => {
    const storage = memoryStorage({ favourites: '["L1001"]' }, 100)
    expect(readListings(storage)).toHaveLength(DEMO_LISTINGS.length)
    expect(storage.getItem(LISTINGS_KEY)).toBeNull()
    expect(storage.getItem('favourites')).toBe('["L1001"]')
  })
})

describe('favourites', () => {
  test('toggle on and off, kept in storage', () => {
    const storage = memoryStorage()
    expect(toggleFavourite('L1001', storage)).toBe(true)
    expect(toggleFavourite('L1002', storage)).toBe(true)
    expect(readFavourites(storage)).toEqual(['L1001', 'L1002'])
    expect(toggleFavourite('L1001', storage)).toBe(false)
    expect(readFavourites(storage)).toEqual(['L1002'])
  })
})
