import { isPublic, type Listing } from '../../data/listing.ts'
import { countCategoryListings } from '../category-counts.ts'
import {
  findListing,
  readPublicListings,
  reportListing,
  subscribeToListings,
  updateListing,
} from '../listings-store.ts'
import { searchListings } from '../search.ts'
import type { ListingsSource } from './source.ts'

const newestFirst = (listings: readonly Listing[]) => searchListings(listings, {}, 'newest')

/**
 * The spec's store: every listing in this browser's localStorage (lib/listings-store.ts), filtered and
 * sorted here by lib/search.ts, the same rules `public.search_listings` runs in SQL.
 */
export const browserSource: ListingsSource = {
  kind: 'browser',

  async search(filters, sort, page) {
    const found = searchListings(readPublicListings(), filters, sort)
    return { total: found.length, listings: found.slice(page.offset, page.offset + page.limit) }
  },

  async find(id) {
    const listing = findListing(id)
    return listing && isPublic(listing) ? listing : null
  },

  async featured(limit) {
    return newestFirst(readPublicListings().filter((listing) => listing.featured)).slice(0, limit)
  },

  async similar(listing, limit) {
    return searchListings(readPublicListings(), { category: listing.category }, 'newest')
      .filter((entry) => entry.id !== listing.id)
      .slice(0, limit)
  },

  async categoryCounts() {
    return countCategoryListings(readPublicListings())
  },

  async report(id, reason) {
    if (!reportListing(id, reason)) throw new Error('No such listing')
  },

  async countView(id) {
    const updated = updateListing(id, (listing) => ({ ...listing, views: (listing.views ?? 0) + 1 }))
    return updated?.views ?? null
  },

  subscribe: subscribeToListings,
}
