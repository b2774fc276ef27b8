import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test'
import { type CliProject, startCliProject } from '../projects/cli-project.ts'
import { type EditorPage, openEditor } from './editor-page.ts'

/**
 * The layers on a deep tree (issue 27: a real dashboard app nests 15+ levels, and at the panel's
 * width the deepest rows showed a chevron and no name). A page of our own, 18 levels from the App
 * component down to a `strong` inside a component with a long name, on a Vite 7 + Tailwind 4.1
 * project: every row keeps its icon and name inside the panel, at the panel's default width and at
 * its narrowest; the selection's path lists every ancestor and selects them by click and by keyboard;
 * a cut name shows whole in a tooltip.
 */
const LONG = 'QuarterlyRevenueBreakdownByRegionAndSalesChannel'
const APP = `export function App() {
  return (
    <div className="min-h-screen bg-slate-50">
      <main className="flex">
        <section className="flex-1 p-4">
          <div className="grid gap-4">
            <article className="rounded border bg-white">
              <div className="p-4">
                <div className="flex flex-col gap-2">
                  <div className="rounded bg-slate-100 p-2">
                    <ul className="space-y-1">
                      <li>
                        <div className="flex">
                          <div className="flex-1">
                            <div className="border-l pl-2">
                              <div>
                                <span className="block">
                                  <${LONG} />
                                </span>
                              </div>
                            </div>
                          </div>
                        </div>
                      </li>
                    </ul>
                  </div>
                </div>
              </div>
            </article>
          </div>
        </section>
      </main>
    </div>
  )
}

function ${LONG}() {
  return <strong data-testid="deepest">North-east direct sales</strong>
}
`
/** The deepest element's path, as the layers name its rows: from the App component down to it. */
const PATH = [
  'App',
  'div',
  'main',
  'section',
  'div',
  'article',
  'div',
  'div',
  'div',
  'ul',
  'li',
  'div',
  'div',
  'div',
  'div',
  'span',
  LONG,
  'strong',
]

// One project for the file's tests, one after the other (each on its own page): a second copy served
// at once would only load the machine the other specs share.
test.describe.configure({ mode: 'default' })

let served: CliProject
test.beforeAll(async () => {
  served = await startCliProject('vite7-tailwind41', undefined, { 'src/App.tsx': APP })
})
test.afterAll(async () => {
  await served?.stop()
})

const layers = (page: Page) => page.getByRole('region', { name: 'Layers' })
const selectionPath = (page: Page) => page.getByRole('navigation', { name: 'Selection path' })
const selectedRow = (page: Page) => page.locator('[role=treeitem][aria-selected=true]')

/** Opens the editor at `viewport` and selects the deepest element in the canvas. */
async function openOnDeepest(page: Page, viewport = { width: 1280, height: 800 }): Promise<EditorPage> {
  await page.setViewportSize(viewport)
  const editor = await openEditor(page, served)
  await editor.select(editor.app.getByTestId('deepest'))
  return editor
}

/**
 * Every row whose icon or name is not whole inside the panel, or whose name shows fewer than its first
 * ten characters (or all of a shorter one) before the row's edge: as '<level> <name>: <what>'.
 */
async function unreadableRows(page: Page): Promise<string[]> {
  return layers(page).evaluate((panel) => {
    const box = panel.getBoundingClientRect()
    const inside = (rect: DOMRect) =>
      rect.width > 0 &&
      rect.height > 0 &&
      rect.left >= box.left &&
      rect.right <= box.right &&
      rect.top >= box.top &&
      rect.bottom <= box.bottom
    const problems: string[] = []
    for (const row of panel.querySelectorAll('[role=treeitem]')) {
      const label = `${row.getAttribute('aria-level')} ${row.querySelector('[data-layer-name]')?.textContent}`
      const icon = row.querySelector('[data-layer-icon]')
      const name = row.querySelector('[data-layer-name]')
      const text = name?.firstChild
      if (!icon || !inside(icon.getBoundingClientRect())) problems.push(`${label}: icon`)
      if (!name || !text || !inside(name.getBoundingClientRect())) {
        problems.push(`${label}: name`)
        continue
      }
      const range = document.createRange()
      range.setStart(text, 0)
      range.setEnd(text, Math.min(10, text.textContent?.length ?? 0))
      if (range.getBoundingClientRect().right > name.getBoundingClientRect().right + 0.5)
        problems.push(`${label}: fewer than 10 characters`)
    }
    return problems
  })
}

