import { Clock, MapPin, Tag } from 'lucide-react'
import { Link } from 'react-router-dom'
import { cardImage, type Listing } from '../../data/listing.ts'
import { formatPostedTime, formatPrice } from '../../lib/format.ts'
import { FavouriteButton } from './FavouriteButton.tsx'
import { ListingImage } from './ListingImage.tsx'

interface ListingCardProps {
  listing: Listing
}

/**
 * A listing in a grid. The title link stretches over the whole card, so a click anywhere opens
 * /listing/{id}; the favourite button and View Details sit above it. The title link's focus ring is
 * drawn around the whole card (on its stretched ::after, inset because the card clips its overflow).
 */
export function ListingCard({ listing }: ListingCardProps) {
  const href = `/listing/${listing.id}`
  return (
    <article
      data-testid="listing-card"
      className="group relative flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="relative">
        <ListingImage src={cardImage(listing)} alt={listing.title} className="h-48 w-full" />
        {listing.featured && (
          <span className="absolute top-3 left-3 rounded-full bg-amber-400 px-2.5 py-0.5 text-xs font-semibold text-amber-950">
            Featured
          </span>
        )}
        <FavouriteButton listingId={listing.id} className="absolute top-3 right-3 z-10" />
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="line-clamp-2 font-semibold text-gray-900 group-hover:text-blue-700">
          <Link
            to={href}
            className="after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:ring-3 focus-visible:after:ring-blue-600 focus-visible:after:ring-inset"
          >
            {listing.title}
          </Link>
        </h3>
        <p className="mt-1 text-lg font-bold text-blue-700">{formatPrice(listing.price)}</p>
        <ul className="mt-2 space-y-1 text-sm text-gray-600">
          <li className="flex items-center gap-1.5">
            <Tag className="h-4 w-4" aria-hidden="true" />
            {listing.category}
          </li>
          <li className="flex items-center gap-1.5">
            <MapPin className="h-4 w-4" aria-hidden="true" />
            {listing.location}
          </li>
          <li className="flex items-center gap-1.5">
            <Clock className="h-4 w-4" aria-hidden="true" />
            {formatPostedTime(listing)}
          </li>
        </ul>
        <Link
          to={href}
          className="relative z-10 mt-4 rounded-md border border-blue-600 px-4 py-2 text-center text-sm font-medium text-blue-700 hover:bg-blue-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
        >
          View Details
        </Link>
      </div>
    </article>
  )
}
