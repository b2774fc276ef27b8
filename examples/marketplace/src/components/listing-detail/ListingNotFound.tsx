import { SearchX } from 'lucide-react'
import { Link } from 'react-router-dom'

/** Shown for an unknown id or a listing that is not public. */
export function ListingNotFound() {
  return (
    <div className="mx-auto flex max-w-7xl flex-col items-center px-4 py-20 text-center lg:px-8">
      <SearchX className="h-14 w-14 text-gray-400" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold text-gray-900">Listing Not Found</h1>
      <p className="mt-2 text-gray-600">The listing you're looking for doesn't exist or has been removed.</p>
      <Link
        to="/search"
        className="mt-6 rounded-md bg-blue-600 px-5 py-2.5 font-medium text-white hover:bg-blue-700"
      >
        Browse All Listings
      </Link>
    </div>
  )
}
