import { Mail, MapPin, Phone, Store } from 'lucide-react'
import { Link } from 'react-router-dom'
import { CATEGORIES } from '../../data/categories.ts'
import { SITE } from '../../data/site.ts'
import { useSiteSettings } from '../../lib/use-site-settings.ts'

export function Footer() {
  const { supportEmail } = useSiteSettings()
  return (
    <footer className="bg-gray-900 text-gray-300">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <Store className="h-6 w-6 text-blue-400" aria-hidden="true" />
            {SITE.name}
          </p>
          <p className="mt-3 text-sm text-gray-400">{SITE.tagline}.</p>
        </div>
        <nav aria-label="Quick Links">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Quick Links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to="/" className="hover:text-white">
                Home
              </Link>
            </li>
            <li>
              <Link to="/categories" className="hover:text-white">
                Categories
              </Link>
            </li>
            <li>
              <Link to="/about" className="hover:text-white">
                About Us
              </Link>
            </li>
            <li>
              <Link to="/contact" className="hover:text-white">
                Contact
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Popular Categories">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Popular Categories</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {CATEGORIES.slice(0, 5).map((category) => (
              <li key={category.id}>
                <Link to={`/${category.id}`} className="hover:text-white">
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Contact Us</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li className="flex items-start gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              {SITE.address}
            </li>
            <li className="flex items-center gap-2">
              <Phone className="h-4 w-4" aria-hidden="true" />
              {SITE.phone}
            </li>
            <li className="flex items-center gap-2">
              <Mail className="h-4 w-4" aria-hidden="true" />
              {supportEmail}
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-gray-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-4 text-sm text-gray-400 sm:flex-row lg:px-8">
          <p>© 2024 {SITE.name}. All rights reserved.</p>
          <nav aria-label="Legal" className="flex gap-4">
            <Link to="/privacy" className="hover:text-white">
              Privacy Policy
            </Link>
            <Link to="/terms" className="hover:text-white">
              Terms of Service
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  )
}
