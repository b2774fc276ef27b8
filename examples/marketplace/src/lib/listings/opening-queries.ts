import { readSearchParams } from '../../components/search/search-params.ts'
import { type Category, findCategory } from '../../data/categories.ts'
import { ALL_LOCATIONS_ID } from '../../data/locations.ts'
import { CATEGORY_BATCH_SIZE, type ListingFilters, SEARCH_BATCH_SIZE, type SortOrder } from '../search.ts'
import { categoryIdForSlug } from '../slug.ts'
import { type ListingsPage, listingsSource } from './source.ts'

/** A listings page's question: its filters, order and batch. */
export interface ListingsQuery {
  filters: ListingFilters
  sort: SortOrder
  batchSize: number
}

/** The same question always gives the same key (the property order is this module's). */
export const queryKey = (query: ListingsQuery) => JSON.stringify([query.filters, query.sort, query.batchSize])

/** What a category page's filter card holds. */
export interface CategoryFilterValues {
  q: string
  location: string
  priceRange: string
  sort: SortOrder
}

/** A category page's filter card as it opens. */
export const DEFAULT_CATEGORY_FILTERS: CategoryFilterValues = {
  q: '',
  location: ALL_LOCATIONS_ID,
  priceRange: 'all',
  sort: 'newest',
}

/** /search and /listings: the URL's q, category and location, newest first unless the visitor sorts. */
export function searchPageQuery(params: URLSearchParams, sort: SortOrder = 'newest'): ListingsQuery {
  const { q, category, location } = readSearchParams(params)
  return { filters: { q, category, location }, sort, batchSize: SEARCH_BATCH_SIZE }
}

/** A category page: its filter card's values, and the URL's `?subcategory=` and `?featured=`. */
export function categoryPageQuery(
  category: Category,
  values: CategoryFilterValues,
  params: URLSearchParams,
): ListingsQuery {
  return {
    filters: {
      q: values.q,
      category: category.name,
      location: values.location,
      priceRange: values.priceRange,
      subcategory: params.get('subcategory') || null,
      featured: params.get('featured') || null,
    },
    sort: values.sort,
    batchSize: CATEGORY_BATCH_SIZE,
  }
}

/** The question the page at this address opens with (App.tsx's routes), or null for other pages. */
export function openingQuery(pathname: string, search: string): ListingsQuery | null {
  const params = new URLSearchParams(search)
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent)
  if (parts.length === 1 && (parts[0] === 'search' || parts[0] === 'listings')) return searchPageQuery(params)
  const slug = parts.length === 1 ? parts[0] : parts.length === 2 && parts[0] === 'category' ? parts[1] : null
  if (!slug || slug === 'all') return null
  const category = findCategory(categoryIdForSlug(slug) ?? slug)
  return category ? categoryPageQuery(category, DEFAULT_CATEGORY_FILTERS, params) : null
}

/** How long a started first page waits for its page to take it before it is dropped. */
const EARLY_TTL_MS = 10_000
const early = new Map<string, { started: number; page: Promise<ListingsPage> }>()

/**
 * Asks the store for the first page of the address's listings now, while the app's scripts still
 * load and render: the page takes the answer (`takeEarlyPage`) instead of asking once it has mounted.
 */
export function startOpeningQuery(pathname: string, search: string): void {
  const query = openingQuery(pathname, search)
  if (!query) return
  const page = listingsSource().then((source) =>
    source.search(query.filters, query.sort, { limit: query.batchSize, offset: 0 }),
  )
  // Not taken, or failed: the page asks again itself and reports its own error.
  page.catch(() => early.delete(queryKey(query)))
  early.set(queryKey(query), { started: Date.now(), page })
}

/** The first page started early for this question, once; null when none (or it is too old). */
export function takeEarlyPage(key: string): Promise<ListingsPage> | null {
  const entry = early.get(key)
  early.delete(key)
  if (!entry || Date.now() - entry.started > EARLY_TTL_MS) return null
  return entry.page
}
