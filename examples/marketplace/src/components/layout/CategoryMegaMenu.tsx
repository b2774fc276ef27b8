import { ChevronRight } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { CATEGORIES, MENU_FEATURED_CATEGORY_COUNT } from '../../data/categories.ts'
import { useCategoryCounts } from '../../lib/listings/use-listings.ts'
import { useScrollLock } from '../../lib/scroll-lock.ts'
import { featuredHref, subcategoryHref } from '../../lib/slug.ts'

interface CategoryMegaMenuProps {
  onClose: () => void
}

/**
 * The category picker: a full-width overlay under the header. The dark backdrop closes it, clicks
 * inside the panel do not, and every link closes it (as does Escape; the header closes it on any
 * navigation). The page under it does not scroll; the panel's own area does, between the header and
 * the 'View All Categories' bar, which stays in view on short windows.
 */
export function CategoryMegaMenu({ onClose }: CategoryMegaMenuProps) {
  useScrollLock()
  // Counts without the pages' load delay: a menu opens at once. Until they come, a quiet placeholder.
  const { value: counts, error } = useCategoryCounts(false)

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [onClose])

  return (
    <div className="fixed inset-x-0 top-16 bottom-0 z-40">
      <button
        type="button"
        aria-label="Close categories"
        data-testid="mega-menu-backdrop"
        className="absolute inset-0 h-full w-full cursor-default bg-black/50"
        onClick={onClose}
      />
      <div
        id="category-mega-menu"
        role="dialog"
        aria-label="Categories"
        className="relative flex max-h-[calc(100%-4rem)] flex-col border-t border-gray-200 bg-white shadow-xl"
      >
        <div data-testid="mega-menu-scroll-area" className="min-h-0 overflow-y-auto overscroll-contain">
          <div className="mx-auto grid max-w-7xl grid-cols-1 gap-8 px-4 py-6 md:grid-cols-4 lg:px-8">
            <nav aria-label="All Categories" className="md:border-r md:border-gray-100 md:pr-6">
              <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-gray-500">
                All Categories
              </h2>
              <ul className="space-y-1">
                {CATEGORIES.map((category) => (
                  <li key={category.id}>
                    <Link
                      to={`/${category.id}`}
                      onClick={onClose}
                      className="flex items-center justify-between rounded-md px-2 py-1.5 text-gray-700 hover:bg-blue-50 hover:text-blue-700"
                    >
                      <span className="flex items-center gap-2">
                        <category.icon className="h-4 w-4" aria-hidden="true" />
                        {category.name}
                      </span>
                      <ChevronRight className="h-4 w-4 text-gray-400" aria-hidden="true" />
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 md:col-span-3 lg:grid-cols-3">
              {CATEGORIES.slice(0, MENU_FEATURED_CATEGORY_COUNT).map((category) => (
                <section key={category.id} aria-label={category.name}>
                  <h3 className="mb-2 font-semibold text-gray-900">
                    <Link to={`/${category.id}`} onClick={onClose} className="hover:text-blue-700">
                      {category.name}
                    </Link>
                  </h3>
                  <ul className="space-y-1 text-sm">
                    {category.subcategories.map((subcategory) => (
                      <li key={subcategory}>
                        <Link
                          to={subcategoryHref(category.id, subcategory)}
                          onClick={onClose}
                          className="text-gray-600 hover:text-blue-700"
                        >
                          {subcategory}
                        </Link>
                      </li>
                    ))}
                  </ul>
                  <div className="mt-3 rounded-md bg-gray-50 p-3">
                    <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-gray-500">
                      Popular in {category.name}
                    </p>
                    <ul className="space-y-1 text-sm">
                      {category.featured.map((entry) => (
                        <li key={entry.title}>
                          <Link
                            to={featuredHref(category.id, entry.title)}
                            onClick={onClose}
                            className="flex justify-between text-gray-700 hover:text-blue-700"
                          >
                            <span>{entry.title}</span>
                            {counts ? (
                              <span data-testid="featured-listing-count" className="text-gray-400">
                                {counts.get(category.id)?.featured.get(entry.title) ?? 0}
                              </span>
                            ) : (
                              <span
                                aria-hidden="true"
                                title={error ?? undefined}
                                className={`my-0.5 inline-block h-4 w-5 rounded bg-gray-100 ${error ? '' : 'animate-pulse'}`}
                              />
                            )}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                </section>
              ))}
            </div>
          </div>
        </div>
        <div className="shrink-0 border-t border-gray-100 bg-gray-50">
          <div className="mx-auto flex max-w-7xl justify-end px-4 py-3 lg:px-8">
            <Link
              to="/category/all"
              onClick={onClose}
              className="text-sm font-medium text-blue-700 hover:text-blue-800"
            >
              View All Categories
            </Link>
          </div>
        </div>
      </div>
    </div>
  )
}
