/**
 * What the dashboard announces when the user's listings change (spec section 2: other views listen):
 * `marketplace:listing-created`, `-updated` (detail: the listing's id) and `-refresh`. Other tabs of
 * the site hear them too (a BroadcastChannel), so their pages read the listings again.
 */
const LISTING_EVENTS = {
  created: 'marketplace:listing-created',
  updated: 'marketplace:listing-updated',
  refresh: 'marketplace:listings-refresh',
} as const

type ListingEvent = keyof typeof LISTING_EVENTS

/** The channel the site's tabs share; one per tab, opened on first use. */
const CHANNEL_NAME = 'marketplace:listings'
let channel: BroadcastChannel | null = null

function sharedChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null
  channel ??= new BroadcastChannel(CHANNEL_NAME)
  return channel
}

const isListingEvent = (value: unknown): value is ListingEvent =>
  typeof value === 'string' && Object.hasOwn(LISTING_EVENTS, value)

export function announceListings(event: ListingEvent, id?: string): void {
  const detail = id === undefined ? {} : { id }
  window.dispatchEvent(new CustomEvent(LISTING_EVENTS[event], { detail }))
  sharedChannel()?.postMessage({ event, ...detail })
}

/**
 * Calls `onChange` on any of the three, in this tab or another. Another tab's message is read as a
 * hint only (which event, nothing else): the listings are read again from the store.
 */
export function onListingsAnnounced(onChange: () => void): () => void {
  const onMessage = (message: MessageEvent<unknown>) => {
    const data = message.data as { event?: unknown } | null
    if (isListingEvent(data?.event)) onChange()
  }
  for (const name of Object.values(LISTING_EVENTS)) window.addEventListener(name, onChange)
  sharedChannel()?.addEventListener('message', onMessage)
  return () => {
    for (const name of Object.values(LISTING_EVENTS)) window.removeEventListener(name, onChange)
    sharedChannel()?.removeEventListener('message', onMessage)
  }
}
