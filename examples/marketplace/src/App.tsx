import { lazy } from 'react'
import {
  createBrowserRouter,
  Navigate,
  type RouteObject,
  RouterProvider,
  useLocation,
} from 'react-router-dom'
import { RequireAuth } from './components/auth/RequireAuth.tsx'
import { SiteLayout } from './components/layout/SiteLayout.tsx'
import { CATEGORIES } from './data/categories.ts'
import { categorySlug } from './lib/slug.ts'
import { HomePage } from './pages/HomePage.tsx'
import { SearchPage } from './pages/SearchPage.tsx'

// The home and search pages ship in the entry chunk (the search page's heading is /search's largest
// paint: a chunk of its own put a round trip between the first paint and it, 0.4 s in Lighthouse's
// mobile simulation); every other page loads when first visited.
const ListingDetailPage = lazy(() =>
  import('./pages/ListingDetailPage.tsx').then((module) => ({ default: module.ListingDetailPage })),
)
const CategoryPage = lazy(() =>
  import('./pages/CategoryPage.tsx').then((module) => ({ default: module.CategoryPage })),
)
const CategoriesPage = lazy(() =>
  import('./pages/CategoriesPage.tsx').then((module) => ({ default: module.CategoriesPage })),
)
const AboutPage = lazy(() =>
  import('./pages/AboutPage.tsx').then((module) => ({ default: module.AboutPage })),
)
const ContactPage = lazy(() =>
  import('./pages/ContactPage.tsx').then((module) => ({ default: module.ContactPage })),
)
const PrivacyPage = lazy(() =>
  import('./pages/PrivacyPage.tsx').then((module) => ({ default: module.PrivacyPage })),
)
const TermsPage = lazy(() =>
  import('./pages/TermsPage.tsx').then((module) => ({ default: module.TermsPage })),
)
const AuthPage = lazy(() => import('./pages/AuthPage.tsx').then((module) => ({ default: module.AuthPage })))
const AuthCallbackPage = lazy(() =>
  import('./pages/AuthCallbackPage.tsx').then((module) => ({ default: module.AuthCallbackPage })),
)
const DashboardPage = lazy(() =>
  import('./pages/DashboardPage.tsx').then((module) => ({ default: module.DashboardPage })),
)
const AdminPage = lazy(() =>
  import('./pages/AdminPage.tsx').then((module) => ({ default: module.AdminPage })),
)
const NotFoundPage = lazy(() =>
  import('./pages/NotFoundPage.tsx').then((module) => ({ default: module.NotFoundPage })),
)

/** `/food-dining?x=1` -> `/food?x=1`: every slug the hero rule can produce lands on its category. */
function CategoryAlias({ categoryId }: { categoryId: string }) {
  const { search } = useLocation()
  return <Navigate to={`/${categoryId}${search}`} replace />
}

const categoryRoutes: RouteObject[] = CATEGORIES.map((category) => ({
  path: category.id,
  element: <CategoryPage key={category.id} categoryId={category.id} />,
}))

const categoryAliasRoutes: RouteObject[] = CATEGORIES.filter(
  (category) => categorySlug(category.name) !== category.id,
).map((category) => ({
  path: categorySlug(category.name),
  element: <CategoryAlias categoryId={category.id} />,
}))

/** The app's routes (spec section 2): the pages, every category's route and its hero-slug alias. */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'search', element: <SearchPage /> },
      { path: 'listings', element: <SearchPage /> },
      { path: 'listing/:id', element: <ListingDetailPage /> },
      { path: 'categories', element: <CategoriesPage /> },
      { path: 'category/all', element: <CategoriesPage /> },
      { path: 'category/:categoryId', element: <CategoryPage /> },
      ...categoryRoutes,
      ...categoryAliasRoutes,
      { path: 'about', element: <AboutPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'auth', element: <AuthPage /> },
      { path: 'auth/callback', element: <AuthCallbackPage /> },
      {
        path: 'dashboard',
        element: (
          <RequireAuth>
            <DashboardPage />
          </RequireAuth>
        ),
      },
      {
        path: 'admin',
        element: (
          <RequireAuth roles={['admin']}>
            <AdminPage />
          </RequireAuth>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

const router = createBrowserRouter(routes)

export function App() {
  return <RouterProvider router={router} />
}
