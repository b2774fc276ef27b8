import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { expect, type Page, test } from '@playwright/test'
import { connectMcp } from '../../helpers/mcp-client.ts'
import { type CliProject, startCliProject } from '../projects/cli-project.ts'
import { type EditorPage, openEditor } from './editor-page.ts'

/**
 * Issue 32: `visual-edit mcp` beside a running `visual-edit edit` of the same project (Vite 7 +
 * Tailwind 4.1), driven by the MCP SDK's own client over stdio: it finds the session, sees what the
 * user selected in the editor, and its edits land in the frame and in the editor's history, undone
 * from either side.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 })

const APP = `export function App() {
  return (
    <main className="p-8">
      <Card>
        <h1 id="title" className="text-2xl font-bold">Agent test</h1>
      </Card>
      <p id="lead" className="mt-2 text-slate-600">Lead text</p>
    </main>
  )
}

function Card({ children }: { children: React.ReactNode }) {
  return <section className="rounded border p-4">{children}</section>
}
`

let served: CliProject
let editor: EditorPage
let page: Page
let client: Client
let call: Awaited<ReturnType<typeof connectMcp>>['call']

const source = () => readFileSync(path.join(served.dir, 'src/App.tsx'), 'utf8')

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  served = await startCliProject('vite7-tailwind41', undefined, { 'src/App.tsx': APP })
  page = await (
    await browser.newContext({
      viewport: { width: 1440, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    })
  ).newPage()
  editor = await openEditor(page, served)
  ;({ client, call } = await connectMcp(served.dir))
})
test.afterAll(async () => {
  await client?.close()
  await page?.context().close()
  await served?.stop()
})

test('the agent finds the running editor, and the status bar shows it connected', async () => {
  const history = await call('history')
  expect(history.value.mode).toBe('editor')
  expect(history.value.note).toContain(served.editorOrigin)
  await expect(page.getByTestId('agent-status')).toHaveText('Agent connected')
})

test('get_selection: what the user selected, with its code, components, classes, text, styles, route and picture', async () => {
  await editor.select(editor.app.locator('h1#title'))
  const { value } = await call('get_selection')
  expect(value.mode).toBe('editor')
  expect(value.route).toBe('/')
  expect(value.selection).toHaveLength(1)
  const [h1] = value.selection
  expect(h1).toMatchObject({
    file: 'src/App.tsx',
    line: 5,
    column: 9,
    tag: 'h1',
    text: { kind: 'static', value: 'Agent test' },
    props: { id: 'title' },
  })
  expect(h1.componentStack).toEqual(['App', 'Card'])
  expect(h1.classes).toContainEqual({ name: 'text-2xl', css: expect.stringContaining('font-size') })
  expect(h1.styles['font-weight']).toBe('700')
  expect(h1.outerHTML).toContain('Agent test')
  expect(h1.png).toMatch(/^data:image\/png;base64,/)
  expect(Buffer.from(h1.png.split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG')
})

test("apply_changes: a wrong precondition writes nothing; the right one lands in the frame and in the editor's history", async () => {
  const before = source()
  const element = { file: 'src/App.tsx', line: 5 }
  const wrong = await call('apply_changes', {
    changes: [{ operation: 'editText', body: { element, oldText: 'Agent tests', newText: 'Edited' } }],
  })
  expect(wrong.isError).toBe(true)
  expect(wrong.value.error.code).toBe('TEXT_MISMATCH')
  expect(source()).toBe(before)

  // The editor sends the agent's edit: held there, the page shows it already and the file does not have it yet.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/parseAndMutate/mutate/editText', async (route) => {
    await held
    await route.continue()
  })
  const applying = call('apply_changes', {
    changes: [
      { operation: 'editText', body: { element, oldText: 'Agent test', newText: 'Edited by the agent' } },
    ],
  })
  await expect(editor.app.locator('h1#title')).toHaveText('Edited by the agent')
  expect(source()).toBe(before)
  release()
  const right = await applying
  await page.unroute('**/parseAndMutate/mutate/editText')
  expect(right.isError).toBe(false)
  expect(right.value.shownInEditor).toBe(true)
  expect(right.value.mode).toBe('editor')
  expect(right.value.diff).toContain(
    '+        <h1 id="title" className="text-2xl font-bold">Edited by the agent</h1>',
  )
  expect(source()).toContain('>Edited by the agent</h1>')
  await expect(editor.app.locator('h1#title')).toHaveText('Edited by the agent')
  await expect(page.getByText('Your coding agent changed src/App.tsx', { exact: true })).toBeVisible()
  await expect(editor.undoButton).toBeEnabled()
  const history = await call('history')
  expect(history.value.entries.at(-1)).toMatchObject({
    type: 'EDIT_TEXT',
    by: 'agent',
    files: ['src/App.tsx'],
    undone: false,
  })
  await page.getByRole('tab', { name: 'History', exact: true }).click()
  await expect(page.getByRole('region', { name: 'History' }).getByText('Edit text · by agent')).toBeVisible()
})

test('undo from the agent, then from the editor: each takes back the last change, byte for byte', async () => {
  const edited = source()
  const undone = await call('undo')
  expect(undone.isError).toBe(false)
  await expect.poll(source).toContain('>Agent test</h1>')
  await expect(editor.app.locator('h1#title')).toHaveText('Agent test')
  const original = source()

  await call('redo')
  await expect.poll(source).toBe(edited)
  // The user's toolbar undoes the agent's edit too: one history.
  await editor.undoButton.click()
  await expect.poll(source).toBe(original)
  await expect(editor.app.locator('h1#title')).toHaveText('Agent test')
})

test('Copy for agent, by its shortcut in the frame and from the context menu: the selection as text to paste', async () => {
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText())
  await page.evaluate(() => navigator.clipboard.writeText(''))
  await editor.select(editor.app.locator('p#lead'))
  await editor.focusFrame()
  await page.keyboard.press('ControlOrMeta+Alt+c')
  await expect(page.getByText('Copied the element for your agent', { exact: true })).toBeVisible()
  const copied = await clipboard()
  expect(copied).toContain('Selected element in the running app (route /):')
  expect(copied).toContain('- <p> at src/App.tsx:7:7')
  expect(copied).toContain('  components: App')
  expect(copied).toContain('  classes: mt-2 text-slate-600')
  expect(copied).toContain('  text: "Lead text"')
  expect(copied).toMatch(/ {2}html: <p id="lead" class="mt-2 text-slate-600">Lead text<\/p>/)
  expect(copied).not.toContain(served.token)
  expect(copied).not.toContain('data-tempo-id')

  await page.evaluate(() => navigator.clipboard.writeText(''))
  await editor.app.locator('h1#title').click({ button: 'right' })
  await page
    .getByRole('menu')
    .getByRole('menuitem', { name: /Copy for agent/ })
    .click()
  await expect
    .poll(clipboard)
    .toContain(
      '- <h1> at src/App.tsx:5:9\n  components: App > Card\n  classes: text-2xl font-bold\n  text: "Agent test"\n',
    )
})
