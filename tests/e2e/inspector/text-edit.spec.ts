import { expect, type Page, test } from '@playwright/test'
import type { ElementKey } from '../../../packages/vite-plugin-visual-edit/src/protocol/element-key.ts'
import { OutboundEvent } from '../../../packages/vite-plugin-visual-edit/src/protocol/messages.ts'
import { copyFixture } from '../../helpers/temp-project.ts'
import { serveWithEdit } from './edit-session.ts'
import { box, connectEditor, type Editor } from './outline-app.ts'

/**
 * Text editing in place, in Chromium against `visual-edit edit` on a copy of tests/fixtures/edit-loop-app:
 * a click on the selected heading makes its text editable, typing goes into the page (not to the
 * editor's shortcuts), Enter hands the editor the new and old text, Escape puts the text back; text
 * from code gets the edit-dynamic-text button instead. Nothing here calls the mutate API: the editor
 * does that with EDITED_TEXT (edit-loop.spec.ts runs that part).
 */
let project: ReturnType<typeof copyFixture> | undefined
serveWithEdit(
  () => {
    project = copyFixture('edit-loop-app')
    return project.dir
  },
  (page) => expect(page.locator('h1')).toHaveText('Welcome back', { timeout: 60_000 }),
)
test.afterAll(() => project?.remove())

type EditorWindow = Window & { __overlayRoot?: ShadowRoot }

async function selectHeading(page: Page, editor: Editor): Promise<ElementKey> {
  const id = (await page.locator('h1').getAttribute('data-tempo-id')) as string
  await page.locator('h1').click()
  await expect.poll(async () => (await editor.selected())?.codebaseId).toBe(id)
  return (await editor.selected()) as ElementKey
}

/** The key events the editor received: none may come from typing into the edited text. */
async function forwardedKeys(editor: Editor): Promise<string[]> {
  const events = [
    ...(await editor.events(OutboundEvent.KEY_DOWN)),
    ...(await editor.events(OutboundEvent.KEY_UP)),
  ]
  return events.map((event) => `${event.type} ${(event.payload as { key: string }).key}`)
}

test('click the selected heading, type, Enter: the editor gets the new and old text', async ({ page }) => {
  const editor = await connectEditor(page)
  const heading = page.locator('h1')
  const key = await selectHeading(page, editor)

  await heading.click()
  await expect
    .poll(() => editor.events(OutboundEvent.START_EDITING_TEXT))
    .toEqual([
      { type: OutboundEvent.START_EDITING_TEXT, payload: { elementKey: key, oldText: 'Welcome back' } },
    ])
  await expect(heading).toHaveAttribute('contenteditable', 'plaintext-only')
  await expect(heading).toBeFocused()

  await page.keyboard.press('End')
  await page.keyboard.type(', friend')
  await page.keyboard.press('Backspace')
  await page.keyboard.type('d')
  await expect(heading).toHaveText('Welcome back, friend')
  await page.keyboard.press('Enter')

  await expect
    .poll(() => editor.events(OutboundEvent.EDITED_TEXT))
    .toEqual([
      {
        type: OutboundEvent.EDITED_TEXT,
        payload: { elementKey: key, newText: 'Welcome back, friend', oldText: 'Welcome back' },
      },
    ])
  await expect(heading).not.toHaveAttribute('contenteditable')
  await expect(heading).not.toBeFocused()
  // Enter committed: no line break went in, and no key (Backspace, Enter) reached the editor's shortcuts.
  expect(await heading.evaluate((element) => element.innerHTML)).toBe('Welcome back, friend')
  expect(await forwardedKeys(editor)).toEqual([])
  // The selection stays, outlined; a key pressed now is the editor's again.
  expect((await editor.selected())?.codebaseId).toBe(key.codebaseId)
  await expect
    .poll(async () => (await editor.overlays('primary')).map(box))
    .toEqual([box(await editor.rect('h1'))])
  await page.keyboard.press('Delete')
  await expect.poll(() => forwardedKeys(editor)).toEqual(['KEY_DOWN Delete', 'KEY_UP Delete'])
})

