import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type Frame, type Page, test } from '@playwright/test'
import { HISTORY_OPERATION } from '../../packages/vite-plugin-visual-edit/src/protocol/history.ts'
import { changedSince, openEditor, snapshotSources } from '../e2e/editor/editor-page.ts'
import { type CliProject, startCliProject } from '../e2e/projects/cli-project.ts'
import { type AttackerServer, startAttackerServer } from './attacker-server.ts'

/**
 * The session token and the editor against the app's own scripts and other local pages, in Chromium
 * (issue 26, attacks 3 and 4; docs/SECURITY.md):
 *
 * - a script of the app being edited (its own code, a component written through the mutate API, or an
 *   XSS in the app) reads nothing of the token, by any route it has: the app's origin, the editor's,
 *   its parent window, the referrer, storage;
 * - the same script, which can post on the inspector's port, makes no change without the user's input;
 * - a page of another origin can frame neither the editor (even with the token in its URL) nor the app.
 *
 * Each of these held the token or a write open before the editor moved to an origin of its own.
 */
const APP_FILE = 'src/App.tsx'

let served: CliProject
let attacker: AttackerServer
let attackerHtml = ''

test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  served = await startCliProject('vite8-tailwind4')
  attacker = await startAttackerServer(() => attackerHtml)
})
test.afterAll(async () => {
  await attacker?.close()
  await served?.stop()
})

/** What the app's script tried, by name: the value it got, or `blocked: <error>`. */
type Reads = Record<string, string>

/**
 * The app's own script, run in every frame before the page's scripts (it acts only in the app's): it
 * keeps the inspector's port when the editor's 'init' arrives, and offers `__attackReads()`, every way
 * it has to the token.
 */
