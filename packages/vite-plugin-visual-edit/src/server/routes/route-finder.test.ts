import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { SourceParseError } from '../../errors.ts'
import { appRoutes } from './app-routes.ts'
import { findRoutes, joinRoutePath } from './route-finder.ts'

const paths = (source: string, file = 'src/App.tsx') => findRoutes(source, file).map((route) => route.path)

describe('findRoutes', () => {
  test('react-router elements, nested, with an index route and params', () => {
    const source = `import { BrowserRouter, Route, Routes } from 'react-router-dom'
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Layout />}>
          <Route index element={<Home />} />
          <Route path="listing/:id" element={<Listing />} />
          <Route path="admin" element={<Admin />}>
            <Route path="users/:userId?" element={<Users />} />
            <Route path="*" element={<AdminMissing />} />
          </Route>
        </Route>
        <Route path={'/about'} element={<About />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </BrowserRouter>
  )
}`
    expect(findRoutes(source, 'src/App.tsx')).toEqual([
      { path: '/', file: 'src/App.tsx', line: 6 },
      { path: '/', file: 'src/App.tsx', line: 7 },
      { path: '/listing/:id', file: 'src/App.tsx', line: 8 },
      { path: '/admin', file: 'src/App.tsx', line: 9 },
      { path: '/admin/users/:userId?', file: 'src/App.tsx', line: 10 },
      { path: '/admin/*', file: 'src/App.tsx', line: 11 },
      { path: '/about', file: 'src/App.tsx', line: 14 },
    ])
  })

  test('createBrowserRouter objects as the marketplace writes them: a pathless layout, computed paths left out', () => {
    const source = `const categoryRoutes: RouteObject[] = CATEGORIES.map((category) => ({
  path: category.id,
  element: <CategoryPage categoryId={category.id} />,
}))
const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'listing/:id', element: <ListingDetailPage /> },
      { path: \`category/all\`, element: <CategoriesPage /> },
      ...categoryRoutes,
      { path: 'dashboard', element: (<RequireAuth><DashboardPage /></RequireAuth>), children: [{ path: 'listings', element: <Mine /> }] },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]
const router = createBrowserRouter(routes)`
    expect(paths(source)).toEqual(['/', '/listing/:id', '/category/all', '/dashboard', '/dashboard/listings'])
  })

  test('route arrays in a .ts module, and createBrowserRouter called with objects inline', () => {
    const routes = `export const routes = [
  { path: '/settings', component: Settings },
  { path: '/settings/billing', component: Billing },
]`
    expect(paths(routes, 'src/routes.ts')).toEqual(['/settings', '/settings/billing'])
    const inline = `createBrowserRouter([{ path: '/', Component: Root, children: [{ path: 'team/:teamId', lazy: () => import('./team') }] }])`
    expect(paths(inline, 'src/main.tsx')).toEqual(['/', '/team/:teamId'])
  })

  test('an object with a path that is no route is not one', () => {
    const source = `request({ path: 'rest/v1/listings', method: 'GET' })
const link = { path: '/x' }
const tree = { children: [{ path: 'a' }] }`
    expect(paths(source, 'src/api.ts')).toEqual([])
  })

  test('a file that does not parse throws the parser error', () => {
    expect(() => findRoutes('<Route path="/a"', 'src/App.tsx')).toThrow(SourceParseError)
  })

  test.each([
    ['', 'about', '/about'],
    ['/admin', 'users', '/admin/users'],
    ['/admin', '/admin/users', '/admin/users'],
    ['/', '', '/'],
    ['/a/', '/b//c/', '/b/c'],
  ])('joinRoutePath(%j, %j) is %j', (parent, child, joined) => {
    expect(joinRoutePath(parent, child)).toBe(joined)
  })
})

describe('appRoutes', () => {
  let root: string | undefined
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true })
  })

  test("walks the project's source, each path once, node_modules and tests left out, broken files named", async () => {
    root = mkdtempSync(path.join(tmpdir(), 'app-routes-'))
    mkdirSync(path.join(root, 'src/pages'), { recursive: true })
    mkdirSync(path.join(root, 'node_modules/lib'), { recursive: true })
    writeFileSync(path.join(root, 'src/App.tsx'), '<Routes><Route path="/" /><Route path="/shop" /></Routes>')
    writeFileSync(
      path.join(root, 'src/pages/routes.ts'),
      "export default [{ path: '/shop', component: A }, { path: '/cart', component: B }]",
    )
    writeFileSync(path.join(root, 'src/App.test.tsx'), '<Route path="/test-only" />')
    writeFileSync(path.join(root, 'src/Broken.tsx'), '<Route path="/broken"')
    writeFileSync(
      path.join(root, 'node_modules/lib/index.js'),
      "createBrowserRouter([{ path: '/lib', element: 1 }])",
    )
    const found = await appRoutes(root)
    expect(found.routes).toEqual([
      { path: '/', file: 'src/App.tsx', line: 1 },
      { path: '/shop', file: 'src/App.tsx', line: 1 },
      { path: '/cart', file: 'src/pages/routes.ts', line: 1 },
    ])
    expect(found.skipped.map((entry) => entry.file)).toEqual(['src/Broken.tsx'])
  })
})
