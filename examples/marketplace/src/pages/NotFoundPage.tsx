import { Home, Search } from 'lucide-react'
import { Link } from 'react-router-dom'
import { useDocumentTitle } from '../lib/document-title.ts'

/** Shown for unknown routes and unknown categories. */
export function NotFoundPage() {
  useDocumentTitle('Page Not Found')
  return (
    <div className="mx-auto flex max-w-7xl flex-col items-center px-4 py-20 text-center lg:px-8">
      <p className="text-6xl font-extrabold text-blue-600">404</p>
      <h1 className="mt-4 text-3xl font-bold text-gray-900">Page Not Found</h1>
      <p className="mt-3 max-w-md text-gray-600">
        The page you're looking for doesn't exist or has been moved. Try the home page or browse the latest
        listings.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="inline-flex items-center gap-2 rounded-md bg-blue-600 px-5 py-2.5 font-medium text-white hover:bg-blue-700"
        >
          <Home className="h-4 w-4" aria-hidden="true" />
          Go to Home
        </Link>
        <Link
          to="/search"
          className="inline-flex items-center gap-2 rounded-md border border-blue-600 px-5 py-2.5 font-medium text-blue-700 hover:bg-blue-50"
        >
          <Search className="h-4 w-4" aria-hidden="true" />
          Browse Listings
        </Link>
      </div>
    </div>
  )
}
