import type { ReactNode } from 'react'

interface SearchHeroProps {
  children: ReactNode
}

/** The blue banner at the top of the search page, holding the search form. */
export function SearchHero({ children }: SearchHeroProps) {
  return (
    <section className="bg-linear-to-r from-blue-600 to-blue-800 text-white">
      <div className="mx-auto max-w-7xl px-4 py-12 lg:px-8">
        <h1 className="text-3xl font-bold md:text-4xl">Browse All Listings</h1>
        <p className="mt-2 text-blue-100">Find great deals from sellers across the district.</p>
        <div className="mt-6">{children}</div>
      </div>
    </section>
  )
}
