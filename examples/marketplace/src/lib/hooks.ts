import { useSyncExternalStore } from 'react'
import { FAVOURITES_CHANGED_EVENT, FAVOURITES_KEY, readFavourites } from './favourites.ts'
import {
  readStoredSession,
  SESSION_CHANGED_EVENT,
  SESSION_KEYS,
  type StoredSession,
} from './stored-session.ts'

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
