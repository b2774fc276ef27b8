import { DEMO_LISTING_SEEDS, DEMO_LISTINGS } from '../data/demo-listings.ts'
import { isPublic, type Listing } from '../data/listing.ts'

/** Browser storage key of the listings. */
export const LISTINGS_KEY = 'listings'
/**
 * Browser storage key of how many demo seeds (DEMO_LISTING_SEEDS) the stored listings have had. A
 * stored `listings` array without it predates the key, so it had seed 1.
 */
export const LISTINGS_SEED_VERSION_KEY = 'listingsSeedVersion'
/** Fired on window when this tab changes the listings; other tabs hear the `storage` event. */
const LISTINGS_CHANGED_EVENT = 'marketplace:listings-changed'

/** What a visitor reads when the browser refuses to store more: the change is not saved, nothing is lost. */
export const STORAGE_FULL_MESSAGE =
  "Your browser's storage for this site is full, so this change was not saved. Everything saved before is still there. Free some space (clear this site's saved favourites, or other sites' data) and try again."

/** A write the browser refused for lack of space; the stored listings are as they were. */
export class StorageFullError extends Error {
  readonly code = 'STORAGE_FULL'
  constructor() {
    super(STORAGE_FULL_MESSAGE)
  }
}

function isQuotaExceeded(error: unknown): boolean {
  return (
    error instanceof DOMException &&
    (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED')
  )
}

/**
 * Stores `value` under `key`, or throws StorageFullError when the browser has no room: `setItem`
 * changes nothing when it throws, so what was stored before stays whole.
 */
function setStored(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value)
  } catch (error) {
    if (isQuotaExceeded(error)) throw new StorageFullError()
    throw error
  }
}

/**
 * Stores the seeded listings when there is room; when there is not, the pages still read them (from
 * memory, this once) and the next read tries again.
 */
function storeSeeded(storage: Storage, listings: readonly unknown[]): void {
  try {
    setStored(storage, LISTINGS_KEY, JSON.stringify(listings))
    setStored(storage, LISTINGS_SEED_VERSION_KEY, String(DEMO_LISTING_SEEDS.length))
  } catch (error) {
    if (!(error instanceof StorageFullError)) throw error
    console.warn(`[STORAGE_FULL] The demo listings could not be stored: ${error.message}`)
  }
}

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

function readSeedVersion(storage: Storage): number {
  const version = Number(storage.getItem(LISTINGS_SEED_VERSION_KEY))
  return Number.isInteger(version) && version >= 1 ? version : 1
}

/**
 * Adds the demo listings of the seeds `stored` has not had: a browser seeded before a seed shipped
 * gets its listings once. Listings already there (perhaps edited) are left alone, and listings of
 * older seeds that were deleted stay deleted.
 */
function addNewerSeeds(stored: unknown[], storage: Storage): unknown[] {
  const version = readSeedVersion(storage)
  if (version >= DEMO_LISTING_SEEDS.length) return stored
  const ids = new Set(stored.filter(isListing).map((listing) => listing.id))
  const added = DEMO_LISTING_SEEDS.slice(version)
    .flat()
    .filter((listing) => !ids.has(listing.id))
    .map((listing) => ({ ...listing }))
  const upgraded = [...stored, ...added]
  storeSeeded(storage, upgraded)
  return upgraded
}

/**
 * The one module that reads and writes listings. Storage holds them as JSON under `listings`; the
 * first read seeds the demo listings, and a later read adds the demo seeds shipped since. Entries
 * that are not listings (hand-edited storage, an old format) are skipped rather than crashing every
 * page, and kept in storage as they were.
 */
export function readListings(storage: Storage = localStorage): Listing[] {
  const raw = storage.getItem(LISTINGS_KEY)
  if (raw !== null) {
    try {
      const parsed: unknown = JSON.parse(raw)
      if (Array.isArray(parsed)) return addNewerSeeds(parsed, storage).filter(isListing)
    } catch {
      // Unreadable JSON: fall through and reseed, there is nothing to keep.
    }
  }
  const seeded = DEMO_LISTINGS.map((listing) => ({ ...listing }))
  storeSeeded(storage, seeded)
  return seeded
}

/** Stores the listings; throws StorageFullError (and stores nothing) when the browser has no room. */
function writeListings(listings: readonly Listing[], storage: Storage = localStorage): void {
  setStored(storage, LISTINGS_KEY, JSON.stringify(listings))
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
