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
 * The Props panel and Change tag (issue 31) through `visual-edit edit`: a string, a number, a boolean
 * and a union prop changed, a prop added and removed, a tag changed; each edit read back from the
 * source file (the exact text) and seen in the app's frame; undoing them all gives every byte back.
 */

/** The CLI's editor URL opening the app at `route` (`?app=`; the token stays in the fragment). */
function at(served: CliProject, route: string): CliProject {
  const url = new URL(served.editorUrl)
  url.searchParams.set('app', route)
  return { ...served, editorUrl: url.toString() }
}

const propsPanel = (page: Page) => page.getByRole('region', { name: 'Props' })

/** The element the Props panel shows, once its code is read: `<input>`, `AuthField`. */
const shown = (page: Page) => propsPanel(page).getByTestId('props-element')

/** Clicks an element in the canvas and waits until the Props panel shows it (`<textarea>`). */
async function selectShown(editor: EditorPage, element: Locator, header: string) {
  await editor.page.getByRole('tab', { name: 'Props' }).click()
  await element.click()
  await expect(shown(editor.page)).toHaveText(header)
}

/**
 * Selects `element` in the canvas, then its parents (Escape, each step waited for in the panel)
 * until the Props panel shows `name`: a component usage is the node above the elements it renders.
 */
async function selectUsage(editor: EditorPage, element: Locator, first: string, name: string) {
  const { page } = editor
  await selectShown(editor, element, first)
  for (let step = 0; step < 4; step++) {
    const now = await shown(page).textContent()
    if (now === name) return
    await page.keyboard.press('Escape')
    await expect(shown(page)).not.toHaveText(now ?? '')
  }
  await expect(shown(page)).toHaveText(name)
}

/** Picks a union member from a prop's list. */
async function pick(page: Page, prop: string, member: string) {
  await propsPanel(page).getByRole('combobox', { name: prop, exact: true }).click()
  await page.getByRole('option', { name: member, exact: true }).click()
}

