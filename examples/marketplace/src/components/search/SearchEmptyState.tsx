import { SearchX } from 'lucide-react'

interface SearchEmptyStateProps {
  onViewAll: () => void
}

/** Shown when no listing matches the search. */
export function SearchEmptyState({ onViewAll }: SearchEmptyStateProps) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-gray-200 bg-white px-4 py-16 text-center">
      <SearchX className="h-12 w-12 text-gray-400" aria-hidden="true" />
      <h3 className="mt-4 text-lg font-semibold text-gray-900">No listings found</h3>
      <p className="mt-1 text-gray-600">Try adjusting your search criteria or browse all listings</p>
      <button
        type="button"
        onClick={onViewAll}
        className="mt-6 rounded-md bg-blue-600 px-5 py-2.5 font-medium text-white hover:bg-blue-700"
      >
        View All Listings
      </button>
    </div>
  )
}
