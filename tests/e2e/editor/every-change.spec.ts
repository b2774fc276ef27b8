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
 * Issue 31's umbrella: every change type of the spec (shared/spec/visual-editor.md, Change types; not
 * UNKNOWN, which makes no request) made
 * once from the editor's UI (clicks, keys, panels, menus: never a hand-made request) through
 * `visual-edit edit` on a Vite 7 + Tailwind 4.1 project with a page of our own. Each is seen as one
 * request to its route, read back from the file and seen in the frame; UNDO and REDO from the
 * toolbar, and undoing everything gives every byte back. The steps build on each other (one project,
 * one undo history), so they run in order.
 */
// A loaded machine (the dev server's hot updates, axe) needs more than the default 30 s for a step.
test.describe.configure({ mode: 'serial', timeout: 90_000 })

const APP = `export function App() {
  return (
    <main className="p-8">
      <h1 id="title" className="text-2xl font-bold">Every change</h1>
      <p id="lead" className="mt-2 text-slate-600">Lead text</p>
      <input id="name" placeholder="Your name" className="border p-1" />
      <div data-testid="box" className="mt-4 border p-2">
        <em>Boxed</em>
      </div>
      <ul data-testid="list" className="mt-4 flex w-48 flex-col gap-2">
        <li className="h-8 bg-slate-100">L1</li>
        <li className="h-8 bg-slate-200">L2</li>
        <li className="h-8 bg-slate-300">L3</li>
      </ul>
    </main>
  )
}
`

let served: CliProject
let start: Map<string, Buffer>
let editor: EditorPage
let page: Page
/** The requests made to each mutate or activities route. */
const made = new Map<string, number>()
const requests = (operation: string) => made.get(operation) ?? 0

const source = () => readFileSync(path.join(served.dir, 'src/App.tsx'), 'utf8')
/** The className the file gives the element whose opening tag starts with `opening`. */
const classesOf = (opening: string) =>
  new RegExp(`${opening}[^>]*?className="([^"]*)"`).exec(source())?.[1]?.split(' ') ?? []

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  served = await startCliProject('vite7-tailwind41', undefined, { 'src/App.tsx': APP })
  start = snapshotSources(served.dir)
  // A page of its own context: axe needs one (AxeBuilder refuses browser.newPage()'s).
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
  page.on('request', (request) => {
    const match = /\/parseAndMutate\/(?:mutate|activities)\/(\w+)$/.exec(request.url())
    if (match && request.method() === 'POST') made.set(match[1] as string, requests(match[1] as string) + 1)
  })
  editor = await openEditor(page, served)
})
test.afterAll(async () => {
  await page?.context().close()
  await served?.stop()
})

/** Opens a tab of the right side (Element, Styles, Props). */
const tab = (name: string) => page.getByRole('tab', { name, exact: true }).click()

test('STYLING, ADD_CLASS and REMOVE_CLASS from the Styles panel', async () => {
  const h1 = editor.app.locator('h1#title')
  await tab('Styles')
  await editor.select(h1)
  const controls = page.getByRole('group', { name: 'Style controls' })
  await expect(controls).toHaveAttribute(
    'data-codebase-id',
    (await h1.getAttribute('data-tempo-id')) as string,
  )
  await expect(controls).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 })

  const padding = page.getByRole('spinbutton', { name: 'Padding top', exact: true })
  await padding.fill('13')
  await padding.press('Enter')
  await expect.poll(() => requests('styling')).toBe(1)
  await expect.poll(() => classesOf('<h1 id="title"')).toContain('pt-[13px]')
  await expect(h1).toHaveCSS('padding-top', '13px')

  const add = page.getByRole('combobox', { name: 'Add class' })
  await add.fill('italic')
  await add.press('Enter')
  await expect.poll(() => requests('addClass')).toBe(1)
  await expect.poll(() => classesOf('<h1 id="title"')).toContain('italic')
  await expect(h1).toHaveCSS('font-style', 'italic')

  await page.getByRole('button', { name: 'Remove class font-bold' }).click()
  await expect.poll(() => requests('removeClass')).toBe(1)
  await expect.poll(() => classesOf('<h1 id="title"')).not.toContain('font-bold')
  await expect(h1).toHaveCSS('font-weight', '400')
})

