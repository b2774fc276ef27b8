import { AnnouncementBanner } from '../components/home/AnnouncementBanner.tsx'
import { CategoryGrid } from '../components/home/CategoryGrid.tsx'
import { FeaturedCarousel } from '../components/home/FeaturedCarousel.tsx'
import { HeroSearch } from '../components/home/HeroSearch.tsx'
import { PricingPlans } from '../components/home/PricingPlans.tsx'
import { RegisterCallToAction } from '../components/home/RegisterCallToAction.tsx'
import { SITE } from '../data/site.ts'
import { useDocumentTitle } from '../lib/document-title.ts'
import { useSiteSettings } from '../lib/use-site-settings.ts'

/**
 * The home page: hero search, categories, featured listings, the register invitation and the plans;
 * the admin's announcement, when there is one, in a bar at the window's bottom.
 */
export function HomePage() {
  useDocumentTitle(SITE.tagline)
  const { announcement } = useSiteSettings()
  return (
    <>
      <HeroSearch />
      <AnnouncementBanner text={announcement} />
      <CategoryGrid />
      <FeaturedCarousel />
      <RegisterCallToAction />
      <PricingPlans />
    </>
  )
}