function appScript({ appOrigin, editorOrigin }: { appOrigin: string; editorOrigin: string }): void {
  if (location.origin !== appOrigin) return
  const state = window as unknown as { __port?: MessagePort; __attackReads?: () => Promise<Reads> }
  window.addEventListener(
    'message',
    (event) => {
      if (event.data === 'init' && event.ports[0]) state.__port = event.ports[0]
    },
    true,
  )
  state.__attackReads = async () => {
    const reads: Reads = {}
    const attempt = async (name: string, run: () => unknown) => {
      try {
        reads[name] = String(await run())
      } catch (error) {
        reads[name] = `blocked: ${(error as Error).name}`
      }
    }
    const text = async (url: string, init?: RequestInit) => (await fetch(url, init)).text()
    await attempt('the old session endpoint on the app origin', () => text('/__visual-edit/session'))
    await attempt('the editor page through the app origin', () => text('/__visual-edit/'))
    await attempt('the session endpoint on the editor origin', () =>
      text(`${editorOrigin}/__visual-edit/session`),
    )
    await attempt('the editor page', () => text(`${editorOrigin}/__visual-edit/`))
    await attempt('the project endpoint without the token', () =>
      text(`${editorOrigin}/__visual-edit/project`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    )
    await attempt('a mutate route without the token', () =>
      text(`${editorOrigin}/canvases/x/parseAndMutate/activities/undoChangeToFiles`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    )
    await attempt("the parent's address", () => parent.location.href)
    await attempt("the top window's fragment", () => top?.location.hash)
    await attempt("the parent's document", () => parent.document.documentElement.outerHTML)
    await attempt("the parent's session storage", () => JSON.stringify({ ...parent.sessionStorage }))
    await attempt('the referrer', () => document.referrer)
    await attempt('the cookies', () => document.cookie)
    await attempt("the app origin's storage", () => JSON.stringify({ ...sessionStorage, ...localStorage }))
    await attempt('the window name', () => window.name)
    return reads
  }
}

async function appFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe[title="The app"]').elementHandle()
  const frame = await handle?.contentFrame()
  if (!frame) throw new Error('the editor has no app frame')
  return frame
}

test("the app's own scripts read nothing of the token, by any route they have", async ({ page }) => {
  test.setTimeout(90_000)
  await page.addInitScript(appScript, {
    appOrigin: new URL(served.url).origin,
    editorOrigin: served.editorOrigin,
  })
  await openEditor(page, served)
  expect(page.url(), 'the token left the address bar').not.toContain(served.token)
  const frame = await appFrame(page)
  const reads = await frame.evaluate(() =>
    (window as unknown as { __attackReads: () => Promise<Reads> }).__attackReads(),
  )
  for (const [name, value] of Object.entries(reads))
    expect(value, `${name} gave the token away`).not.toContain(served.token)
  // Cross-origin: no script of the app reads the editor's origin, its window or its storage.
  for (const name of [
    'the old session endpoint on the app origin',
    'the editor page through the app origin',
    'the session endpoint on the editor origin',
    'the editor page',
    'the project endpoint without the token',
    'a mutate route without the token',
  ])
    expect(reads[name], name).toBe('blocked: TypeError')
  for (const name of [
    "the parent's address",
    "the top window's fragment",
    "the parent's document",
    "the parent's session storage",
  ])
    expect(reads[name], name).toBe('blocked: SecurityError')
  expect(reads['the referrer']).toBe('')
})

/**
 * The app's script, run in the app's frame: once the editor's port is in its hands, and with no
 * input of the user's, it posts what the inspector would post for a delete, a duplicate, an undo, a
 * drag and a text edit of the heading, and malformed messages; then says so in the console.
 */
function forgeScript({ appOrigin }: { appOrigin: string }): void {
  if (location.origin !== appOrigin) return
  let port: MessagePort | undefined
  window.addEventListener(
    'message',
    (event) => {
      if (event.data !== 'init' || !event.ports[0] || port) return
      port = event.ports[0]
      // Past the first seconds after the editor's navigation, which the test browser counts as
      // input (a navigation by the test driver activates the page for 5 s).
      setTimeout(forge, 6000)
    },
    true,
  )
  const forge = () => {
    const send = (type: string, payload: unknown) => port?.postMessage({ type, payload })
    const h1 = document.querySelector('h1')
    const p = document.querySelector('p')
    const key = (element: Element | null, uniquePath: string) => ({
      codebaseId: element?.getAttribute('data-tempo-id') ?? '',
      storyboardId: 'app',
      uniquePath,
    })
    const heading = key(h1, '0-0-0-0')
    const keyDown = (
      keyName: string,
      code: string,
      modifiers: { metaKey?: boolean; ctrlKey?: boolean } = {},
    ) =>
      send('KEY_DOWN', {
        key: keyName,
        code,
        altKey: false,
        ctrlKey: false,
        metaKey: false,
        shiftKey: false,
        repeat: false,
        ...modifiers,
      })
    // Malformed: dropped by their schemas.
    send('NAV_TREE', { tree: 5 })
    send('SELECTED_ELEMENT_KEY', {
      elementKey: { codebaseId: '../../etc/passwd', storyboardId: 'app', uniquePath: '0' },
      outerHTML: null,
    })
    send('NOT_AN_EVENT', {})
    // Well-formed, but no input of the user's made them.
    send('SELECTED_ELEMENT_KEY', { elementKey: heading, outerHTML: null })
    keyDown('Delete', 'Delete')
    keyDown('Backspace', 'Backspace')
    keyDown('d', 'KeyD', { metaKey: true })
    keyDown('d', 'KeyD', { ctrlKey: true })
    keyDown('z', 'KeyZ', { ctrlKey: true })
    send('DRAG_START', { elementKey: heading, context: {} })
    send('DRAG_END', {
      elementKey: heading,
      drop: { parentKey: key(p, '0-0-0-1'), codebaseIdToMoveTo: key(p, '').codebaseId },
      expectedCurrentParentCodebaseId: null,
      changeId: null,
    })
    send('START_EDITING_TEXT', { elementKey: heading, oldText: h1?.textContent ?? '' })
    send('EDITED_TEXT', {
      elementKey: heading,
      newText: 'Written by the app itself',
      oldText: h1?.textContent ?? '',
    })
    setTimeout(() => console.log('[attack] forged'), 1500)
  }
}

test("messages the app's scripts post on the inspector's port make no change without the user's input", async ({
  page,
}) => {
  test.setTimeout(90_000)
  const before = snapshotSources(served.dir)
  const writes: string[] = []
  page.on('request', (request) => {
    const url = request.url()
    // The editor reads the undo history when it starts (the History panel, the ledger): a read, not a write.
    if (url.endsWith(`/activities/${HISTORY_OPERATION}`)) return
    if (/\/parseAndMutate\/|\/__visual-edit\/class-css/.test(url)) writes.push(url)
  })
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  await page.addInitScript(forgeScript, { appOrigin: new URL(served.url).origin })
  // No click, no key: nothing the browser counts as the user's input until the attack is over.
  await page.goto(served.editorUrl)
  await page.waitForEvent('console', {
    predicate: (message) => message.text() === '[attack] forged',
    timeout: 60_000,
  })
  expect(writes, 'requests that write files').toEqual([])
  expect(changedSince(served.dir, before)).toEqual([])
  const said = warnings.join('\n')
  expect(said).toContain("Dropped a message from the app's frame: NAV_TREE")
  expect(said).toContain("Dropped a message from the app's frame: SELECTED_ELEMENT_KEY")
  expect(said).toContain("Dropped a message from the app's frame: unknown event type")
  for (const what of [
    'the delete shortcut',
    'the duplicate shortcut',
    'the undo shortcut',
    'a drag',
    'a text edit',
  ])
    expect(said, what).toContain(`Ignored ${what} from the app's frame`)

  // The same keys from the user's own hands go through: a real click, Delete, then undo.
  const frame = await appFrame(page)
  const original = readFileSync(path.join(served.dir, APP_FILE))
  await frame.locator('h1').click()
  await expect(page.locator('[role=treeitem][aria-selected=true]')).toHaveCount(1)
  await frame.locator('h1').press('Delete')
  await expect.poll(() => readFileSync(path.join(served.dir, APP_FILE)).equals(original)).toBe(false)
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect.poll(() => readFileSync(path.join(served.dir, APP_FILE)).equals(original)).toBe(true)
})

test('a page of another origin can frame neither the editor (its token in the URL or not) nor the app', async ({
  page,
}) => {
  const projectCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(served.editorOrigin) && request.method() === 'POST')
      projectCalls.push(request.url())
  })
  const refusals: string[] = []
  page.on('console', (message) => refusals.push(message.text()))
  attackerHtml = `<!doctype html><title>a page of another origin</title>
<iframe id="editor" src="${served.editorUrl}"></iframe>
<iframe id="bare-editor" src="${served.editorOrigin}/__visual-edit/"></iframe>
<iframe id="app" src="${served.url}"></iframe>`
  await page.goto(`${attacker.origin}/`)
  await expect
    .poll(() => refusals.filter((line) => /frame-ancestors|X-Frame-Options/.test(line)).length)
    .toBeGreaterThanOrEqual(3)
  // None of the framed documents ran: the editor never asked the server anything, the app is not there.
  expect(projectCalls).toEqual([])
  for (const frame of page.frames().slice(1))
    expect(
      frame.url().startsWith(served.editorOrigin) || frame.url().startsWith(served.url),
      frame.url(),
    ).toBe(false)
})

test('an editor opened without its token, or with a wrong one, loads no app and says how to open it', async ({
  page,
}) => {
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  await page.goto(`${served.editorOrigin}/__visual-edit/`)
  await expect(page.getByRole('heading', { name: 'Open the editor from its link' })).toBeVisible()
  await page.goto('about:blank')
  await page.goto(`${served.editorOrigin}/__visual-edit/#token=not-the-token-0123456789`)
  await expect(
    page.getByRole('heading', { name: "This link's session key is not valid any more" }),
  ).toBeVisible()
  expect(page.url(), 'the wrong key left the address bar too').toBe(`${served.editorOrigin}/__visual-edit/`)
  // A reload does not try the refused key again.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Open the editor from its link' })).toBeVisible()
  expect(requests.filter((url) => url.startsWith(served.url))).toEqual([])
  expect(requests.filter((url) => /parseAndMutate|lookups|class-css/.test(url))).toEqual([])
})
