import { AxeBuilder } from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { type CliProject, MARKETPLACE, startCliProject } from '../projects/cli-project.ts'
import { boxOf, type EditorPage, openEditor, roundedBox } from './editor-page.ts'

/**
 * The command palette and the shortcuts sheet (issue 31) through `visual-edit edit`: opened by the
 * keyboard (from the editor and from the app's frame), an action run and its effect seen, an element
 * found by name and jumped to (selected in the layers, outlined in the frame), a route of the app
 * opened (one with a parameter filled in first), `?` showing every shortcut. On the marketplace
 * (react-router's createBrowserRouter) and on a third party's admin dashboard with a route array.
 */

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })
const paletteInput = (page: Page) => palette(page).getByRole('combobox')
const address = (page: Page) => page.getByRole('status', { name: 'Address of the app' })

/** Types into the palette and waits for the list to show that query. */
async function search(page: Page, query: string) {
  await paletteInput(page).fill(query)
  await expect(palette(page).locator('[cmdk-list]')).toHaveAttribute('data-query', query)
}

/** Finds an element by what the palette shows of it, chooses it with Enter, and checks the jump. */
async function jumpTo(editor: EditorPage, query: string, selector: string) {
  const { page } = editor
  await page.keyboard.press('ControlOrMeta+K')
  await expect(palette(page)).toBeVisible()
  await search(page, query)
  await expect(palette(page).getByRole('option').first()).toHaveAttribute('data-value', /^element:/)
  await page.keyboard.press('Enter')
  await expect(palette(page)).toBeHidden()
  const element = editor.app.locator(selector)
  const id = await element.getAttribute('data-tempo-id')
  const row = editor.row(id as string).first()
  await expect(row).toHaveAttribute('aria-selected', 'true')
  await expect(row).toBeInViewport()
  await expect
    .poll(async () => (await editor.overlays('primary')).map(roundedBox))
    .toEqual([await boxOf(element)])
}

/** Opens the route the palette lists as `path` and waits for the app to report it. */
async function openRoute(editor: EditorPage, path: string) {
  const { page } = editor
  await page.keyboard.press('ControlOrMeta+K')
  await search(page, path)
  await palette(page)
    .getByRole('option', { name: new RegExp(`^${path.replace(/[/]/g, '\\/')}\\b`) })
    .click()
  await expect(palette(page)).toBeHidden()
  await expect(address(page)).toHaveText(path, { timeout: 30_000 })
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({ timeout: 30_000 })
}

async function noSeriousViolations(page: Page, theme: string) {
  const { violations } = await new AxeBuilder({ page }).include('[role=dialog]').analyze()
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${theme}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    )
  expect(serious).toEqual([])
}

