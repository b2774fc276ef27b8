import { readFileSync } from 'node:fs'
import path from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { type CliProject, MARKETPLACE, startCliProject } from '../projects/cli-project.ts'
import { changedSince, type EditorPage, openEditor, snapshotSources } from './editor-page.ts'

/**
 * The Styles panel (issue 28) through `visual-edit edit` on a copy of the marketplace (Tailwind 4):
 * every edit is read back from the source file, as the project's developers would have written it,
 * and undoing every edit gives back every file byte for byte.
 */
const HERO = 'src/components/home/HeroSearch.tsx'

/** The Styles tab of the editor, with the element selected. */
async function openStyles(editor: EditorPage, selector: string) {
  const { page } = editor
  await page.getByRole('tab', { name: 'Styles' }).click()
  const element = editor.app.locator(selector).first()
  await editor.select(element)
  const panel = page.getByRole('region', { name: 'Styles' })
  await controlsShow(page, (await element.getAttribute('data-tempo-id')) as string)
  return panel
}

/** Waits until the panel's controls show this element's values (read, not busy). */
async function controlsShow(page: Page, codebaseId: string) {
  const controls = page.getByRole('group', { name: 'Style controls' })
  await expect(controls).toHaveAttribute('data-codebase-id', codebaseId, { timeout: 15_000 })
  await expect(controls).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 })
}

/** Types a number into a field and writes it with Enter. */
async function setNumber(page: Page, name: string, value: string) {
  const field = page.getByRole('spinbutton', { name, exact: true })
  await field.fill(value)
  await field.press('Enter')
}

/** How many styling requests the editor made: each is one change, one undo step. */
function countStyling(page: Page): () => number {
  let count = 0
  page.on('requestfinished', (request) => {
    if (request.url().includes('/mutate/styling')) count++
  })
  return () => count
}

