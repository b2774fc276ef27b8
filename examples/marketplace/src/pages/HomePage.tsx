import { CategoryGrid } from '../components/home/CategoryGrid.tsx'
import { FeaturedCarousel } from '../components/home/FeaturedCarousel.tsx'
import { HeroSearch } from '../components/home/HeroSearch.tsx'
import { PricingPlans } from '../components/home/PricingPlans.tsx'
import { RegisterCallToAction } from '../components/home/RegisterCallToAction.tsx'
import { SITE } from '../data/site.ts'
import { useDocumentTitle } from '../lib/document-title.ts'

/** The home page: hero search, categories, featured listings, the register invitation and the plans. */
export function HomePage() {
  useDocumentTitle(SITE.tagline)
  return (
    <>
      <HeroSearch />
      <CategoryGrid />
      <FeaturedCarousel />
      <RegisterCallToAction />
      <PricingPlans />
    </>
  )
}