/** Types into a prop's field and writes it with Enter. */
async function type(page: Page, role: 'textbox' | 'spinbutton', prop: string, value: string) {
  const field = propsPanel(page).getByRole(role, { name: prop, exact: true })
  await field.fill(value)
  await field.press('Enter')
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

  test('a component’s string, union and boolean props, one added and removed, its live values and log; undo restores every byte', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    await page.setViewportSize({ width: 1440, height: 900 })
    const start = snapshotSources(served.dir)
    const file = path.join(served.dir, 'src/components/auth/EmailLoginForm.tsx')
    const source = () => readFileSync(file, 'utf8')
    /** The login form's e-mail field as the file writes it. */
    const emailField = () => /<AuthField\n\s+ref=\{emailRef\}\n([\s\S]*?)\/>/.exec(source())?.[1] ?? ''
    const logged: string[] = []
    page.on('console', (message) => logged.push(message.text()))

    const editor = await openEditor(page, at(served, '/auth'))
    const form = editor.app.getByRole('form', { name: 'Login' })
    const input = form.locator('input[name="email"]')
    await selectUsage(editor, input, '<input>', 'AuthField')
    const panel = propsPanel(page)
    // Its declared type (AuthFieldProps) makes `type` a list of its four literals.
    await expect(panel.getByText(/Types from AuthField’s props type in/)).toBeVisible()
    await expect(panel.getByRole('combobox', { name: 'type', exact: true })).toHaveText('"email"')
    // An expression is read-only, with where it is.
    await expect(panel.getByText('{defaultEmail}')).toBeVisible()
    await expectAccessible(page, 'section[aria-label="Props"]')
    await page.getByRole('button', { name: 'Dark theme' }).click()
    await expectAccessible(page, 'section[aria-label="Props"]')
    await page.getByRole('button', { name: 'Light theme' }).click()

    await type(page, 'textbox', 'label', 'Work email')
    // Watched from the change on: a success toast goes after 3 s, which a loaded machine's hot update can outlast.
    await Promise.all([
      expect(editor.toasts.getByText('Prop changed').first()).toBeVisible(),
      expect.poll(emailField).toContain('label="Work email"\n'),
    ])
    await expect(form.locator('label').first()).toHaveText('Work email')

    await pick(page, 'type', '"text"')
    await expect.poll(emailField).toContain('type="text"\n')
    await expect(input).toHaveAttribute('type', 'text')

    await panel.getByRole('checkbox', { name: 'required', exact: true }).click()
    await expect.poll(emailField).toContain('required={false}\n')
    await expect(input).not.toHaveAttribute('required')

    // Add prop: a declared boolean the element does not set, then Remove.
    await panel.getByRole('button', { name: 'Add prop' }).click()
    await panel.getByRole('combobox', { name: 'New prop name' }).fill('disabled')
    await expect(panel.getByRole('checkbox', { name: 'New prop value' })).toBeChecked()
    await panel.getByRole('button', { name: 'Add', exact: true }).click()
    await expect.poll(emailField).toMatch(/error=\{errors\.email\}\n\s+disabled=\{true\}\n\s*$/)
    await expect(input).toBeDisabled()
    await panel.getByRole('button', { name: 'Remove disabled' }).click()
    await expect.poll(emailField).not.toContain('disabled')
    await expect(input).toBeEnabled()

    // A name the server refuses is refused here, with why, and nothing is written.
    const before = source()
    await panel.getByRole('button', { name: 'Add prop' }).click()
    await panel.getByRole('combobox', { name: 'New prop name' }).fill('onFocus')
    await panel.getByRole('combobox', { name: 'New prop name' }).press('Enter')
    await expect(panel.getByRole('alert')).toContainText('event handlers are code')
    await panel.getByRole('combobox', { name: 'New prop name' }).press('Escape')
    expect(source()).toBe(before)

    // The instance's props as the page has them now; a ref is an object.
    const live = panel.getByRole('definition').filter({ hasText: '"Work email"' })
    await expect(live).toBeVisible()
    await panel.getByRole('button', { name: 'Log state and props' }).click()
    await expect(editor.toasts.getByText(/Logged the state and props of every AuthField/)).toBeVisible()
    await expect.poll(() => logged.some((text) => text.startsWith('[visual-edit] AuthField'))).toBe(true)

    for (let undo = 0; undo < 5; undo++) await editor.undoButton.click()
    await expect.poll(() => changedSince(served.dir, start), { timeout: 15_000 }).toEqual([])
  })

  test('a number prop, a refused number, and a tag changed; the script sinks are not offered', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    await page.setViewportSize({ width: 1440, height: 900 })
    const start = snapshotSources(served.dir)
    const file = path.join(served.dir, 'src/pages/ContactPage.tsx')
    const source = () => readFileSync(file, 'utf8')
    const editor = await openEditor(page, at(served, '/contact'))
    const textarea = editor.app.locator('textarea#contact-message')
    await selectShown(editor, textarea, '<textarea>')
    const panel = propsPanel(page)

    await type(page, 'spinbutton', 'rows', '6')
    await expect.poll(source).toContain('              name="message"\n              rows={6}\n')
    await expect(textarea).toHaveAttribute('rows', '6')

    const before = source()
    await type(page, 'spinbutton', 'rows', 'six')
    await expect(panel.getByRole('alert')).toContainText('is not a number')
    await panel.getByRole('spinbutton', { name: 'rows', exact: true }).press('Escape')
    await expect(panel.getByRole('spinbutton', { name: 'rows', exact: true })).toHaveValue('6')
    expect(source()).toBe(before)

    // The textarea's wrapper becomes a section.
    await page.keyboard.press('Escape')
    await expect(shown(page)).toHaveText('<div>')
    await panel.getByRole('button', { name: 'Change tag' }).click()
    const list = page.getByRole('dialog', { name: 'Change tag' })
    const search = list.getByRole('combobox', { name: 'Search tags' })
    await search.fill('script')
    await expect(list.getByRole('option')).toHaveCount(0)
    await expect(list.getByText('No tag or component matches.')).toBeVisible()
    await search.fill('iframe')
    await expect(list.getByRole('option')).toHaveCount(0)
    await search.fill('section')
    await expect(list.getByRole('option', { name: '<section>' })).toBeVisible()
    await expectAccessible(page, '[role=dialog]')
    await search.press('Enter')
    await expect
      .poll(source)
      .toMatch(/ {10}<section>\n {12}<label htmlFor="contact-message"[\s\S]*?\/>\n {10}<\/section>/)
    // The instant update shows the section beside the hidden div until the page has the new code.
    await expect(editor.app.locator('section > textarea#contact-message')).toBeVisible()
    await expect(textarea).toHaveCount(1)
    await expect(textarea.locator('xpath=..')).toHaveJSProperty('tagName', 'SECTION')

    for (let undo = 0; undo < 2; undo++) await editor.undoButton.click()
    await expect.poll(() => changedSince(served.dir, start), { timeout: 15_000 }).toEqual([])
  })
})