/** The crumbs of the selection's path: those in the line and those behind its ellipsis, in order. */
async function crumbNames(page: Page): Promise<string[]> {
  const path = selectionPath(page)
  const names: string[] = []
  for (const item of await path.locator(':scope > ol:not([aria-hidden]) > li > button').all()) {
    if ((await item.getAttribute('aria-haspopup')) !== 'menu') {
      names.push(await item.innerText())
      continue
    }
    await item.click()
    await expect(page.getByRole('menu')).toBeVisible()
    names.push(...(await page.getByRole('menuitem').locator('[data-crumb-name]').allTextContents()))
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu')).toHaveCount(0)
  }
  return names
}

/** The left part of the window (the layers and what opens over them), attached to the test's report. */
async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name.replaceAll(' ', '-')}.png`)
  const height = page.viewportSize()?.height ?? 800
  await page.screenshot({ path: file, clip: { x: 0, y: 0, width: 560, height } })
  await testInfo.attach(name, { path: file, contentType: 'image/png' })
}

const crumb = (page: Page, name: string) => selectionPath(page).getByRole('button', { name, exact: true })

const rowOf = (page: Page, name: string): Locator =>
  page.getByRole('treeitem').filter({ has: page.locator(`[data-layer-name]:text-is("${name}")`) })

test('at 15+ levels every row keeps its icon and ten characters of its name inside the panel, at its default and narrowest widths', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000)
  await openOnDeepest(page)
  await expect(page.getByRole('treeitem')).toHaveCount(PATH.length)
  const deepest = selectedRow(page)
  await expect(deepest).toHaveAttribute('aria-level', String(PATH.length))
  await expect(deepest.locator('[data-layer-name]')).toHaveText('strong')
  expect(await unreadableRows(page)).toEqual([])
  // Past the indentation's cap, a row shows its level.
  await expect(deepest.locator('[data-layer-level]')).toHaveText(String(PATH.length))

  // The narrowest panel: its separator dragged as far left as it goes, taken beside the panel's
  // heading (a press on the canvas's side would clear the selection, one on a row would drag it).
  const separator = (await page.getByRole('separator').first().boundingBox()) as { x: number }
  const heading = (await page.getByRole('tab', { name: 'Layers' }).boundingBox()) as { y: number }
  await page.mouse.move(separator.x - 1, heading.y + 4)
  await page.mouse.down()
  await page.mouse.move(separator.x - 100, heading.y + 4, { steps: 5 })
  await page.mouse.up()
  await expect.poll(async () => (await layers(page).boundingBox())?.width).toBe(160)
  await expect(deepest).toHaveAttribute('aria-level', String(PATH.length))
  expect(await unreadableRows(page)).toEqual([])
  await attachScreenshot(page, testInfo, 'layers at 160 px')
})

test('the path of the selection lists every ancestor, each selectable by click and by keyboard, on a line that never moves', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000)
  const editor = await openOnDeepest(page)
  const path = selectionPath(page)
  const height = (await path.boundingBox())?.height
  expect(height).toBeGreaterThan(0)
  // Too long for the panel: it folds in the middle, and the ellipsis's menu has the rest.
  await expect(path.getByRole('button', { name: /^\d+ more:/ })).toBeVisible()
  await expect(crumb(page, 'App')).toBeVisible()
  await expect(crumb(page, 'strong')).toHaveAttribute('aria-current', 'true')
  expect(await crumbNames(page)).toEqual(PATH)
  // Hovering a crumb lights its element, as hovering its row does.
  await crumb(page, 'App').hover()
  await expect(rowOf(page, 'App')).toHaveAttribute('data-hovered', 'true')

  // A click on a crumb selects its element.
  await crumb(page, LONG).click()
  await expect(rowOf(page, LONG)).toHaveAttribute('aria-selected', 'true')
  await expect(crumb(page, LONG)).toHaveAttribute('aria-current', 'true')
  expect(await crumbNames(page)).toEqual(PATH.slice(0, -1))
  await crumb(page, 'App').click()
  await expect(selectedRow(page)).toHaveAttribute('aria-level', '1')
  expect(await crumbNames(page)).toEqual(['App'])
  expect((await path.boundingBox())?.height).toBe(height)

  // A crumb behind the ellipsis: chosen from its menu.
  await editor.select(editor.app.getByTestId('deepest'))
  await path.getByRole('button', { name: /^\d+ more:/ }).click()
  await attachScreenshot(page, testInfo, 'the ellipsis menu')
  await page.getByRole('menuitem', { name: 'article' }).click()
  await expect(selectedRow(page)).toHaveAttribute('aria-level', '6')
  await expect(crumb(page, 'article')).toHaveAttribute('aria-current', 'true')
  expect(await crumbNames(page)).toEqual(PATH.slice(0, 6))

  // By keyboard: Tab reaches the selected element's crumb, Left goes to its parent's, Enter selects it.
  await editor.select(editor.app.getByTestId('deepest'))
  await crumb(page, 'strong').focus()
  await page.keyboard.press('ArrowLeft')
  await expect(crumb(page, LONG)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(rowOf(page, LONG)).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Home')
  await expect(crumb(page, 'App')).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(path.getByRole('button', { name: /^\d+ more:/ })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem').first()).toBeFocused()
  await page.keyboard.press('ArrowDown')
  // Radix's menu moves the focus in a timer after the key: Enter goes to the item that has it then.
  await expect(page.getByRole('menuitem').nth(1)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(selectedRow(page)).toHaveAttribute('aria-level', '3')
  await expect(crumb(page, 'main')).toBeFocused()
  // Escape selects the parent (the editor's shortcut); the focus stays on the path, on the parent's crumb.
  await page.keyboard.press('Escape')
  await expect(selectedRow(page)).toHaveAttribute('aria-level', '2')
  await expect(path.locator('[aria-current]')).toBeFocused()

  // No selection: the line stays, saying so.
  await page.getByRole('region', { name: 'Canvas' }).click({ position: { x: 8, y: 8 } })
  await expect(path).toHaveText('No selection')
  expect((await path.boundingBox())?.height).toBe(height)
})

test('a cut name shows whole in a tooltip: on hover, and when the keyboard reaches its row or crumb', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000)
  await openOnDeepest(page)
  const component = rowOf(page, LONG)
  const name = component.locator('[data-layer-name]')
  expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)

  await name.hover()
  await expect(page.getByRole('tooltip')).toHaveText(LONG)
  await attachScreenshot(page, testInfo, 'tooltip on hover')
  // Away, in steps as a hand moves (Radix keeps a tooltip open for a pointer on its way to it).
  const heading = (await page.getByRole('tab', { name: 'Layers' }).boundingBox()) as {
    x: number
    y: number
  }
  await page.mouse.move(heading.x + 4, heading.y + 4, { steps: 10 })
  await expect(page.getByRole('tooltip')).toHaveCount(0)

  // The keyboard: Up from the deepest row selects the component's, whose tooltip shows; Escape hides it.
  await page.getByRole('tree').focus()
  await page.keyboard.press('ArrowUp')
  await expect(component).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tooltip')).toHaveText(LONG)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('tooltip')).toHaveCount(0)
  await expect(component).toHaveAttribute('aria-selected', 'true')

  // A crumb cut to its width, focused by the keyboard.
  await page.keyboard.press('ArrowDown')
  await crumb(page, 'strong').focus()
  await page.keyboard.press('ArrowLeft')
  await expect(crumb(page, LONG)).toBeFocused()
  await expect(page.getByRole('tooltip')).toHaveText(LONG)
})

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
])
  test(`the layers at ${viewport.width}x${viewport.height}, light and dark (screenshots attached)`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000)
    await openOnDeepest(page, viewport)
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark') await page.getByRole('button', { name: 'Dark theme' }).click()
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/)
      else await expect(page.locator('html')).not.toHaveClass(/dark/)
      // The pointer away from the panel and the frame: no hover, no tooltip.
      await page.mouse.move(viewport.width / 2, viewport.height - 4)
      expect(await unreadableRows(page)).toEqual([])
      const file = testInfo.outputPath(`layers-${viewport.width}x${viewport.height}-${theme}.png`)
      await layers(page).screenshot({ path: file })
      await testInfo.attach(`layers ${theme}`, { path: file, contentType: 'image/png' })
    }
  })
