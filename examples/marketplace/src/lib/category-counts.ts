import { CATEGORIES } from '../data/categories.ts'
import { isPublic, type Listing } from '../data/listing.ts'
import { filterListings } from './search.ts'
import { toQueryValue } from './slug.ts'

export interface CategoryCounts {
  /** Public listings in the category: what its page's heading counts. */
  listings: number
  /** Per featured entry title: what its `?featured=` link shows. */
  featured: ReadonlyMap<string, number>
}

/**
 * The true counts the categories page and the mega-menu show, per category id. They use the filters
 * the category page uses, so a count is the number of cards its link leads to; the spec's fixed
 * featured figures (45, 32, ...) are not true and never shown.
 */
export function countCategoryListings(listings: readonly Listing[]): ReadonlyMap<string, CategoryCounts> {
  const publicListings = listings.filter(isPublic)
  const counts = new Map<string, CategoryCounts>()
  for (const category of CATEGORIES) {
    const inCategory = filterListings(publicListings, { category: category.id })
    const featured = new Map(
      category.featured.map((entry) => [
        entry.title,
        filterListings(inCategory, { featured: toQueryValue(entry.title) }).length,
      ]),
    )
    counts.set(category.id, { listings: inCategory.length, featured })
  }
  return counts
}
