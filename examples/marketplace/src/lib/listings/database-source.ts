import type { SupabaseClient } from '@supabase/supabase-js'
import { CATEGORIES } from '../../data/categories.ts'
import type { Listing } from '../../data/listing.ts'
import { loadSupabase } from '../auth/client.ts'
import type { CategoryCounts } from '../category-counts.ts'
import { onListingsAnnounced } from '../dashboard/events.ts'
import { termWords } from '../search.ts'
import { toQueryValue } from '../slug.ts'
import { type ListingRow, listingFromRow } from './rows.ts'
import { searchListingsArguments } from './search-arguments.ts'
import type { ListingsPage, ListingsSource } from './source.ts'

interface SearchAnswer {
  total: number
  listings: ListingRow[]
}

interface CountsAnswer {
  categories: Record<string, number>
  terms: { category: string; key: string; listings: number }[]
}

/** The statuses the public reads (row-level security lets nothing else through for a visitor anyway). */
const PUBLIC_STATUSES = ['active', 'approved']

/** What each featured entry's count asks the database: its category and its link's title words. */
const FEATURED_TERMS = CATEGORIES.flatMap((category) =>
  category.featured.map((entry) => ({
    category: category.name,
    key: entry.title,
    words: termWords(toQueryValue(entry.title)),
  })),
)

/** A database error as the page shows it: the backend's message, or a plain one when it had none. */
function failure(error: { message?: string } | null, doing: string): Error {
  return new Error(error?.message ? `${doing}: ${error.message}` : `${doing} failed.`)
}

/** The listings of the backend's Postgres (supabase/migrations), read and written through supabase-js. */
export function databaseSource(load: () => Promise<SupabaseClient> = loadSupabase): ListingsSource {
  const search: ListingsSource['search'] = async (filters, sort, page): Promise<ListingsPage> => {
    const client = await load()
    const { data, error } = await client.rpc('search_listings', searchListingsArguments(filters, sort, page))
    if (error) throw failure(error, 'Loading listings')
    const answer = data as SearchAnswer
    return { total: answer.total, listings: answer.listings.map(listingFromRow) }
  }

  return {
    kind: 'database',
    search,

    async find(id) {
      const client = await load()
      const { data, error } = await client
        .from('listings')
        .select('*')
        .eq('id', id)
        .in('status', PUBLIC_STATUSES)
        .maybeSingle()
      if (error) throw failure(error, 'Loading the listing')
      return data ? listingFromRow(data as ListingRow) : null
    },

    async featured(limit) {
      const client = await load()
      const { data, error } = await client
        .from('listings')
        .select('*')
        .eq('featured', true)
        .in('status', PUBLIC_STATUSES)
        .order('listing_number', { ascending: false })
        .limit(limit)
      if (error) throw failure(error, 'Loading featured listings')
      return (data as ListingRow[]).map(listingFromRow)
    },

    async similar(listing: Listing, limit) {
      const page = await search({ category: listing.category }, 'newest', { limit: limit + 1, offset: 0 })
      return page.listings.filter((entry) => entry.id !== listing.id).slice(0, limit)
    },

    async categoryCounts() {
      const client = await load()
      const { data, error } = await client.rpc('category_listing_counts', { terms: FEATURED_TERMS })
      if (error) throw failure(error, 'Counting listings')
      const answer = data as CountsAnswer
      const counts = new Map<string, CategoryCounts>()
      for (const category of CATEGORIES) {
        const featured = new Map(
          category.featured.map((entry) => [
            entry.title,
            answer.terms.find((term) => term.category === category.name && term.key === entry.title)
              ?.listings ?? 0,
          ]),
        )
        counts.set(category.id, { listings: answer.categories[category.name] ?? 0, featured })
      }
      return counts
    },

    async report(id, reason) {
      const client = await load()
      const { error } = await client.rpc('report_listing', { listing_id: id, reason })
      if (error) throw new Error(error.message)
    },

    async countView(id) {
      const client = await load()
      const { data, error } = await client.rpc('increment_listing_views', { listing_id: id })
      if (error) throw failure(error, 'Counting the view')
      return typeof data === 'number' ? data : null
    },

    subscribe: onListingsAnnounced,
  }
}
