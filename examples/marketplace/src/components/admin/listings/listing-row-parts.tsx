import { Flag } from 'lucide-react'
import type { AdminListing } from '../../../lib/admin/admin-listings.ts'

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

/** The selection with `id` added, or taken out when it was in. */
function toggled(selected: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(selected)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}

/** A pending listing's checkbox for Bulk Actions (nothing for the others, which no bulk action takes). */
export function SelectListing({
  listing,
  selected,
  onSelect,
  className = '',
}: {
  listing: AdminListing
  selected: ReadonlySet<string>
  onSelect: (selected: ReadonlySet<string>) => void
  className?: string
}) {
  if (listing.adminStatus !== 'pending') return null
  return (
    <input
      type="checkbox"
      aria-label={`Select ${listing.title}`}
      checked={selected.has(listing.id)}
      onChange={() => onSelect(toggled(selected, listing.id))}
      className={`h-4 w-4 accent-blue-600 ${className}`}
    />
  )
}

/** What a listing's row (in the table or as a card) can ask for. */
export interface ListingRowHandlers {
  busy: boolean
  onStatus: (listing: AdminListing, status: 'approved' | 'rejected') => void
  onReview: (listing: AdminListing) => void
}

/** A listing's status the admin's way, and its open reports. */
export function ListingStatus({ listing }: { listing: AdminListing }) {
  return (
    <>
      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[listing.adminStatus]}`}>
        {STATUS_LABELS[listing.adminStatus]}
      </span>
      {listing.reported && (
        <span className="ml-1.5 inline-flex items-center gap-1 text-xs text-red-700">
          <Flag className="h-3 w-3" aria-hidden="true" />
          {listing.reportCount} {listing.reportCount === 1 ? 'report' : 'reports'}
        </span>
      )}
    </>
  )
}

/** Approve and Reject on a pending listing, Review on a reported one. */
export function ListingRowActions({
  listing,
  busy,
  onStatus,
  onReview,
}: ListingRowHandlers & { listing: AdminListing }) {
  return (
    <div className="flex justify-end gap-2">
      {listing.adminStatus === 'pending' && (
        <>
          <button
            type="button"
            disabled={busy}
            onClick={() => onStatus(listing, 'approved')}
            className="rounded-md bg-green-700 px-3 py-1.5 text-xs font-medium text-white hover:bg-green-800 disabled:opacity-50"
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
  )
}
