/** Browser storage key of the saved (favourite) listing ids. */
export const FAVOURITES_KEY = 'favourites'
export const FAVOURITES_CHANGED_EVENT = 'marketplace:favourites-changed'

export function readFavourites(storage: Storage = localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(FAVOURITES_KEY) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

/** Adds or removes `id`; returns whether it is saved afterwards. */
export function toggleFavourite(id: string, storage: Storage = localStorage): boolean {
  const current = readFavourites(storage)
  const saved = !current.includes(id)
  const next = saved ? [...current, id] : current.filter((entry) => entry !== id)
  storage.setItem(FAVOURITES_KEY, JSON.stringify(next))
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(FAVOURITES_CHANGED_EVENT))
  return saved
}