test.describe('on the marketplace', () => {
  let served: CliProject
  test.beforeAll(async () => {
    test.setTimeout(180_000)
    served = await startCliProject('marketplace', MARKETPLACE)
  })
  test.afterAll(async () => {
    await served?.stop()
  })

  test('Cmd/Ctrl+K runs an action, jumps to an element, opens routes; Escape gives the focus back', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    await page.setViewportSize({ width: 1440, height: 900 })
    const editor = await openEditor(page, served)

    // Opened from the layers, closed with Escape: the focus goes back to the layers.
    const tree = page.getByRole('tree', { name: 'Layers' })
    await tree.focus()
    await page.keyboard.press('ControlOrMeta+K')
    await expect(palette(page)).toBeVisible()
    await expect(paletteInput(page)).toBeFocused()
    await expect(palette(page).getByRole('group', { name: 'Actions' })).toBeVisible()
    await expect(palette(page).getByRole('option', { name: /Undo.*Ctrl\+Z|Undo.*⌘Z/ })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(palette(page)).toBeHidden()
    await expect(tree).toBeFocused()

    // An action, by name: the theme.
    const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'))
    await page.keyboard.press('ControlOrMeta+K')
    await search(page, 'toggle light and dark')
    await page.keyboard.press('Enter')
    await expect(palette(page)).toBeHidden()
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(!dark)

    // Nothing matches: the empty state says so.
    await page.keyboard.press('ControlOrMeta+K')
    await search(page, 'zzqx nothing')
    await expect(palette(page)).toContainText('No action, element or route matches “zzqx nothing”.')
    await page.keyboard.press('Escape')

    // An element by its name and text: selected in the layers, outlined in the frame.
    await jumpTo(editor, 'h1 buy and sell', 'h1#hero-heading')

    // A declared route, then one with a parameter: choosing it types its path up to the parameter.
    await openRoute(editor, '/about')
    await page.keyboard.press('ControlOrMeta+K')
    await search(page, '/listing')
    await palette(page)
      .getByRole('option', { name: /^\/listing\/:id/ })
      .click()
    await expect(paletteInput(page)).toHaveValue('/listing/')
    await page.keyboard.type('L1001')
    await expect(palette(page).getByRole('option').first()).toHaveText(/Open \/listing\/L1001/)
    await page.keyboard.press('Enter')
    await expect(address(page)).toHaveText('/listing/L1001', { timeout: 30_000 })
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({ timeout: 30_000 })

    // The addresses visited this session are listed too.
    await page.keyboard.press('ControlOrMeta+K')
    await search(page, 'about')
    await expect(palette(page).getByRole('option', { name: /^\/about/ })).toContainText('visited')
    await page.keyboard.press('Escape')
  })

  test('? shows every shortcut by group; the palette and the sheet pass axe, light and dark', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await openEditor(page, served)
    await page.getByRole('tree', { name: 'Layers' }).focus()
    await page.keyboard.press('?')
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(sheet).toBeVisible()
    for (const group of ['Selection', 'History', 'View', 'Page', 'Editor'])
      await expect(sheet.getByRole('heading', { name: group, exact: true })).toBeVisible()
    await expect(sheet.getByRole('listitem').filter({ hasText: 'Command palette' })).toContainText(
      /Ctrl\+K|⌘K/,
    )
    await expect(sheet.getByRole('listitem').filter({ hasText: 'Redo' })).toContainText(/Ctrl\+Shift\+Z|⇧⌘Z/)
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark') {
        await page.keyboard.press('Escape')
        await expect(sheet).toBeHidden()
        await page.getByRole('button', { name: 'Dark theme' }).click()
        await page.keyboard.press('?')
        await expect(sheet).toBeVisible()
      }
      await noSeriousViolations(page, `${theme} sheet`)
      await page.keyboard.press('Escape')
      await expect(sheet).toBeHidden()
      await page.keyboard.press('ControlOrMeta+K')
      await search(page, 'a')
      await noSeriousViolations(page, `${theme} palette`)
      await page.keyboard.press('Escape')
      await expect(palette(page)).toBeHidden()
      if (theme === 'light') await page.keyboard.press('?')
    }
  })
})

test.describe('on a third party’s admin dashboard (Vite 7, Tailwind 4.1, a route array)', () => {
  let served: CliProject
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    served = await startCliProject('vite7-admin', undefined, {
      // A route array as some apps keep it beside their router (the finder reads it; the app needs no router).
      'src/routes.ts': `export const routes = [
  { path: '/settings', component: 'SettingsForm' },
  { path: '/projects/:projectId', component: 'Project' },
]
`,
    })
  })
  test.afterAll(async () => {
    await served?.stop()
  })

  test('from the frame: Cmd/Ctrl+K, a width by name, an element by name, a route', async ({ page }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 1440, height: 900 })
    const editor = await openEditor(page, served)

    // The keys reach the editor from the app's frame (the inspector's KEY_DOWN); the focus goes back there.
    await editor.focusFrame()
    await page.keyboard.press('ControlOrMeta+K')
    await expect(palette(page)).toBeVisible()
    await search(page, 'phone')
    await expect(palette(page).getByRole('option').first()).toHaveText(/Width: Phone, 390 px/)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { name: '390', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME')

    await page.getByRole('button', { name: '1280', exact: true }).click()
    await jumpTo(editor, 'h2 team activity', '#isolated-heading')

    await openRoute(editor, '/settings')
  })
})
