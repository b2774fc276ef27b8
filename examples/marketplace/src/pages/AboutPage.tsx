import { Eye, Megaphone, MessageCircle, ShieldCheck } from 'lucide-react'
import { Link } from 'react-router-dom'
import { PageHero } from '../components/static/PageHero.tsx'
import { TextSection } from '../components/static/TextSection.tsx'
import { CATEGORIES } from '../data/categories.ts'
import { ALL_LOCATIONS_ID, LOCATIONS } from '../data/locations.ts'
import { SITE } from '../data/site.ts'
import { useDocumentTitle } from '../lib/document-title.ts'

const TOWNS = LOCATIONS.filter((location) => location.id !== ALL_LOCATIONS_ID).map(
  (location) => location.name,
)

/** Who runs the marketplace, whom it serves, how it works and how it keeps buyers and sellers safe. */
export function AboutPage() {
  useDocumentTitle('About Us')
  return (
    <>
      <PageHero title="About Us">
        <p>
          {SITE.name} is the local classifieds marketplace for {SITE.district} district: one place to buy,
          sell, rent and hire from people who live nearby.
        </p>
      </PageHero>

      <div className="mx-auto max-w-4xl space-y-6 px-4 py-10 lg:px-8">
        <TextSection title="Who we are">
          <p>
            We are a small team based in {SITE.district} City who wanted a simpler way for neighbours to
            trade. Big national sites bury a second-hand sofa in Sedam under thousands of listings from
            Bengaluru; we show only what is on offer in our own district.
          </p>
          <p>
            Today the marketplace covers {CATEGORIES.length} categories, from real estate and vehicles to
            jobs, tuition and home services, with{' '}
            {SITE.heroStats.map((stat) => `${stat.value} ${stat.label.toLowerCase()}`).join(', ')}.
          </p>
        </TextSection>

        <TextSection title="Who it is for">
          <p>
            Anyone buying or selling in {SITE.district} district: families looking for a rented house,
            students searching for coaching, shop owners clearing stock, employers hiring drivers and sales
            staff, and anyone with something they no longer need. Listings are organised by town, so you can
            stay close to home:
          </p>
          <ul className="flex flex-wrap gap-2">
            {TOWNS.map((town) => (
              <li key={town} className="rounded-full bg-blue-50 px-3 py-1 text-sm font-medium text-blue-800">
                {town}
              </li>
            ))}
          </ul>
        </TextSection>

        <section className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
          <h2 className="text-xl font-semibold text-gray-900">How it works</h2>
          <ol className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-3">
            <li className="rounded-lg bg-gray-50 p-4">
              <Megaphone className="h-6 w-6 text-blue-600" aria-hidden="true" />
              <h3 className="mt-2 font-semibold text-gray-900">1. Post</h3>
              <p className="mt-1 text-sm text-gray-600">
                Create a free account and post your first listing at no cost. Add a clear title, a fair price
                in rupees, your town and up to 5 photos.
              </p>
            </li>
            <li className="rounded-lg bg-gray-50 p-4">
              <Eye className="h-6 w-6 text-blue-600" aria-hidden="true" />
              <h3 className="mt-2 font-semibold text-gray-900">2. Browse</h3>
              <p className="mt-1 text-sm text-gray-600">
                Search by keyword, pick a category, and filter by location and price range to find what you
                need.
              </p>
            </li>
            <li className="rounded-lg bg-gray-50 p-4">
              <MessageCircle className="h-6 w-6 text-blue-600" aria-hidden="true" />
              <h3 className="mt-2 font-semibold text-gray-900">3. Contact</h3>
              <p className="mt-1 text-sm text-gray-600">
                Found something? Contact the seller from the listing page, agree on a time and meet to close
                the deal.
              </p>
            </li>
          </ol>
        </section>

        <section className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
          <h2 className="flex items-center gap-2 text-xl font-semibold text-gray-900">
            <ShieldCheck className="h-6 w-6 text-blue-600" aria-hidden="true" />
            Trust &amp; safety
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed text-gray-700">
            <p>
              Every new listing is reviewed by our moderators before it appears in search, and listings that
              other users report are checked again. Sellers who break our{' '}
              <Link to="/terms" className="font-medium text-blue-700 hover:text-blue-800">
                Terms of Service
              </Link>{' '}
              lose their listings and their account.
            </p>
            <p>A few habits keep every deal safe:</p>
            <ul className="list-disc space-y-1 pl-6">
              <li>Meet in a public place, such as a busy market or a bank branch.</li>
              <li>Check the item before paying, and pay only after inspecting it.</li>
              <li>Never share OTPs, card numbers, PINs or other financial information.</li>
              <li>Be wary of job offers that ask you to pay a fee first.</li>
            </ul>
            <p>
              Spotted something suspicious?{' '}
              <Link to="/contact" className="font-medium text-blue-700 hover:text-blue-800">
                Contact us
              </Link>{' '}
              and we will look into it.
            </p>
          </div>
        </section>
      </div>
    </>
  )
}
