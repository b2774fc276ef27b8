import { CategoryCard } from '../components/category/CategoryCard.tsx'
import { ListingsLoadError } from '../components/listings/ListingsLoadError.tsx'
import { CATEGORIES } from '../data/categories.ts'
import { useDocumentTitle } from '../lib/document-title.ts'
import { useCategoryCounts } from '../lib/listings/use-listings.ts'

/** Every category as a card with its public listing counts and quick links. */
export function CategoriesPage() {
  useDocumentTitle('All Categories')
  const { value: counts, error, retry } = useCategoryCounts(true)

  return (
    <>
      <section className="bg-blue-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-10 lg:px-8">
          <h1 className="text-3xl font-bold md:text-4xl">All Categories</h1>
          <p className="mt-2 text-blue-100">
            Browse every category in the district, or jump straight to a popular search.
          </p>
        </div>
      </section>
      {error !== null && counts === null && (
        <div className="mx-auto max-w-7xl px-4 pt-8 lg:px-8">
          <ListingsLoadError message={error} onRetry={retry} />
        </div>
      )}
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-8 sm:grid-cols-2 lg:grid-cols-3 lg:px-8 xl:grid-cols-4">
        {CATEGORIES.map((category) => (
          <CategoryCard key={category.id} category={category} counts={counts?.get(category.id) ?? null} />
        ))}
      </div>
    </>
  )
}
