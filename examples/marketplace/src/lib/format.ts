import type { Listing } from '../data/listing.ts'

const RUPEES = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
})
const DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' })

/** `12000` -> `₹12,000`, `850000` -> `₹8,50,000` (Indian digit grouping). */
export function formatPrice(rupees: number): string {
  return RUPEES.format(rupees)
}

/** Posted On on the detail page: createdAt, else postedTime, else 'Unknown'. */
export function formatPostedOn(listing: Pick<Listing, 'createdAt' | 'postedTime'>): string {
  if (listing.createdAt) {
    const date = new Date(listing.createdAt)
    if (!Number.isNaN(date.getTime())) return DATE.format(date)
  }
  return listing.postedTime || 'Unknown'
}

/** The relative posted time of cards and the side card, 'Recently' when unknown. */
export function formatPostedTime(listing: Pick<Listing, 'postedTime'>): string {
  return listing.postedTime || 'Recently'
}

/** A date as the dashboards show it: `27 November 2026`. */
export function formatDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? 'Unknown' : DATE.format(date)
}
