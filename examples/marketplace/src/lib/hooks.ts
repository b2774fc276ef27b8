import { useEffect, useState, useSyncExternalStore } from 'react'
import type { Listing } from '../data/listing.ts'
import { FAVOURITES_CHANGED_EVENT, FAVOURITES_KEY, readFavourites } from './favourites.ts'
import { LISTINGS_KEY, readListings, subscribeToListings } from './listings-store.ts'
import {
  readStoredSession,
  SESSION_CHANGED_EVENT,
  SESSION_KEYS,
  type StoredSession,
} from './stored-session.ts'

/** Listings load after this simulated delay, so the loading states are real. */
const LISTING_LOAD_DELAY_MS = 1000

/**
 * All stored listings, `null` while the simulated load runs; re-read whenever this tab or another
 * one changes them.
 */
export function useListings(delayMs = LISTING_LOAD_DELAY_MS): Listing[] | null {
  const [listings, setListings] = useState<Listing[] | null>(null)
  useEffect(() => {
    setListings(null)
    const timer = window.setTimeout(() => setListings(readListings()), delayMs)
    const unsubscribe = subscribeToListings(() => setListings(readListings()))
    return () => {
      window.clearTimeout(timer)
      unsubscribe()
    }
  }, [delayMs])
  return listings
}

let storedListingsSnapshot: { raw: string | null; value: Listing[] } | null = null

/**
 * All stored listings at once, without the simulated load: for counts in a menu that opens and
 * closes. Re-read whenever this tab or another one changes them.
 */
export function useStoredListings(): Listing[] {
  return useSyncExternalStore(subscribeToListings, () => {
    if (storedListingsSnapshot?.raw !== localStorage.getItem(LISTINGS_KEY)) {
      const value = readListings()
      // Read after readListings, which may have just seeded them.
      storedListingsSnapshot = { raw: localStorage.getItem(LISTINGS_KEY), value }
    }
    return storedListingsSnapshot.value
  })
}

/**
 * How many results to show: `batchSize` at first, one batch more per `showMore()`, and one batch
 * again whenever `resetKey` changes (a new search starts from its first batch).
 */
export function useShownCount(batchSize: number, resetKey: string): [number, () => void] {
  const [shown, setShown] = useState({ key: resetKey, count: batchSize })
  const count = shown.key === resetKey ? shown.count : batchSize
  return [count, () => setShown({ key: resetKey, count: count + batchSize })]
}

function subscribeToWindowEvents(events: readonly string[], storageKeys: readonly string[]) {
  return (onChange: () => void) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || storageKeys.includes(event.key)) onChange()
    }
    for (const name of events) window.addEventListener(name, onChange)
    window.addEventListener('storage', onStorage)
    return () => {
      for (const name of events) window.removeEventListener(name, onChange)
      window.removeEventListener('storage', onStorage)
    }
  }
}

const subscribeToSession = subscribeToWindowEvents([SESSION_CHANGED_EVENT], SESSION_KEYS)
let sessionSnapshot: { raw: string; value: StoredSession } | null = null

/** The stored signed-in flags; a change in another tab updates name, login flag and role. */
export function useStoredSession(): StoredSession {
  return useSyncExternalStore(subscribeToSession, () => {
    const value = readStoredSession()
    const raw = JSON.stringify(value)
    if (sessionSnapshot?.raw !== raw) sessionSnapshot = { raw, value }
    return sessionSnapshot.value
  })
}

const subscribeToFavourites = subscribeToWindowEvents([FAVOURITES_CHANGED_EVENT], [FAVOURITES_KEY])

/** Whether the listing is saved as a favourite, kept in sync across components and tabs. */
export function useIsFavourite(id: string): boolean {
  return useSyncExternalStore(subscribeToFavourites, () => readFavourites().includes(id))
}