test.describe('on the marketplace (Tailwind 4)', () => {
  let served: CliProject
  test.beforeAll(async () => {
    test.setTimeout(180_000)
    served = await startCliProject('marketplace', MARKETPLACE)
  })
  test.afterAll(async () => {
    await served?.stop()
  })

  test('theme values as their classes, arbitrary values only when none matches, states, breakpoints and dark; undo restores every byte', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    await page.setViewportSize({ width: 1440, height: 900 })
    const start = snapshotSources(served.dir)
    const file = path.join(served.dir, HERO)
    const source = () => readFileSync(file, 'utf8')
    const heading = () => source().match(/<h1 id="hero-heading" className="([^"]*)"/)?.[1] ?? ''
    const editor = await openEditor(page, served)
    const styling = countStyling(page)
    await openStyles(editor, 'h1#hero-heading')
    const h1 = editor.app.locator('h1#hero-heading')

    // 16 px is the theme's step 4; 13 px is no step: an arbitrary value.
    await setNumber(page, 'All padding', '16')
    await expect.poll(heading).toMatch(/(^| )p-4( |$)/)
    await expect(h1).toHaveCSS('padding-top', '16px')
    await setNumber(page, 'Padding top', '13')
    await expect.poll(heading).toContain('pt-[13px]')
    await expect(h1).toHaveCSS('padding-top', '13px')
    await expect(h1).toHaveCSS('padding-bottom', '16px')

    // A theme colour from the picker writes its token.
    await page.getByRole('button', { name: 'Pick Text colour' }).click()
    await page
      .getByRole('radiogroup', { name: 'Theme colours' })
      .getByRole('radio', { name: 'amber-300' })
      .click()
    await page.keyboard.press('Escape')
    await expect.poll(heading).toContain('text-amber-300')
    expect(heading()).not.toContain('text-white')

    // A hover colour writes hover:, and the canvas shows the state forced.
    await page.getByRole('combobox', { name: 'State' }).click()
    await page.getByRole('option', { name: ':hover' }).click()
    await page.getByRole('button', { name: 'Pick Text colour' }).click()
    await page
      .getByRole('radiogroup', { name: 'Theme colours' })
      .getByRole('radio', { name: 'amber-500' })
      .click()
    await page.keyboard.press('Escape')
    await expect.poll(heading).toContain('hover:text-amber-500')
    await page.getByRole('combobox', { name: 'State' }).click()
    await page.getByRole('option', { name: 'No state' }).click()

    // md: the frame takes 768 px; the value applies from 48 rem only.
    await page.getByRole('radiogroup', { name: 'Breakpoint' }).getByRole('radio', { name: 'md' }).click()
    await setNumber(page, 'Padding bottom', '40')
    await expect.poll(heading).toContain('md:pb-10')
    await expect(h1).toHaveCSS('padding-bottom', '40px')
    await page.getByRole('radiogroup', { name: 'Breakpoint' }).getByRole('radio', { name: 'sm' }).click()
    await expect(h1).not.toHaveCSS('padding-bottom', '40px')
    await page.getByRole('radiogroup', { name: 'Breakpoint' }).getByRole('radio', { name: 'Base' }).click()

    // Dark shows the app dark (the marketplace's own strategy) and writes dark:.
    await page.getByRole('button', { name: 'Dark', exact: true }).click()
    await expect(page.getByRole('button', { name: 'Dark', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await setNumber(page, 'Padding left', '8')
    await expect.poll(heading).toContain('dark:pl-2')
    await page.getByRole('button', { name: 'Dark', exact: true }).click()

    // Every change was one request; undo each, and every file is as it was.
    const changes = styling()
    expect(changes).toBe(6)
    for (let undo = 0; undo < changes; undo++) {
      await expect(editor.undoButton).toBeEnabled()
      await editor.undoButton.click()
    }
    await expect.poll(() => changedSince(served.dir, start), { timeout: 15_000 }).toEqual([])
  })

  test('keyboard and screen readers: Tab goes from the Styles tab into the panel, axe finds nothing serious in light and dark', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 1280, height: 800 })
    const editor = await openEditor(page, served)
    await openStyles(editor, 'h1#hero-heading')
    // From the Styles tab, Tab reaches the panel's first control (after the tab panel itself).
    await page.getByRole('tab', { name: 'Styles' }).focus()
    const state = page.getByRole('combobox', { name: 'State' })
    for (
      let press = 0;
      press < 3 && !(await state.evaluate((element) => element === document.activeElement));
      press++
    )
      await page.keyboard.press('Tab')
    await expect(state).toBeFocused()
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark') await page.getByRole('button', { name: 'Dark theme' }).click()
      const { violations } = await new AxeBuilder({ page }).include('[aria-label=Styles]').analyze()
      expect(
        violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${theme}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
          ),
      ).toEqual([])
    }
  })

  test('a scrub is one change and one undo step', async ({ page }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 1440, height: 900 })
    const start = snapshotSources(served.dir)
    const editor = await openEditor(page, served)
    const styling = countStyling(page)
    await openStyles(editor, 'h1#hero-heading')
    const field = page.getByRole('spinbutton', { name: 'Padding top', exact: true })
    const box = (await field.boundingBox()) as { x: number; y: number; width: number; height: number }
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    for (let step = 1; step <= 30; step++)
      await page.mouse.move(box.x + box.width / 2 + step * 2, box.y + box.height / 2)
    // The canvas shows the scrub while it goes, and nothing is written before the release.
    await expect(editor.app.locator('h1#hero-heading')).not.toHaveCSS('padding-top', '0px')
    expect(styling()).toBe(0)
    await page.mouse.up()
    await expect.poll(styling).toBe(1)
    await expect.poll(() => changedSince(served.dir, start)).toEqual([HERO])
    await editor.undoButton.click()
    await expect.poll(() => changedSince(served.dir, start), { timeout: 15_000 }).toEqual([])
    expect(styling()).toBe(1)
  })

  test('a multi-selection: a change is written to each element, one undo step; a chip removed from all', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    await page.setViewportSize({ width: 1440, height: 900 })
    const start = snapshotSources(served.dir)
    const file = path.join(served.dir, HERO)
    const source = () => readFileSync(file, 'utf8')
    const editor = await openEditor(page, served)
    const styling = countStyling(page)
    const panel = await openStyles(editor, 'h1#hero-heading')
    const paragraph = editor.app.locator('#hero-heading + p')
    await paragraph.click({ modifiers: ['Shift'] })
    await expect(panel.getByText('2 elements: a change is written to each, one undo step.')).toBeVisible()
    await expect(panel.getByText('No class they all have.')).toBeVisible()
    await setNumber(page, 'Padding left', '13')
    await expect.poll(styling).toBe(2)
    await expect.poll(() => source().match(/pl-\[13px\]/g)?.length ?? 0).toBe(2)
    // Both show it in the frame before and after the write.
    await expect(editor.app.locator('h1#hero-heading')).toHaveCSS('padding-left', '13px')
    await expect(paragraph).toHaveCSS('padding-left', '13px')
    // Now both have pl-[13px]: its chip removes it from both, one undo step again.
    await panel.getByRole('button', { name: 'Remove class pl-[13px]' }).click()
    await expect.poll(() => source().match(/pl-\[13px\]/g)?.length ?? 0).toBe(0)
    await editor.undoButton.click()
    await expect.poll(() => source().match(/pl-\[13px\]/g)?.length ?? 0, { timeout: 15_000 }).toBe(2)
    await editor.undoButton.click()
    await expect.poll(() => changedSince(served.dir, start), { timeout: 15_000 }).toEqual([])
    await expect(editor.undoButton).toBeDisabled()
  })

  test('classes as chips: a suggestion from the theme is added, a conflicting one replaced, an unknown one refused', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const start = snapshotSources(served.dir)
    const file = path.join(served.dir, HERO)
    const heading = () =>
      readFileSync(file, 'utf8').match(/<h1 id="hero-heading" className="([^"]*)"/)?.[1] ?? ''
    const editor = await openEditor(page, served)
    const panel = await openStyles(editor, 'h1#hero-heading')
    const classes = panel.getByRole('list', { name: 'Classes' })
    await expect(classes).toContainText('font-bold')

    const input = page.getByRole('combobox', { name: 'Add class' })
    await input.fill('font-sem')
    await expect(page.getByRole('option', { name: /font-semibold/ })).toBeVisible()
    await page.getByRole('option', { name: /font-semibold/ }).click()
    // font-semibold and font-bold set the same property: the new one replaces the old.
    await expect.poll(heading).toContain('font-semibold')
    expect(heading()).not.toContain('font-bold')
    await expect(classes).toContainText('font-semibold')

    await input.fill('not-a-tailwind-class')
    await input.press('Enter')
    await expect(editor.toasts).toContainText(/not-a-tailwind-class/)
    await expect(input).toHaveValue('not-a-tailwind-class')
    expect(heading()).not.toContain('not-a-tailwind-class')

    await panel.getByRole('button', { name: 'Remove class tracking-tight' }).click()
    await expect.poll(heading).not.toContain('tracking-tight')

    for (let undo = 0; undo < 2; undo++) await editor.undoButton.click()
    await expect.poll(() => changedSince(served.dir, start), { timeout: 15_000 }).toEqual([])
  })
})

