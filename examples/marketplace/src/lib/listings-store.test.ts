import { describe, expect, test } from 'vitest'
import { DEMO_LISTINGS } from '../data/demo-listings.ts'
import { readFavourites, toggleFavourite } from './favourites.ts'
import {
  findListing,
  LISTINGS_KEY,
  readListings,
  readPublicListings,
  reportListing,
  updateListing,
} from './listings-store.ts'

/** A Storage over a Map, as localStorage behaves. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(initial))
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => {
      map.delete(key)
    },
    setItem: (key, value) => {
      map.set(key, String(value))
    },
  }
}

describe('listings store', () => {
  test('seeds the demo listings L1001-L1010 on first read', () => {
    const storage = memoryStorage()
    const listings = readListings(storage)
    expect(listings.map((listing) => listing.id)).toEqual(DEMO_LISTINGS.map((listing) => listing.id))
    expect(listings[0]?.id).toBe('L1001')
    expect(listings.at(-1)?.id).toBe('L1010')
    expect(Math.min(...listings.map((listing) => listing.price))).toBe(500)
    expect(Math.max(...listings.map((listing) => listing.price))).toBe(850000)
    expect(JSON.parse(storage.getItem(LISTINGS_KEY) ?? '[]')).toHaveLength(10)
  })

  test('public listings are only the active or approved ones', () => {
    const publicOnes = readPublicListings(memoryStorage())
    expect(publicOnes).toHaveLength(8)
    expect(new Set(publicOnes.map((listing) => listing.status))).toEqual(new Set(['active', 'approved']))
  })

  test('keeps what storage holds and skips entries that are not listings', () => {
    const kept = { ...DEMO_LISTINGS[0], id: 'L42' }
    const storage = memoryStorage({ [LISTINGS_KEY]: JSON.stringify([kept, { id: 'bad' }, 'x', null]) })
    expect(readListings(storage).map((listing) => listing.id)).toEqual(['L42'])
  })

  test('unreadable JSON is replaced by the demo listings', () => {
    const storage = memoryStorage({ [LISTINGS_KEY]: '{not json' })
    expect(readListings(storage)).toHaveLength(10)
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
