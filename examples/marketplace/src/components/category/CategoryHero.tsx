import type { Category } from '../../data/categories.ts'

interface CategoryHeroProps {
  category: Category
}

/** The category listing page's banner: icon, name and description. */
export function CategoryHero({ category }: CategoryHeroProps) {
  return (
    <section className="bg-blue-700 text-white">
      <div className="mx-auto flex max-w-7xl items-center gap-5 px-4 py-10 lg:px-8">
        <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-white/15">
          <category.icon className="h-8 w-8" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-3xl font-bold md:text-4xl">{category.name}</h1>
          <p className="mt-2 text-blue-100">{category.description}</p>
        </div>
      </div>
    </section>
  )
}
