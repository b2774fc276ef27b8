import type { Listing } from '../../data/listing.ts'
import { ListingCard } from '../listings/ListingCard.tsx'
import { ListingCardSkeleton } from '../listings/ListingCardSkeleton.tsx'

/** Placeholder cards while the listings load (LISTING_LOAD_DELAY_MS in lib/hooks.ts). */
const SKELETON_COUNT = 8
const SKELETON_KEYS = Array.from({ length: SKELETON_COUNT }, (_, index) => `skeleton-${index}`)

interface SearchResultsGridProps {
  /** Null while the listings load. */
  listings: readonly Listing[] | null
}

/** One to four columns of listing cards, or placeholders while loading. */
export function SearchResultsGrid({ listings }: SearchResultsGridProps) {
  return (
    <div
      data-testid="search-results"
      aria-busy={listings === null}
      className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
    >
      {listings === null
        ? SKELETON_KEYS.map((key) => <ListingCardSkeleton key={key} />)
        : listings.map((listing) => <ListingCard key={listing.id} listing={listing} />)}
    </div>
  )
}
