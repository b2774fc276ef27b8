import { Clock, Eye, MapPin } from 'lucide-react'
import type { Listing } from '../../data/listing.ts'
import { formatPostedTime, formatPrice } from '../../lib/format.ts'
import { ListingActions } from './ListingActions.tsx'

interface ListingSummaryCardProps {
  listing: Listing
}

/** The side card: title, badges, price, facts and the actions. */
export function ListingSummaryCard({ listing }: ListingSummaryCardProps) {
  return (
    <section
      aria-label="Listing summary"
      className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap gap-2">
        <span className="rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-medium text-blue-700">
          {listing.category}
        </span>
        {listing.featured && (
          <span className="rounded-full bg-amber-400 px-2.5 py-0.5 text-xs font-semibold text-amber-950">
            Featured
          </span>
        )}
      </div>
      <h1 className="mt-3 text-2xl font-bold text-gray-900">{listing.title}</h1>
      <p data-testid="listing-price" className="mt-2 text-3xl font-bold text-blue-700">
        {formatPrice(listing.price)}
      </p>
      <ul className="mt-4 space-y-2 text-sm text-gray-600">
        <li className="flex items-center gap-2">
          <MapPin className="h-4 w-4" aria-hidden="true" />
          {listing.location}
        </li>
        <li className="flex items-center gap-2">
          <Clock className="h-4 w-4" aria-hidden="true" />
          {formatPostedTime(listing)}
        </li>
        {listing.views !== undefined && (
          <li className="flex items-center gap-2">
            <Eye className="h-4 w-4" aria-hidden="true" />
            {listing.views === 1 ? '1 view' : `${listing.views} views`}
          </li>
        )}
      </ul>
      <div className="mt-6">
        <ListingActions listing={listing} />
      </div>
    </section>
  )
}
