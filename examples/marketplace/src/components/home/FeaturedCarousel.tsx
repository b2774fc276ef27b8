import useEmblaCarousel from 'embla-carousel-react'
import { ArrowRight, ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'react-router-dom'
import { useFeaturedListings } from '../../lib/listings/use-listings.ts'
import { ListingCard } from '../listings/ListingCard.tsx'
import { ListingCardSkeleton } from '../listings/ListingCardSkeleton.tsx'

const MAX_FEATURED = 5
const SKELETON_KEYS = ['skeleton-1', 'skeleton-2', 'skeleton-3', 'skeleton-4']

/** The home page's looping carousel of featured public listings. */
export function FeaturedCarousel() {
  const { value: featured, error } = useFeaturedListings(MAX_FEATURED)
  const [viewportRef, emblaApi] = useEmblaCarousel({ loop: true, align: 'start' })

  return (
    <section aria-labelledby="featured-listings-heading" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="featured-listings-heading" className="text-3xl font-bold text-gray-900">
              Featured Listings
            </h2>
            <p className="mt-2 text-gray-600">Hand-picked offers from sellers across the district.</p>
          </div>
          <div className="flex items-center gap-2">
            <button
              type="button"
              aria-label="Previous listings"
              disabled={!emblaApi}
              onClick={() => emblaApi?.scrollPrev()}
              className="rounded-full border border-gray-300 bg-white p-2 text-gray-700 hover:bg-gray-50 disabled:opacity-50"
            >
              <ChevronLeft className="h-5 w-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              aria-label="Next listings"
              disabled={!emblaApi}
              onClick={() => emblaApi?.scrollNext()}
              className="rounded-full border border-gray-300 bg-white p-2 text-gray-700 hover:bg-gray-50 disabled:opacity-50"
            >
              <ChevronRight className="h-5 w-5" aria-hidden="true" />
            </button>
          </div>
        </div>

        {featured === null && error !== null ? (
          <p
            role="alert"
            className="mt-8 rounded-lg border border-dashed border-red-300 p-8 text-center text-gray-700"
          >
            The featured listings could not be loaded: {error}
          </p>
        ) : featured === null ? (
          <div className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {SKELETON_KEYS.map((key) => (
              <ListingCardSkeleton key={key} />
            ))}
          </div>
        ) : featured.length === 0 ? (
          <p className="mt-8 rounded-lg border border-dashed border-gray-300 p-8 text-center text-gray-600">
            No featured listings right now.
          </p>
        ) : (
          <div ref={viewportRef} className="mt-8 overflow-hidden">
            <div className="-ml-6 flex touch-pan-y">
              {featured.map((listing) => (
                <div
                  key={listing.id}
                  className="min-w-0 shrink-0 grow-0 basis-full pl-6 md:basis-1/2 lg:basis-1/3 xl:basis-1/4"
                >
                  <ListingCard listing={listing} />
                </div>
              ))}
            </div>
          </div>
        )}

        <div className="mt-10 text-center">
          <Link
            to="/listings"
            className="inline-flex items-center gap-2 rounded-md bg-blue-600 px-6 py-3 font-medium text-white hover:bg-blue-700"
          >
            View All Listings
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  )
}
