import { describe, expect, test } from 'vitest'
import { CATEGORIES } from '../data/categories.ts'
import { DEMO_LISTINGS } from '../data/demo-listings.ts'
import { isPublic, type Listing } from '../data/listing.ts'
import { countCategoryListings } from './category-counts.ts'
import { filterListings } from './search.ts'
import { toQueryValue } from './slug.ts'

function listing(overrides: Partial<Listing>): Listing {
  return {
    id: 'L1',
    title: 'Item',
    price: 1000,
    category: 'Real Estate',
    location: 'Gulbarga City',
    description: '',
    status: 'active',
    userId: 'u',
    userName: 'U',
    imageUrl: '',
    ...overrides,
  }
}

describe('category counts', () => {
  test('count public listings only, per category and per featured entry', () => {
    const counts = countCategoryListings([
      listing({ id: 'L1', title: 'Spacious 2BHK Apartment' }),
      listing({ id: 'L2', title: '2BHK Apartments near the bus stand', status: 'approved' }),
      listing({ id: 'L3', title: 'Rental House in Jewargi' }),
      listing({ id: 'L4', title: '2BHK Apartment, pending', status: 'pending' }),
      listing({ id: 'L5', title: '2BHK Apartment', status: 'expired' }),
      listing({ id: 'L6', title: '2BHK Apartment', category: 'Vehicles' }),
    ])
    const realEstate = counts.get('real-estate')
    expect(realEstate?.listings).toBe(3)
    expect(realEstate?.featured.get('2BHK Apartments')).toBe(2)
    expect(realEstate?.featured.get('Rental Houses')).toBe(1)
    expect(counts.get('vehicles')?.listings).toBe(1)
    expect(counts.get('vehicles')?.featured.get('Used Cars')).toBe(0)
    expect(counts.get('food')).toEqual({
      listings: 0,
      featured: new Map([
        ['Home Chefs', 0],
        ['Tiffin Services', 0],
      ]),
    })
  })

  test('a featured count is the number of listings its ?featured= link shows', () => {
    const counts = countCategoryListings(DEMO_LISTINGS)
    const publicListings = DEMO_LISTINGS.filter(isPublic)
    for (const category of CATEGORIES) {
      for (const entry of category.featured) {
        const shown = filterListings(publicListings, {
          category: category.name,
          featured: toQueryValue(entry.title),
        })
        expect(counts.get(category.id)?.featured.get(entry.title), `${category.name}: ${entry.title}`).toBe(
          shown.length,
        )
      }
    }
  })

  test('the demo data gives every category public listings', () => {
    const counts = countCategoryListings(DEMO_LISTINGS)
    for (const category of CATEGORIES) {
      expect(counts.get(category.id)?.listings, category.name).toBeGreaterThan(0)
    }
    for (const id of ['shopping', 'food', 'fashion', 'education']) {
      for (const [title, count] of counts.get(id)?.featured ?? []) expect(count, title).toBeGreaterThan(0)
    }
  })
})
