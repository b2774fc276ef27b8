import { Search } from 'lucide-react'
import type { FormEvent } from 'react'
import { LOCATIONS } from '../../data/locations.ts'
import { PRICE_RANGES } from '../../data/price-ranges.ts'
import type { CategoryFilterValues } from '../../lib/listings/opening-queries.ts'
import { isSortOrder, SORT_ORDERS } from '../../lib/search.ts'

interface CategoryFiltersProps {
  categoryName: string
  values: CategoryFilterValues
  onChange: (values: CategoryFilterValues) => void
}

/** The filter card of a category page; every field filters live, so Apply Filters only keeps the page from reloading. */
export function CategoryFilters({ categoryName, values, onChange }: CategoryFiltersProps) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault()

  return (
    // biome-ignore lint/a11y/useSemanticElements: the form itself is the search landmark, as on the search page
    <form
      role="search"
      aria-label="Filter listings"
      onSubmit={onSubmit}
      className="grid grid-cols-1 gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm md:grid-cols-2 lg:grid-cols-6"
    >
      <div className="relative md:col-span-2">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-400"
          aria-hidden="true"
        />
        <input
          type="text"
          aria-label={`Search in ${categoryName}`}
          placeholder={`Search in ${categoryName}...`}
          value={values.q}
          onChange={(event) => onChange({ ...values, q: event.target.value })}
          className="w-full rounded-md border border-gray-300 py-2 pr-3 pl-9 text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
        />
      </div>
      <select
        aria-label="Location"
        value={values.location}
        onChange={(event) => onChange({ ...values, location: event.target.value })}
        className="rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
      >
        {LOCATIONS.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </select>
      <select
        aria-label="Price range"
        value={values.priceRange}
        onChange={(event) => onChange({ ...values, priceRange: event.target.value })}
        className="rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
      >
        {PRICE_RANGES.map((range) => (
          <option key={range.id} value={range.id}>
            {range.label}
          </option>
        ))}
      </select>
      <select
        aria-label="Sort by"
        value={values.sort}
        onChange={(event) => {
          const sort = event.target.value
          if (isSortOrder(sort)) onChange({ ...values, sort })
        }}
        className="rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
      >
        {SORT_ORDERS.map((order) => (
          <option key={order.id} value={order.id}>
            {order.label}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="rounded-md bg-blue-600 px-4 py-2 font-medium text-white hover:bg-blue-700"
      >
        Apply Filters
      </button>
    </form>
  )
}
