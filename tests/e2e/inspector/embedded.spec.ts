import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, type Frame, type Page, test } from '@playwright/test'
import type { NavTreePayload } from '../../../packages/vite-plugin-visual-edit/src/protocol/messages.ts'
import { decodeNavTree } from '../../../packages/vite-plugin-visual-edit/src/protocol/nav-tree-wire.ts'
import {
  expectSameRect,
  overlaysIn,
  recordOverlayRoot,
  rectIn,
  restyle,
  startOutlineApp,
} from './outline-app.ts'

/**
 * The inspector as the editor uses it: the app in an iframe of an editor page at another origin, the
 * handshake posted by that page to the frame. Two editor pages are served on loopback ports of their
 * own (Chromium's local network checks block a loopback frame in a page from anywhere else); the app's
 * dev server trusts the first alone (visualEdit({ allowedOrigins })), and lets no other origin frame it.
 */
interface EditorServer {
  origin: string
  close: () => Promise<void>
}

/** A loopback server answering every request with the editor page that embeds `appUrl()`. */
async function startEditorServer(appUrl: () => URL): Promise<EditorServer> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end(editorPage(appUrl()))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** The editor's side of the bridge: `connect()` posts 'init' to the frame; `received` keeps what comes back. */
function editorPage(appUrl: URL): string {
  return `<!doctype html><html><body style="margin:0">
<iframe id="app" src="${appUrl.href}" style="border:0;width:1000px;height:700px;margin:20px 30px"></iframe>
<script>
  window.received = []
  const pending = new Map()
  let port = null
  let nextId = 0
  window.connect = () => {
    const channel = new MessageChannel()
    channel.port1.onmessage = (message) => {
      window.received.push(message.data)
      pending.get(message.data.id)?.(message.data)
      pending.delete(message.data.id)
    }
    port = channel.port1
    document.getElementById('app').contentWindow.postMessage('init', ${JSON.stringify(appUrl.origin)}, [channel.port2])
  }
  window.call = (functionName, args) =>
    new Promise((resolve) => {
      const id = ++nextId
      pending.set(id, resolve)
      port.postMessage({ id, type: 'executeFunction', payload: { functionName, args } })
    })
</script></body></html>`
}

let app: Awaited<ReturnType<typeof startOutlineApp>> | undefined
let allowed: EditorServer | undefined
let other: EditorServer | undefined
const appUrl = () => new URL(`${app?.url ?? ''}?debugLog=true`)
test.beforeAll(async () => {
  allowed = await startEditorServer(appUrl)
  other = await startEditorServer(appUrl)
  app = await startOutlineApp([allowed.origin], { selfConnect: false })
})
test.afterAll(async () => {
  await Promise.all([app?.close(), allowed?.close(), other?.close()])
})

interface EditorPageWindow extends Window {
  received: { id?: number; type?: string; payload?: unknown; result?: unknown; error?: string }[]
  connect: () => void
  /** Resolves with the reply to the request. */
  call: (functionName: string, args: unknown[]) => Promise<{ id: number; result?: unknown; error?: string }>
}

/** The editor page sends 'init' with its port to the app's frame. */
async function connect(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as EditorPageWindow).connect())
}

/** Calls a function of the inspector from the editor page; the reply's result (throws its error). */
async function call(page: Page, functionName: string, ...args: unknown[]): Promise<unknown> {
  const reply = await page.evaluate(
    ([name, list]) => (window as unknown as EditorPageWindow).call(name, list),
    [functionName, args] as const,
  )
  if (reply.error !== undefined) throw new Error(`${functionName} failed: ${reply.error}`)
  return reply.result
}

/** Opens the editor page of `editor`; returns the app's frame in it once the inspector there is loaded. */
async function openEditor(page: Page, editor: EditorServer | undefined): Promise<Frame> {
  await recordOverlayRoot(page)
  await page.setViewportSize({ width: 1100, height: 800 })
  await page.goto(`${editor?.origin}/editor.html`)
  const frame = page.frame({ url: (url) => url.origin === appUrl().origin })
  if (!frame) throw new Error('The app frame did not load')
  // The inspector listens once its module ran: before the frame's load event.
  await frame.waitForFunction(() => document.readyState === 'complete')
  return frame
}

const received = (page: Page, type?: string) =>
  page.evaluate(
    (wanted) =>
      (window as unknown as EditorPageWindow).received.filter((data) => !wanted || data.type === wanted),
    type,
  )

