import { expect, type Page, test } from '@playwright/test'
import { type CliProject, startCliProject } from '../projects/cli-project.ts'
import { type EditorPage, openEditor } from './editor-page.ts'

/**
 * The selection moved by keys (issue 31) through `visual-edit edit` on a Vite 7 + Tailwind 4.1
 * project with a page of our own: Down and Up to the next and previous sibling, Right into the first
 * child, Left and Shift+Enter out to the parent, with the focus in the frame and on the editor page;
 * Enter still edits text (and arrows then move the caret, not the selection); the side panels shown
 * and hidden by Cmd/Ctrl+Alt+1 and 2, their sizes kept under the project's own key; the shortcuts
 * sheet lists the keys.
 */
const APP = `export function App() {
  return (
    <main className="p-8">
      <ul data-testid="list" className="flex w-48 flex-col gap-2">
        <li className="h-8 bg-slate-100">L1</li>
        <li className="h-8 bg-slate-200"><em>L2</em></li>
        <li className="h-8 bg-slate-300">L3</li>
      </ul>
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

/** Waits until the layers show `codebaseId`'s element as the one selected. */
async function selected(editor: EditorPage, codebaseId: string) {
  await expect(editor.row(codebaseId)).toHaveAttribute('aria-selected', 'true')
  await expect(editor.page.locator('[role=treeitem][aria-selected=true]')).toHaveCount(1)
}

const idOf = async (editor: EditorPage, selector: string) =>
  (await editor.app.locator(selector).getAttribute('data-tempo-id')) as string

/** The layout react-resizable-panels keeps, by localStorage key. */
const layouts = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('visual-edit:panels')))

test('arrows and Shift+Enter move the selection among siblings, into and out of them; Enter still edits text', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const editor = await openEditor(page, served)
  const items = editor.app.locator('[data-testid=list] > li')
  const [l1, l2, l3, list, em] = await Promise.all([
    idOf(editor, '[data-testid=list] > li:nth-child(1)'),
    idOf(editor, '[data-testid=list] > li:nth-child(2)'),
    idOf(editor, '[data-testid=list] > li:nth-child(3)'),
    idOf(editor, '[data-testid=list]'),
    idOf(editor, '[data-testid=list] em'),
  ])

  // With the focus in the frame: the inspector relays the keys.
  await editor.select(items.first())
  await page.keyboard.press('ArrowDown')
  await selected(editor, l2)
  await page.keyboard.press('ArrowDown')
  await selected(editor, l3)
  await page.keyboard.press('ArrowDown')
  await selected(editor, l3)
  await page.keyboard.press('ArrowUp')
  await selected(editor, l2)
  await page.keyboard.press('ArrowRight')
  await selected(editor, em)
  await page.keyboard.press('Shift+Enter')
  await selected(editor, l2)
  await page.keyboard.press('ArrowLeft')
  await selected(editor, list)
  await page.keyboard.press('ArrowRight')
  await selected(editor, l1)
  await expect.poll(async () => (await editor.overlays('primary')).length).toBe(1)

  // Enter edits the text; arrows then move the caret, and Escape ends the editing, nothing written.
  await page.keyboard.press('Enter')
  await expect(items.first()).toHaveAttribute('contenteditable', /plaintext-only|true/)
  await page.keyboard.press('ArrowDown')
  await selected(editor, l1)
  await page.keyboard.press('Escape')
  await expect(items.first()).not.toHaveAttribute('contenteditable', /plaintext-only|true/)

  // On the editor page with the focus on no control, the same keys; the layers' own arrows stay theirs.
  await editor.select(items.nth(1))
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.evaluate(() => window.focus())
  await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true)
  await page.keyboard.press('ArrowUp')
  await selected(editor, l1)
  await page.getByRole('tree', { name: 'Layers' }).focus()
  await page.keyboard.press('ArrowDown')
  await expect(page.locator('[role=treeitem][aria-selected=true]')).toHaveCount(1)
  await expect(editor.row(l1)).toHaveAttribute('aria-selected', 'false')
})

test('Cmd/Ctrl+Alt+1 and 2 hide and show the side panels; their sizes are kept under the project’s key; the sheet lists the keys', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const editor = await openEditor(page, served)
  const layersButton = page.getByRole('button', { name: 'Layers panel' })
  const elementButton = page.getByRole('button', { name: 'Element panel' })
  await expect(layersButton).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('ControlOrMeta+Alt+1')
  await expect(layersButton).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByRole('tree', { name: 'Layers' })).toBeHidden()
  // From the frame too.
  await editor.select(editor.app.locator('[data-testid=list] > li').first())
  await page.keyboard.press('ControlOrMeta+Alt+2')
  await expect(elementButton).toHaveAttribute('aria-pressed', 'false')
  await page.keyboard.press('ControlOrMeta+Alt+2')
  await expect(elementButton).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('ControlOrMeta+Alt+1')
  await expect(layersButton).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('tree', { name: 'Layers' })).toBeVisible()

  // The layout is the project's: a key with its id (a hash of its root), not one for every project.
  await expect
    .poll(() => layouts(page))
    .toEqual([expect.stringMatching(/^react-resizable-panels:visual-edit:panels:[0-9a-f]{16}(:|$)/)])

  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('?')
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(sheet).toBeVisible()
  for (const [title, keys] of [
    ['Select next sibling', '↓'],
    ['Select previous sibling', '↑'],
    ['Select first child', '→'],
    ['Select parent (from the keyboard)', '←'],
  ] as const)
    await expect(sheet.getByRole('listitem').filter({ hasText: title })).toContainText(keys)
  await expect(
    sheet.getByRole('listitem').filter({ hasText: 'Show or hide the layers panel' }),
  ).toContainText(/Ctrl\+Alt\+1|⌥⌘1/)
})
