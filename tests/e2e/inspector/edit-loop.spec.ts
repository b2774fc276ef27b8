import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import type { NavTreeNode } from '../../../packages/vite-plugin-visual-edit/src/protocol/nav-tree-node.ts'
import { mutateClient } from '../../helpers/mutate-server.ts'
import { copyFixture } from '../../helpers/temp-project.ts'
import { serveWithEdit } from './edit-session.ts'
import { box, connectEditor, type Editor } from './outline-app.ts'

/**
 * The whole loop an editor drives, in Chromium against `visual-edit edit` on a copy of
 * tests/fixtures/edit-loop-app: select an element in the page, edit its text through the mutate API,
 * and the source file changes, React Fast Refresh updates the page with the app's state kept, the
 * inspector's next tree shows the new text under the same codebase id, and the selection stays on
 * the element; undo puts the file back byte for byte and the page with it.
 */
let project: ReturnType<typeof copyFixture> | undefined
const served = serveWithEdit(
  () => {
    project = copyFixture('edit-loop-app')
    return project.dir
  },
  (page) => expect(page.locator('h1')).toHaveText('Welcome back', { timeout: 60_000 }),
)
test.afterAll(() => project?.remove())

const APP_FILE = () => path.join(project?.dir ?? '', 'src', 'App.tsx')

/** The mutate API, called as the editor page calls it (its origin, the session token). */
const post = (route: string, body: unknown) => mutateClient(served.apiUrl(), served.token()).post(route, body)

async function heading(editor: Editor): Promise<NavTreeNode | undefined> {
  return (await editor.tree()).find((node) => node.elementTagName === 'h1')
}

test('select, edit the text through the mutate API, see it in the page and the tree; undo', async ({
  page,
}) => {
  const original = readFileSync(APP_FILE(), 'utf8')
  const editor = await connectEditor(page)
  await expect.poll(async () => (await heading(editor))?.literalChildren).toEqual(['Welcome back'])
  const before = (await heading(editor)) as NavTreeNode
  expect(served.fileOf(before.key.codebaseId)).toBe(APP_FILE())

  // Some app state, made in drive mode (where clicks reach the app), that an edit must not lose.
  await editor.call('enableDriveMode')
  await page.getByRole('button', { name: 'More' }).click()
  await page.getByRole('button', { name: 'More' }).click()
  await expect(page.locator('output')).toHaveText('2')
  await editor.call('disableDriveMode')

  await page.locator('h1').click()
  await expect.poll(async () => (await editor.selected())?.codebaseId).toBe(before.key.codebaseId)

  const edited = await post('mutate/editText', {
    element: { codebaseId: before.key.codebaseId },
    oldText: 'Welcome back',
    newText: 'Hello again',
  })
  expect(edited.status).toBe(200)
  expect(edited.json()).toEqual({ ok: true, files: ['src/App.tsx'] })
  expect(readFileSync(APP_FILE(), 'utf8')).toBe(original.replace('Welcome back', 'Hello again'))

  // Fast Refresh: the new text in place, the state kept.
  await expect(page.locator('h1')).toHaveText('Hello again')
  await expect(page.locator('output')).toHaveText('2')
  await expect.poll(async () => (await heading(editor))?.literalChildren).toEqual(['Hello again'])
  const after = (await heading(editor)) as NavTreeNode
  expect(after.key).toEqual(before.key)
  // Still selected: the outline drawn on the edited heading.
  const headingBox = box(await editor.rect('h1'))
  await expect.poll(async () => (await editor.overlays('primary')).map(box)).toEqual([headingBox])

  expect((await post('activities/undoChangeToFiles', {})).status).toBe(200)
  expect(readFileSync(APP_FILE(), 'utf8')).toBe(original)
  await expect(page.locator('h1')).toHaveText('Welcome back')
  await expect(page.locator('output')).toHaveText('2')
  await expect.poll(async () => (await heading(editor))?.literalChildren).toEqual(['Welcome back'])
  expect(((await heading(editor)) as NavTreeNode).key).toEqual(before.key)
})

test('wrap the selected element in a div: the selection follows the ids the server renamed; undo', async ({
  page,
}) => {
  const original = readFileSync(APP_FILE(), 'utf8')
  const editor = await connectEditor(page)
  const note = page.locator('p.note')
  const noteId = (await note.getAttribute('data-tempo-id')) as string
  await note.click()
  await expect.poll(async () => (await editor.selected())?.codebaseId).toBe(noteId)

  const wrapped = await post('mutate/wrapInDiv', { reactElements: [{ codebaseId: noteId }] })
  expect(wrapped.status).toBe(200)
  const body = wrapped.json() as { prevIdToNewIdMap?: Record<string, string>; newCodebaseIds?: string[] }
  const [div] = body.newCodebaseIds ?? []
  const renamed = body.prevIdToNewIdMap?.[noteId] ?? noteId
  // Ids follow positions: the paragraph, one level deeper, is renamed (its old id is the div's now).
  expect(renamed).not.toBe(noteId)
  // What the editor does with the reply: the inspector's keys follow the renamed elements.
  await editor.call('updateCodebaseIds', body.prevIdToNewIdMap ?? {})

  // The hot update puts the paragraph in its new div, under its new id.
  await expect(page.locator(`div[data-tempo-id="${div}"] > p.note`)).toHaveAttribute('data-tempo-id', renamed)
  await expect
    .poll(async () => {
      const nodes = await editor.tree()
      const paragraph = nodes.find((node) => node.key.codebaseId === renamed)
      return paragraph?.parent === null || paragraph === undefined
        ? null
        : nodes[paragraph.parent]?.key.codebaseId
    })
    .toBe(div)
  await expect.poll(async () => (await editor.selected())?.codebaseId).toBe(renamed)
  const noteBox = box(await editor.rect('p.note'))
  await expect.poll(async () => (await editor.overlays('primary')).map(box)).toEqual([noteBox])

  const undone = await post('activities/undoChangeToFiles', {})
  expect(undone.status).toBe(200)
  expect(readFileSync(APP_FILE(), 'utf8')).toBe(original)
  await expect(page.locator('main > p.note')).toHaveCount(1)
})