test('an editor at an origin the app does not allow can neither frame the app nor reach its inspector', async ({
  page,
}) => {
  const consoleLines: string[] = []
  page.on('console', (message) => consoleLines.push(message.text()))
  await page.goto(`${other?.origin}/editor.html`)
  // The app's pages may be framed by the editor's origin (and the allowed ones) only: frame-ancestors.
  await expect.poll(() => consoleLines.join('\n')).toMatch(/frame-ancestors/)
  expect(page.frames().some((frame) => frame.url().startsWith(appUrl().origin))).toBe(false)
  await connect(page)
  await page.evaluate(() => {
    void (window as unknown as EditorPageWindow).call('initProject', [{}])
  })
  await page.waitForTimeout(300)
  expect(await received(page)).toEqual([])
})

test('an allowed editor in another origin connects through the frame: tree, selection, and outlines that follow a transform', async ({
  page,
}) => {
  const frame = await openEditor(page, allowed)
  await connect(page)
  // The reply carries the request's id; the tree follows.
  expect(await call(page, 'initProject', {})).toMatchObject({ nodes: expect.any(Number) })
  expect((await received(page)).find((data) => data.id === 1)?.result).toBeDefined()
  await expect.poll(async () => (await received(page, 'NAV_TREE')).length).toBeGreaterThan(0)
  const [event] = await received(page, 'NAV_TREE')
  const nodes = decodeNavTree((event as { payload: NavTreePayload }).payload.tree)
  expect(nodes.some((node) => node.key.codebaseId === 'tempo-0a000000-0000-4000-8000-000000000006')).toBe(
    true,
  )

  // The user clicks in the frame: the element is selected and the editor told.
  await frame.click('#odd-card')
  await expect
    .poll(async () => JSON.stringify(await received(page, 'SELECTED_ELEMENT_KEY')))
    .toContain('tempo-0a000000-0000-4000-8000-000000000006')
  await expect.poll(async () => (await overlaysIn(frame, 'primary')).length).toBe(1)

  // Inside a cross-origin frame, the position watch still sees a move that changes no size.
  await restyle(frame, '#odd-card { transform: translate(16px, 36px) }')
  const moved = await rectIn(frame, '#odd-card')
  await expect.poll(async () => (await overlaysIn(frame, 'primary'))[0]?.top).toBeCloseTo(moved.top, 1)
  expectSameRect((await overlaysIn(frame, 'primary'))[0], moved)
})

test("goBack and goForward move through the app's own history in the frame, never the editor's", async ({
  page,
}) => {
  const frame = await openEditor(page, allowed)
  // The editor has history of its own, after the frame's first entry.
  await page.evaluate(() => history.pushState(null, '', '#second'))
  const editorUrl = page.url()
  await connect(page)
  await call(page, 'initProject', {})

  // The app's first entry: back lies the editor's, so there is nothing to go back to.
  expect(await call(page, 'goBack')).toBe(false)
  expect(await call(page, 'goForward')).toBe(false)

  // In drive mode the user follows a link in the app: the frame gets an entry of its own.
  await call(page, 'enableDriveMode')
  await frame.click('#link')
  await expect.poll(() => new URL(frame.url()).hash).toBe('#followed')
  expect(await call(page, 'goBack')).toBe(true)
  await expect.poll(() => new URL(frame.url()).hash).toBe('')
  expect(await call(page, 'goForward')).toBe(true)
  await expect.poll(() => new URL(frame.url()).hash).toBe('#followed')
  expect(await call(page, 'goForward')).toBe(false)
  // Had any of these gone through the tab's history, the editor would have gone back from #second.
  expect(page.url()).toBe(editorUrl)
})

test('a frame out of the editor view, which gets no animation frames, still builds its tree and rebuilds it after a change', async ({
  page,
}) => {
  const frame = await openEditor(page, allowed)
  // A page large enough that its tree takes many slices.
  await frame.evaluate(() => {
    const rows = Array.from(
      { length: 6000 },
      (_, n) =>
        `<div data-tempo-id="tempo-0a000000-0000-4000-8000-000000000004" class="row"><span>${n}</span></div>`,
    )
    document.querySelector('main')?.insertAdjacentHTML('beforeend', rows.join(''))
  })
  // Scrolled off the editor's canvas: Chromium stops rendering the cross-origin frame.
  await page.evaluate(() => {
    ;(document.getElementById('app') as HTMLIFrameElement).style.marginTop = '5000px'
  })
  const nextFrameOrNone = () =>
    frame.evaluate(
      () =>
        new Promise<string>((resolve) => {
          requestAnimationFrame(() => resolve('a frame'))
          setTimeout(() => resolve('no frame'), 500)
        }),
    )
  // The one frame already due may still come; after it, none does.
  await nextFrameOrNone()
  expect(await nextFrameOrNone()).toBe('no frame')
  await connect(page)
  const { nodes } = (await call(page, 'initProject', {})) as { nodes: number }
  expect(nodes).toBeGreaterThan(6000)
  await expect.poll(async () => (await received(page, 'NAV_TREE')).length).toBe(1)

  await frame.evaluate(() => {
    document.querySelector('main')?.insertAdjacentHTML('beforeend', '<p id="added">added</p>')
  })
  await expect.poll(async () => (await received(page, 'NAV_TREE')).length).toBe(2)
})

