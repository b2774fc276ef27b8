import { describe, expect, test } from 'vitest'
import { DEMO_LISTINGS } from '../data/demo-listings.ts'
import { isPublic, type Listing } from '../data/listing.ts'
import { filterListings, listingNumber, searchListings, sortListings } from './search.ts'

function listing(overrides: Partial<Listing>): Listing {
  return {
    id: 'L1',
    title: 'Item',
    price: 100,
    category: 'Electronics',
    location: 'Gulbarga City',
    description: '',
    status: 'active',
    userId: 'u',
    userName: 'U',
    imageUrl: '',
    ...overrides,
  }
}

const PRICES = [0, 999, 1000, 1001, 5000, 9999, 10000, 50000, 99999, 100000, 100001, 850000]
const byPrice = PRICES.map((price, index) => listing({ id: `L${index}`, price }))
const pricesIn = (priceRange: string) => filterListings(byPrice, { priceRange }).map((entry) => entry.price)

describe('price ranges', () => {
  test('the lowest range means at most 1000', () => {
    expect(pricesIn('0-1000')).toEqual([0, 999, 1000])
  })

  test('100000-plus means at least 100000', () => {
    expect(pricesIn('100000-plus')).toEqual([100000, 100001, 850000])
  })

  test('middle ranges include both bounds', () => {
    expect(pricesIn('1000-5000')).toEqual([1000, 1001, 5000])
    expect(pricesIn('50000-100000')).toEqual([50000, 99999, 100000])
  })

  test('all (or an unknown range) keeps every price', () => {
    expect(pricesIn('all')).toEqual(PRICES)
    expect(pricesIn('nonsense')).toEqual(PRICES)
  })
})

describe('text search', () => {
  const listings = [
    listing({ id: 'L1', title: 'Samsung Galaxy S21', category: 'Electronics' }),
    listing({ id: 'L2', title: 'Teak sofa', category: 'Furniture' }),
    listing({ id: 'L3', title: 'Swift car', category: 'Vehicles' }),
  ]
  const ids = (q: string) => filterListings(listings, { q }).map((entry) => entry.id)

  test('matches the title or the category, case-insensitive, by substring', () => {
    expect(ids('GALAXY')).toEqual(['L1'])
    expect(ids('laxy s2')).toEqual(['L1'])
    expect(ids('furni')).toEqual(['L2'])
    expect(ids('e')).toEqual(['L1', 'L2', 'L3'])
  })

  test('surrounding spaces are ignored; empty text matches everything', () => {
    expect(ids('  sofa  ')).toEqual(['L2'])
    expect(ids('   ')).toEqual(['L1', 'L2', 'L3'])
  })

  test('does not match the description or the location', () => {
    const other = [listing({ id: 'L9', title: 'Chair', description: 'galaxy', location: 'Aland' })]
    expect(filterListings(other, { q: 'galaxy' })).toEqual([])
    expect(filterListings(other, { q: 'aland' })).toEqual([])
  })
})

describe('category, location, subcategory and featured filters', () => {
  const listings = DEMO_LISTINGS.filter(isPublic)

  test('category and location accept ids or names; all means any', () => {
    expect(filterListings(listings, { category: 'real-estate' }).map((entry) => entry.id)).toEqual([
      'L1001',
      'L1008',
    ])
    expect(filterListings(listings, { category: 'Real Estate' })).toHaveLength(2)
    expect(filterListings(listings, { category: 'all', location: 'all' })).toHaveLength(listings.length)
    expect(filterListings(listings, { location: 'aland' }).map((entry) => entry.id)).toEqual(['L1003'])
    expect(
      filterListings(listings, { category: 'vehicles', location: 'Afzalpur' }).map((entry) => entry.id),
    ).toEqual(['L1007'])
  })

  test('subcategory and featured match title words, hyphens read as spaces', () => {
    expect(filterListings(listings, { subcategory: 'apartments' }).map((entry) => entry.id)).toEqual([
      'L1001',
    ])
    expect(filterListings(listings, { featured: '2bhk-apartments' }).map((entry) => entry.id)).toEqual([
      'L1001',
    ])
    expect(filterListings(listings, { featured: 'ac-repair' }).map((entry) => entry.id)).toEqual(['L1005'])
    expect(filterListings(listings, { subcategory: 'pg-&-roommates' })).toEqual([])
  })
})

describe('sorting', () => {
  const listings = [
    listing({ id: 'L1002', price: 500 }),
    listing({ id: 'L1718000000000', price: 20 }),
    listing({ id: 'L1010', price: 850000 }),
    listing({ id: 'L1001', price: 500 }),
  ]

  test('newest first is by id descending, user listings (L + timestamp) first', () => {
    expect(sortListings(listings, 'newest').map((entry) => entry.id)).toEqual([
      'L1718000000000',
      'L1010',
      'L1002',
      'L1001',
    ])
  })

  test('price low to high and high to low; ties keep their order', () => {
    expect(sortListings(listings, 'price-low').map((entry) => entry.price)).toEqual([20, 500, 500, 850000])
    expect(
      sortListings(listings, 'price-low')
        .slice(1, 3)
        .map((entry) => entry.id),
    ).toEqual(['L1002', 'L1001'])
    expect(sortListings(listings, 'price-high').map((entry) => entry.price)).toEqual([850000, 500, 500, 20])
  })

  test('does not reorder its input', () => {
    const before = listings.map((entry) => entry.id)
    sortListings(listings, 'newest')
    expect(listings.map((entry) => entry.id)).toEqual(before)
  })

  test('listing numbers', () => {
    expect(listingNumber('L1001')).toBe(1001)
    expect(listingNumber('L1718000000000')).toBe(1718000000000)
    expect(listingNumber('weird')).toBe(0)
  })
})

describe('searchListings', () => {
  test('equals filter then sort, for every order, on repeated calls with the same array', () => {
    const listings = DEMO_LISTINGS.filter(isPublic)
    for (const order of ['newest', 'price-low', 'price-high'] as const) {
      for (const filters of [
        {},
        { q: 'a' },
        { q: 'e', priceRange: '10000-50000' },
        { category: 'vehicles' },
      ]) {
        const expected = sortListings(filterListings(listings, filters), order).map((entry) => entry.id)
        expect(searchListings(listings, filters, order).map((entry) => entry.id)).toEqual(expected)
        expect(searchListings(listings, filters, order).map((entry) => entry.id)).toEqual(expected)
      }
    }
  })
})
