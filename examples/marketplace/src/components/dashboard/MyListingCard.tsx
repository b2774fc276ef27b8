import { Eye, MapPin } from 'lucide-react'
import { Link } from 'react-router-dom'
import { cardImage, type Listing } from '../../data/listing.ts'
import { STATUS_NOTES, userStatusOf } from '../../lib/dashboard/listing-form.ts'
import { formatPostedOn, formatPrice } from '../../lib/format.ts'
import { ListingImage } from '../listings/ListingImage.tsx'

const STATUS_STYLES = {
  active: 'bg-green-100 text-green-800',
  pending: 'bg-amber-100 text-amber-800',
  expired: 'bg-gray-200 text-gray-700',
  rejected: 'bg-red-100 text-red-800',
} as const

const STATUS_LABELS = {
  active: 'Active',
  pending: 'Pending',
  expired: 'Expired',
  rejected: 'Rejected',
} as const

interface MyListingCardProps {
  listing: Listing
  onEdit: () => void
  onDelete: () => void
}

/** One of the user's listings (spec section 2): image, title, price, category, location, status, date, views; View, Edit, Delete. */
export function MyListingCard({ listing, onEdit, onDelete }: MyListingCardProps) {
  const status = userStatusOf(listing.status)
  const note = STATUS_NOTES[listing.status]
  return (
    <article
      aria-label={listing.title}
      className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm"
    >
      <ListingImage src={cardImage(listing)} alt={listing.title} className="h-40 w-full" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-700">
            {listing.category}
          </span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[status]}`}>
            {STATUS_LABELS[status]}
          </span>
        </div>
        <h3 className="line-clamp-2 font-semibold text-gray-900">{listing.title}</h3>
        <p className="text-lg font-bold text-blue-700">{formatPrice(listing.price)}</p>
        <p className="flex items-center gap-1 text-sm text-gray-600">
          <MapPin className="h-4 w-4" aria-hidden="true" />
          {listing.location}
        </p>
        <p className="flex items-center justify-between text-xs text-gray-500">
          <span>Posted {formatPostedOn(listing)}</span>
          <span className="flex items-center gap-1">
            <Eye className="h-3.5 w-3.5" aria-hidden="true" />
            {listing.views ?? 0} views
          </span>
        </p>
        {note && <p className="rounded-md bg-gray-50 px-3 py-2 text-xs text-gray-700">{note}</p>}
        <div className="mt-auto flex gap-2 pt-2">
          <Link
            to={`/listing/${listing.id}`}
            className="flex-1 rounded-md border border-gray-300 px-3 py-1.5 text-center text-sm font-medium text-gray-700 hover:bg-gray-50"
          >
            View
          </Link>
          <button
            type="button"
            onClick={onEdit}
            className="flex-1 rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50"
          >
            Edit
          </button>
          <button
            type="button"
            onClick={onDelete}
            className="flex-1 rounded-md border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
          >
            Delete
          </button>
        </div>
      </div>
    </article>
  )
}