test('the editor narrowing the frame (another breakpoint) refreshes the tree with the new boxes', async ({
  page,
}) => {
  const frame = await openEditor(page, allowed)
  await connect(page)
  await call(page, 'initProject', {})
  await expect.poll(async () => (await received(page, 'NAV_TREE')).length).toBe(1)
  const oddCardBox = async () => {
    const trees = await received(page, 'NAV_TREE')
    const last = trees.at(-1) as { payload: NavTreePayload }
    const node = decodeNavTree(last.payload.tree).find(
      (candidate) => candidate.key.codebaseId === 'tempo-0a000000-0000-4000-8000-000000000006',
    )
    return node?.pageBoundingBox
  }
  const wide = await rectIn(frame, '#odd-card')
  expect((await oddCardBox())?.pageX).toBeCloseTo(wide.left, 1)

  // No element of the page changes: the frame gets narrower, and the cards shrink.
  await page.evaluate(() => {
    ;(document.getElementById('app') as HTMLIFrameElement).style.width = '420px'
  })
  await expect.poll(async () => (await received(page, 'NAV_TREE')).length).toBe(2)
  const narrow = await rectIn(frame, '#odd-card')
  expect(narrow.left).toBeLessThan(wide.left - 50)
  const box = await oddCardBox()
  expect(box?.pageX).toBeCloseTo(narrow.left, 1)
  expect(box?.pageY).toBeCloseTo(narrow.top, 1)
  expect(box?.width).toBeCloseTo(narrow.width, 1)
})

test('keys, the wheel and the pointer in the frame reach the editor over the port; a click in edit mode leaves the focus with the editor', async ({
  page,
}) => {
  const frame = await openEditor(page, allowed)
  await connect(page)
  await call(page, 'initProject', {})
  // In edit mode a click selects without taking the focus: keys stay with the editor page itself.
  await frame.click('#odd-card')
  expect(await frame.evaluate(() => document.hasFocus())).toBe(false)
  // Once the page has the focus (the user clicked it in drive mode), keys reach the editor over the
  // port.
  await call(page, 'enableDriveMode')
  await frame.click('#cousin')
  await call(page, 'disableDriveMode')
  expect(await frame.evaluate(() => document.hasFocus())).toBe(true)
  await page.keyboard.press('Control+z')
  await expect
    .poll(async () => (await received(page, 'KEY_DOWN')).map((event) => event.payload))
    .toContainEqual(expect.objectContaining({ key: 'z', ctrlKey: true }))
  await page.mouse.move(300, 200)
  await page.keyboard.down('Control')
  await page.mouse.wheel(0, -120)
  await page.keyboard.up('Control')
  await expect
    .poll(async () => (await received(page, 'WHEEL')).map((event) => event.payload))
    .toContainEqual(expect.objectContaining({ deltaY: -120, ctrlKey: true }))
  // Pointer positions are the frame's own: the editor places them with the frame's offset.
  await page.mouse.move(330, 220)
  await expect
    .poll(async () => (await received(page, 'MOUSE_MOVE')).at(-1)?.payload)
    .toMatchObject({ clientX: 300, clientY: 200 })
})

test('at the canvas zoom (the frame scaled to 50%) the outline is drawn twice as thick and still follows a move', async ({
  page,
}) => {
  const frame = await openEditor(page, allowed)
  await page.evaluate(() => {
    const element = document.getElementById('app') as HTMLIFrameElement
    element.style.transform = 'scale(0.5)'
    element.style.transformOrigin = '0 0'
  })
  await connect(page)
  await call(page, 'initProject', {})
  expect(await call(page, 'setZoomPerc', 50)).toBe(true)
  await frame.click('#odd-card')
  await expect.poll(async () => (await overlaysIn(frame, 'primary')).length).toBe(1)
  expect((await overlaysIn(frame, 'primary'))[0]?.thickness).toBe('2px')
  await restyle(frame, '#odd-card { transform: translate(16px, 36px) }')
  const moved = await rectIn(frame, '#odd-card')
  await expect.poll(async () => (await overlaysIn(frame, 'primary'))[0]?.top).toBeCloseTo(moved.top, 1)
  expectSameRect((await overlaysIn(frame, 'primary'))[0], moved)
})
