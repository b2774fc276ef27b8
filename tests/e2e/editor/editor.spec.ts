import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { type CliProject, MARKETPLACE, startCliProject } from '../projects/cli-project.ts'
import {
  boxOf,
  changedSince,
  type EditorPage,
  openEditor,
  roundedBox,
  snapshotSources,
} from './editor-page.ts'

/**
 * The editor page driven as a user drives it (never the mutate API directly), on a copy of the
 * marketplace started by the `visual-edit` binary: select in the canvas and the layers, edit text in
 * place and in the panel, edit classes, duplicate, wrap and delete by menu and by shortcut, the two
 * failures a user meets (an unknown class, a file changed on disk), undo back to the exact bytes, and
 * drive mode. The steps build on each other (one project, one undo history), so they run in order.
 */
test.describe.configure({ mode: 'serial' })

const HERO = 'src/components/home/HeroSearch.tsx'
const SUBTITLE = 'h1#hero-heading + p'

let served: CliProject
let start: Map<string, Buffer>
let editor: EditorPage
let page: Page

const hero = () => readFileSync(path.join(served.dir, HERO), 'utf8')

test.beforeAll(async ({ browser }) => {
  // Starting the marketplace (its backend, a cold dependency scan) takes longer than a test's default.
  test.setTimeout(90_000)
  served = await startCliProject('marketplace', MARKETPLACE)
  start = snapshotSources(served.dir)
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  editor = await openEditor(page, served)
})
test.afterAll(async () => {
  await page?.close()
  await served?.stop()
})

