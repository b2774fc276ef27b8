import { HOT_APPLIED_EVENT, type HotAppliedPayload } from '../../protocol/messages.ts'

/** Vite's HMR client as this uses it: `import.meta.hot` of the module Vite serves the inspector as. */
interface HotClient {
  on(
    event: 'vite:afterUpdate',
    listener: (payload: { updates?: { path: string; type?: string }[] }) => void,
  ): void
  send(event: string, payload: HotAppliedPayload): void
}

/** How long after a hot update the page looks for a Fast Refresh that never ran (see `reportHotUpdates`). */
export const REFRESH_CHECK_MS = 60

/**
 * @vitejs/plugin-react's refresh runtime renders a hot update this long after the update evaluated
 * the module (its `enqueueUpdate` is a 16 ms debounce, set before Vite's 'vite:afterUpdate'), and
 * React commits it synchronously then (`scheduleRefresh` flushes its work). A timer of this delay
 * set at 'vite:afterUpdate' runs after that commit.
 */
export const REFRESH_DEBOUNCE_MS = 16

/** The part of @vitejs/plugin-react's (and plugin-react-swc's) refresh runtime, `/@react-refresh`, used here. */
interface RefreshRuntime {
  validateRefreshBoundaryAndEnqueueUpdate?: (id: string, prev: object, next: object) => unknown
}

/**
 * Asks React Refresh to apply the component registrations still pending. A module evaluated by a hot
 * update registers its components, but React re-renders only when the module's accept callback
 * enqueues a refresh; that callback is registered a moment after evaluation (plugin-react imports
 * the module's own URL first). A second hot update of the same module inside that moment finds no
 * callback: the new code is evaluated and never rendered, and the page keeps showing the older one.
 * The runtime's one exported way to enqueue a refresh is the boundary check: handed a component, it
 * enqueues one, which applies whatever is pending and does nothing when nothing is.
 */
export async function flushPendingRefresh(load: () => Promise<RefreshRuntime>): Promise<void> {
  try {
    const runtime = await load()
    const component = Object.defineProperty(() => null, 'name', { value: 'VisualEditRefresh' })
    const exports = { VisualEditRefresh: component }
    runtime.validateRefreshBoundaryAndEnqueueUpdate?.('visual-edit:refresh', exports, exports)
  } catch {
    // No React Refresh on this page (another framework, or a production build): nothing to flush.
  }
}

/**
 * `/@react-refresh` under the page's Vite base (read from the Vite client's own script), as an
 * absolute URL: the app imports that module instance. A path would get Vite's `?import` added to the
 * dynamic import, which loads a second runtime with nothing pending.
 */
function refreshRuntimeUrl(win: Window): string {
  const client = win.document.querySelector<HTMLScriptElement>('script[src$="@vite/client"]')
  const base = client?.getAttribute('src')?.replace(/@vite\/client$/, '') ?? '/'
  return new URL(`${base}@react-refresh`, win.location.href).href
}

/**
 * Keeps the page on the files' last writes: after each hot update the page applied, makes sure React
 * Refresh rendered it (`flushPendingRefresh`) and then tells the dev server (HOT_APPLIED_EVENT with
 * the paths), so the mutate server writes a file again only once the page has its last write
 * (server/edit/served-gate.ts). `onCodeUpdate` learns of each update of code once React has rendered
 * it (REFRESH_DEBOUNCE_MS). Once per page: Vite's listeners live as long as the module.
 */
export function reportHotUpdates(
  win: Window,
  onCodeUpdate: () => void = () => {},
  hot = (import.meta as ImportMeta & { hot?: HotClient }).hot,
): void {
  if (!hot) return
  const loadRefresh = () => import(/* @vite-ignore */ refreshRuntimeUrl(win)) as Promise<RefreshRuntime>
  hot.on('vite:afterUpdate', (payload) => {
    const updates = payload.updates ?? []
    const paths = updates.map((update) => update.path)
    if (paths.length === 0) return
    // The page shows the new code once React Refresh has rendered it, not when it is evaluated: a
    // click in between is on the elements of the code before.
    if (updates.some((update) => update.type === 'js-update')) setTimeout(onCodeUpdate, REFRESH_DEBOUNCE_MS)
    // A moment later: a Fast Refresh the update should have run is run (`flushPendingRefresh`), and
    // only then is the update reported, so the next write of the file waits for it too.
    setTimeout(() => {
      const flushed = updates.some((update) => update.type === 'js-update')
        ? flushPendingRefresh(loadRefresh)
        : Promise.resolve()
      void flushed.then(() => hot.send(HOT_APPLIED_EVENT, { paths }))
    }, REFRESH_CHECK_MS)
  })
}
