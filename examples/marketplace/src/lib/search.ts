import { findCategory } from '../data/categories.ts'
import type { Listing } from '../data/listing.ts'
import { ALL_LOCATIONS_ID, findLocation } from '../data/locations.ts'
import { findPriceRange, isInPriceRange } from '../data/price-ranges.ts'
import { fromQueryValue } from './slug.ts'

export interface ListingFilters {
  /** Free text: matches the title or the category, case-insensitive substring. */
  q?: string | null
  /** Category id or name; 'all' or empty means any. */
  category?: string | null
  /** Location id or name; 'all' or empty means any. */
  location?: string | null
  /** A price range id ('0-1000', '100000-plus', ...). */
  priceRange?: string | null
  /** `?subcategory=` value: its words (hyphens read as spaces) must appear in the title. */
  subcategory?: string | null
  /** `?featured=` value, read like subcategory. */
  featured?: string | null
}

/**
 * Spec §9 'Demo data: 8 listings on search, 10 on category pages': how many results those pages show
 * at first, each 'Show more' adding as many again, so the rule holds however many listings there are.
 */
export const SEARCH_BATCH_SIZE = 8
export const CATEGORY_BATCH_SIZE = 10

export const SORT_ORDERS = [
  { id: 'newest', label: 'Newest First' },
  { id: 'price-low', label: 'Price: Low to High' },
  { id: 'price-high', label: 'Price: High to Low' },
] as const
export type SortOrder = (typeof SORT_ORDERS)[number]['id']

export function isSortOrder(value: string | null | undefined): value is SortOrder {
  return SORT_ORDERS.some((order) => order.id === value)
}

/** The number in a listing id: `L1001` -> 1001, `L1718000000000` -> 1718000000000. */
export function listingNumber(id: string): number {
  const digits = id.replace(/^\D+/, '')
  const value = Number(digits)
  return Number.isFinite(value) ? value : 0
}

function normalizeWord(word: string): string {
  const plain = word.toLowerCase().replace(/[^a-z0-9]/g, '')
  return plain.length > 3 && plain.endsWith('s') ? plain.slice(0, -1) : plain
}

/** Words of a `?subcategory=`/`?featured=` value, singular, without punctuation ('2bhk-apartments' -> ['2bhk', 'apartment']). */
export function termWords(value: string): string[] {
  return fromQueryValue(value).split(/\s+/).map(normalizeWord).filter(Boolean)
}

/** True when every word of the term starts a word of the title. */
function titleHasWords(title: string, words: readonly string[]): boolean {
  const titleWords = title.split(/\s+/).map(normalizeWord)
  return words.every((word) => titleWords.some((titleWord) => titleWord.startsWith(word)))
}

/** Lower-cased title and category per listing, computed once per listing object. */
const lowerCaseText = new WeakMap<Listing, { title: string; category: string }>()

function searchableText(listing: Listing): { title: string; category: string } {
  let text = lowerCaseText.get(listing)
  if (!text) {
    text = { title: listing.title.toLowerCase(), category: listing.category.toLowerCase() }
    lowerCaseText.set(listing, text)
  }
  return text
}

/**
 * Compiles the filters once and returns the predicate, so filtering many listings (every keystroke)
 * does the lower-casing and look-ups once, not per listing.
 */
function listingMatcher(filters: ListingFilters): (listing: Listing) => boolean {
  const text = filters.q?.trim().toLowerCase() ?? ''
  const category = filters.category && filters.category !== 'all' ? findCategory(filters.category) : undefined
  const categoryName =
    category?.name ?? (filters.category && filters.category !== 'all' ? filters.category : null)
  const location =
    filters.location && filters.location !== ALL_LOCATIONS_ID
      ? (findLocation(filters.location)?.name ?? filters.location)
      : null
  const range = findPriceRange(filters.priceRange)
  const subcategoryWords = filters.subcategory ? termWords(filters.subcategory) : []
  const featuredWords = filters.featured ? termWords(filters.featured) : []

  const matchesText = (listing: Listing) => {
    const searchable = searchableText(listing)
    return searchable.title.includes(text) || searchable.category.includes(text)
  }
  return (listing) =>
    (text === '' || matchesText(listing)) &&
    (categoryName === null || listing.category === categoryName) &&
    (location === null || listing.location === location) &&
    isInPriceRange(listing.price, range) &&
    (subcategoryWords.length === 0 || titleHasWords(listing.title, subcategoryWords)) &&
    (featuredWords.length === 0 || titleHasWords(listing.title, featuredWords))
}

export function filterListings(listings: readonly Listing[], filters: ListingFilters): Listing[] {
  return listings.filter(listingMatcher(filters))
}

/** Newest first is by id descending (ids grow with time); prices ascending or descending. Returns a new array. */
export function sortListings(listings: readonly Listing[], order: SortOrder): Listing[] {
  const sorted = [...listings]
  switch (order) {
    case 'newest':
      return sorted.sort((a, b) => listingNumber(b.id) - listingNumber(a.id))
    case 'price-low':
      return sorted.sort((a, b) => a.price - b.price)
    case 'price-high':
      return sorted.sort((a, b) => b.price - a.price)
  }
}

/** Sorted copies per listings array and order: the order does not change while someone types. */
const sortedCache = new WeakMap<readonly Listing[], Map<SortOrder, Listing[]>>()

function sortedOnce(listings: readonly Listing[], order: SortOrder): Listing[] {
  let byOrder = sortedCache.get(listings)
  if (!byOrder) {
    byOrder = new Map()
    sortedCache.set(listings, byOrder)
  }
  let sorted = byOrder.get(order)
  if (!sorted) {
    sorted = sortListings(listings, order)
    byOrder.set(order, sorted)
  }
  return sorted
}

/**
 * What the search and category pages show: `listings` filtered and sorted. Sorting happens once per
 * array and order, and filtering keeps that order, so a keystroke costs one pass over the listings.
 * Pass the same (memoised) array on every call to benefit.
 */
export function searchListings(
  listings: readonly Listing[],
  filters: ListingFilters,
  order: SortOrder,
): Listing[] {
  return sortedOnce(listings, order).filter(listingMatcher(filters))
}
