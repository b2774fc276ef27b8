import { MapPin, Search, Tag } from 'lucide-react'
import { type ChangeEvent, type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { CATEGORIES } from '../../data/categories.ts'
import { ALL_LOCATIONS_ID, LOCATIONS } from '../../data/locations.ts'
import { SITE } from '../../data/site.ts'
import { categorySlug } from '../../lib/slug.ts'

const ALL_CATEGORIES = ''

/** The home hero: headline, the search form and the site statistics. */
export function HeroSearch() {
  const navigate = useNavigate()
  const [query, setQuery] = useState('')
  const [category, setCategory] = useState(ALL_CATEGORIES)
  const [location, setLocation] = useState(ALL_LOCATIONS_ID)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const text = query.trim()
    if (text) {
      navigate(`/search?${new URLSearchParams({ q: text })}`)
    } else if (category !== ALL_CATEGORIES) {
      navigate(`/${categorySlug(category)}`)
    }
  }

  const onCategoryChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const name = event.target.value
    setCategory(name)
    if (name !== ALL_CATEGORIES) navigate(`/${categorySlug(name)}`)
  }

  return (
    <section aria-labelledby="hero-heading" className="bg-blue-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:px-8 lg:py-24">
        <div className="mx-auto max-w-3xl text-center">
          <h1 id="hero-heading" className="text-4xl font-bold tracking-tight sm:text-5xl">
            Buy and Sell Anything in Gulbarga District
          </h1>
          <p className="mt-4 text-lg text-blue-100">
            Browse {SITE.listingsAdvertised} listings across all categories, from homes and vehicles to jobs
            and services.
          </p>
        </div>

        {/* One column on phones; from md the text box has its own row; from lg one row. The selects'
            columns are as wide as their longest option, so no option is ever cut off. */}
        <form
          onSubmit={onSubmit}
          className="mx-auto mt-10 grid max-w-5xl grid-cols-1 gap-3 rounded-lg bg-white p-4 shadow-lg md:grid-cols-[1fr_1fr_auto] lg:grid-cols-[minmax(0,1fr)_auto_auto_auto]"
        >
          <div className="relative md:col-span-3 lg:col-span-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-gray-400"
              aria-hidden="true"
            />
            <input
              type="text"
              aria-label="Search listings"
              placeholder="What are you looking for?"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              className="h-12 w-full rounded-md border border-gray-300 pr-3 pl-10 text-gray-900 placeholder:text-gray-400 focus:border-blue-600 focus:ring-2 focus:ring-blue-200 focus:outline-none"
            />
          </div>
          <div className="relative">
            <Tag
              className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-gray-400"
              aria-hidden="true"
            />
            <select
              aria-label="Category"
              value={category}
              onChange={onCategoryChange}
              className="h-12 w-full rounded-md border border-gray-300 bg-white pr-3 pl-10 text-gray-900 focus:border-blue-600 focus:ring-2 focus:ring-blue-200 focus:outline-none"
            >
              <option value={ALL_CATEGORIES}>All Categories</option>
              {CATEGORIES.map((entry) => (
                <option key={entry.id} value={entry.name}>
                  {entry.name}
                </option>
              ))}
            </select>
          </div>
          <div className="relative">
            <MapPin
              className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-gray-400"
              aria-hidden="true"
            />
            <select
              aria-label="Location"
              value={location}
              onChange={(event) => setLocation(event.target.value)}
              className="h-12 w-full rounded-md border border-gray-300 bg-white pr-3 pl-10 text-gray-900 focus:border-blue-600 focus:ring-2 focus:ring-blue-200 focus:outline-none"
            >
              {LOCATIONS.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            className="flex h-12 items-center justify-center gap-2 rounded-md bg-blue-600 px-6 font-medium text-white hover:bg-blue-700"
          >
            <Search className="h-5 w-5" aria-hidden="true" />
            Search
          </button>
        </form>

        <ul className="mx-auto mt-12 grid max-w-3xl grid-cols-1 gap-6 text-center sm:grid-cols-3">
          {SITE.heroStats.map((stat) => (
            <li key={stat.label}>
              <p className="text-3xl font-bold">{stat.value}</p>
              <p className="mt-1 text-sm text-blue-100">{stat.label}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