/** Projects of other shapes: the value -> class mapping of each Tailwind, and projects without it. */
for (const project of [
  { name: 'vite5-tailwind3', file: 'src/App.jsx' },
  { name: 'vite6-tailwind40-vite', file: 'src/App.tsx' },
  { name: 'vite7-tailwind41', file: 'src/App.tsx' },
]) {
  test.describe(project.name, () => {
    let served: CliProject
    test.beforeAll(async () => {
      test.setTimeout(120_000)
      served = await startCliProject(project.name)
    })
    test.afterAll(async () => {
      await served?.stop()
    })

    test('a padding of 16 px writes p-4, 13 px an arbitrary value; undo restores the bytes', async ({
      page,
    }) => {
      test.setTimeout(120_000)
      const start = snapshotSources(served.dir)
      const source = () => readFileSync(path.join(served.dir, project.file), 'utf8')
      const editor = await openEditor(page, served)
      await openStyles(editor, 'h1')
      await setNumber(page, 'All padding', '16')
      await expect.poll(source).toMatch(/<h1 className="[^"]*\bp-4\b/)
      await setNumber(page, 'Padding top', '13')
      await expect.poll(source).toMatch(/<h1 className="[^"]*pt-\[13px\]/)
      await expect(editor.app.locator('h1')).toHaveCSS('padding-top', '13px')
      for (let undo = 0; undo < 2; undo++) await editor.undoButton.click()
      await expect.poll(() => changedSince(served.dir, start), { timeout: 15_000 }).toEqual([])
    })
  })
}

