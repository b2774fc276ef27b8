import { Flag } from 'lucide-react'
import { Link } from 'react-router-dom'
import type { AdminListing } from '../../../lib/admin/admin-listings.ts'
import { formatPostedOn, formatPrice } from '../../../lib/format.ts'

const STATUS_STYLES: Record<AdminListing['adminStatus'], string> = {
  pending: 'bg-amber-100 text-amber-800',
  approved: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
}

const STATUS_LABELS: Record<AdminListing['adminStatus'], string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
}

interface AdminListingsTableProps {
  listings: readonly AdminListing[]
  selected: ReadonlySet<string>
  busy: boolean
  onSelect: (selected: ReadonlySet<string>) => void
  onStatus: (listing: AdminListing, status: 'approved' | 'rejected') => void
  onReview: (listing: AdminListing) => void
}

/**
 * Manage Listings' table: a checkbox on each pending listing (Bulk Actions act on those), its status
 * the admin's way, Approve and Reject on pending ones only, Review on reported ones.
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
  const toggle = (id: string) => {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    onSelect(next)
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
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
                {listing.adminStatus === 'pending' && (
                  <input
                    type="checkbox"
                    aria-label={`Select ${listing.title}`}
                    checked={selected.has(listing.id)}
                    onChange={() => toggle(listing.id)}
                    className="h-4 w-4 accent-blue-600"
                  />
                )}
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
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[listing.adminStatus]}`}
                >
                  {STATUS_LABELS[listing.adminStatus]}
                </span>
                {listing.reported && (
                  <span className="ml-1.5 inline-flex items-center gap-1 text-xs text-red-700">
                    <Flag className="h-3 w-3" aria-hidden="true" />
                    {listing.reportCount} {listing.reportCount === 1 ? 'report' : 'reports'}
                  </span>
                )}
              </td>
              <td className="px-4 py-3 text-gray-500">{formatPostedOn(listing)}</td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
                  {listing.adminStatus === 'pending' && (
                    <>
                      <button
                        type="button"
                        disabled={busy}
                        onClick={() => onStatus(listing, 'approved')}
                        className="rounded-md bg-green-600 px-3 py-1.5 text-xs font-medium text-white hover:bg-green-700 disabled:opacity-50"
                      >
                        Approve
                      </button>
                      <button
                        type="button"
                        disabled={busy}
                        onClick={() => onStatus(listing, 'rejected')}
                        className="rounded-md bg-red-600 px-3 py-1.5 text-xs font-medium text-white hover:bg-red-700 disabled:opacity-50"
                      >
                        Reject
                      </button>
                    </>
                  )}
                  {listing.reported && (
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => onReview(listing)}
                      className="rounded-md border border-gray-300 px-3 py-1.5 text-xs font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50"
                    >
                      Review
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
