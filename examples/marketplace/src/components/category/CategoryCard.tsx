import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router-dom'
import type { Category } from '../../data/categories.ts'
import type { CategoryCounts } from '../../lib/category-counts.ts'
import { featuredHref, subcategoryHref } from '../../lib/slug.ts'

const SUBCATEGORY_LINK_COUNT = 4

interface CategoryCardProps {
  category: Category
  /** Public listings in the category and per featured entry; null while they load. */
  counts: CategoryCounts | null
}

/** A category on the categories page: count, first subcategories, popular searches and a Browse All link. */
export function CategoryCard({ category, counts }: CategoryCardProps) {
  const headingId = `category-card-${category.id}`
  const listingCount = counts?.listings ?? null
  return (
    <article
      data-testid="category-card"
      aria-labelledby={headingId}
      className="flex flex-col rounded-lg border border-gray-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="flex items-center gap-4">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-blue-50 text-blue-600">
          <category.icon className="h-6 w-6" aria-hidden="true" />
        </span>
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-gray-900">
            <Link to={`/${category.id}`} className="hover:text-blue-700">
              {category.name}
            </Link>
          </h2>
          <p data-testid="category-listing-count" className="text-sm text-gray-500">
            {listingCount === null ? '…' : `${listingCount} ${listingCount === 1 ? 'listing' : 'listings'}`}
          </p>
        </div>
      </div>
      <p className="mt-3 text-sm text-gray-600">{category.description}</p>

      <ul aria-label={`${category.name} subcategories`} className="mt-4 space-y-1.5 text-sm">
        {category.subcategories.slice(0, SUBCATEGORY_LINK_COUNT).map((subcategory) => (
          <li key={subcategory}>
            <Link
              to={subcategoryHref(category.id, subcategory)}
              className="text-gray-700 hover:text-blue-700"
            >
              {subcategory}
            </Link>
          </li>
        ))}
      </ul>

      <div className="mt-4 rounded-md bg-gray-50 p-3">
        <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-gray-500">Popular</p>
        <ul aria-label={`Popular in ${category.name}`} className="space-y-1 text-sm">
          {category.featured.map((entry) => (
            <li key={entry.title}>
              <Link
                to={featuredHref(category.id, entry.title)}
                className="flex justify-between gap-2 text-gray-700 hover:text-blue-700"
              >
                <span>{entry.title}</span>
                <span data-testid="featured-listing-count" className="text-gray-400">
                  {counts?.featured.get(entry.title) ?? '…'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>

      <div className="mt-auto pt-4">
        <Link
          to={`/${category.id}`}
          className="flex items-center justify-center gap-1.5 rounded-md border border-blue-600 px-4 py-2 text-sm font-medium text-blue-700 hover:bg-blue-50"
        >
          Browse All<span className="sr-only"> {category.name}</span>
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
    </article>
  )
}