test.describe('vite8-plain-css (a plain CSS project)', () => {
  let served: CliProject
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    served = await startCliProject('vite8-plain-css')
  })
  test.afterAll(async () => {
    await served?.stop()
  })

  test('a union prop from a local type alias, a string prop, a boolean added and removed, a tag changed', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    await page.setViewportSize({ width: 1024, height: 768 })
    const start = snapshotSources(served.dir)
    const app = () => readFileSync(path.join(served.dir, 'src/App.tsx'), 'utf8')
    const editor = await openEditor(page, served)
    const panel = propsPanel(page)

    // Badge's tone is BadgeTone, a union alias in Badge.tsx.
    const badge = editor.app.locator('span.badge')
    await selectUsage(editor, badge, '<span>', 'Badge')
    await expect(panel.getByRole('combobox', { name: 'tone', exact: true })).toHaveText('"warning"')
    await pick(page, 'tone', '"success"')
    await expect.poll(app).toContain('            <Badge tone="success">Test mode</Badge>\n')
    await expect(badge).toHaveClass('badge badge-success')

    // The second card's title.
    await selectUsage(editor, editor.app.locator('main section h2').nth(1), '<h2>', 'Card')
    await type(page, 'textbox', 'title', 'Billing')
    await expect.poll(app).toContain('          <Card title="Billing">\n')
    await expect(editor.app.locator('main section h2').nth(1)).toHaveText('Billing')

    // A boolean added to an HTML element, then removed.
    const save = editor.app.locator('button.save-button')
    await selectShown(editor, save, '<button>')
    await panel.getByRole('button', { name: 'Add prop' }).click()
    await panel.getByRole('combobox', { name: 'New prop name' }).fill('disabled')
    await panel.getByRole('combobox', { name: 'New prop type' }).click()
    await page.getByRole('option', { name: 'Boolean' }).click()
    await panel.getByRole('button', { name: 'Add', exact: true }).click()
    await expect.poll(app).toContain('<button className="save-button" type="button" disabled={true}>\n')
    await expect(save).toBeDisabled()
    await panel.getByRole('button', { name: 'Remove disabled' }).click()
    await expect.poll(app).toContain('<button className="save-button" type="button">\n')
    await expect(save).toBeEnabled()

    // The page title becomes an h2, from the Element panel.
    await selectShown(editor, editor.app.locator('h1.page-title'), '<h1>')
    await page.getByRole('tab', { name: 'Element' }).click()
    await editor.elementPanel.getByRole('button', { name: 'Change tag' }).click()
    await page.getByRole('combobox', { name: 'Search tags' }).fill('h2')
    await page.getByRole('option', { name: '<h2>' }).click()
    await expect.poll(app).toContain('          <h2 className="page-title">Settings</h2>\n')
    await expect(editor.app.locator('h2.page-title')).toHaveText('Settings')

    for (let undo = 0; undo < 5; undo++) await editor.undoButton.click()
    await expect.poll(() => changedSince(served.dir, start), { timeout: 15_000 }).toEqual([])
  })
})