test('UPDATE_CLASSES and EDIT_TEXT from the Element panel', async () => {
  const lead = editor.app.locator('p#lead')
  await tab('Element')
  await editor.select(lead)
  const classes = editor.elementPanel.getByLabel('Classes')
  await expect(classes).toHaveValue('mt-2 text-slate-600')
  await classes.fill('mt-2 text-slate-600 underline')
  await classes.press('Enter')
  await expect.poll(() => requests('updateClasses')).toBe(1)
  await expect.poll(() => classesOf('<p id="lead"')).toEqual(['mt-2', 'text-slate-600', 'underline'])
  await expect(lead).toHaveCSS('text-decoration-line', 'underline')

  const text = editor.elementPanel.getByLabel('Text')
  await expect(text).toHaveValue('Lead text')
  await text.fill('Every change, once')
  await text.press('Enter')
  await expect.poll(() => requests('editText')).toBe(1)
  await expect.poll(source).toContain('>Every change, once</p>')
  await expect(lead).toHaveText('Every change, once')
})

test('CHANGE_PROP from the Props panel', async () => {
  const input = editor.app.locator('input#name')
  await tab('Props')
  await editor.select(input)
  const panel = page.getByRole('region', { name: 'Props' })
  await expect(panel.getByTestId('props-element')).toHaveText('<input>')
  const field = panel.getByRole('textbox', { name: 'placeholder', exact: true })
  await field.fill('Full name')
  await field.press('Enter')
  await expect.poll(() => requests('changePropValue')).toBe(1)
  await expect.poll(source).toContain('placeholder="Full name"')
  await expect(input).toHaveAttribute('placeholder', 'Full name')
})

test('CHANGE_TAG from the context menu’s Change tag…', async () => {
  const box = editor.app.locator('[data-testid=box]')
  await editor.select(box)
  const list = page.getByRole('dialog', { name: 'Change tag' })
  const search = list.getByRole('combobox', { name: 'Search tags' })
  /** Opens the menu on the box and its Change tag…; both pass axe. */
  const openList = async () => {
    await box.click({ button: 'right', position: { x: 4, y: 4 } })
    await expect(page.getByRole('menu')).toBeVisible()
    await expectAccessible(page, '[role=menu]')
    await page.getByRole('menu').getByRole('menuitem', { name: 'Change tag…' }).click()
    await expect(search).toBeFocused()
    await expectAccessible(page, '[role=dialog]')
  }
  // Light, then dark; Escape closes the list and writes nothing.
  await openList()
  await search.press('Escape')
  await expect(list).toBeHidden()
  expect(requests('changeElementTag')).toBe(0)
  await page.getByRole('button', { name: 'Dark theme' }).click()
  await openList()
  await search.fill('section')
  await expect(list.getByRole('option', { name: '<section>' })).toBeVisible()
  await search.press('Enter')
  await expect.poll(() => requests('changeElementTag')).toBe(1)
  await expect
    .poll(source)
    .toMatch(/<section data-testid="box" className="mt-4 border p-2">[\s\S]*?<\/section>/)
  await expect(editor.app.locator('section[data-testid=box]')).toHaveCount(1)
  await expect(editor.app.locator('div[data-testid=box]')).toHaveCount(0)
  await page.getByRole('button', { name: 'Light theme' }).click()
})

test('ADD_JSX from the Insert panel: Enter inserts the active entry after the selected element', async () => {
  await editor.select(editor.app.locator('input#name'))
  await page.getByRole('tab', { name: 'Insert', exact: true }).click()
  const panel = page.getByRole('region', { name: 'Insert' })
  const search = panel.getByRole('combobox', { name: 'Search elements and components' })
  await search.fill('Button')
  await expect(panel.getByRole('option', { name: /^Button\b/ }).first()).toBeVisible()
  await search.press('Enter')
  await expect.poll(() => requests('addJsxElement')).toBe(1)
  await expect.poll(source).toMatch(/<input id="name"[^>]*\/>\s*<button type="button"/)
  await expect(editor.app.locator('input#name + button[type=button]')).toHaveCount(1)
  await page.getByRole('tab', { name: 'Layers', exact: true }).click()
})

