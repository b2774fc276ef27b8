import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { type CliProject, startCliProject } from '../projects/cli-project.ts'
import { changedSince, openEditor, snapshotSources } from './editor-page.ts'

/**
 * The editor on a project shaped like people's, not only on our own app: Vite 5, plugin-react 4 with a
 * Babel plugin of the project's, Tailwind 3 through PostCSS, CRLF line endings, no visualEdit() in its
 * config (the CLI adds it). Select, edit text by the keyboard, undo: the file is byte-identical again.
 */
let served: CliProject
test.beforeAll(async () => {
  served = await startCliProject('vite5-tailwind3')
})
test.afterAll(async () => {
  await served?.stop()
})

test('vite5-tailwind3: select, Enter, type, Enter writes the file; undo restores its bytes', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const start = snapshotSources(served.dir)
  const file = path.join(served.dir, 'src/App.jsx')
  const editor = await openEditor(page, served)

  const h1 = editor.app.locator('h1')
  await editor.select(h1)
  await expect(editor.elementPanel).toContainText('App.jsx:')
  await expect(editor.elementPanel.getByLabel('Classes')).toHaveValue('text-3xl font-bold text-brand')

  // Enter edits the selection's text (the editor's shortcut), Enter again commits.
  await page.keyboard.press('Enter')
  await expect(h1).toBeFocused()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('Edited in the editor')
  await page.keyboard.press('Enter')
  await expect.poll(() => readFileSync(file, 'utf8')).toContain('>Edited in the editor</h1>')
  expect(readFileSync(file, 'utf8')).toContain('\r\n')
  await expect(h1).toHaveText('Edited in the editor')

  await page.keyboard.press('ControlOrMeta+Z')
  await expect.poll(() => changedSince(served.dir, start)).toEqual([])
  await expect(h1).toHaveText('Vite 5 with Tailwind 3')
  await expect(editor.undoButton).toBeDisabled()
})

test('on a slow dev server the Classes field keeps an Enter pressed while saving and never shows the old classes again', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const start = snapshotSources(served.dir)
  const file = path.join(served.dir, 'src/App.jsx')
  const editor = await openEditor(page, served)
  // Every answer to a change reaches the editor a second after the file is written.
  await page.route(/\/mutate\//, async (route) => {
    const response = await route.fetch()
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    await route.fulfill({ response })
  })
  await editor.select(editor.app.locator('h1'))
  const field = editor.elementPanel.getByLabel('Classes')
  await expect(field).toHaveValue('text-3xl font-bold text-brand')
  // What the field shows, frame by frame.
  await field.evaluate((element: HTMLTextAreaElement) => {
    const shown: string[] = []
    Object.assign(window, { shownClasses: shown })
    const sample = () => {
      if (shown.at(-1) !== element.value) shown.push(element.value)
      requestAnimationFrame(sample)
    }
    sample()
  })

  await field.fill('text-3xl font-bold text-brand italic')
  await field.press('Enter')
  await expect.poll(() => readFileSync(file, 'utf8')).toContain('"text-3xl font-bold text-brand italic"')
  // The file is written, its answer not yet here: the user goes on and commits again.
  await expect(field).toHaveAttribute('aria-busy', 'true')
  const caughtUp = page.waitForResponse(
    async (response) =>
      response.url().includes('/lookups') && (await response.text()).includes('"underline"'),
  )
  await field.fill('text-3xl font-bold text-brand italic underline')
  await field.press('Enter')
  await expect
    .poll(() => readFileSync(file, 'utf8'))
    .toContain('"text-3xl font-bold text-brand italic underline"')
  await expect(field).toHaveAttribute('aria-busy', 'false')
  await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  // The lookups, asked again after the write, say what the field says; it showed nothing else.
  await caughtUp
  await expect(field).toHaveValue('text-3xl font-bold text-brand italic underline')
  expect(await page.evaluate(() => (window as unknown as { shownClasses: string[] }).shownClasses)).toEqual([
    'text-3xl font-bold text-brand',
    'text-3xl font-bold text-brand italic',
    'text-3xl font-bold text-brand italic underline',
  ])

  await page.unroute(/\/mutate\//)
  await editor.undoButton.click()
  await editor.undoButton.click()
  await expect.poll(() => changedSince(served.dir, start)).toEqual([])
  await expect(field).toHaveValue('text-3xl font-bold text-brand')
})

test('no serious or critical accessibility violation in the editor, light and dark', async ({ page }) => {
  test.setTimeout(90_000)
  const editor = await openEditor(page, served)
  await editor.select(editor.app.locator('h1'))
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') await page.getByRole('button', { name: 'Dark theme' }).click()
    // The app's own page is the app's business: the editor's chrome is checked.
    const { violations } = await new AxeBuilder({ page }).exclude('iframe').analyze()
    const serious = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${theme}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      )
    expect(serious).toEqual([])
  }
  // The selection's context menu too.
  await editor.app.locator('h1').click({ button: 'right' })
  await expect(page.getByRole('menu')).toBeVisible()
  const menu = await new AxeBuilder({ page }).include('[role=menu]').analyze()
  expect(
    menu.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
  ).toEqual([])
  await page.keyboard.press('Escape')
})