test('Escape puts the exact text back and reports it unchanged; startEditingText starts it from the editor', async ({
  page,
}) => {
  const editor = await connectEditor(page)
  const heading = page.locator('h1')
  await selectHeading(page, editor)
  const original = await heading.evaluate((element) => element.innerHTML)

  await heading.click()
  await expect(heading).toBeFocused()
  await page.keyboard.type('typed away')
  await page.keyboard.press('Shift+Enter')
  await page.keyboard.type('and more')
  await expect(heading).toContainText('typed away')
  await page.keyboard.press('Escape')

  await expect(heading).not.toHaveAttribute('contenteditable')
  expect(await heading.evaluate((element) => element.innerHTML)).toBe(original)
  // Nothing to write: the text comes back as it was, which tells the editor that editing ended.
  await expect
    .poll(async () => (await editor.events(OutboundEvent.EDITED_TEXT)).map((event) => event.payload))
    .toMatchObject([{ newText: 'Welcome back', oldText: 'Welcome back' }])
  expect(await forwardedKeys(editor)).toEqual([])
  await expect
    .poll(async () => (await editor.overlays('primary')).map(box))
    .toEqual([box(await editor.rect('h1'))])

  // The editor's Enter shortcut or double-click: the caret at the end.
  expect(await editor.call('startEditingText')).toBe(true)
  await expect(heading).toBeFocused()
  await page.keyboard.type('!')
  // Shift+Enter is a line break, at the end too (where Chromium adds a second one to show the line).
  await page.keyboard.press('Shift+Enter')
  await heading.evaluate((element) => (element as HTMLElement).blur())
  await expect
    .poll(async () => (await editor.events(OutboundEvent.EDITED_TEXT)).map((event) => event.payload))
    .toMatchObject([
      { newText: 'Welcome back', oldText: 'Welcome back' },
      { newText: 'Welcome back!\n', oldText: 'Welcome back' },
    ])
})

test('text from code gets the edit-dynamic-text button, which sends the element key', async ({ page }) => {
  const editor = await connectEditor(page)
  const output = page.locator('output')
  const id = (await output.getAttribute('data-tempo-id')) as string
  // What the server answers for `<output>{count}</output>`.
  await editor.call('setNewLookups', { [id]: { text: 'dynamic' } })
  await output.click()
  await expect.poll(async () => (await editor.selected())?.codebaseId).toBe(id)
  await output.click()
  expect(await editor.events(OutboundEvent.START_EDITING_TEXT)).toEqual([])
  await expect(output).not.toHaveAttribute('contenteditable')

  const button = () =>
    page.evaluate(() => {
      const found = (window as EditorWindow).__overlayRoot?.querySelector('button')
      if (!found || found.getClientRects().length === 0) return null
      const { left, top, width, height } = found.getBoundingClientRect()
      return { left, top, width, height, label: found.getAttribute('aria-label') }
    })
  await expect.poll(button).not.toBeNull()
  const shown = await button()
  const rect = await editor.rect('output')
  expect(shown).toMatchObject({ width: 22, height: 22, label: 'Edit Dynamic Text' })
  // Beside its top-right corner: the output, a few pixels wide, stays clickable.
  expect(shown?.left).toBeCloseTo(rect.left + rect.width, 1)
  expect(shown?.top).toBeCloseTo(rect.top, 1)

  // A real click on it: the overlay takes this one press, the app and the selection do not.
  await page.mouse.click((shown?.left ?? 0) + 11, (shown?.top ?? 0) + 11)
  await expect
    .poll(async () => (await editor.events(OutboundEvent.EDIT_DYNAMIC_TEXT)).map((event) => event.payload))
    .toEqual([{ elementKey: await editor.selected() }])
  expect((await editor.selected())?.codebaseId).toBe(id)
  await expect(output).toHaveText('0')

  await page.locator('h1').click()
  await expect.poll(button).toBeNull()
})