/** An element's box in the editor page's coordinates. */
async function screenBox(locator: Locator) {
  const box = await locator.boundingBox()
  if (!box) throw new Error('not on screen')
  return { ...box, cx: box.x + box.width / 2, cy: box.y + box.height / 2 }
}

const listOrder = () => editor.app.locator('[data-testid=list] > li').allTextContents()
const fileOrder = () => {
  const text = source()
  return ['L1', 'L2', 'L3'].sort((a, b) => text.indexOf(`>${a}<`) - text.indexOf(`>${b}<`))
}

test('MOVE_JSX by dragging a layer', async () => {
  const ids = await editor.app
    .locator('[data-testid=list] > li')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-tempo-id') ?? ''))
  await expect(editor.row(ids[2] as string)).toBeVisible()
  const from = await screenBox(editor.row(ids[2] as string))
  const onto = await screenBox(editor.row(ids[0] as string))
  await page.mouse.move(from.cx, from.cy)
  await page.mouse.down()
  await page.mouse.move(onto.cx, onto.y + 2, { steps: 6 })
  await expect(page.locator('[data-drop-indicator=line]')).toBeVisible()
  await page.mouse.up()
  await expect.poll(() => requests('moveJsxElement')).toBe(1)
  await expect.poll(fileOrder).toEqual(['L3', 'L1', 'L2'])
  await expect.poll(listOrder).toEqual(['L3', 'L1', 'L2'])
})

test('DUPLICATE with Ctrl/Cmd+D, WRAP_DIV from the context menu, REMOVE_JSX with Delete', async () => {
  const items = editor.app.locator('[data-testid=list] > li')
  await editor.select(items.filter({ hasText: 'L1' }))
  await editor.focusFrame()
  await page.keyboard.press('ControlOrMeta+D')
  await expect.poll(() => requests('duplicate')).toBe(1)
  await expect.poll(() => source().split('>L1<').length - 1).toBe(2)
  await expect.poll(listOrder).toEqual(['L3', 'L1', 'L1', 'L2'])

  const lead = editor.app.locator('p#lead')
  await lead.click({ button: 'right' })
  await page
    .getByRole('menu')
    .getByRole('menuitem', { name: /Wrap in div/ })
    .click()
  await expect.poll(() => requests('wrapInDiv')).toBe(1)
  await expect.poll(source).toMatch(/<div>\s*<p id="lead"/)
  await expect(editor.app.locator('main > div:not([class]) > p#lead')).toHaveCount(1)

  const em = editor.app.locator('em', { hasText: 'Boxed' })
  await editor.select(em)
  await page.keyboard.press('Delete')
  await expect.poll(() => requests('removeJsxElement')).toBe(1)
  await expect.poll(source).not.toContain('<em>Boxed</em>')
  await expect(em).toHaveCount(0)
})

test('UNDO and REDO from the toolbar, then undo everything: every file is byte-identical to the start', async () => {
  const em = editor.app.locator('em', { hasText: 'Boxed' })
  await editor.undoButton.click()
  await expect.poll(() => requests('undoChangeToFiles')).toBe(1)
  await expect.poll(source).toContain('<em>Boxed</em>')
  await expect(em).toHaveCount(1)
  await page.getByRole('button', { name: 'Redo', exact: true }).click()
  await expect.poll(() => requests('redoChangeToFiles')).toBe(1)
  await expect.poll(source).not.toContain('<em>Boxed</em>')
  await expect(em).toHaveCount(0)

  for (let step = 0; step < 20 && (await editor.undoButton.isEnabled()); step++) {
    await editor.undoButton.click()
    await expect(page.getByText(/changes? pending/)).toHaveCount(0)
  }
  await expect(editor.undoButton).toBeDisabled()
  await expect.poll(() => changedSince(served.dir, start), { timeout: 15_000 }).toEqual([])
  await expect(editor.app.locator('h1#title')).toHaveCSS('font-weight', '700')
  await expect.poll(listOrder).toEqual(['L1', 'L2', 'L3'])
})
