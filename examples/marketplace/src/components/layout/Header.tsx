import { ChevronDown, Menu, Store, X } from 'lucide-react'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom'
import { SITE } from '../../data/site.ts'
import { useAuth } from '../../lib/auth/context.ts'
import { useDisplayedSession } from '../../lib/auth/displayed-session.ts'
import { AccountButton } from './AccountButton.tsx'
import { CategoryMegaMenu } from './CategoryMegaMenu.tsx'
import { MobileMenu } from './MobileMenu.tsx'

/** Radix's menu is about 29 kB gzip: loaded when a signed-in header first renders, not with every page. */
const UserMenu = lazy(() => import('./UserMenu.tsx'))

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'text-blue-700 font-medium' : 'text-gray-700 hover:text-blue-700'

const currentAddress = () => `${window.location.pathname}${window.location.search}${window.location.hash}`

export function Header() {
  // The signed-in user once auth has loaded; until then (and when signed out) the stored flags.
  const session = useDisplayedSession()
  const { signOut } = useAuth()
  const navigate = useNavigate()
  const location = useLocation()
  const [megaMenuOpen, setMegaMenuOpen] = useState(false)
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false)
  const [userMenuOpen, setUserMenuOpen] = useState(false)
  const closeMegaMenu = useCallback(() => setMegaMenuOpen(false), [])

  // A navigation to a lazily loaded page commits its location only once the page's code has come; a
  // menu opened in between (the address bar already showing the new page) is opened "at" that page,
  // and the late commit of it must not close the menu.
  const routerAddress = `${location.pathname}${location.search}${location.hash}`
  const openedDuringNavigation = useRef<string | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: read when a menu opens, not when the address changes
  useEffect(() => {
    if (!(megaMenuOpen || mobileMenuOpen || userMenuOpen)) return
    const shown = currentAddress()
    openedDuringNavigation.current = shown === routerAddress ? null : shown
  }, [megaMenuOpen, mobileMenuOpen, userMenuOpen])

  // Any navigation closes whatever menu was open, but the one a menu was opened during.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose
  useEffect(() => {
    const pending = openedDuringNavigation.current
    openedDuringNavigation.current = null
    if (pending === routerAddress) return
    setMegaMenuOpen(false)
    setMobileMenuOpen(false)
    setUserMenuOpen(false)
  }, [location.key])

  // signOut clears the flags and the user state even when the server cannot be reached.
  const logout = async () => {
    setUserMenuOpen(false)
    await signOut()
    navigate('/')
  }

  return (
    <header className="sticky top-0 z-50 border-b border-gray-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 lg:px-8">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-gray-900">
          <Store className="h-6 w-6 text-blue-600" aria-hidden="true" />
          <span>{SITE.name}</span>
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-6 md:flex">
          <NavLink to="/" end className={navLinkClass}>
            Home
          </NavLink>
          <button
            type="button"
            aria-expanded={megaMenuOpen}
            aria-controls="category-mega-menu"
            onClick={() => setMegaMenuOpen((open) => !open)}
            className="flex items-center gap-1 text-gray-700 hover:text-blue-700"
          >
            Categories
            <ChevronDown className="h-4 w-4" aria-hidden="true" />
          </button>
          <NavLink to="/about" className={navLinkClass}>
            About
          </NavLink>
          <NavLink to="/contact" className={navLinkClass}>
            Contact
          </NavLink>
        </nav>

        <div className="flex items-center gap-2">
          {session.isLoggedIn ? (
            <Suspense
              fallback={
                <div className="hidden md:block">
                  <AccountButton userName={session.userName} disabled />
                </div>
              }
            >
              <UserMenu
                userName={session.userName}
                isAdmin={session.userRole === 'admin'}
                open={userMenuOpen}
                onOpenChange={setUserMenuOpen}
                onLogout={logout}
              />
            </Suspense>
          ) : (
            <Link
              to="/auth"
              className="hidden rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 md:inline-block"
            >
              Login / Register
            </Link>
          )}
          <button
            type="button"
            aria-label={mobileMenuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={mobileMenuOpen}
            onClick={() => setMobileMenuOpen((open) => !open)}
            className="rounded-md p-2 text-gray-700 hover:bg-gray-100 md:hidden"
          >
            {mobileMenuOpen ? (
              <X className="h-6 w-6" aria-hidden="true" />
            ) : (
              <Menu className="h-6 w-6" aria-hidden="true" />
            )}
          </button>
        </div>
      </div>

      {megaMenuOpen && <CategoryMegaMenu onClose={closeMegaMenu} />}
      {mobileMenuOpen && <MobileMenu session={session} onLogout={logout} />}
    </header>
  )
}
