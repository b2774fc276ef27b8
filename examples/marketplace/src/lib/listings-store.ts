import { DEMO_LISTINGS } from '../data/demo-listings.ts'
import { isPublic, type Listing } from '../data/listing.ts'

/** Browser storage key of the listings. */
export const LISTINGS_KEY = 'listings'
/** Fired on window when this tab changes the listings; other tabs hear the `storage` event. */
const LISTINGS_CHANGED_EVENT = 'marketplace:listings-changed'

function isListing(value: unknown): value is Listing {
  if (value === null || typeof value !== 'object') return false
  const entry = value as Record<string, unknown>
  return (
    typeof entry.id === 'string' &&
    typeof entry.title === 'string' &&
    typeof entry.price === 'number' &&
    typeof entry.category === 'string' &&
    typeof entry.location === 'string' &&
    typeof entry.status === 'string'
  )
}

/**
 * The one module that reads and writes listings. Storage holds them as JSON under `listings`; the
 * first read seeds the demo listings. Entries that are not listings (hand-edited storage, an old
 * format) are skipped rather than crashing every page.
 */
export function readListings(storage: Storage = localStorage): Listing[] {
  const raw = storage.getItem(LISTINGS_KEY)
  if (raw !== null) {
    try {
      const parsed: unknown = JSON.parse(raw)
      if (Array.isArray(parsed)) return parsed.filter(isListing)
    } catch {
      // Unreadable JSON: fall through and reseed, there is nothing to keep.
    }
  }
  const seeded = DEMO_LISTINGS.map((listing) => ({ ...listing }))
  storage.setItem(LISTINGS_KEY, JSON.stringify(seeded))
  return seeded
}

function writeListings(listings: readonly Listing[], storage: Storage = localStorage): void {
  storage.setItem(LISTINGS_KEY, JSON.stringify(listings))
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(LISTINGS_CHANGED_EVENT))
}

export function readPublicListings(storage: Storage = localStorage): Listing[] {
  return readListings(storage).filter(isPublic)
}

export function findListing(id: string, storage: Storage = localStorage): Listing | undefined {
  return readListings(storage).find((listing) => listing.id === id)
}

/** Applies `change` to the listing with `id`; returns the updated listing, or undefined if there is none. */
export function updateListing(
  id: string,
  change: (listing: Listing) => Listing,
  storage: Storage = localStorage,
): Listing | undefined {
  const listings = readListings(storage)
  const index = listings.findIndex((listing) => listing.id === id)
  const current = listings[index]
  if (!current) return undefined
  const updated = change(current)
  listings[index] = updated
  writeListings(listings, storage)
  return updated
}

/** A report: the admin's Reported tab reads `reportCount` (and the reasons, newest last). */
export function reportListing(
  id: string,
  reason: string,
  storage: Storage = localStorage,
): Listing | undefined {
  return updateListing(
    id,
    (listing) => ({
      ...listing,
      reportCount: (listing.reportCount ?? 0) + 1,
      reportReasons: [...(listing.reportReasons ?? []), reason],
    }),
    storage,
  )
}

/** Calls `onChange` when this tab or another one changes the listings. */
export function subscribeToListings(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === LISTINGS_KEY || event.key === null) onChange()
  }
  window.addEventListener(LISTINGS_CHANGED_EVENT, onChange)
  window.addEventListener('storage', onStorage)
  return () => {
    window.removeEventListener(LISTINGS_CHANGED_EVENT, onChange)
    window.removeEventListener('storage', onStorage)
  }
}