test('prints the editor first; the editor shows the app, its layers and where each element is', async () => {
  const [editorLine, appLine] = served
    .output()
    .split('\n')
    .filter((line) => /^\s+(editor|app)\s/.test(line))
  expect(editorLine).toMatch(/editor\s+http:\/\/127\.0\.0\.1:\d+\/__visual-edit\/#token=\S+$/)
  expect(appLine).toMatch(/app\s+http:\/\/127\.0\.0\.1:\d+\/$/)
  // The editor has an origin of its own, and the token left the address bar once the page read it.
  expect(new URL(served.editorUrl).port).not.toBe(new URL(served.url).port)
  expect(page.url()).toBe(`${served.editorOrigin}/__visual-edit/`)
  await expect(editor.app.locator('h1#hero-heading')).toBeVisible()
  await expect(page.getByRole('treeitem', { name: /^App/ })).toBeVisible()
  await expect(editor.elementPanel).toContainText('Select an element to see its properties.')
})

test('a click in the canvas selects: outline, layers row and element panel agree; hover follows both ways', async () => {
  const h1 = editor.app.locator('h1#hero-heading')
  const id = (await h1.getAttribute('data-tempo-id')) as string
  await h1.click()

  const row = editor.row(id)
  await expect(row).toHaveAttribute('aria-selected', 'true')
  await expect(row).toBeInViewport()
  await expect.poll(async () => (await editor.overlays('primary')).map(roundedBox)).toEqual([await boxOf(h1)])
  await expect(editor.elementPanel).toContainText('<h1>')
  await expect(editor.elementPanel.getByRole('link', { name: /HeroSearch\.tsx:\d+/ })).toHaveAttribute(
    'href',
    /^\/__open-in-editor\?file=src%2Fcomponents%2Fhome%2FHeroSearch\.tsx%3A\d+%3A\d+$/,
  )
  await expect(editor.elementPanel.getByLabel('Classes')).toHaveValue(
    'text-4xl font-bold tracking-tight sm:text-5xl',
  )

  // Hover in the canvas lights the row; hover on a row outlines the element in the canvas.
  const subtitle = editor.app.locator(SUBTITLE)
  const subtitleRow = editor.row((await subtitle.getAttribute('data-tempo-id')) as string)
  await subtitle.hover()
  await expect(subtitleRow).toHaveAttribute('data-hovered', 'true')
  await page.getByRole('tab', { name: 'Layers' }).hover()
  await expect(subtitleRow).not.toHaveAttribute('data-hovered')
  await subtitleRow.hover()
  await expect
    .poll(async () => (await editor.overlays('hover')).map(roundedBox))
    .toEqual([await boxOf(subtitle)])

  // A click on a row selects its element in the canvas.
  await subtitleRow.click()
  await expect(subtitleRow).toHaveAttribute('aria-selected', 'true')
  await expect(row).toHaveAttribute('aria-selected', 'false')
  await expect
    .poll(async () => (await editor.overlays('primary')).map(roundedBox))
    .toEqual([await boxOf(subtitle)])
})

test('double-click and type: the file has the new text, the frame shows it, the page kept its state', async () => {
  // State of the app the edit must not lose: a search typed in drive mode (Fast Refresh keeps it).
  await page.getByRole('button', { name: 'Drive' }).click()
  const search = editor.app.getByPlaceholder('What are you looking for?')
  await search.fill('bikes')
  await page.getByRole('button', { name: 'Edit' }).click()

  const h1 = editor.app.locator('h1#hero-heading')
  await h1.dblclick()
  await expect(h1).toHaveAttribute('contenteditable', /plaintext-only|true/)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('Fresh deals every day')
  // Blur: a click on the canvas around the frame.
  const canvas = await page.getByRole('region', { name: 'Canvas' }).boundingBox()
  await page.mouse.click((canvas?.x ?? 0) + 8, (canvas?.y ?? 0) + 8)

  await expect.poll(hero).toContain('Fresh deals every day')
  expect(hero()).not.toContain('Buy and Sell Anything in Gulbarga District')
  await expect(h1).toHaveText('Fresh deals every day')
  await expect(search).toHaveValue('bikes')
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeEnabled()
})

test('classes edited in the panel land in the file and restyle the frame', async () => {
  const h1 = editor.app.locator('h1#hero-heading')
  await editor.select(h1)
  const classes = editor.elementPanel.getByLabel('Classes')
  await expect(classes).toHaveValue('text-4xl font-bold tracking-tight sm:text-5xl')
  await classes.fill('text-4xl font-bold tracking-tight sm:text-5xl italic')
  await classes.press('Enter')
  // The first class edit of the session loads the project's Tailwind to check the class: slow when the machine is busy.
  await expect
    .poll(hero, { timeout: 20_000 })
    .toContain('className="text-4xl font-bold tracking-tight sm:text-5xl italic"')
  await expect(h1).toHaveCSS('font-style', 'italic')
})

test('text edited in the element panel lands in the file and the frame', async () => {
  const h1 = editor.app.locator('h1#hero-heading')
  const text = editor.elementPanel.getByLabel('Text')
  await expect(text).toHaveValue('Fresh deals every day')
  await text.fill('Fresh deals, every single day')
  await text.press('Enter')
  await expect.poll(hero).toContain('Fresh deals, every single day')
  await expect(h1).toHaveText('Fresh deals, every single day')
  // The element keeps its selection and its panel shows the code as it is now.
  await expect(text).toHaveValue('Fresh deals, every single day')
})

test('a class Tailwind does not know: a toast says which, nothing is written, the typing is kept', async () => {
  const before = hero()
  const classes = editor.elementPanel.getByLabel('Classes')
  await classes.fill('text-4xl font-bold tracking-tight sm:text-5xl italic text-nonsense-xyz')
  await classes.press('Enter')
  await expect(editor.toasts).toContainText("'text-nonsense-xyz' is not a class Tailwind generates")
  await expect(classes).toHaveAttribute('aria-invalid', 'true')
  await expect(classes).toHaveValue(/text-nonsense-xyz/)
  expect(hero()).toBe(before)
  await classes.press('Escape')
  await expect(classes).toHaveValue('text-4xl font-bold tracking-tight sm:text-5xl italic')
})

test('a file changed on disk while editing: a toast says so, nothing of the edit is written', async () => {
  const file = path.join(served.dir, HERO)
  const ours = readFileSync(file)
  const classes = editor.elementPanel.getByLabel('Classes')
  await classes.fill('text-4xl font-bold tracking-tight sm:text-5xl italic underline')
  // Meanwhile, another editor saves the file.
  const theirs = ours.toString('utf8').replace('sm:text-5xl italic', 'sm:text-5xl italic tracking-wide')
  writeFileSync(file, theirs)
  await expect(editor.app.locator('h1#hero-heading')).toHaveClass(/tracking-wide/)
  await classes.press('Enter')
  await expect(editor.toasts).toContainText('the file changed on disk')
  expect(readFileSync(file, 'utf8')).toBe(theirs)
  // Their save is taken back (so our undo history applies again).
  writeFileSync(file, ours)
  await expect(editor.app.locator('h1#hero-heading')).not.toHaveClass(/tracking-wide/)
  await classes.press('Escape')
})

test('duplicate, wrap and delete by the context menu and by shortcuts from inside the frame', async () => {
  const menu = page.getByRole('menu')

  // Duplicate from the context menu opened in the canvas.
  await editor.app.locator(SUBTITLE).click({ button: 'right' })
  await menu.getByRole('menuitem', { name: /Duplicate/ }).click()
  await expect.poll(() => hero().match(/<p className="mt-4 text-lg text-blue-100">/g)?.length).toBe(2)
  await expect(editor.app.locator('h1#hero-heading ~ p')).toHaveCount(2)

  // Duplicate again with Ctrl/Cmd+D, the focus inside the frame (the inspector relays the keys).
  await editor.select(editor.app.locator(SUBTITLE))
  await editor.focusFrame()
  await page.keyboard.press('ControlOrMeta+D')
  await expect.poll(() => hero().match(/<p className="mt-4 text-lg text-blue-100">/g)?.length).toBe(3)

  // Wrap the heading in a div with Ctrl/Cmd+Alt+G, the focus inside the frame too.
  await editor.select(editor.app.locator('h1#hero-heading'))
  await editor.focusFrame()
  await page.keyboard.press('ControlOrMeta+Alt+G')
  await expect.poll(hero).toMatch(/<div>\s*<h1 id="hero-heading"/)
  await expect(editor.app.locator('div:not([class]) > h1#hero-heading')).toHaveCount(1)

  // Delete one copy from the menu of its layers row, the other with the Delete key.
  const copies = editor.app.locator('div.max-w-3xl.text-center > p')
  await expect(copies).toHaveCount(3)
  const second = (await copies.nth(1).getAttribute('data-tempo-id')) as string
  await copies.nth(1).click()
  await editor.row(second).click({ button: 'right' })
  await menu.getByRole('menuitem', { name: /Delete/ }).click()
  await expect.poll(() => hero().match(/<p className="mt-4 text-lg text-blue-100">/g)?.length).toBe(2)
  // The layers follow the rebuild: one row per copy left, none for the deleted one.
  await expect(page.getByRole('treeitem', { name: /^p\s*Browse/ })).toHaveCount(2)
  await editor.select(copies.nth(1))
  await page.keyboard.press('Delete')
  await expect.poll(() => hero().match(/<p className="mt-4 text-lg text-blue-100">/g)?.length).toBe(1)
  await expect(copies).toHaveCount(1)

  // Typing in a field is never a shortcut: Backspace in the classes field deletes a character only.
  await editor.select(copies.first())
  const classes = editor.elementPanel.getByLabel('Classes')
  await classes.click()
  await classes.press('End')
  await classes.press('Backspace')
  await expect(classes).toHaveValue('mt-4 text-lg text-blue-10')
  await classes.press('Escape')
  await expect(copies).toHaveCount(1)
  await expect(classes).toHaveValue('mt-4 text-lg text-blue-100')
})

test('Escape selects the parent, then Escape on a root selects nothing', async () => {
  const h1 = editor.app.locator('h1#hero-heading')
  await editor.select(h1)
  await page.keyboard.press('Escape')
  const wrapper = editor.app.locator('div:not([class]):has(> h1#hero-heading)')
  await expect
    .poll(async () => (await editor.overlays('primary')).map(roundedBox))
    .toEqual([await boxOf(wrapper)])
  await expect(editor.elementPanel).toContainText('<div>')
  // Up to the tree's root, and from there to nothing.
  for (let step = 0; step < 30; step++) {
    if ((await editor.elementPanel.textContent())?.includes('Select an element')) break
    await page.keyboard.press('Escape')
  }
  await expect(editor.elementPanel).toContainText('Select an element to see its properties.')
  await expect(page.locator('[role=treeitem][aria-selected=true]')).toHaveCount(0)
})

test('a full reload of the app reconnects the editor and keeps the selection', async () => {
  const h1 = editor.app.locator('h1#hero-heading')
  await editor.select(h1)
  const id = (await h1.getAttribute('data-tempo-id')) as string
  // A mark on the page the reload replaces: until it is gone, the old page and its selection still show.
  await (await editor.frame()).evaluate(() => {
    ;(window as unknown as { beforeReload?: boolean }).beforeReload = true
  })
  await page.getByRole('button', { name: 'Reload the app' }).click()
  await expect
    .poll(async () =>
      (await editor.frame())
        .evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload === undefined)
        .catch(() => false),
    )
    .toBe(true)
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({ timeout: 30_000 })
  await expect(editor.row(id)).toHaveAttribute('aria-selected', 'true')
  await expect.poll(async () => (await editor.overlays('primary')).map(roundedBox)).toEqual([await boxOf(h1)])
})

