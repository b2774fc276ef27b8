import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, type Frame, type Page, test } from '@playwright/test'
import { freePort } from '../../../packages/cli/src/network.ts'
import { visualEdit } from '../../../packages/vite-plugin-visual-edit/src/index.ts'
import type { ElementKey } from '../../../packages/vite-plugin-visual-edit/src/protocol/element-key.ts'
import type { NavTreePayload } from '../../../packages/vite-plugin-visual-edit/src/protocol/messages.ts'
import type { NavTreeNode } from '../../../packages/vite-plugin-visual-edit/src/protocol/nav-tree-node.ts'
import { decodeNavTree } from '../../../packages/vite-plugin-visual-edit/src/protocol/nav-tree-wire.ts'
import { listenDevServer } from '../../helpers/dev-server.ts'

const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/outline-app')

/**
 * tests/fixtures/outline-app (plain tagged elements) in a Vite dev server with visualEdit() on a free
 * port. The inspector trusts `allowedOrigins` besides the editor's origin, and, unless `selfConnect` is
 * false, the app's own origin: these specs drive the inspector from the app's page itself
 * (connectEditor), which a real editor never does (it has an origin of its own: docs/SECURITY.md).
 */
export async function startOutlineApp(
  allowedOrigins: string[] = [],
  { selfConnect = true }: { selfConnect?: boolean } = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort('127.0.0.1')
  const own = selfConnect ? [`http://127.0.0.1:${port}`] : []
  const { server, url } = await listenDevServer({
    root: FIXTURE,
    cacheDir: path.join(tmpdir(), 'visual-edit-outline-app-vite'),
    plugins: visualEdit({
      token: 'outline-app-token-0123456789',
      allowedOrigins: [...allowedOrigins, ...own],
    }),
    server: { ws: false, port, strictPort: true },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  return { url: `${url}/`, close: () => server.close() }
}

/**
 * Serves the outline fixture app for a spec file (started once, stopped after its tests) and opens it
 * in each test's page with the overlay's shadow root recorded, at `viewport` when given.
 */
export function serveOutlineApp(viewport?: { width: number; height: number }): void {
  let app: Awaited<ReturnType<typeof startOutlineApp>> | undefined
  test.beforeAll(async () => {
    app = await startOutlineApp()
  })
  test.afterAll(async () => {
    await app?.close()
  })
  test.beforeEach(async ({ page }) => {
    await recordOverlayRoot(page)
    if (viewport) await page.setViewportSize(viewport)
    if (!app) throw new Error('The outline app did not start')
    await page.goto(app.url)
  })
}

export interface EditorEvent {
  type: string
  payload: unknown
}

/** One overlay drawn in the inspector's shadow root, as the browser laid it out. */
export interface Overlay {
  kind: string
  left: number
  top: number
  width: number
  height: number
  thickness: string
  boxShadow: string
  fontSize: string
  zIndex: string
  text: string
}

export interface Rect {
  left: number
  top: number
  width: number
  height: number
}

export interface Editor {
  call: <T = unknown>(functionName: string, ...args: unknown[]) => Promise<T>
  events: (type?: string) => Promise<EditorEvent[]>
  clearEvents: () => Promise<void>
  overlays: (kind?: string) => Promise<Overlay[]>
  rect: (selector: string) => Promise<Rect>
  /** Every NAV_TREE received so far, decoded, oldest first. */
  trees: () => Promise<NavTreeNode[][]>
  /** The last NAV_TREE received, decoded ([] before any). */
  tree: () => Promise<NavTreeNode[]>
  /** The key of the last SELECTED_ELEMENT_KEY event (null before any, or when it cleared). */
  selected: () => Promise<ElementKey | null>
}

/** A box in whole pixels, [left, top, width, height]: an overlay and an element rect compare alike. */
export const box = ({ left, top, width, height }: Rect): number[] =>
  [left, top, width, height].map(Math.round)

type EditorWindow = Window & {
  __overlayRoot?: ShadowRoot
  __editor?: {
    events: EditorEvent[]
    call: (functionName: string, args: unknown[]) => Promise<{ result?: unknown; error?: string }>
  }
}

/**
 * The overlay's shadow root is closed, so neither the app nor Playwright can reach it; the tests
 * remember it when the inspector creates it. Call before page.goto.
 */
export async function recordOverlayRoot(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const attach = Element.prototype.attachShadow
    Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
      const root = attach.call(this, init)
      if (this.hasAttribute('data-visual-edit-overlay')) (window as EditorWindow).__overlayRoot = root
      return root
    }
  })
}

/**
 * Connects to the inspector the way an editor does: 'init' with a MessagePort, then calls functions
 * over the port and records every event the inspector sends. By default the page posts it to itself
 * (at the top level the page is its own parent; the app's origin must be allowed, as the test servers
 * here allow it). With `through`, the page is an editor page on the editor's origin and the init goes
 * to the app in its frame (which then answers this connection instead of the editor's own).
 */
