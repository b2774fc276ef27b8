/**
 * The pages bench/inspector-redraw.ts measures, each served and connected to an editor: the
 * marketplace in the editor (the `visual-edit` binary), the marketplace alone, and the 6,800-element
 * page of bench/inspector-page.ts.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Frame, Page } from '@playwright/test'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import type { ViteDevServer } from 'vite'
import { marketplaceBackend } from '../examples/marketplace/server/vite-plugin.ts'
import { freePort } from '../packages/cli/src/network.ts'
import { findVisualEditContext, visualEdit } from '../packages/vite-plugin-visual-edit/src/index.ts'
import { LOOKUPS_PATH } from '../packages/vite-plugin-visual-edit/src/protocol/lookups.ts'
import { TOKEN_HEADER } from '../packages/vite-plugin-visual-edit/src/protocol/mutate-api.ts'
import { MARKETPLACE as MARKETPLACE_COPIES, startCliProject } from '../tests/e2e/projects/cli-project.ts'
import { listenDevServer } from '../tests/helpers/dev-server.ts'
import { linkInstalledPackages } from '../tests/helpers/linked-packages.ts'
import { rowsFor, startServer } from './inspector-page.ts'

const REPO = path.resolve(import.meta.dirname, '..')
const MARKETPLACE = path.join(REPO, 'examples/marketplace')
/** As bench/inspector-page.ts serves its page; credentialless, so images from elsewhere still load. */
const CROSS_ORIGIN_ISOLATED = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'credentialless',
}

export type Step = 'select' | 'hover' | 'scroll' | 'tree'

export type RedrawWindow = Window & {
  __redraws: { at: number; ms: number; outlines: number; whole: boolean; layoutMs: number }[]
  __steps: { step: Step; at: number }[]
  __trees: number
  __port?: MessagePort
  benchChange?: () => void
}

export interface BenchPage {
  name: string
  url: string
  viewport: { width: number; height: number }
  /** Selectors of elements selected first, before the ones picked on the page. */
  first: string[]
  /** Waits until the app has rendered. */
  ready: (page: Page) => Promise<void>
  /** The document the app and its inspector run in: the page, or the editor's frame of the app. */
  app: (page: Page) => Promise<Frame>
  /** Connects an editor to the inspector (the bench as the editor, or the editor page itself). */
  connect: (page: Page, app: Frame) => Promise<void>
  /** A change of the app's state, on pages that have one (its tree refresh redraws the outlines). */
  change: boolean
  close: () => Promise<void>
}

/**
 * Connects as the editor (the page's origin is allowed), waits for the first tree, and hands the
 * inspector the lookups of the page's codebase ids (setNewLookups), as the editor does.
 */
async function connectAsEditor(page: Frame, lookupsOf: (ids: string[]) => Promise<unknown>): Promise<void> {
  await page.evaluate(async () => {
    const state = window as unknown as RedrawWindow
    state.__trees = 0
    const channel = new MessageChannel()
    state.__port = channel.port1
    let first: () => void = () => {}
    const firstTree = new Promise<void>((resolve) => {
      first = resolve
    })
    channel.port1.onmessage = (event) => {
      if ((event.data as { type?: string }).type !== 'NAV_TREE') return
      state.__trees++
      first()
    }
    window.postMessage('init', location.origin, [channel.port2])
    channel.port1.postMessage({
      id: 1,
      type: 'executeFunction',
      payload: { functionName: 'initProject', args: [{ storyboardId: 'bench' }] },
    })
    await firstTree
  })
  const ids = await page.evaluate(() => [
    ...new Set(
      [...document.querySelectorAll('[data-tempo-id]')].map(
        (element) => element.getAttribute('data-tempo-id') ?? '',
      ),
    ),
  ])
  const { lookups } = (await lookupsOf(ids)) as { lookups: unknown }
  await page.evaluate(async (answer) => {
    const state = window as unknown as RedrawWindow
    const trees = state.__trees
    state.__port?.postMessage({
      id: 2,
      type: 'executeFunction',
      payload: { functionName: 'setNewLookups', args: [answer] },
    })
    while (state.__trees === trees) await new Promise((resolve) => requestAnimationFrame(resolve))
  }, lookups)
}

