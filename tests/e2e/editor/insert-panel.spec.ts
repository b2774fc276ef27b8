import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { type CliProject, MARKETPLACE, startCliProject } from '../projects/cli-project.ts'
import {
  changedSince,
  type EditorPage,
  expectAccessible,
  openEditor,
  snapshotSources,
} from './editor-page.ts'

/**
 * The Insert panel (issue 31) through `visual-edit edit`, on a copy of the marketplace and of the
 * vite8-plain-css fixture: a project component dragged twice onto a layer of a file that did not import
 * it (one import line, two elements), a div dropped on the canvas between the children of a flex row
 * (in the file at that index), a component with a required prop inserted by Enter from the search
 * (a typed placeholder, the Props tab open on it). Each checked in the source; the undos give every
 * byte back.
 */

/** The CLI's editor URL opening the app at `route`. */
function at(served: CliProject, route: string): CliProject {
  const url = new URL(served.editorUrl)
  url.searchParams.set('app', route)
  return { ...served, editorUrl: url.toString() }
}

const insertPanel = (page: Page) => page.getByRole('region', { name: 'Insert' })

async function openInsert(page: Page) {
  await page.getByRole('tab', { name: 'Insert' }).click()
  await expect(insertPanel(page).getByRole('option').first()).toBeVisible()
}

/** The list's entry for `name` (searched first, so it is rendered). */
async function entry(page: Page, name: string): Promise<Locator> {
  await insertPanel(page).getByRole('combobox', { name: 'Search elements and components' }).fill(name)
  const option = insertPanel(page)
    .getByRole('option', { name: new RegExp(`^${name}\\b`) })
    .first()
  await expect(option).toBeVisible()
  return option
}

/** Presses on `from`, moves past the threshold, then to the point `to` gives (asked once the drag is on), and releases. */
async function drag(page: Page, from: Locator, to: () => Promise<{ x: number; y: number }>) {
  const box = await from.boundingBox()
  if (!box) throw new Error('the entry is not on screen')
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 + 10, { steps: 3 })
  await expect(page.locator('[data-insert-drag]')).toBeVisible()
  const point = await to()
  await page.mouse.move(point.x, point.y, { steps: 6 })
  await page.mouse.up()
}

/** A point of a layers row (`fraction` of its height from its top), once the panel shows it. */
async function rowPoint(editor: EditorPage, element: Locator, fraction = 0.5) {
  const id = await element.getAttribute('data-tempo-id')
  const row = editor.row(id ?? '')
  await expect(row).toBeVisible()
  const box = await row.boundingBox()
  if (!box) throw new Error('the row is not on screen')
  return { x: box.x + box.width / 2, y: box.y + box.height * fraction }
}

/** The editor's point between two elements of the app laid out side by side (the frame's place and zoom counted). */
async function pointBetween(page: Page, left: Locator, right: Locator) {
  const frame = page.locator('iframe[title="The app"]')
  const box = await frame.boundingBox()
  const scale = await frame.evaluate(
    (element: HTMLIFrameElement) => element.getBoundingClientRect().width / element.offsetWidth,
  )
  const a = await left.evaluate((element) => element.getBoundingClientRect().toJSON())
  const b = await right.evaluate((element) => element.getBoundingClientRect().toJSON())
  if (!box) throw new Error('the frame is not on screen')
  const x = (a.right + b.left) / 2
  const y = b.top + Math.min(b.height, a.height) / 2
  return { x: box.x + x * scale, y: box.y + y * scale }
}

const count = (text: string, part: string) => text.split(part).length - 1

test.describe('on the marketplace', () => {
  let served: CliProject
  test.beforeAll(async () => {
    test.setTimeout(180_000)
    served = await startCliProject('marketplace', MARKETPLACE)
  })
  test.afterAll(async () => {
    await served?.stop()
  })

  test('a project component inserted by drag into the layers with its import added once', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    await page.setViewportSize({ width: 1440, height: 900 })
    const start = snapshotSources(served.dir)
    const file = path.join(served.dir, 'src/components/static/ContactInfoCard.tsx')
    const source = () => readFileSync(file, 'utf8')
    const editor = await openEditor(page, at(served, '/contact'))
    const detail = editor.app.locator('section div.min-w-0').first()
    // Its heading selected: the layers open to it, so the card's row shows.
    await editor.select(detail.locator('h2'))
    await openInsert(page)
    await expectAccessible(page, 'section[aria-label="Insert"]')
    await page.getByRole('button', { name: 'Dark theme' }).click()
    await expectAccessible(page, 'section[aria-label="Insert"]')
    await page.getByRole('button', { name: 'Light theme' }).click()

    for (const times of [1, 2]) {
      const hero = await entry(page, 'PageHero')
      await expect(hero).toContainText('src/components/static/PageHero.tsx:9')
      await drag(page, hero, () => rowPoint(editor, detail))
      await expect.poll(() => count(source(), '<PageHero title="title" />')).toBe(times)
      await expect(page.getByRole('tab', { name: 'Insert' })).toHaveAttribute('aria-selected', 'true')
      // The new element selected, and the layers (hidden behind the Insert tab) opened to its row
      // once the tree has it, before the next drag looks for a row there.
      await expect(
        page.getByRole('treeitem', { name: /PageHero/, selected: true, includeHidden: true }),
      ).toBeAttached()
    }
    expect(source().match(/^import .*\bPageHero\b.*$/gm)).toEqual(["import { PageHero } from './PageHero'"])
    await expect(editor.app.locator('section div.min-w-0 h1').first()).toHaveText('title')

    for (let undo = 0; undo < 2; undo++) await editor.undoButton.click()
    await expect.poll(() => changedSince(served.dir, start), { timeout: 15_000 }).toEqual([])
  })

  test('a div inserted into a flex row at the dropped index', async ({ page }) => {
    test.setTimeout(150_000)
    await page.setViewportSize({ width: 1440, height: 900 })
    const start = snapshotSources(served.dir)
    const file = path.join(served.dir, 'src/components/static/ContactInfoCard.tsx')
    const source = () => readFileSync(file, 'utf8')
    const editor = await openEditor(page, at(served, '/contact'))
    await openInsert(page)
    const card = editor.app
      .locator('section.flex')
      .filter({ has: editor.app.locator('div.min-w-0') })
      .first()
    const icon = card.locator('> span')
    const detail = card.locator('> div.min-w-0')
    await drag(page, await entry(page, 'Div'), () => pointBetween(page, icon, detail))
    await expect.poll(source).toMatch(/<\/span>\n {6}<div \/>\n {6}<div className="min-w-0">/)
    // The page shows it at once, then from its code: between the icon and the text in every card.
    await expect(card.locator('> span + div + div.min-w-0')).toHaveCount(1)

    await editor.undoButton.click()
    await expect.poll(() => changedSince(served.dir, start), { timeout: 15_000 }).toEqual([])
  })
})

