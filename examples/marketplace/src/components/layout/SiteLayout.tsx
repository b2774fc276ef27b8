import { Suspense, useEffect } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import { Footer } from './Footer.tsx'
import { Header } from './Header.tsx'

/** 'Loading...' while a page (or the session a page waits for) loads. */
export function PageFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <span className="text-gray-500">Loading...</span>
    </div>
  )
}

/**
 * Header, the routed page and the footer; a new page starts at the top. The main area is at least a
 * window tall, so the footer starts below the fold: a page that fills in after its first paint (its
 * lazy chunk, its listings) moves nothing in view (it pushed the footer down: a layout shift of 0.15
 * to 0.42 on /search and /listing/:id, Lighthouse's CLS).
 */
export function SiteLayout() {
  const { pathname } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on every path change
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])

  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <Header />
      <main className="min-h-screen flex-1">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  )
}
