import { useMemo } from 'react'
import { CategoryCard } from '../components/category/CategoryCard.tsx'
import { CATEGORIES } from '../data/categories.ts'
import { isPublic } from '../data/listing.ts'
import { useListings } from '../lib/hooks.ts'

/** Every category as a card with its public listing count and quick links. */
export function CategoriesPage() {
  const listings = useListings()
  const counts = useMemo(() => {
    if (listings === null) return null
    const byCategory = new Map<string, number>()
    for (const listing of listings) {
      if (isPublic(listing)) byCategory.set(listing.category, (byCategory.get(listing.category) ?? 0) + 1)
    }
    return byCategory
  }, [listings])

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
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-8 sm:grid-cols-2 lg:grid-cols-3 lg:px-8 xl:grid-cols-4">
        {CATEGORIES.map((category) => (
          <CategoryCard
            key={category.id}
            category={category}
            listingCount={counts === null ? null : (counts.get(category.name) ?? 0)}
          />
        ))}
      </div>
    </>
  )
}
