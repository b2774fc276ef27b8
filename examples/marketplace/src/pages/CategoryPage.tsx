import { useParams } from 'react-router-dom'
import { CategoryHero } from '../components/category/CategoryHero.tsx'
import { CategoryListings } from '../components/category/CategoryListings.tsx'
import { findCategory } from '../data/categories.ts'
import { useDocumentTitle } from '../lib/document-title.ts'
import { categoryIdForSlug } from '../lib/slug.ts'
import { NotFoundPage } from './NotFoundPage.tsx'

interface CategoryPageProps {
  /** Set by the `/{categoryId}` routes; `/category/:categoryId` reads the route parameter instead. */
  categoryId?: string
}

/** One category's listings: hero, filter card and results; an unknown category is a not-found page. */
export function CategoryPage({ categoryId }: CategoryPageProps) {
  const params = useParams()
  const requested = categoryId ?? params.categoryId ?? ''
  const category = findCategory(categoryIdForSlug(requested) ?? requested)
  // Before the early return, as hooks must run on every render; NotFoundPage sets the same title.
  useDocumentTitle(category?.name ?? 'Page Not Found')
  if (!category) return <NotFoundPage />

  return (
    <>
      <CategoryHero category={category} />
      <CategoryListings key={category.id} category={category} />
    </>
  )
}
