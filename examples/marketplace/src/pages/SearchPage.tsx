import { useMemo, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { ShowMoreButton } from '../components/listings/ShowMoreButton.tsx'
import { SearchEmptyState } from '../components/search/SearchEmptyState.tsx'
import { SearchForm } from '../components/search/SearchForm.tsx'
import { SearchHero } from '../components/search/SearchHero.tsx'
import { SearchResultsGrid } from '../components/search/SearchResultsGrid.tsx'
import { SearchResultsHeader } from '../components/search/SearchResultsHeader.tsx'
import { readSearchParams, type SearchFormValues, searchHref } from '../components/search/search-params.ts'
import { isPublic } from '../data/listing.ts'
import { useDocumentTitle } from '../lib/document-title.ts'
import { useListings, useShownCount } from '../lib/hooks.ts'
import { SEARCH_BATCH_SIZE, type SortOrder, searchListings } from '../lib/search.ts'

/** /search and /listings: the search form, then the public listings matching the URL's q, category and location. */
export function SearchPage() {
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const listings = useListings()
  const [sort, setSort] = useState<SortOrder>('newest')

  const { q, category, location } = readSearchParams(searchParams)
  const filters = useMemo<SearchFormValues>(() => ({ q, category, location }), [q, category, location])
  const [shownCount, showMore] = useShownCount(SEARCH_BATCH_SIZE, `${q}|${category}|${location}`)
  useDocumentTitle(q ? `Search Results for "${q}"` : 'All Listings')

  const publicListings = useMemo(() => listings?.filter(isPublic) ?? null, [listings])
  const results = useMemo(
    () => (publicListings === null ? null : searchListings(publicListings, filters, sort)),
    [publicListings, filters, sort],
  )

  const onSearch = (values: SearchFormValues) => navigate(searchHref(values))

  return (
    <>
      <SearchHero>
        <SearchForm key={`${q}|${category}|${location}`} initialValues={filters} onSearch={onSearch} />
      </SearchHero>
      <section aria-labelledby="search-results-heading" className="mx-auto max-w-7xl px-4 py-8 lg:px-8">
        <SearchResultsHeader term={q} count={results?.length ?? null} sort={sort} onSortChange={setSort} />
        <div className="mt-6">
          {results !== null && results.length === 0 ? (
            <SearchEmptyState onViewAll={() => navigate('/search')} />
          ) : (
            <>
              <SearchResultsGrid listings={results?.slice(0, shownCount) ?? null} />
              {results && <ShowMoreButton shown={shownCount} total={results.length} onShowMore={showMore} />}
            </>
          )}
        </div>
      </section>
    </>
  )
}
