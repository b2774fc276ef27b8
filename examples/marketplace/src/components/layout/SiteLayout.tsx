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

/** Header, the routed page and the footer; a new page starts at the top. */
export function SiteLayout() {
  const { pathname } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on every path change
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])

  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <Header />
      <main className="flex-1">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  )
}
