import type { Listing } from '../../data/listing.ts'
import { ListingCard } from '../listings/ListingCard.tsx'

interface SimilarListingsProps {
  listings: readonly Listing[]
}

/** Up to four other listings of the same category; renders nothing when there are none. */
export function SimilarListings({ listings }: SimilarListingsProps) {
  if (listings.length === 0) return null
  return (
    <section aria-labelledby="similar-listings-heading" className="mt-12">
      <h2 id="similar-listings-heading" className="text-2xl font-bold text-gray-900">
        Similar Listings
      </h2>
      <div className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {listings.map((listing) => (
          <ListingCard key={listing.id} listing={listing} />
        ))}
      </div>
    </section>
  )
}