export async function connectEditor(page: Page, through?: { iframe: string; frame: Frame }): Promise<Editor> {
  await page.evaluate((iframe) => {
    const channel = new MessageChannel()
    const events: EditorEvent[] = []
    const pending = new Map<number, (reply: { result?: unknown; error?: string }) => void>()
    let nextId = 0
    channel.port1.onmessage = (message: MessageEvent) => {
      const data = message.data as {
        id?: number
        type?: string
        payload?: unknown
        result?: unknown
        error?: string
      }
      if (typeof data.id === 'number') {
        pending.get(data.id)?.(data)
        pending.delete(data.id)
      } else events.push({ type: String(data.type), payload: data.payload })
    }
    ;(window as EditorWindow).__editor = {
      events,
      call: (functionName, args) =>
        new Promise((resolve) => {
          const id = ++nextId
          pending.set(id, resolve)
          channel.port1.postMessage({ id, type: 'executeFunction', payload: { functionName, args } })
        }),
    }
    if (iframe) {
      const frame = document.querySelector<HTMLIFrameElement>(iframe)
      frame?.contentWindow?.postMessage('init', new URL(frame.src).origin, [channel.port2])
    } else window.postMessage('init', location.origin, [channel.port2])
  }, through?.iframe)

  const editor: Editor = {
    call: async <T>(functionName: string, ...args: unknown[]) => {
      const reply = await page.evaluate(
        ([name, list]) => (window as EditorWindow).__editor?.call(name, list),
        [functionName, args] as const,
      )
      if (!reply || reply.error !== undefined) throw new Error(`${functionName} failed: ${reply?.error}`)
      return reply.result as T
    },
    events: (type) =>
      page.evaluate(
        (wanted) =>
          ((window as EditorWindow).__editor?.events ?? []).filter(
            (event) => !wanted || event.type === wanted,
          ),
        type,
      ),
    trees: async () =>
      (await editor.events('NAV_TREE')).map((event) => decodeNavTree((event.payload as NavTreePayload).tree)),
    tree: async () => (await editor.trees()).at(-1) ?? [],
    selected: async () => selectedKey((await editor.events('SELECTED_ELEMENT_KEY')).at(-1)),
    clearEvents: () =>
      page.evaluate(() => {
        ;(window as EditorWindow).__editor?.events.splice(0)
      }),
    overlays: (kind) => overlaysIn(through?.frame ?? page, kind),
    rect: (selector) => rectIn(through?.frame ?? page, selector),
  }
  // Every test starts from a built tree, as an editor's session does.
  await editor.call('initProject', {})
  return editor
}

/** The overlays drawn in the page's (or a frame's) inspector, as the browser laid them out. */
export function overlaysIn(target: Page | Frame, kind?: string): Promise<Overlay[]> {
  return target.evaluate((wanted) => {
    const root = (window as EditorWindow).__overlayRoot
    if (!root) return []
    return Array.from(root.querySelectorAll('div'))
      .filter((div) => !div.hidden && (!wanted || div.dataset.kind === wanted))
      .filter((div) => div.getClientRects().length > 0)
      .map((div) => {
        const rect = div.getBoundingClientRect()
        const style = getComputedStyle(div)
        return {
          kind: div.dataset.kind ?? '',
          left: rect.left,
          top: rect.top,
          width: rect.width,
          height: rect.height,
          thickness: style.getPropertyValue('--t').trim(),
          boxShadow: style.boxShadow,
          fontSize: style.fontSize,
          zIndex: style.zIndex,
          text: div.textContent ?? '',
        }
      })
  }, kind)
}

/** An element's rect in the page (or a frame). */
export function rectIn(target: Page | Frame, selector: string): Promise<Rect> {
  return target.locator(selector).evaluate((element) => {
    const { left, top, width, height } = element.getBoundingClientRect()
    return { left, top, width, height }
  })
}

/**
 * Adds a constructed stylesheet to the page (or a frame): layout changes with no DOM mutation for the
 * tree's observer and no event for the outlines.
 */
export function restyle(target: Page | Frame, css: string): Promise<void> {
  return target.evaluate((text) => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(text)
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
  }, css)
}

/** Layout units are 1/64 px: an overlay and its element's rect agree to that precision. */
export function expectSameRect(overlay: Overlay | undefined, rect: Rect): void {
  expect(overlay, 'overlay drawn').toBeDefined()
  expect(overlay?.left).toBeCloseTo(rect.left, 1)
  expect(overlay?.top).toBeCloseTo(rect.top, 1)
  expect(overlay?.width).toBeCloseTo(rect.width, 1)
  expect(overlay?.height).toBeCloseTo(rect.height, 1)
}

/** The key of a SELECTED_ELEMENT_KEY event. */
export function selectedKey(event: EditorEvent | undefined): ElementKey | null {
  return (event?.payload as { elementKey?: ElementKey | null } | undefined)?.elementKey ?? null
}
