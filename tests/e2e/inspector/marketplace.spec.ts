import path from 'node:path'
import { expect, test } from '@playwright/test'
import type { NavTreeNode } from '../../../packages/vite-plugin-visual-edit/src/protocol/nav-tree-node.ts'
import { serveWithEdit } from './edit-session.ts'
import { connectEditor } from './outline-app.ts'

/**
 * The inspector on the example marketplace as `npm start` serves it (`visual-edit edit`): a real app
 * with react-router, lazy pages and Tailwind, not a fixture. The editor's side is played by the page
 * itself (see connectEditor).
 */
const MARKETPLACE = path.resolve(import.meta.dirname, '../../../examples/marketplace')
const SOURCES = `${path.join(MARKETPLACE, 'src')}${path.sep}`

const { fileOf } = serveWithEdit(MARKETPLACE, (page) =>
  expect(page.getByTestId('listing-card').first()).toBeVisible({ timeout: 60_000 }),
)

const componentNames = (nodes: NavTreeNode[]) =>
  new Set(nodes.filter((node) => node.isComponent).map((node) => node.name))

test('the tree names the app components, and every codebase id in it is one the dev server tagged in the marketplace sources', async ({
  page,
}) => {
  const editor = await connectEditor(page)
  await expect.poll(async () => (await editor.trees()).length).toBeGreaterThan(0)
  const nodes = await editor.tree()
  expect(nodes.length).toBeGreaterThan(100)

  const names = componentNames(nodes)
  for (const name of [
    'SiteLayout',
    'Header',
    'HomePage',
    'HeroSearch',
    'CategoryGrid',
    'ListingCard',
    'Footer',
  ]) {
    expect(names, name).toContain(name)
  }
  // React Router's own components are not the app's code: untagged, they are not nodes.
  expect(names).not.toContain('RouterProvider')

  const ids = new Set(nodes.map((node) => node.key.codebaseId).filter((id) => id.startsWith('tempo-')))
  expect(ids.size).toBeGreaterThan(50)
  for (const id of ids) expect(fileOf(id), id).toMatch(/\.tsx$/)
  for (const id of ids) expect(fileOf(id)?.startsWith(SOURCES), id).toBe(true)
  expect(nodes.some((node) => node.elementTagName === 'visual-edit-overlay')).toBe(false)

  // A listing card's component node sits where ListingCard is used, its host elements under it.
  const card = nodes.find((node) => node.isComponent && node.name === 'ListingCard')
  expect(card?.children.length).toBeGreaterThan(0)
  const article = nodes[card?.children[0] ?? -1]
  expect(article?.elementTagName).toBe('article')
  expect(fileOf(article?.key.codebaseId ?? '')).toBe(
    path.join(MARKETPLACE, 'src/components/listings/ListingCard.tsx'),
  )
})

test('a click on a listing card selects the JSX element in ListingCard.tsx and outlines it', async ({
  page,
}) => {
  const editor = await connectEditor(page)
  const title = page.getByTestId('listing-card').first().getByRole('heading')
  await title.click({ position: { x: 4, y: 4 } })
  await expect.poll(async () => (await editor.events('SELECTED_ELEMENT_KEY')).length).toBeGreaterThan(0)
  const key = await editor.selected()
  expect(fileOf(key?.codebaseId ?? '')).toBe(
    path.join(MARKETPLACE, 'src/components/listings/ListingCard.tsx'),
  )
  // Edit mode: the click selected, it did not follow the card's link.
  expect(new URL(page.url()).pathname).toBe('/')

  // The click landed on the title's <Link>, react-router's component: from node_modules, so the tag
  // is not a prop it sees (no data-tempo-id on its <a>); the usage is selected through its fiber.
  await expect
    .poll(async () => (await editor.tree()).find((node) => node.key.codebaseId === key?.codebaseId)?.name)
    .toBe('Link')
  await expect.poll(async () => (await editor.overlays('primary')).length).toBe(1)
  const [primary] = await editor.overlays('primary')
  const selected = await title.locator('a').evaluate((element) => {
    const rect = element.getBoundingClientRect()
    return { left: rect.left, top: rect.top, width: rect.width, height: rect.height }
  })
  expect(selected).not.toBeNull()
  expect(primary?.left).toBeCloseTo(selected?.left ?? 0, 1)
  expect(primary?.top).toBeCloseTo(selected?.top ?? 0, 1)
  expect(primary?.width).toBeCloseTo(selected?.width ?? 0, 1)
  expect(primary?.height).toBeCloseTo(selected?.height ?? 0, 1)
})

