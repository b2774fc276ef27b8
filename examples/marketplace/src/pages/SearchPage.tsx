import { useMemo, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { ListingsLoadError } from '../components/listings/ListingsLoadError.tsx'
import { ShowMoreButton } from '../components/listings/ShowMoreButton.tsx'
import { SearchEmptyState } from '../components/search/SearchEmptyState.tsx'
import { SearchForm } from '../components/search/SearchForm.tsx'
import { SearchHero } from '../components/search/SearchHero.tsx'
import { SearchResultsGrid } from '../components/search/SearchResultsGrid.tsx'
import { SearchResultsHeader } from '../components/search/SearchResultsHeader.tsx'
import { readSearchParams, type SearchFormValues, searchHref } from '../components/search/search-params.ts'
import { useDocumentTitle } from '../lib/document-title.ts'
import { searchPageQuery } from '../lib/listings/opening-queries.ts'
import { useListingsSearch } from '../lib/listings/use-listings.ts'
import type { SortOrder } from '../lib/search.ts'

/** /search and /listings: the search form, then the public listings matching the URL's q, category and location. */
export function SearchPage() {
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const [sort, setSort] = useState<SortOrder>('newest')

  const { q, category, location } = readSearchParams(searchParams)
  const filters = useMemo<SearchFormValues>(() => ({ q, category, location }), [q, category, location])
  const search = useListingsSearch(searchPageQuery(searchParams, sort))
  const results = search.value
  useDocumentTitle(q ? `Search Results for "${q}"` : 'All Listings')

  const onSearch = (values: SearchFormValues) => navigate(searchHref(values))

  return (
    <>
      <SearchHero>
        <SearchForm key={`${q}|${category}|${location}`} initialValues={filters} onSearch={onSearch} />
      </SearchHero>
      <section aria-labelledby="search-results-heading" className="mx-auto max-w-7xl px-4 py-8 lg:px-8">
        <SearchResultsHeader term={q} count={results?.total ?? null} sort={sort} onSortChange={setSort} />
        <div className="mt-6">
          {search.error !== null && results === null ? (
            <ListingsLoadError message={search.error} onRetry={search.retry} />
          ) : results !== null && results.total === 0 ? (
            <SearchEmptyState onViewAll={() => navigate('/search')} />
          ) : (
            <>
              <SearchResultsGrid listings={results?.listings ?? null} />
              {results && (
                <ShowMoreButton
                  shown={results.listings.length}
                  total={results.total}
                  busy={search.loadingMore}
                  onShowMore={search.showMore}
                />
              )}
            </>
          )}
        </div>
      </section>
    </>
  )
}
