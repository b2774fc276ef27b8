import { type Page, test } from '@playwright/test'
import { type EditSession, edit } from '../../../packages/cli/src/commands/edit.ts'
import type { VisualEditContext } from '../../../packages/vite-plugin-visual-edit/src/context.ts'
import { findVisualEditContext } from '../../../packages/vite-plugin-visual-edit/src/index.ts'
import { recordOverlayRoot } from './outline-app.ts'

/**
 * Serves a project as `visual-edit edit` does, for a spec file: one dev server, which its tests share
 * in order, stopped after them. Each test's page opens the app with the overlay's root recorded, and
 * starts once `ready` sees the app (the first load waits for Vite to optimise the dependencies). The
 * app's own origin may connect to its inspector, as connectEditor does.
 * `root` may be a function, called once the spec's tests start (a copy made for them). Returns the
 * session's address, its editor's origin (the mutate API's), its token, and the source file the dev server tagged a codebase id in.
 */
export function serveWithEdit(
  root: string | (() => string),
  ready: (page: Page) => Promise<void>,
): {
  url: () => string
  apiUrl: () => string
  token: () => string
  fileOf: (codebaseId: string) => string | null
} {
  let session: EditSession | undefined
  let context: VisualEditContext | undefined
  const served = {
    url: () => session?.urls[0] ?? '',
    apiUrl: () => session?.editorOrigin ?? '',
    token: () => context?.token ?? '',
    fileOf: (codebaseId: string) => context?.index.get(codebaseId)?.file ?? null,
  }
  test.describe.configure({ mode: 'serial' })
  test.beforeAll(async () => {
    session = await edit({
      root: typeof root === 'string' ? root : root(),
      port: 0,
      host: '127.0.0.1',
      open: false,
    })
    context = findVisualEditContext(session.server.config.plugins)
    // These specs drive the inspector from the app's page itself (connectEditor), which a real
    // editor never does: it has an origin of its own (docs/SECURITY.md). The inspector reads its
    // allowed origins when its module is made: the CLI's first load (packages/cli/src/first-load.ts)
    // made it already, so it is made again for the next page.
    context?.options.allowedOrigins.push(new URL(session.urls[0] ?? '').origin)
    const graph = session.server.moduleGraph
    const inspector = graph.getModuleById('\0virtual:visual-edit-inspector')
    if (inspector) graph.invalidateModule(inspector)
  })
  test.afterAll(async () => {
    await session?.close()
  })
  test.beforeEach(async ({ page }) => {
    test.setTimeout(90_000)
    await recordOverlayRoot(page)
    await page.goto(served.url())
    await ready(page)
  })
  return served
}