/** The lookups route of the dev server's editor origin, called as the editor page calls it. */
function lookupsOf(server: ViteDevServer): (ids: string[]) => Promise<unknown> {
  const context = findVisualEditContext(server.config.plugins)
  if (!context?.editor) throw new Error('visualEdit() served no editor origin')
  const origin = `http://127.0.0.1:${context.editor.port}`
  return async (ids) => {
    const response = await fetch(`${origin}${LOOKUPS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: context.token, origin },
      body: JSON.stringify({ ids }),
    })
    if (!response.ok) throw new Error(`lookups: ${response.status} ${await response.text()}`)
    return response.json()
  }
}

/** A copy of the marketplace beside it, with its backend's data in a folder of this run. */
export async function marketplacePage(): Promise<BenchPage> {
  const dir = mkdtempSync(path.join(REPO, 'examples', '.run-redraw-'))
  for (const entry of readdirSync(MARKETPLACE)) {
    if (['node_modules', 'dist', '.data'].includes(entry) || /^\.(bench|run)-/.test(entry)) continue
    cpSync(path.join(MARKETPLACE, entry), path.join(dir, entry), { recursive: true })
  }
  linkInstalledPackages(MARKETPLACE, dir)
  const stateHome = process.env.XDG_STATE_HOME
  const state = mkdtempSync(path.join(tmpdir(), 'visual-edit-bench-state-'))
  process.env.XDG_STATE_HOME = state
  const port = await freePort('127.0.0.1')
  const { server, url } = await listenDevServer({
    root: dir,
    cacheDir: path.join(dir, 'node_modules', '.vite'),
    plugins: [
      visualEdit({ allowedOrigins: [`http://127.0.0.1:${port}`] }),
      react(),
      tailwindcss(),
      marketplaceBackend(),
    ],
    server: { port, strictPort: true, headers: CROSS_ORIGIN_ISOLATED },
  })
  return {
    name: 'the marketplace alone (home page)',
    url: `${url}/`,
    viewport: { width: 1440, height: 900 },
    first: [],
    ready: async (page) => {
      await page.locator('h1#hero-heading').waitFor({ timeout: 60_000 })
      await page.locator('[data-tempo-id] img').first().waitFor({ timeout: 30_000 })
    },
    change: false,
    app: async (page) => page.mainFrame(),
    connect: (_page, app) => connectAsEditor(app, lookupsOf(server)),
    close: async () => {
      await server.close()
      if (stateHome === undefined) delete process.env.XDG_STATE_HOME
      else process.env.XDG_STATE_HOME = stateHome
      rmSync(dir, { recursive: true, force: true })
      rmSync(state, { recursive: true, force: true })
    },
  }
}

/**
 * The marketplace as `npm start` shows it: a copy served by the `visual-edit` binary (the packages'
 * dist build, so `npm run build` first), in the editor page at 1440x900, which connects to the app's
 * frame and gives it its lookups itself.
 */
export async function editorPage(): Promise<BenchPage> {
  const stateHome = process.env.XDG_STATE_HOME
  const state = mkdtempSync(path.join(tmpdir(), 'visual-edit-bench-state-'))
  process.env.XDG_STATE_HOME = state
  const served = await startCliProject('marketplace', MARKETPLACE_COPIES)
  const frame = (page: Page) => page.frameLocator('iframe[title="The app"]')
  return {
    name: 'the marketplace in the editor (visual-edit edit)',
    url: served.editorUrl,
    viewport: { width: 1440, height: 900 },
    first: [],
    ready: async (page) => {
      await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor({ timeout: 90_000 })
      await page.locator('[role=treeitem]').first().waitFor({ timeout: 60_000 })
      await frame(page).locator('h1#hero-heading').waitFor({ timeout: 60_000 })
      await frame(page).locator('[data-tempo-id] img').first().waitFor({ timeout: 30_000 })
    },
    change: false,
    app: async (page) => {
      const content = await (await page.locator('iframe[title="The app"]').elementHandle())?.contentFrame()
      if (!content) throw new Error('the editor shows no app frame')
      return content
    },
    connect: async () => {},
    close: async () => {
      await served.stop()
      if (stateHome === undefined) delete process.env.XDG_STATE_HOME
      else process.env.XDG_STATE_HOME = stateHome
      rmSync(state, { recursive: true, force: true })
    },
  }
}

export async function rowsPage(): Promise<BenchPage> {
  const { url, server, remove } = await startServer()
  const rows = rowsFor(6800)
  return {
    name: 'the 6,800-element page',
    url: `${url}/?rows=${rows}`,
    viewport: { width: 1280, height: 900 },
    first: ['li.row', 'section.section', 'li .name', 'header h1'],
    ready: async (page) => {
      await page.waitForFunction((count) => document.querySelectorAll('li').length === count, rows, {
        timeout: 60_000,
      })
    },
    change: true,
    app: async (page) => page.mainFrame(),
    connect: (_page, app) => connectAsEditor(app, lookupsOf(server)),
    close: async () => {
      await server.close()
      remove()
    },
  }
}
