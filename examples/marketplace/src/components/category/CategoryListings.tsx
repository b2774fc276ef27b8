import { SearchX } from 'lucide-react'
import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { Category } from '../../data/categories.ts'
import {
  type CategoryFilterValues,
  categoryPageQuery,
  DEFAULT_CATEGORY_FILTERS,
} from '../../lib/listings/opening-queries.ts'
import { useListingsSearch } from '../../lib/listings/use-listings.ts'
import { fromQueryValue } from '../../lib/slug.ts'
import { ListingCard } from '../listings/ListingCard.tsx'
import { ListingCardSkeleton } from '../listings/ListingCardSkeleton.tsx'
import { ListingsLoadError } from '../listings/ListingsLoadError.tsx'
import { ShowMoreButton } from '../listings/ShowMoreButton.tsx'
import { CategoryFilters } from './CategoryFilters.tsx'
import { FilterChip } from './FilterChip.tsx'

const SKELETON_COUNT = 8

type UrlFilter = 'subcategory' | 'featured'

interface CategoryListingsProps {
  category: Category
}

/** The filter card and the live-filtered public listings of one category; `?subcategory=` and `?featured=` narrow them. */
export function CategoryListings({ category }: CategoryListingsProps) {
  const [searchParams, setSearchParams] = useSearchParams()
  const [filters, setFilters] = useState<CategoryFilterValues>(DEFAULT_CATEGORY_FILTERS)
  const subcategory = searchParams.get('subcategory') || null
  const featured = searchParams.get('featured') || null
  const search = useListingsSearch(categoryPageQuery(category, filters, searchParams))
  const results = search.value

  const clearUrlFilters = (names: readonly UrlFilter[]) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current)
      for (const name of names) next.delete(name)
      return next
    })

  const resetFilters = () => {
    setFilters(DEFAULT_CATEGORY_FILTERS)
    clearUrlFilters(['subcategory', 'featured'])
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 lg:px-8">
      <CategoryFilters categoryName={category.name} values={filters} onChange={setFilters} />

      {(subcategory || featured) && (
        <div className="mt-4 flex flex-wrap gap-2">
          {subcategory && (
            <FilterChip
              label={`Subcategory: ${fromQueryValue(subcategory)}`}
              clearLabel="Clear subcategory filter"
              onClear={() => clearUrlFilters(['subcategory'])}
            />
          )}
          {featured && (
            <FilterChip
              label={`Featured: ${fromQueryValue(featured)}`}
              clearLabel="Clear featured filter"
              onClear={() => clearUrlFilters(['featured'])}
            />
          )}
        </div>
      )}

      <section aria-labelledby="category-results-heading" aria-busy={results === null} className="mt-8">
        <h2 id="category-results-heading" className="mb-4 text-2xl font-bold text-gray-900">
          {results === null
            ? `Loading ${category.name} listings`
            : `${results.total} ${category.name} Listings`}
        </h2>

        {search.error !== null && results === null ? (
          <ListingsLoadError message={search.error} onRetry={search.retry} />
        ) : results === null ? (
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {Array.from({ length: SKELETON_COUNT }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <ListingCardSkeleton key={index} />
            ))}
          </div>
        ) : results.total === 0 ? (
          <div
            data-testid="category-empty-state"
            className="flex flex-col items-center rounded-lg border border-gray-200 bg-white px-6 py-12 text-center"
          >
            <SearchX className="h-12 w-12 text-gray-400" aria-hidden="true" />
            <p className="mt-4 text-lg font-semibold text-gray-900">
              No listings found matching your criteria
            </p>
            <p className="mt-1 text-gray-600">Try another search term, location or price range.</p>
            <button
              type="button"
              onClick={resetFilters}
              className="mt-6 rounded-md bg-blue-600 px-4 py-2 font-medium text-white hover:bg-blue-700"
            >
              Reset Filters
            </button>
          </div>
        ) : (
          <>
            <div
              data-testid="category-results"
              className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
            >
              {results.listings.map((listing) => (
                <ListingCard key={listing.id} listing={listing} />
              ))}
            </div>
            <ShowMoreButton
              shown={results.listings.length}
              total={results.total}
              busy={search.loadingMore}
              onShowMore={search.showMore}
            />
          </>
        )}
      </section>
    </div>
  )
}
