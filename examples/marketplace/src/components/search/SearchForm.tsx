import { Search } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { CATEGORIES } from '../../data/categories.ts'
import { LOCATIONS } from '../../data/locations.ts'
import type { SearchFormValues } from './search-params.ts'

interface SearchFormProps {
  initialValues: SearchFormValues
  onSearch: (values: SearchFormValues) => void
}

/** Text, category and location fields with a Search button; remount it (key) to show new initial values. */
export function SearchForm({ initialValues, onSearch }: SearchFormProps) {
  const [q, setQ] = useState(initialValues.q)
  const [category, setCategory] = useState(initialValues.category)
  const [location, setLocation] = useState(initialValues.location)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSearch({ q, category, location })
  }

  return (
    <search>
      <form
        onSubmit={onSubmit}
        className="grid grid-cols-1 gap-3 rounded-lg bg-white p-4 shadow-lg md:grid-cols-[1fr_auto_auto_auto]"
      >
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-gray-400"
            aria-hidden="true"
          />
          <input
            type="text"
            enterKeyHint="search"
            aria-label="Search listings"
            placeholder="What are you looking for?"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            className="w-full rounded-md border border-gray-300 py-2.5 pr-3 pl-10 text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
          />
        </div>
        <select
          aria-label="Category"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          className="rounded-md border border-gray-300 bg-white px-3 py-2.5 text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
        >
          <option value="all">All Categories</option>
          {CATEGORIES.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name}
            </option>
          ))}
        </select>
        <select
          aria-label="Location"
          value={location}
          onChange={(event) => setLocation(event.target.value)}
          className="rounded-md border border-gray-300 bg-white px-3 py-2.5 text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
        >
          {LOCATIONS.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="flex items-center justify-center gap-2 rounded-md bg-blue-600 px-6 py-2.5 font-medium text-white hover:bg-blue-700"
        >
          <Search className="h-4 w-4" aria-hidden="true" />
          Search
        </button>
      </form>
    </search>
  )
}
