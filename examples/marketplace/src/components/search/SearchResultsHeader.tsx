import { SORT_ORDERS, type SortOrder } from '../../lib/search.ts'

interface SearchResultsHeaderProps {
  /** The trimmed search text; empty shows 'All Listings'. */
  term: string
  /** Null while the listings load. */
  count: number | null
  sort: SortOrder
  onSortChange: (sort: SortOrder) => void
}

/** Heading, result count and sort select above the results grid. */
export function SearchResultsHeader({ term, count, sort, onSortChange }: SearchResultsHeaderProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 id="search-results-heading" className="text-2xl font-bold text-gray-900">
          {term ? `Search Results for "${term}"` : 'All Listings'}
        </h2>
        <p data-testid="search-result-count" role="status" className="mt-1 text-sm text-gray-600">
          {count === null ? 'Loading listings...' : `${count} ${count === 1 ? 'listing' : 'listings'} found`}
        </p>
      </div>
      <label className="flex items-center gap-2 text-sm text-gray-700">
        <span>Sort by</span>
        <select
          aria-label="Sort by"
          value={sort}
          onChange={(event) => {
            const next = SORT_ORDERS.find((order) => order.id === event.target.value)
            if (next) onSortChange(next.id)
          }}
          className="rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
        >
          {SORT_ORDERS.map((order) => (
            <option key={order.id} value={order.id}>
              {order.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}
