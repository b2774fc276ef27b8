import type { SupabaseClient } from '@supabase/supabase-js'
import { CATEGORIES } from '../../data/categories.ts'
import type { Listing } from '../../data/listing.ts'
import { loadSupabase } from '../auth/client.ts'
import type { CategoryCounts } from '../category-counts.ts'
import { onListingsAnnounced } from '../dashboard/events.ts'
import { termWords } from '../search.ts'
import { toQueryValue } from '../slug.ts'
import { buildRestApi, type RestApi, rpc, select } from './rest.ts'
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

/** The public statuses, as a PostgREST filter (row-level security lets nothing else through for a visitor anyway). */
const PUBLIC_STATUS_FILTER = 'in.(active,approved)'

/** What each featured entry's count asks the database: its category and its link's title words. */
const FEATURED_TERMS = CATEGORIES.flatMap((category) =>
  category.featured.map((entry) => ({
    category: category.name,
    key: entry.title,
    words: termWords(toQueryValue(entry.title)),
  })),
)

/** How the database store reaches the backend: anonymous reads over REST, a signed-in user's writes through supabase-js. */
export interface DatabaseApi {
  rest: RestApi
  client: () => Promise<SupabaseClient>
}

/**
 * The listings of the backend's Postgres (supabase/migrations). A visitor's reads are anonymous REST
 * calls; a report is the signed-in user's, through supabase-js and its session.
 */
export function databaseSource(
  api: DatabaseApi = { rest: buildRestApi(), client: loadSupabase },
): ListingsSource {
  const { rest } = api
  const search: ListingsSource['search'] = async (filters, sort, page): Promise<ListingsPage> => {
    const answer = await rpc<SearchAnswer>(
      rest,
      'search_listings',
      searchListingsArguments(filters, sort, page),
      'Loading listings',
    )
    return { total: answer.total, listings: answer.listings.map(listingFromRow) }
  }

  return {
    kind: 'database',
    search,

    async find(id) {
      const query = new URLSearchParams({ select: '*', id: `eq.${id}`, status: PUBLIC_STATUS_FILTER })
      const rows = await select<ListingRow>(rest, 'listings', query, 'Loading the listing')
      return rows[0] ? listingFromRow(rows[0]) : null
    },

    async featured(limit) {
      const query = new URLSearchParams({
        select: '*',
        featured: 'is.true',
        status: PUBLIC_STATUS_FILTER,
        order: 'listing_number.desc',
        limit: String(limit),
      })
      const rows = await select<ListingRow>(rest, 'listings', query, 'Loading featured listings')
      return rows.map(listingFromRow)
    },

    async similar(listing: Listing, limit) {
      const page = await search({ category: listing.category }, 'newest', { limit: limit + 1, offset: 0 })
      return page.listings.filter((entry) => entry.id !== listing.id).slice(0, limit)
    },

    async categoryCounts() {
      const answer = await rpc<CountsAnswer>(
        rest,
        'category_listing_counts',
        { terms: FEATURED_TERMS },
        'Counting listings',
      )
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
      const client = await api.client()
      const { error } = await client.rpc('report_listing', { listing_id: id, reason })
      if (error) throw new Error(error.message)
    },

    async countView(id) {
      const views = await rpc<unknown>(
        rest,
        'increment_listing_views',
        { listing_id: id },
        'Counting the view',
      )
      return typeof views === 'number' ? views : null
    },

    subscribe: onListingsAnnounced,
  }
}
