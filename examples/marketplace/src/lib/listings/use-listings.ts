import { useCallback, useEffect, useRef, useState } from 'react'
import type { Listing } from '../../data/listing.ts'
import type { CategoryCounts } from '../category-counts.ts'
import { type ListingsQuery, queryKey, takeEarlyPage } from './opening-queries.ts'
import {
  atLeast,
  LISTING_LOAD_DELAY_MS,
  type ListingsPage,
  type ListingsSource,
  listingsSource,
} from './source.ts'

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** What a page shows of a read: null while the first one runs, then the last answer or the error. */
export interface SourceRead<T> {
  value: T | null
  /** True when `value` answers the current question (not one asked before it changed). */
  fresh: boolean
  error: string | null
  /** Reads again (after an error). */
  retry: () => void
}

/**
 * Asks the listings store `ask` for `key`, again whenever `key` changes or the listings change (this
 * tab or another). The first answer comes no sooner than the spec's load delay when `delayed`; later
 * ones replace the shown answer when they come, so nothing blanks while a new one is read, and an
 * answer to an older question is dropped.
 */
function useSourceRead<T>(
  key: string,
  ask: (source: ListingsSource) => Promise<T>,
  { delayed }: { delayed: boolean },
): SourceRead<T> {
  const [read, setRead] = useState<{ key: string | null; value: T | null; error: string | null }>({
    key: null,
    value: null,
    error: null,
  })
  const [generation, setGeneration] = useState(0)
  const askRef = useRef(ask)
  askRef.current = ask
  const answered = useRef(false)
  const latest = useRef(0)
  const retry = useCallback(() => setGeneration((value) => value + 1), [])

  useEffect(() => {
    let unsubscribe: (() => void) | null = null
    let live = true
    listingsSource().then(
      (source) => {
        if (live) unsubscribe = source.subscribe(retry)
      },
      () => {}, // The read below reports why the store did not load.
    )
    return () => {
      live = false
      unsubscribe?.()
    }
  }, [retry])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` asks again; `ask` is read through its ref
  useEffect(() => {
    const ticket = ++latest.current
    const work = listingsSource().then((source) => askRef.current(source))
    const timed = delayed && !answered.current ? atLeast(LISTING_LOAD_DELAY_MS, work) : work
    timed.then(
      (value) => {
        if (ticket !== latest.current) return
        answered.current = true
        setRead({ key, value, error: null })
      },
      (error: unknown) => {
        if (ticket !== latest.current) return
        setRead((previous) => ({ ...previous, error: messageOf(error) }))
      },
    )
  }, [key, generation, delayed])

  return { value: read.value, fresh: read.key === key && read.value !== null, error: read.error, retry }
}

/** A search's listings so far (one batch, then one more per showMore) and the total. */
export interface SearchResults extends SourceRead<ListingsPage> {
  showMore: () => void
  /** True while the next batch is read. */
  loadingMore: boolean
}

/**
 * The public listings matching the query's filters in its order, one batch at first and one more per
 * `showMore()`; a new search starts again from its first batch, and a change of the listings reads
 * again as many as are shown. A first page started early for the same question (main.tsx) is taken.
 */
export function useListingsSearch(query: ListingsQuery): SearchResults {
  const { filters, sort, batchSize } = query
  const key = queryKey(query)
  const [extra, setExtra] = useState<{ key: string; listings: Listing[] }>({ key, listings: [] })
  const [loadingMore, setLoadingMore] = useState(false)
  const shownExtra = extra.key === key ? extra.listings : []
  const shownRef = useRef(0)
  const read = useSourceRead(
    key,
    (source) =>
      (shownRef.current === 0 ? takeEarlyPage(key) : null) ??
      source.search(filters, sort, { limit: Math.max(batchSize, shownRef.current), offset: 0 }),
    { delayed: true },
  )
  // A new search starts from one batch; a refresh of the same one reads what is shown.
  const keyRef = useRef(key)
  if (keyRef.current !== key) {
    keyRef.current = key
    shownRef.current = 0
  }
  const page = read.value
  const listings = page ? mergeById(page.listings, shownExtra) : null
  shownRef.current = listings?.length ?? 0

  const showMore = () => {
    if (!page || !listings || loadingMore) return
    setLoadingMore(true)
    const asked = key
    listingsSource()
      .then((source) => source.search(filters, sort, { limit: batchSize, offset: listings.length }))
      .then(
        (more) => {
          if (keyRef.current !== asked) return
          setExtra({ key: asked, listings: [...shownExtra, ...more.listings] })
        },
        (error: unknown) => console.error(`[LISTINGS_MORE_FAILED] ${messageOf(error)}`),
      )
      .finally(() => setLoadingMore(false))
  }

  return {
    ...read,
    value: page && listings ? { total: page.total, listings } : null,
    showMore,
    loadingMore,
  }
}

/** The first page's listings, then those read by "Show more" that it does not already hold. */
function mergeById(first: readonly Listing[], more: readonly Listing[]): Listing[] {
  const seen = new Set(first.map((listing) => listing.id))
  return [...first, ...more.filter((listing) => !seen.has(listing.id))]
}

/** Listings per category id and per featured entry; `delayed` for a page, not for a menu. */
export function useCategoryCounts(delayed: boolean): SourceRead<ReadonlyMap<string, CategoryCounts>> {
  return useSourceRead('category-counts', (source) => source.categoryCounts(), { delayed })
}

/** The home carousel's featured public listings. */
export function useFeaturedListings(limit: number): SourceRead<Listing[]> {
  return useSourceRead(`featured:${limit}`, (source) => source.featured(limit), { delayed: true })
}

/** The listings whose pages this tab has counted a view of (one view per listing per visit of the site). */
const VIEWED_KEY = 'marketplace:viewed-listings'

function firstViewThisSession(id: string): boolean {
  const viewed = new Set<string>(JSON.parse(sessionStorage.getItem(VIEWED_KEY) ?? '[]') as string[])
  if (viewed.has(id)) return false
  viewed.add(id)
  sessionStorage.setItem(VIEWED_KEY, JSON.stringify([...viewed]))
  return true
}

/** One public listing (null: none) and up to `similarLimit` others of its category; its view counted once. */
export function useListingDetail(
  id: string,
  similarLimit: number,
): SourceRead<{ listing: Listing | null; similar: Listing[] }> {
  const read = useSourceRead(
    `listing:${id}:${similarLimit}`,
    async (source) => {
      const listing = await source.find(id)
      const similar = listing ? await source.similar(listing, similarLimit) : []
      return { listing, similar }
    },
    { delayed: true },
  )
  const found = read.value?.listing?.id
  const [counted, setCounted] = useState<{ id: string; views: number } | null>(null)
  useEffect(() => {
    if (!found || !firstViewThisSession(found)) return
    listingsSource()
      .then((source) => source.countView(found))
      .then(
        (views) => views !== null && setCounted({ id: found, views }),
        (error: unknown) => console.warn(`[LISTING_VIEW_NOT_COUNTED] ${messageOf(error)}`),
      )
  }, [found])
  const listing = read.value?.listing
  // The page shows the count with this visit in it, whichever read came last.
  if (read.value && listing && counted?.id === listing.id && (listing.views ?? 0) < counted.views) {
    return { ...read, value: { ...read.value, listing: { ...listing, views: counted.views } } }
  }
  return read
}
