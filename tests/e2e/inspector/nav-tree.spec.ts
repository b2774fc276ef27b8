import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import react from '@vitejs/plugin-react'
import type { ViteDevServer } from 'vite'
import { freePort } from '../../../packages/cli/src/network.ts'
import { visualEdit } from '../../../packages/vite-plugin-visual-edit/src/index.ts'
import type {
  NavTreeNode,
  NavTreeWire,
} from '../../../packages/vite-plugin-visual-edit/src/protocol/nav-tree-node.ts'
import { decodeNavTree } from '../../../packages/vite-plugin-visual-edit/src/protocol/nav-tree-wire.ts'
import { listenDevServer } from '../../helpers/dev-server.ts'
import { copyFixture } from '../../helpers/temp-project.ts'

/**
 * The navigation tree in Chromium, on tests/fixtures/inspector-app served by a dev server with
 * visualEdit(): the page connects to itself as the editor would (a top-level page is its own
 * `window.parent`, and the server allows the app's origin as an editor's, which a real editor never
 * needs: docs/SECURITY.md) and records every NAV_TREE event.
 */
let server: ViteDevServer
let baseUrl = ''
let removeProject = () => {}

test.beforeAll(async () => {
  const project = copyFixture('inspector-app')
  removeProject = project.remove
  const port = await freePort('127.0.0.1')
  ;({ server, url: baseUrl } = await listenDevServer({
    root: project.dir,
    cacheDir: path.join(project.dir, '.vite'),
    plugins: [visualEdit({ allowedOrigins: [`http://127.0.0.1:${port}`] }), react()],
    server: { port, strictPort: true },
    optimizeDeps: { include: ['react', 'react-dom/client', 'react/jsx-dev-runtime'] },
  }))
})

test.afterAll(async () => {
  await server?.close()
  removeProject()
})

interface Recorded {
  at: number
  nodes: NavTreeNode[]
  html?: string
}

/** What the page stores: the NAV_TREE payload as it arrived (the wire form) and when. */
interface Received {
  at: number
  tree: NavTreeWire
  html?: string
}

/** Opens the app, waits for React's first render and connects as the editor. */
async function openAndConnect(page: Page): Promise<void> {
  await page.goto(baseUrl)
  await expect(page.locator('li.row')).toHaveCount(2)
  await page.evaluate(() => {
    const state = window as unknown as {
      trees: Received[]
      replies: unknown[]
      editor: MessagePort
    }
    state.trees = []
    state.replies = []
    const channel = new MessageChannel()
    channel.port1.onmessage = (event) => {
      const data = event.data as { id?: unknown; type?: string; payload?: object }
      if (data.id !== undefined) state.replies.push(data)
      else if (data.type === 'NAV_TREE')
        state.trees.push({ ...(data.payload as Omit<Received, 'at'>), at: performance.now() })
    }
    state.editor = channel.port1
    window.postMessage('init', location.origin, [channel.port2])
  })
}

const trees = async (page: Page): Promise<Recorded[]> => {
  const received = await page.evaluate(() => (window as unknown as { trees: Received[] }).trees)
  return received.map(({ tree, ...rest }) => ({ ...rest, nodes: decodeNavTree(tree) }))
}

async function call(page: Page, functionName: string, args: unknown[]): Promise<unknown> {
  return page.evaluate(
    ({ functionName, args }) => {
      const state = window as unknown as { replies: { id: number }[]; editor: MessagePort }
      const id = Math.floor(Math.random() * 1e9)
      state.editor.postMessage({ id, type: 'executeFunction', payload: { functionName, args } })
      return new Promise((resolve) => {
        const poll = () => {
          const reply = state.replies.find((candidate) => candidate.id === id)
          if (reply) resolve(reply)
          else setTimeout(poll, 5)
        }
        poll()
      })
    },
    { functionName, args },
  )
}

