import type { ReactNode } from 'react'

interface PageHeroProps {
  title: string
  children?: ReactNode
}

/** The blue banner with the page's h1 that opens the static pages. */
export function PageHero({ title, children }: PageHeroProps) {
  return (
    <section className="bg-blue-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-12 lg:px-8">
        <h1 className="text-3xl font-bold md:text-4xl">{title}</h1>
        {children && <div className="mt-3 max-w-3xl text-blue-100">{children}</div>}
      </div>
    </section>
  )
}