test('in drive mode a link navigates on the client; the editor gets the new address and the new page tree', async ({
  page,
}) => {
  const editor = await connectEditor(page)
  await expect.poll(async () => (await editor.trees()).length).toBeGreaterThan(0)
  const before = (await editor.trees()).length
  await editor.call('enableDriveMode')
  await page
    .getByRole('link', { name: /Food & Dining/ })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Food & Dining' })).toBeVisible()

  await expect
    .poll(async () =>
      (await editor.events('LATEST_HREF')).map((event) => new URL(String(event.payload)).pathname),
    )
    .toContain('/food')
  await expect
    .poll(async () => {
      const all = await editor.trees()
      return all.length > before ? [...componentNames(all.at(-1) ?? [])] : []
    })
    .toContain('CategoryHero')
  const nodes = await editor.tree()
  expect(componentNames(nodes)).not.toContain('HomePage')
  for (const node of nodes) {
    if (node.key.codebaseId.startsWith('tempo-'))
      expect(fileOf(node.key.codebaseId)?.startsWith(SOURCES)).toBe(true)
  }
  await editor.call('disableDriveMode')
})

test("a dialog portaled to the body keeps its JSX's shape in the tree: the usage, Dialog.Root and Dialog.Portal above the overlay and the content", async ({
  page,
}) => {
  const editor = await connectEditor(page)
  await editor.call('enableDriveMode')
  await page.getByTestId('listing-card').first().getByRole('link').first().click()
  await page.getByRole('button', { name: /Contact Seller/ }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expect
    .poll(async () => componentNames(await editor.tree()).has('AuthPromptDialog'), { timeout: 10_000 })
    .toBe(true)
  const nodes = await editor.tree()
  const usage = nodes.find((node) => node.isComponent && node.name === 'AuthPromptDialog') as NavTreeNode
  // Where it is used, not where it is defined: ListingActions renders <AuthPromptDialog />.
  expect(fileOf(usage.key.codebaseId)).toBe(
    path.join(MARKETPLACE, 'src/components/listing-detail/ListingActions.tsx'),
  )
  const childrenOf = (node: NavTreeNode) => node.children.map((index) => nodes[index] as NavTreeNode)
  const [root] = childrenOf(usage)
  expect(root?.name).toBe('Dialog')
  const [portal] = childrenOf(root as NavTreeNode)
  expect(portal?.name).toBe('DialogPortal')
  expect(childrenOf(portal as NavTreeNode).map((node) => node.name)).toEqual([
    'DialogOverlay',
    'DialogContent',
  ])
  // Its elements are the portaled ones: the outline goes around the overlay and the content.
  const [overlay, content] = childrenOf(portal as NavTreeNode)
  for (const node of [overlay, content]) {
    expect(fileOf(node?.key.codebaseId ?? '')).toBe(
      path.join(MARKETPLACE, 'src/components/auth/AuthPromptDialog.tsx'),
    )
  }
  await editor.call('disableDriveMode')
  await editor.call('setSelectedElement', usage.key)
  await expect.poll(async () => (await editor.overlays('primary')).length).toBe(1)
  const [primary] = await editor.overlays('primary')
  const viewport = page.viewportSize() as { width: number; height: number }
  // The overlay covers the viewport, so the union does too.
  expect(primary?.width).toBeCloseTo(viewport.width, 0)
})

test("the page scrolled: the next tree has the sticky header's page box where the header now is", async ({
  page,
}) => {
  const editor = await connectEditor(page)
  await expect.poll(async () => (await editor.trees()).length).toBeGreaterThan(0)
  const headerOf = (nodes: NavTreeNode[]) =>
    nodes.find((node) => !node.isComponent && node.elementTagName === 'header')
  const before = (await editor.trees()).length
  expect(headerOf(await editor.tree())?.pageBoundingBox?.pageY).toBe(0)

  await page.mouse.wheel(0, 600)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
  // The refresh runs once the scroll has settled: the header's page box is where the page stopped.
  await expect
    .poll(async () => {
      const scrolled = await page.evaluate(() => Math.round(window.scrollY))
      return headerOf(await editor.tree())?.pageBoundingBox?.pageY === scrolled
    })
    .toBe(true)
  expect((await editor.trees()).length).toBeGreaterThan(before)
  const header = headerOf(await editor.tree())
  expect(fileOf(header?.key.codebaseId ?? '')).toBe(
    path.join(MARKETPLACE, 'src/components/layout/Header.tsx'),
  )
})