test('the first tree arrives after initProject, and only then', async ({ page }) => {
  await openAndConnect(page)
  // Connected but not initialised: the inspector watches the DOM and sends nothing.
  await page.waitForTimeout(500)
  expect(await trees(page)).toEqual([])

  const reply = await call(page, 'initProject', [{ storyboardId: 'e2e' }])
  expect(reply).toMatchObject({ result: { nodes: expect.any(Number) } })
  await expect.poll(async () => (await trees(page)).length).toBe(1)
  const [first] = await trees(page)
  const nodes = first?.nodes ?? []
  expect(first?.html).toBeUndefined()
  // <App /> (main.tsx) is the root; everything under it is keyed for this storyboard.
  expect(nodes[0]).toMatchObject({ name: 'App', isComponent: true, parent: null, level: 0 })
  expect(
    nodes.every((node) => node.key.storyboardId === 'e2e' && node.key.codebaseId.startsWith('tempo-')),
  ).toBe(true)
  expect(nodes.find((node) => node.name === 'main')?.classList).toEqual(['page'])
  // The overlay the outlines added on connection is not in the tree.
  expect(nodes.some((node) => node.elementTagName.includes('overlay'))).toBe(false)

  // The page's HTML comes only when asked, with that one tree.
  await call(page, 'initProject', [{ storyboardId: 'e2e', includeHtml: true }])
  await expect.poll(async () => (await trees(page)).length).toBe(2)
  expect((await trees(page))[1]?.html).toContain('data-tempo-id="tempo-')
  await call(page, 'initProject', [{ storyboardId: 'e2e' }])
  await expect.poll(async () => (await trees(page)).length).toBe(3)
  expect((await trees(page))[2]?.html).toBeUndefined()
})

test('components appear with their names, between their host parent and what they render', async ({
  page,
}) => {
  await openAndConnect(page)
  await call(page, 'initProject', [{ storyboardId: 'e2e' }])
  await expect.poll(async () => (await trees(page)).length).toBe(1)
  const nodes = (await trees(page))[0]?.nodes ?? []
  const components = nodes.filter((node) => node.isComponent)
  expect(components.map((node) => node.name)).toEqual(['App', 'Card', 'Row', 'Row', 'Field'])

  const card = components[1] as NavTreeNode
  expect(card.props?.title).toEqual({ type: 'LITERAL', value: 'Groceries' })
  expect(card.scope).toBe('App')
  expect(nodes[card.parent as number]?.name).toBe('main')
  const section = nodes[card.children[0] as number]
  expect(section).toMatchObject({ name: 'section', scope: 'Card', level: card.level + 1 })
  expect(card.key.uniquePath).toBe(`${section?.key.uniquePath}-Card`)

  // memo(Row): one node per rendered row, each over its <li>.
  const rows = components.filter((node) => node.name === 'Row')
  expect(rows.map((row) => row.props?.label?.value)).toEqual(['Apples', 'Pears'])
  expect(rows[0]?.key.codebaseId).toBe(rows[1]?.key.codebaseId)
  expect(rows.map((row) => nodes[row.children[0] as number]?.literalChildren)).toEqual([
    ['Apples'],
    ['Pears'],
  ])
  // forwardRef(Field) renders an input: the box is the input's, in page coordinates.
  const field = components[4] as NavTreeNode
  const box = await page.locator('input').evaluate((input) => {
    const rect = input.getBoundingClientRect()
    return { pageX: rect.left + scrollX, pageY: rect.top + scrollY, width: rect.width, height: rect.height }
  })
  expect(field.elementTagName).toBe('input')
  for (const side of ['pageX', 'pageY', 'width', 'height'] as const) {
    expect(Math.abs(field.pageBoundingBox[side] - box[side])).toBeLessThanOrEqual(0.5)
  }
})

test('a DOM change yields a new tree about 300 ms later', async ({ page }) => {
  await openAndConnect(page)
  await call(page, 'initProject', [{ storyboardId: 'e2e' }])
  await expect.poll(async () => (await trees(page)).length).toBe(1)
  // In edit mode a click selects; in drive mode it reaches the app, which re-renders.
  await call(page, 'enableDriveMode', [])
  await page.waitForTimeout(400)
  expect(await trees(page)).toHaveLength(1)

  const changedAt = await page.evaluate(() => {
    ;(document.querySelector('button') as HTMLButtonElement).click()
    return performance.now()
  })
  await expect.poll(async () => (await trees(page)).length).toBe(2)
  const second = (await trees(page))[1] as Recorded
  const delay = second.at - changedAt
  expect(delay).toBeGreaterThanOrEqual(295)
  expect(delay).toBeLessThan(1000)
  const rows = second.nodes.filter((node) => node.name === 'Row')
  expect(rows.map((row) => row.props?.label?.value)).toEqual(['Apples', 'Pears', 'Item 3'])
  // One change, one new tree.
  await page.waitForTimeout(600)
  expect(await trees(page)).toHaveLength(2)
})

