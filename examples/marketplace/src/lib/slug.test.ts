import { describe, expect, test } from 'vitest'
import { CATEGORIES } from '../data/categories.ts'
import {
  categoryIdForSlug,
  categorySlug,
  featuredHref,
  fromQueryValue,
  subcategoryHref,
  toQueryValue,
} from './slug.ts'

describe('category slugs', () => {
  test("lowercase, ' & ' becomes '-', spaces become '-'", () => {
    expect(categorySlug('Real Estate')).toBe('real-estate')
    expect(categorySlug('Food & Dining')).toBe('food-dining')
    expect(categorySlug('Electronics')).toBe('electronics')
  })

  test('every slug the rule produces lands on a category route', () => {
    for (const category of CATEGORIES)
      expect(categoryIdForSlug(categorySlug(category.name))).toBe(category.id)
    expect(categoryIdForSlug('food-dining')).toBe('food')
    expect(categoryIdForSlug('food')).toBe('food')
    expect(categoryIdForSlug('FOOD')).toBe('food')
    expect(categoryIdForSlug('groceries')).toBeUndefined()
  })
})

describe('subcategory and featured links', () => {
  test('lowercased and hyphenated, URL-encoded', () => {
    expect(toQueryValue('PG & Roommates')).toBe('pg-&-roommates')
    expect(subcategoryHref('real-estate', 'PG & Roommates')).toBe('/real-estate?subcategory=pg-%26-roommates')
    expect(featuredHref('shopping', "Women's Fashion")).toBe('/shopping?featured=women%27s-fashion')
    expect(featuredHref('real-estate', '2BHK Apartments')).toBe('/real-estate?featured=2bhk-apartments')
  })

  test('hyphens are read back as spaces', () => {
    expect(fromQueryValue('used-cars')).toBe('used cars')
    expect(fromQueryValue(new URLSearchParams('subcategory=pg-%26-roommates').get('subcategory') ?? '')).toBe(
      'pg & roommates',
    )
  })
})
