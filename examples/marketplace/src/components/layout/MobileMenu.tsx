import { Link } from 'react-router-dom'
import type { StoredSession } from '../../lib/stored-session.ts'

interface MobileMenuProps {
  session: StoredSession
  onLogout: () => void
}

const itemClass = 'block rounded-md px-3 py-2 text-base text-gray-700 hover:bg-gray-50 hover:text-blue-700'

/** The small-screen menu: the header's links plus /categories, and the session actions. */
export function MobileMenu({ session, onLogout }: MobileMenuProps) {
  return (
    <nav aria-label="Mobile" className="border-t border-gray-200 bg-white px-4 py-3 md:hidden">
      <Link to="/" className={itemClass}>
        Home
      </Link>
      <Link to="/categories" className={itemClass}>
        Categories
      </Link>
      <Link to="/about" className={itemClass}>
        About
      </Link>
      <Link to="/contact" className={itemClass}>
        Contact
      </Link>
      <div className="mt-2 border-t border-gray-100 pt-2">
        {session.isLoggedIn ? (
          <>
            {session.userRole === 'admin' ? (
              <Link to="/admin" className={itemClass}>
                Admin Dashboard
              </Link>
            ) : (
              <>
                <Link to="/dashboard" className={itemClass}>
                  My Dashboard
                </Link>
                <Link to="/dashboard" className={itemClass}>
                  My Listings
                </Link>
                <Link to="/dashboard?tab=profile" className={itemClass}>
                  Settings
                </Link>
              </>
            )}
            <button
              type="button"
              onClick={onLogout}
              className="block w-full rounded-md px-3 py-2 text-left text-base text-red-600 hover:bg-red-50"
            >
              Logout
            </button>
          </>
        ) : (
          <Link
            to="/auth"
            className="block rounded-md bg-blue-600 px-3 py-2 text-center text-base font-medium text-white hover:bg-blue-700"
          >
            Login / Register
          </Link>
        )}
      </div>
    </nav>
  )
}
