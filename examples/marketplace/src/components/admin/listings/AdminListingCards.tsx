import { Link } from 'react-router-dom'
import { formatPostedOn, formatPrice } from '../../../lib/format.ts'
import type { AdminListingsTableProps } from './AdminListingsTable.tsx'
import { ListingRowActions, ListingStatus, SelectListing } from './listing-row-parts.tsx'

/**
 * Manage Listings' rows below `lg`, one card each (a phone does not scroll a table sideways): the same
 * checkbox on pending listings, status, details and actions as AdminListingsTable.
 */
export function AdminListingCards({
  listings,
  selected,
  busy,
  onSelect,
  onStatus,
  onReview,
}: AdminListingsTableProps) {
  return (
    <ul className="space-y-3 lg:hidden" aria-label="Listings">
      {listings.map((listing) => (
        <li
          key={listing.id}
          aria-label={listing.title}
          className="rounded-lg border border-gray-200 bg-white p-4"
        >
          <div className="flex items-start gap-3">
            <SelectListing
              listing={listing}
              selected={selected}
              onSelect={onSelect}
              className="mt-1 shrink-0"
            />
            <div className="min-w-0 flex-1">
              <Link
                to={`/listing/${listing.id}`}
                className="font-medium break-words text-gray-900 hover:text-blue-700"
              >
                {listing.title}
              </Link>
              <p className="mt-0.5 text-xs text-gray-500">
                {listing.id} · {listing.category}
              </p>
            </div>
            <p className="shrink-0 text-sm font-semibold text-gray-900">{formatPrice(listing.price)}</p>
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600">
            <span>
              <ListingStatus listing={listing} />
            </span>
            <span>{listing.userName || 'Anonymous'}</span>
            <span>{formatPostedOn(listing)}</span>
          </div>
          {(listing.adminStatus === 'pending' || listing.reported) && (
            <div className="mt-3 border-t border-gray-100 pt-3">
              <ListingRowActions listing={listing} busy={busy} onStatus={onStatus} onReview={onReview} />
            </div>
          )}
        </li>
      ))}
    </ul>
  )
}
