import { readFileSync } from 'node:fs'
import path from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { type CliProject, MARKETPLACE, startCliProject } from '../projects/cli-project.ts'
import { changedSince, type EditorPage, openEditor, snapshotSources } from './editor-page.ts'

/**
 * The History panel (issue 31) through `visual-edit edit`, on a copy of the marketplace and on a
 * project shaped like people's (Vite 5, Tailwind 3, CRLF): four class edits made in the element panel,
 * undo to the third and redo to the fourth from the panel, a reload of the editor, the same history
 * listed again and undo still exact. Every step is checked against the project's files, byte for byte.
 */

interface Case {
  name: string
  start: () => Promise<CliProject>
  /** The file the edits write, relative to the project. */
  file: string
  /** The element edited, in the app. */
  selector: string
  /** One class added per edit. */
  classes: [string, string, string, string]
}

const CASES: Case[] = [
  {
    name: 'the marketplace',
    start: () => startCliProject('marketplace', MARKETPLACE),
    file: 'src/components/home/HeroSearch.tsx',
    selector: 'h1#hero-heading',
    classes: ['italic', 'underline', 'uppercase', 'text-center'],
  },
  {
    name: 'vite5-tailwind3',
    start: () => startCliProject('vite5-tailwind3'),
    file: 'src/App.jsx',
    selector: 'h1',
    classes: ['italic', 'underline', 'uppercase', 'text-center'],
  },
]

const historyPanel = (page: Page) => page.getByRole('region', { name: 'History' })
/** The panel's rows, newest first (an open row lists its files in a list of its own). */
const rows = (page: Page) =>
  historyPanel(page).getByRole('list', { name: 'Changes, newest first' }).locator(':scope > li')

/** Waits until the panel lists these states, newest first. */
async function expectStates(page: Page, states: string[]): Promise<void> {
  await expect
    .poll(() => rows(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-state'))))
    .toEqual(states)
}

/** Waits until every file of src/ has the bytes of `snapshot`. */
async function expectFiles(served: CliProject, snapshot: Map<string, Buffer>): Promise<void> {
  await expect.poll(() => changedSince(served.dir, snapshot)).toEqual([])
}

/** Four edits of the element's classes in the element panel; the sources after each, the first the start. */
async function fourEdits(editor: EditorPage, served: CliProject, one: Case): Promise<Map<string, Buffer>[]> {
  const source = () => readFileSync(path.join(served.dir, one.file), 'utf8')
  const snapshots = [snapshotSources(served.dir)]
  await editor.select(editor.app.locator(one.selector).first())
  const field = editor.elementPanel.getByLabel('Classes')
  for (const added of one.classes) {
    const now = await field.inputValue()
    await field.fill(`${now} ${added}`)
    await field.press('Enter')
    await expect.poll(source).toContain(`${now} ${added}"`)
    await expect(field).toHaveValue(`${now} ${added}`)
    snapshots.push(snapshotSources(served.dir))
  }
  return snapshots
}

const travel = (row: Locator, name: 'Undo to here' | 'Redo to here') =>
  row.getByRole('button', { name, exact: true }).click()

for (const one of CASES) {
  test.describe(`on ${one.name}`, () => {
    let served: CliProject
    test.beforeAll(async () => {
      test.setTimeout(180_000)
      served = await one.start()
    })
    test.afterAll(async () => {
      await served?.stop()
    })

    test('undo to the third change restores the files byte for byte, redo re-applies; a reload keeps the history', async ({
      page,
    }) => {
      test.setTimeout(180_000)
      await page.setViewportSize({ width: 1440, height: 900 })
      const editor = await openEditor(page, served)
      const snapshots = await fourEdits(editor, served, one)
      const [start, , second, third, fourth] = snapshots as Map<string, Buffer>[]

      await page.getByRole('tab', { name: 'History' }).click()
      await expectStates(page, ['saved', 'saved', 'saved', 'saved'])
      await expect(rows(page).first()).toContainText('Edit classes')

      // The newest change's details: its file, and the diff in a dialog.
      await rows(page).first().getByRole('button', { expanded: false }).click()
      await expect(rows(page).first().getByRole('list', { name: 'Files' })).toContainText(one.file)
      await rows(page).first().getByRole('button', { name: 'Show the diff' }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toContainText(`+++ b/${one.file}`)
      await expect(dialog).toContainText(one.classes[3])
      // The panel and the dialog, light and dark: no serious or critical accessibility violation.
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate(
          (dark) => document.documentElement.classList.toggle('dark', dark),
          theme === 'dark',
        )
        for (const part of ['section[aria-label=History]', '[role=dialog]']) {
          const { violations } = await new AxeBuilder({ page }).include(part).analyze()
          const serious = violations.filter(({ impact }) => impact === 'serious' || impact === 'critical')
          expect(serious.map((violation) => `${theme} ${part}: ${violation.id}`)).toEqual([])
        }
      }
      await page.evaluate(() => document.documentElement.classList.toggle('dark', false))
      await page.keyboard.press('Escape')
      await expect(dialog).toHaveCount(0)

      // Undo to the third change (the second row, newest first): the fourth and third are undone.
      await travel(rows(page).nth(1), 'Undo to here')
      await expectStates(page, ['undone', 'undone', 'saved', 'saved'])
      await expectFiles(served, second as Map<string, Buffer>)

      // Redo to the fourth: both back, the files as after the fourth edit.
      await travel(rows(page).first(), 'Redo to here')
      await expectStates(page, ['saved', 'saved', 'saved', 'saved'])
      await expectFiles(served, fourth as Map<string, Buffer>)

      // A reload of the editor: the same four changes are listed (the History tab is remembered) ...
      await page.reload()
      await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({ timeout: 30_000 })
      await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true')
      await expectStates(page, ['saved', 'saved', 'saved', 'saved'])

      // ... undo to the third still restores the exact bytes, and so does the toolbar's undo.
      await travel(rows(page).nth(1), 'Undo to here')
      await expectFiles(served, second as Map<string, Buffer>)
      await expectStates(page, ['undone', 'undone', 'saved', 'saved'])
      await editor.undoButton.click()
      await expectFiles(served, snapshots[1] as Map<string, Buffer>)
      await expectStates(page, ['undone', 'undone', 'undone', 'saved'])

      // By the keyboard: the arrows move between the rows, Tab reaches a row's redo.
      await rows(page).first().getByRole('button', { expanded: false }).focus()
      await page.keyboard.press('ArrowDown')
      await expect(rows(page).nth(1).getByRole('button', { expanded: false })).toBeFocused()
      await page.keyboard.press('Tab')
      await expect(rows(page).nth(1).getByRole('button', { name: 'Redo to here' })).toBeFocused()
      await page.keyboard.press('Enter')
      await expectFiles(served, third as Map<string, Buffer>)
      await expectStates(page, ['undone', 'saved', 'saved', 'saved'])

      // Undo to the first: the project is as it started.
      await travel(rows(page).nth(3), 'Undo to here')
      await expectFiles(served, start as Map<string, Buffer>)
      await expectStates(page, ['undone', 'undone', 'undone', 'undone'])
    })
  })
}
