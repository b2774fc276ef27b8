import { Link } from 'react-router-dom'
import type { AdminListing } from '../../../lib/admin/admin-listings.ts'
import { formatPostedOn, formatPrice } from '../../../lib/format.ts'
import {
  ListingRowActions,
  type ListingRowHandlers,
  ListingStatus,
  SelectListing,
} from './listing-row-parts.tsx'

export interface AdminListingsTableProps extends ListingRowHandlers {
  listings: readonly AdminListing[]
  selected: ReadonlySet<string>
  onSelect: (selected: ReadonlySet<string>) => void
}

/**
 * Manage Listings' table: a checkbox on each pending listing (Bulk Actions act on those), its status
 * the admin's way, Approve and Reject on pending ones only, Review on reported ones. From `lg` up; below
 * it the same rows are AdminListingCards.
 */
export function AdminListingsTable({
  listings,
  selected,
  busy,
  onSelect,
  onStatus,
  onReview,
}: AdminListingsTableProps) {
  const pending = listings.filter((listing) => listing.adminStatus === 'pending')
  const allPendingSelected = pending.length > 0 && pending.every((listing) => selected.has(listing.id))
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-gray-200 bg-white lg:block">
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <thead className="bg-gray-50 text-left text-gray-600">
          <tr>
            <th scope="col" className="w-10 px-4 py-3">
              <input
                type="checkbox"
                aria-label="Select every pending listing on this page"
                checked={allPendingSelected}
                disabled={pending.length === 0}
                onChange={() =>
                  onSelect(allPendingSelected ? new Set() : new Set(pending.map((listing) => listing.id)))
                }
                className="h-4 w-4 accent-blue-600"
              />
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Listing
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Category
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Price
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Seller
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Posted
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {listings.map((listing) => (
            <tr key={listing.id} aria-label={listing.title}>
              <td className="px-4 py-3">
                <SelectListing listing={listing} selected={selected} onSelect={onSelect} />
              </td>
              <td className="px-4 py-3">
                <Link to={`/listing/${listing.id}`} className="font-medium text-gray-900 hover:text-blue-700">
                  {listing.title}
                </Link>
                <div className="text-xs text-gray-500">{listing.id}</div>
              </td>
              <td className="px-4 py-3 text-gray-700">{listing.category}</td>
              <td className="px-4 py-3 text-gray-700">{formatPrice(listing.price)}</td>
              <td className="px-4 py-3 text-gray-700">{listing.userName || 'Anonymous'}</td>
              <td className="px-4 py-3">
                <ListingStatus listing={listing} />
              </td>
              <td className="px-4 py-3 text-gray-500">{formatPostedOn(listing)}</td>
              <td className="px-4 py-3">
                <ListingRowActions listing={listing} busy={busy} onStatus={onStatus} onReview={onReview} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
