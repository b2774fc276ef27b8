/** Stored listing statuses; users see approved as active and rejected as expired (the status badges of the dashboards). */
export type ListingStatus = 'active' | 'approved' | 'pending' | 'expired' | 'rejected'

export interface Listing {
  /** `L1001`, or `L` plus a timestamp for listings users create. */
  id: string
  title: string
  /** Rupees, at least 0. */
  price: number
  /** Category display name. */
  category: string
  /** Location display name. */
  location: string
  description: string
  status: ListingStatus
  /** ISO date, when known. */
  createdAt?: string
  /** Relative text such as '2 days ago', for listings without createdAt. */
  postedTime?: string
  userId: string
  userName: string
  /** First image; empty when the listing has none. */
  imageUrl: string
  imageUrls?: string[]
  /** A small copy of each of imageUrls for cards, index for index ('' where there is none). */
  thumbnailUrls?: string[]
  views?: number
  reportCount?: number
  /** Reasons given with each report, oldest first. */
  reportReasons?: string[]
  featured?: boolean
}

const PUBLIC_STATUSES: ReadonlySet<ListingStatus> = new Set(['active', 'approved'])

/** Public pages show only active or approved listings. */
export function isPublic(listing: Listing): boolean {
  return PUBLIC_STATUSES.has(listing.status)
}

export function listingImages(listing: Listing): string[] {
  const images = listing.imageUrls?.filter(Boolean) ?? []
  if (images.length > 0) return images
  return listing.imageUrl ? [listing.imageUrl] : []
}

/** What a card shows: the first image's small copy when there is one, else the image itself. */
export function cardImage(listing: Listing): string {
  return listing.thumbnailUrls?.[0] || listing.imageUrl
}
