/**
 * What the dashboard announces when the user's listings change (spec section 2: other views listen):
 * `marketplace:listing-created`, `-updated` (detail: the listing's id) and `-refresh`.
 */
export const LISTING_EVENTS = {
  created: 'marketplace:listing-created',
  updated: 'marketplace:listing-updated',
  refresh: 'marketplace:listings-refresh',
} as const

export function announceListings(event: keyof typeof LISTING_EVENTS, id?: string): void {
  window.dispatchEvent(new CustomEvent(LISTING_EVENTS[event], { detail: id === undefined ? {} : { id } }))
}

/** Calls `onChange` on any of the three. */
export function onListingsAnnounced(onChange: () => void): () => void {
  for (const name of Object.values(LISTING_EVENTS)) window.addEventListener(name, onChange)
  return () => {
    for (const name of Object.values(LISTING_EVENTS)) window.removeEventListener(name, onChange)
  }
}