test('a narrow window starts with the canvas alone; the toolbar opens and closes the side panels', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 800, height: 700 })
  await page.goto(served.editorUrl)
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({ timeout: 30_000 })
  const layersButton = page.getByRole('button', { name: 'Layers panel' })
  await expect(layersButton).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByRole('tab', { name: 'Layers' })).not.toBeInViewport()
  await layersButton.click()
  await expect(layersButton).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('treeitem').first()).toBeVisible()
  const elementButton = page.getByRole('button', { name: 'Element panel' })
  await elementButton.click()
  await expect(page.getByRole('region', { name: 'Element' })).toContainText('Select an element')
  await elementButton.click()
  await expect(elementButton).toHaveAttribute('aria-pressed', 'false')
})

test("a syntax error in the app's code shows Vite's own error overlay in the frame; fixing it clears it", async ({
  page,
}) => {
  test.setTimeout(90_000)
  const editor = await openEditor(page, served)
  const file = path.join(served.dir, 'src/App.jsx')
  const good = readFileSync(file)
  writeFileSync(file, good.toString('utf8').replace('</h1>', '</h2>'))
  await expect(editor.app.locator('vite-error-overlay')).toBeAttached({ timeout: 15_000 })
  writeFileSync(file, good)
  await expect(editor.app.locator('vite-error-overlay')).not.toBeAttached({ timeout: 15_000 })
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({ timeout: 30_000 })
})

test('middle-drag and space+drag pan the zoomed canvas, over the frame too, without selecting', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const editor = await openEditor(page, served)
  await page.getByRole('combobox', { name: 'Zoom' }).selectOption('400')
  const canvas = page.getByRole('region', { name: 'Canvas' })
  const surface = canvas.locator('> div.overflow-auto')
  const scroll = async () =>
    (await surface.evaluate((element) => [element.scrollLeft, element.scrollTop])) as [number, number]
  const box = (await canvas.boundingBox()) as { x: number; y: number; width: number; height: number }
  await surface.evaluate((element) => element.scrollTo(0, 0))

  // Middle-drag on the surface above the frame (its top margin).
  const top = { x: box.x + box.width / 2, y: box.y + 12 }
  await page.mouse.move(top.x, top.y)
  await page.mouse.down({ button: 'middle' })
  await page.mouse.move(top.x - 100, top.y, { steps: 4 })
  await page.mouse.up({ button: 'middle' })
  const dragged = await scroll()
  expect(dragged[0]).toBeGreaterThan(80)

  // Space+drag, the pointer over the app's frame: the canvas pans and the app gets nothing.
  const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  await page.keyboard.down('Space')
  await expect(canvas.locator('[data-pan-cover]')).toBeAttached()
  await page.mouse.move(middle.x, middle.y)
  await page.mouse.down()
  await page.mouse.move(middle.x - 120, middle.y - 80, { steps: 4 })
  await page.mouse.up()
  await page.keyboard.up('Space')
  await expect(canvas.locator('[data-pan-cover]')).not.toBeAttached()
  const panned = await scroll()
  expect(panned[0]).toBeGreaterThan(dragged[0] + 100)
  expect(panned[1]).toBeGreaterThan(dragged[1] + 60)
  await expect(page.locator('[role=treeitem][aria-selected=true]')).toHaveCount(0)
  await expect(editor.elementPanel).toContainText('Select an element')
})

test('the toolbar sets the viewport width (presets and typed), the zoom and the AI context colours', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const editor = await openEditor(page, served)
  const frame = page.locator('iframe[title="The app"]')
  const appWidth = async () => (await editor.frame()).evaluate(() => window.innerWidth)

  await page.getByRole('button', { name: '768' }).click()
  await expect.poll(appWidth).toBe(768)
  await expect(page.getByRole('button', { name: '768' })).toHaveAttribute('aria-pressed', 'true')
  const width = page.getByRole('textbox', { name: 'Viewport width in pixels' })
  await width.fill('500')
  await width.press('Enter')
  await expect.poll(appWidth).toBe(500)

  await page.getByRole('combobox', { name: 'Zoom' }).selectOption('50')
  await expect
    .poll(() => frame.evaluate((element) => element.getBoundingClientRect().width))
    .toBeCloseTo(250, 0)

  // AI context: the selection's outline takes the AI colour (#6858f5).
  await editor.select(editor.app.locator('h1'))
  const outlineColour = async () => (await editor.overlays('primary'))[0]?.boxShadow ?? ''
  await expect.poll(outlineColour).not.toContain('rgb(104, 88, 245)')
  await page.getByRole('button', { name: 'AI context' }).click()
  await expect(page.getByRole('button', { name: 'AI context' })).toHaveAttribute('aria-pressed', 'true')
  await expect.poll(outlineColour).toContain('rgb(104, 88, 245)')
})