test('undo everything: every file is byte-identical to the start', async () => {
  await page.locator('body').click({ position: { x: 700, y: 880 } })
  // Two undos by shortcut, the rest by the toolbar's button until there is nothing left.
  await page.keyboard.press('ControlOrMeta+Z')
  await page.keyboard.press('ControlOrMeta+Z')
  const undo = editor.undoButton
  for (let step = 0; step < 20 && (await undo.isEnabled()); step++) {
    await undo.click()
    await expect(page.getByText(/changes? pending/)).toHaveCount(0)
  }
  await expect(undo).toBeDisabled()
  await expect.poll(() => changedSince(served.dir, start)).toEqual([])
  await expect(editor.app.locator('h1#hero-heading')).toHaveText('Buy and Sell Anything in Gulbarga District')

  // Redo does the first edit again; undo takes it back to the same bytes.
  await page.keyboard.press('ControlOrMeta+Shift+Z')
  await expect.poll(hero).toContain('Fresh deals every day')
  await expect(editor.app.locator('h1#hero-heading')).toHaveText('Fresh deals every day')
  await page.keyboard.press('ControlOrMeta+Z')
  await expect.poll(() => changedSince(served.dir, start)).toEqual([])
})

test('drive mode: clicks reach the app, and the address bar follows it', async () => {
  await page.getByRole('button', { name: 'Drive' }).click()
  await editor.app.getByRole('link', { name: 'About', exact: true }).first().click()
  await expect(editor.app.getByRole('heading', { level: 1 })).not.toHaveText(/Buy and Sell/)
  await expect(page.getByLabel('Address of the app')).toHaveText('/about')
  await expect(editor.overlays('primary')).resolves.toEqual([])
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByLabel('Address of the app')).toHaveText('/')
  await page.getByRole('button', { name: 'Edit' }).click()
})
