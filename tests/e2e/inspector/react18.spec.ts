import path from 'node:path'
import { expect, test } from '@playwright/test'
import type { NavTreeNode } from '../../../packages/vite-plugin-visual-edit/src/protocol/nav-tree-node.ts'
import { serveWithEdit } from './edit-session.ts'
import { box, connectEditor } from './outline-app.ts'

/**
 * A React 18 project (tests/react18/app, whose react and react-dom are 18.3.1) served by
 * `visual-edit edit` as a user would run it: the plugin tags its JSX, the inspector builds the tree
 * from React 18's fibers, a click selects, and a re-render shows in the next tree.
 */
const APP = path.resolve(import.meta.dirname, '../../react18/app')
const SOURCES = `${path.join(APP, 'src')}${path.sep}`

const { fileOf } = serveWithEdit(APP, (page) =>
  expect(page.locator('footer')).toHaveText(/^React 18\./, { timeout: 60_000 }),
)

test('the tree has the app components from React 18 fibers, each id tagged in the app sources', async ({
  page,
}) => {
  const editor = await connectEditor(page)
  await expect.poll(async () => (await editor.tree()).length).toBeGreaterThan(0)
  const nodes = await editor.tree()
  expect(nodes.filter((node) => node.isComponent).map((node) => node.name)).toEqual([
    'App',
    'Card',
    'Row',
    'Row',
  ])
  for (const node of nodes)
    expect(fileOf(node.key.codebaseId)).toMatch(new RegExp(`^${SOURCES.replaceAll('\\', '\\\\')}`))
  const card = nodes.find((node) => node.name === 'Card') as NavTreeNode
  expect(card.props?.title).toEqual({ type: 'LITERAL', value: 'Plans 0' })
  expect(card.scope).toBe('App')
})

test('a click selects the JSX that rendered the element, outlined where it is', async ({ page }) => {
  const editor = await connectEditor(page)
  await page.locator('h2').click()
  await expect.poll(async () => (await editor.events('SELECTED_ELEMENT_KEY')).length).toBeGreaterThan(0)
  const key = await editor.selected()
  expect(key?.codebaseId).toBe(await page.locator('h2').getAttribute('data-tempo-id'))
  expect(fileOf(key?.codebaseId ?? '')).toBe(path.join(SOURCES, 'App.tsx'))
  const rect = box(await editor.rect('h2'))
  await expect.poll(async () => (await editor.overlays('primary')).map(box)).toEqual([rect])
})

test("a re-render that leaves the component's element as it was shows its new props in the next tree", async ({
  page,
}) => {
  const editor = await connectEditor(page)
  await expect.poll(async () => (await editor.tree()).length).toBeGreaterThan(0)
  for (const plans of [1, 2, 3]) {
    // Card's <section> is not updated in the DOM (only its <h2>'s text): React 18 leaves its props
    // handle and its stored fiber as they were.
    await page.evaluate(() => (window as unknown as { morePlans: () => void }).morePlans())
    await expect
      .poll(async () => (await editor.tree()).find((node) => node.name === 'Card')?.props?.title)
      .toEqual({ type: 'LITERAL', value: `Plans ${plans}` })
  }
})