test.describe('vite8-plain-css (no Tailwind)', () => {
  let served: CliProject
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    served = await startCliProject('vite8-plain-css')
  })
  test.afterAll(async () => {
    await served?.stop()
  })

  test('a CSS rule, a CSS module rule and an inline style are each edited where they are', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    const start = snapshotSources(served.dir)
    const read = (file: string) => readFileSync(path.join(served.dir, file), 'utf8')
    const editor = await openEditor(page, served)

    // The save button's padding comes from .save-button in styles.css.
    const panel = await openStyles(editor, 'button.save-button')
    await expect(panel.getByRole('list', { name: 'CSS rules' })).toContainText('.save-button')
    await setNumber(page, 'Padding top', '12')
    await expect.poll(() => read('src/styles.css')).toMatch(/\.save-button \{[^}]*padding-top: 12px;/)
    await expect(editor.app.locator('button.save-button')).toHaveCSS('padding-top', '12px')

    // The card's title from .title in Card.module.css.
    await openStyles(editor, 'main section h2')
    await setNumber(page, 'Padding top', '24')
    await expect.poll(() => read('src/Card.module.css')).toMatch(/\.title \{[^}]*padding-top: 24px;/)
    await expect(editor.app.locator('main section h2').first()).toHaveCSS('padding-top', '24px')
    // Both cards' titles: the rule is the module's, not the element's.
    await expect(editor.app.locator('main section h2').nth(1)).toHaveCSS('padding-top', '24px')

    // The note's from its style prop. Its paragraph fills it: the paragraph, then Escape, selects it.
    await openStyles(editor, 'main > div p')
    await page.keyboard.press('Escape')
    const note = editor.app.locator('main > div')
    const noteId = (await note.getAttribute('data-tempo-id')) as string
    await expect(editor.row(noteId)).toHaveAttribute('aria-selected', 'true')
    await controlsShow(page, noteId)
    const sheets = [read('src/styles.css'), read('src/Card.module.css')]
    await setNumber(page, 'Padding top', '20')
    await expect.poll(() => read('src/App.tsx')).toMatch(/style=\{\{[^}]*paddingTop: '20px'/)
    await expect(note).toHaveCSS('padding-top', '20px')
    expect([read('src/styles.css'), read('src/Card.module.css')]).toEqual(sheets)

    for (let undo = 0; undo < 3; undo++) await editor.undoButton.click()
    await expect.poll(() => changedSince(served.dir, start), { timeout: 15_000 }).toEqual([])
    // The page as it was: each style back where it came from.
    await expect(editor.app.locator('button.save-button')).not.toHaveCSS('padding-top', '12px')
    await expect(editor.app.locator('main section h2').first()).not.toHaveCSS('padding-top', '24px')
    await expect(note).not.toHaveCSS('padding-top', '20px')
  })
})
