import { Link } from 'react-router-dom'
import { CATEGORIES } from '../../data/categories.ts'

/** The home page's ten category cards, each opening its category page. */
export function CategoryGrid() {
  return (
    <section aria-labelledby="browse-categories-heading" className="mx-auto max-w-7xl px-4 py-16 lg:px-8">
      <h2 id="browse-categories-heading" className="text-center text-3xl font-bold text-gray-900">
        Browse Categories
      </h2>
      <p className="mt-2 text-center text-gray-600">Find what you need in the category that fits.</p>
      <ul className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-5">
        {CATEGORIES.map((category) => (
          <li key={category.id}>
            <Link
              to={`/${category.id}`}
              className="flex h-full flex-col items-center rounded-lg border border-gray-200 bg-white p-6 text-center shadow-sm transition-shadow hover:border-blue-300 hover:shadow-md"
            >
              <span className="flex h-12 w-12 items-center justify-center rounded-full bg-blue-50 text-blue-600">
                <category.icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold text-gray-900">{category.name}</h3>
              <p className="mt-1 text-sm text-gray-600">{category.description}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