test('the tree refreshed after a change is the tree a whole walk gives', async ({ page }) => {
  await openAndConnect(page)
  await call(page, 'initProject', [{ storyboardId: 'e2e' }])
  await expect.poll(async () => (await trees(page)).length).toBe(1)
  await call(page, 'enableDriveMode', [])
  await page.evaluate(() => (document.querySelector('button') as HTMLButtonElement).click())
  await expect.poll(async () => (await trees(page)).length).toBe(2)
  // initProject walks the whole page again, which nothing has changed since.
  await call(page, 'initProject', [{ storyboardId: 'e2e' }])
  await expect.poll(async () => (await trees(page)).length).toBe(3)
  const [, refreshed, walked] = await trees(page)
  expect(refreshed?.nodes.filter((node) => node.name === 'Row')).toHaveLength(3)
  expect(refreshed?.nodes).toEqual(walked?.nodes)
  const kinds = await page.evaluate(() =>
    performance
      .getEntriesByName('visual-edit nav tree')
      .map((entry) => ((entry as PerformanceMeasure).detail as { kind: string }).kind),
  )
  expect(kinds).toEqual(['walk', 'refresh', 'walk'])
})

test("the page scrolled refreshes the tree once it settles: sent when a fixed element's page box moved, not otherwise", async ({
  page,
}) => {
  await openAndConnect(page)
  await page.evaluate(() => {
    document.body.style.minHeight = '3000px'
    const style = document.createElement('style')
    style.id = 'fixed'
    style.textContent = 'input { position: fixed; top: 10px; left: 10px }'
    document.head.appendChild(style)
  })
  await call(page, 'initProject', [{ storyboardId: 'e2e' }])
  await expect.poll(async () => (await trees(page)).length).toBeGreaterThan(0)
  const measures = () => page.evaluate(() => performance.getEntriesByName('visual-edit nav tree').length)
  // The restyle's own refresh, 300 ms after it, is over: no walk or refresh for 700 ms. A fixed
  // wait would count too early on a loaded machine.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const count = () => performance.getEntriesByName('visual-edit nav tree').length
          const seen = count()
          await new Promise((resolve) => setTimeout(resolve, 700))
          return count() === seen
        }),
      { timeout: 15_000 },
    )
    .toBe(true)
  const boxOf = (tree: Recorded | undefined, tag: string) =>
    tree?.nodes.find((node) => node.elementTagName === tag)?.pageBoundingBox
  const sent = (await trees(page)).length
  const first = (await trees(page)).at(-1)
  expect(boxOf(first, 'input')).toMatchObject({ pageX: 10, pageY: 10 })

  // A stream of scrolls: one refresh after the last, with the fixed field's new page box only.
  const before = await measures()
  // Timed in the page: a round trip from the test per scroll can outlast the 300 ms settle.
  await page.evaluate(async () => {
    for (const top of [100, 200, 300, 400, 500]) {
      window.scrollTo(0, top)
      await new Promise((resolve) => setTimeout(resolve, 60))
    }
  })
  await expect.poll(async () => (await trees(page)).length).toBe(sent + 1)
  expect(await measures()).toBe(before + 1)
  const second = (await trees(page)).at(-1)
  expect(boxOf(second, 'input')).toMatchObject({ pageX: 10, pageY: 510 })
  expect(boxOf(second, 'h2')).toEqual(boxOf(first, 'h2'))

  // With nothing fixed, a scroll moves no page box: the refresh runs and sends nothing.
  await page.evaluate(() => document.getElementById('fixed')?.remove())
  await expect.poll(async () => (await trees(page)).length).toBe(sent + 2)
  const ran = await measures()
  await page.evaluate(() => window.scrollTo(0, 100))
  await expect.poll(measures).toBe(ran + 1)
  await page.waitForTimeout(100)
  expect(await trees(page)).toHaveLength(sent + 2)
})
