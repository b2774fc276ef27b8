import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { type CliProject, startCliProject } from '../projects/cli-project.ts'
import {
  changedSince,
  type EditorPage,
  expectAccessible,
  openEditor,
  snapshotSources,
} from './editor-page.ts'

/**
 * A shift-click selection of siblings (issue 31) through `visual-edit edit` on a Vite 7 + Tailwind 4.1
 * project with a page of our own: duplicate, wrap and delete each one request naming every selected
 * element, a style written to each (one undo step), the Styles panel showing what they share and
 * 'Mixed' where they differ; each edit read back from the file and seen in the frame, undo to the bytes.
 */
const APP = `export function App() {
  return (
    <main className="p-8">
      <div data-testid="row" className="flex gap-2">
        <span className="bg-red-200 p-2">A</span>
        <span className="bg-green-200 p-2">B</span>
        <span className="bg-blue-200 p-2">C</span>
      </div>
      <div data-testid="column" className="mt-4 flex w-48 flex-col gap-2">
        <p className="h-10 bg-slate-100">C1</p>
        <p className="h-10 bg-slate-300">C2</p>
      </div>
    </main>
  )
}
`

let served: CliProject
test.beforeAll(async () => {
  test.setTimeout(120_000)
  served = await startCliProject('vite7-tailwind41', undefined, { 'src/App.tsx': APP })
})
test.afterAll(async () => {
  await served?.stop()
})

const source = () => readFileSync(path.join(served.dir, 'src/App.tsx'), 'utf8')

/** The requests the editor made to each mutate route, with their bodies. */
function mutations(page: Page): (operation: string) => Record<string, unknown>[] {
  const seen: { operation: string; body: Record<string, unknown> }[] = []
  page.on('request', (request) => {
    const match = /\/parseAndMutate\/mutate\/(\w+)$/.exec(request.url())
    if (match && request.method() === 'POST')
      seen.push({ operation: match[1] as string, body: request.postDataJSON() as Record<string, unknown> })
  })
  return (operation) => seen.filter((entry) => entry.operation === operation).map((entry) => entry.body)
}

/** Clicks `first`, shift-clicks `others` and waits until the layers show them all selected. */
async function selectSiblings(editor: EditorPage, first: Locator, ...others: Locator[]) {
  await editor.select(first)
  for (const other of others) {
    await other.click({ modifiers: ['Shift'] })
    const id = (await other.getAttribute('data-tempo-id')) as string
    await expect(editor.row(id)).toHaveAttribute('aria-selected', 'true')
  }
  await expect(editor.page.locator('[role=treeitem][aria-selected=true]')).toHaveCount(others.length + 1)
}

const count = (text: string, needle: string) => text.split(needle).length - 1

test('duplicate, wrap and delete a shift-click selection: one request each with every id; undo restores every byte', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const start = snapshotSources(served.dir)
  const requests = mutations(page)
  const editor = await openEditor(page, served)
  const spans = editor.app.locator('[data-testid=row] > span')
  const texts = () => spans.allTextContents()

  // Duplicate A and B with the shortcut, the focus in the frame: one request, both ids.
  await selectSiblings(editor, spans.nth(0), spans.nth(1))
  await editor.focusFrame()
  await page.keyboard.press('ControlOrMeta+D')
  await expect.poll(() => requests('duplicate').length).toBe(1)
  expect(requests('duplicate')[0]?.reactElements).toHaveLength(2)
  await expect.poll(() => [count(source(), '>A<'), count(source(), '>B<')]).toEqual([2, 2])
  await expect.poll(texts).toEqual(['A', 'A', 'B', 'B', 'C'])

  // Wrap the two As from the context menu opened on the second: the right-click keeps both selected.
  await selectSiblings(editor, spans.nth(0), spans.nth(1))
  await spans.nth(1).click({ button: 'right' })
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  await expect(page.locator('[role=treeitem][aria-selected=true]')).toHaveCount(2)
  await expectAccessible(page, '[role=menu]')
  await menu.getByRole('menuitem', { name: /Wrap in div/ }).click()
  await expect.poll(() => requests('wrapInDiv').length).toBe(1)
  expect(requests('wrapInDiv')[0]?.reactElements).toHaveLength(2)
  await expect
    .poll(source)
    .toMatch(
      /<div>\s*<span className="bg-red-200 p-2">A<\/span>\s*<span className="bg-red-200 p-2">A<\/span>\s*<\/div>/,
    )
  await expect(editor.app.locator('[data-testid=row] > div > span')).toHaveCount(2)

  // Delete both Bs with the Delete key: one request naming both.
  const bs = editor.app.locator('[data-testid=row] > span', { hasText: 'B' })
  await expect(bs).toHaveCount(2)
  await selectSiblings(editor, bs.nth(0), bs.nth(1))
  await page.keyboard.press('Delete')
  await expect.poll(() => requests('removeJsxElement').length).toBe(1)
  expect(requests('removeJsxElement')[0]?.elementsToRemove).toHaveLength(2)
  await expect.poll(() => count(source(), '>B<')).toBe(0)
  await expect(bs).toHaveCount(0)
  await expect(editor.app.locator('[data-testid=row] > span')).toHaveText(['C'])

  for (let undo = 0; undo < 3; undo++) await editor.undoButton.click()
  await expect.poll(() => changedSince(served.dir, start), { timeout: 15_000 }).toEqual([])
})

test('the Styles panel of a multi-selection: shared values shown, Mixed where they differ, a change written to each', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const start = snapshotSources(served.dir)
  const requests = mutations(page)
  const editor = await openEditor(page, served)
  await page.getByRole('tab', { name: 'Styles' }).click()
  const ps = editor.app.locator('[data-testid=column] > p')
  await selectSiblings(editor, ps.nth(0), ps.nth(1))
  const panel = page.getByRole('region', { name: 'Styles' })
  await expect(panel.getByText('2 elements: a change is written to each, one undo step.')).toBeVisible()
  // Both are 40 px high; their backgrounds differ.
  await expect(panel.getByRole('spinbutton', { name: 'Height', exact: true })).toHaveValue('40')
  await expect(panel.getByRole('textbox', { name: 'Background colour', exact: true })).toHaveAttribute(
    'placeholder',
    'Mixed',
  )
  await expect(panel.getByRole('textbox', { name: 'Background colour', exact: true })).toHaveValue('')
  await expect(panel.getByRole('list', { name: 'Classes' })).toContainText('h-10')
  await expectAccessible(page, 'section[aria-label="Styles"]')
  await page.getByRole('button', { name: 'Dark theme' }).click()
  await expectAccessible(page, 'section[aria-label="Styles"]')
  await page.getByRole('button', { name: 'Light theme' }).click()

  const field = panel.getByRole('spinbutton', { name: 'Padding left', exact: true })
  await field.fill('13')
  await field.press('Enter')
  await expect.poll(() => requests('styling').length).toBe(2)
  await expect.poll(() => count(source(), 'pl-[13px]')).toBe(2)
  await expect(ps.nth(0)).toHaveCSS('padding-left', '13px')
  await expect(ps.nth(1)).toHaveCSS('padding-left', '13px')
  // Now shared: the panel shows it.
  await expect(field).toHaveValue('13')

  await editor.undoButton.click()
  await expect.poll(() => changedSince(served.dir, start), { timeout: 15_000 }).toEqual([])
})
