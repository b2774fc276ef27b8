import { findCategory } from '../../data/categories.ts'
import { ALL_LOCATIONS_ID, findLocation } from '../../data/locations.ts'
import { findPriceRange } from '../../data/price-ranges.ts'
import { type ListingFilters, type SortOrder, termWords } from '../search.ts'

/** The arguments of `public.search_listings` (supabase/migrations) for a page's filters. */
export interface SearchListingsArguments {
  q: string | null
  category_name: string | null
  location_name: string | null
  min_price: number | null
  max_price: number | null
  title_words: string[]
  sort: SortOrder
  max_rows: number
  skip_rows: number
}

/**
 * The filters as the database function takes them, read exactly as `searchListings` reads them
 * (lib/search.ts): a category or location by id or name, a price range by id, a `?subcategory=` and a
 * `?featured=` term as their words.
 */
export function searchListingsArguments(
  filters: ListingFilters,
  sort: SortOrder,
  page: { limit: number; offset?: number },
): SearchListingsArguments {
  const category = filters.category && filters.category !== 'all' ? findCategory(filters.category) : undefined
  const location =
    filters.location && filters.location !== ALL_LOCATIONS_ID
      ? (findLocation(filters.location)?.name ?? filters.location)
      : null
  const range = findPriceRange(filters.priceRange)
  const words = [
    ...(filters.subcategory ? termWords(filters.subcategory) : []),
    ...(filters.featured ? termWords(filters.featured) : []),
  ]
  return {
    q: filters.q?.trim() || null,
    category_name:
      category?.name ?? (filters.category && filters.category !== 'all' ? filters.category : null),
    location_name: location,
    min_price: range.min,
    max_price: range.max,
    title_words: [...new Set(words)],
    sort,
    max_rows: page.limit,
    skip_rows: page.offset ?? 0,
  }
}
