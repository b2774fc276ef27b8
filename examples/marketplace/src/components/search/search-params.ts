import { findCategory } from '../../data/categories.ts'
import { ALL_LOCATIONS_ID, findLocation } from '../../data/locations.ts'

const ALL_CATEGORIES_ID = 'all'

export interface SearchFormValues {
  q: string
  /** A category id, or 'all'. */
  category: string
  /** A location id, or 'all'. */
  location: string
}

/**
 * The search page's URL parameters as form values. Category and location may arrive as ids or
 * display names; unknown values read as 'all'.
 */
export function readSearchParams(params: URLSearchParams): SearchFormValues {
  return {
    q: params.get('q')?.trim() ?? '',
    category: findCategory(params.get('category'))?.id ?? ALL_CATEGORIES_ID,
    location: findLocation(params.get('location'))?.id ?? ALL_LOCATIONS_ID,
  }
}

/** `/search` plus only the parameters that are set. */
export function searchHref(values: SearchFormValues): string {
  const params = new URLSearchParams()
  const q = values.q.trim()
  if (q) params.set('q', q)
  if (values.category && values.category !== ALL_CATEGORIES_ID) params.set('category', values.category)
  if (values.location && values.location !== ALL_LOCATIONS_ID) params.set('location', values.location)
  const query = params.toString()
  return query ? `/search?${query}` : '/search'
}