/** vite8-plain-css's App with a flex row of three buttons (the fixture has none). */
const FLEX_APP = readFileSync(
  path.join(import.meta.dirname, '../../fixtures/projects/vite8-plain-css/src/App.tsx'),
  'utf8',
).replace(
  '          <button className="save-button" type="button">',
  `          <div className="actions" style={{ display: 'flex', gap: 24 }}>
            <button type="button">One</button>
            <button type="button">Two</button>
            <button type="button">Three</button>
          </div>
          <button className="save-button" type="button">`,
)

test.describe('on vite8-plain-css', () => {
  let served: CliProject
  test.beforeAll(async () => {
    test.setTimeout(180_000)
    served = await startCliProject('vite8-plain-css', undefined, { 'src/App.tsx': FLEX_APP })
  })
  test.afterAll(async () => {
    await served?.stop()
  })

  test('a project component inserted by drag into the layers with its import added once; a required prop’s placeholder', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    await page.setViewportSize({ width: 1440, height: 900 })
    const start = snapshotSources(served.dir)
    const card = path.join(served.dir, 'src/Card.tsx')
    const app = path.join(served.dir, 'src/App.tsx')
    const editor = await openEditor(page, served)
    // Before the card's heading (the top of its row): in Card.tsx, where the section's own children are.
    const heading = editor.app.locator('main section h2').first()
    await editor.select(heading)
    await openInsert(page)

    for (const times of [1, 2]) {
      await drag(page, await entry(page, 'Badge'), () => rowPoint(editor, heading, 0.1))
      await expect.poll(() => count(readFileSync(card, 'utf8'), '<Badge />')).toBe(times)
    }
    expect(readFileSync(card, 'utf8').match(/^import .*\bBadge\b.*$/gm)).toEqual([
      "import { Badge } from './Badge'",
    ])

    // Enter inserts the active entry after the selected element; Card's title gets a placeholder and
    // the Props tab opens on the new Card.
    await editor.select(editor.app.locator('button.save-button'))
    await page.getByRole('tab', { name: 'Insert' }).click()
    await entry(page, 'Card')
    await insertPanel(page).getByRole('combobox', { name: 'Search elements and components' }).press('Enter')
    await expect
      .poll(() => readFileSync(app, 'utf8'))
      .toMatch(/Save\n {10}<\/button>\n {10}<Card title="title" \/>/)
    await expect(page.getByRole('tab', { name: 'Props' })).toHaveAttribute('aria-selected', 'true')
    await expect(
      page.getByRole('region', { name: 'Props' }).getByRole('textbox', { name: 'title', exact: true }),
    ).toHaveValue('title')

    for (let undo = 0; undo < 3; undo++) await editor.undoButton.click()
    await expect.poll(() => changedSince(served.dir, start), { timeout: 15_000 }).toEqual([])
  })

  test('a div inserted into a flex row at the dropped index', async ({ page }) => {
    test.setTimeout(150_000)
    await page.setViewportSize({ width: 1440, height: 900 })
    const start = snapshotSources(served.dir)
    const app = path.join(served.dir, 'src/App.tsx')
    const editor = await openEditor(page, served)
    await openInsert(page)
    const row = editor.app.locator('div.actions')
    await drag(page, await entry(page, 'Div'), () =>
      pointBetween(
        page,
        row.getByRole('button', { name: 'Two' }),
        row.getByRole('button', { name: 'Three' }),
      ),
    )
    await expect
      .poll(() => readFileSync(app, 'utf8'))
      .toMatch(/>Two<\/button>\n {12}<div \/>\n {12}<button type="button">Three/)
    await expect(row.locator('> button:nth-child(2) + div + button')).toHaveText('Three')

    await editor.undoButton.click()
    await expect.poll(() => changedSince(served.dir, start), { timeout: 15_000 }).toEqual([])
  })
})
