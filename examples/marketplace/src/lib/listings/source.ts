import type { Listing } from '../../data/listing.ts'
import type { CategoryCounts } from '../category-counts.ts'
import type { ListingFilters, SortOrder } from '../search.ts'

/** One page of a search and how many listings match in all. */
export interface ListingsPage {
  total: number
  listings: Listing[]
}

/**
 * Where the public pages read listings (issue 29). Both stores answer the same questions with the same
 * rules (lib/search.ts is the browser's copy of `public.search_listings`); the pages change only in
 * where the data comes from:
 * - `database` (the default): the backend's Postgres through supabase-js; filters, sorting and paging
 *   run in SQL under row-level security.
 * - `browser`: the spec's static demo without a backend, everything in the browser's localStorage
 *   (`VITE_LISTINGS_STORE=browser` at build time; docs/MARKETPLACE-BACKEND.md).
 */
export interface ListingsSource {
  readonly kind: ListingsStoreKind
  /** Public listings matching `filters`, in `sort` order: `limit` of them from `offset`. */
  search(
    filters: ListingFilters,
    sort: SortOrder,
    page: { limit: number; offset: number },
  ): Promise<ListingsPage>
  /** One public listing, or null when there is none (or it is not public). */
  find(id: string): Promise<Listing | null>
  /** The first `limit` featured public listings, newest first. */
  featured(limit: number): Promise<Listing[]>
  /** Up to `limit` other public listings of the listing's category, newest first. */
  similar(listing: Listing, limit: number): Promise<Listing[]>
  /** Public listings per category id, and per featured entry (what its link's page shows). */
  categoryCounts(): Promise<ReadonlyMap<string, CategoryCounts>>
  /** Reports a public listing; rejects with the reason when it was not recorded. */
  report(id: string, reason: string): Promise<void>
  /** Counts one visit of a listing's page; resolves to its views after it, or null if not counted. */
  countView(id: string): Promise<number | null>
  /** Calls `onChange` when the listings may have changed (this tab or another); returns the unsubscribe. */
  subscribe(onChange: () => void): () => void
}

export const LISTINGS_STORES = ['database', 'browser'] as const
export type ListingsStoreKind = (typeof LISTINGS_STORES)[number]

/** The store a build reads: `VITE_LISTINGS_STORE`, `database` when unset; anything else is refused. */
export function listingsStoreKind(value: unknown): ListingsStoreKind {
  if (value === undefined || value === '') return 'database'
  if (LISTINGS_STORES.includes(value as ListingsStoreKind)) return value as ListingsStoreKind
  throw new Error(
    `[LISTINGS_STORE_UNKNOWN] VITE_LISTINGS_STORE is ${JSON.stringify(value)}; it is "database" (the default: the backend's Postgres) or "browser" (the spec's static demo in localStorage).`,
  )
}

/** Listings load after at least this long (spec section 9), so the loading states are real. */
export const LISTING_LOAD_DELAY_MS = listingLoadDelay(import.meta.env.VITE_LISTING_LOAD_DELAY_MS)

function listingLoadDelay(value: unknown): number {
  if (value === undefined || value === '') return 1000
  const ms = Number(value)
  if (!Number.isInteger(ms) || ms < 0) {
    throw new Error(
      `[LISTING_LOAD_DELAY_INVALID] VITE_LISTING_LOAD_DELAY_MS is ${JSON.stringify(value)}; it is a whole number of milliseconds (1000 by default).`,
    )
  }
  return ms
}

/**
 * `work`, answered no sooner than `delayMs` after it started: the spec's delay is what the visitor
 * sees, and the query runs during it rather than after it.
 */
export async function atLeast<T>(delayMs: number, work: Promise<T>): Promise<T> {
  const [value] = await Promise.all([work, new Promise((resolve) => setTimeout(resolve, delayMs))])
  return value
}

let chosen: Promise<ListingsSource> | null = null

/**
 * The build's listings store, loaded on first use: each store is its own chunk, so the browser
 * store's build carries no supabase-js and the database store's carries no demo data.
 */
export function listingsSource(): Promise<ListingsSource> {
  chosen ??= (
    listingsStoreKind(import.meta.env.VITE_LISTINGS_STORE) === 'browser'
      ? import('./browser-source.ts').then((module) => module.browserSource)
      : import('./database-source.ts').then((module) => module.databaseSource())
  ).catch((error: unknown) => {
    chosen = null
    throw error
  })
  return chosen
}
