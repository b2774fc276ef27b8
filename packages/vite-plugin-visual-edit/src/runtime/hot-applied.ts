import {
  HOT_APPLIED_EVENT,
  type HotAppliedPayload,
  MODULE_EVALUATED_HOOK,
  STALE_MODULE_EVENT,
  type StaleModulePayload,
} from '../protocol/messages.ts'

/** Vite's HMR client as this uses it: `import.meta.hot` of the module Vite serves the inspector as. */
interface HotClient {
  on(event: 'vite:afterUpdate', listener: (payload: { updates?: { path: string }[] }) => void): void
  send(event: string, payload: HotAppliedPayload | StaleModulePayload): void
}

/**
 * Keeps the page on the files' last writes:
 * - after each hot update the page applied, tells the dev server (HOT_APPLIED_EVENT with the paths), so
 *   the mutate server writes a file again only once the page has its last write
 *   (server/edit/served-gate.ts);
 * - installs MODULE_EVALUATED_HOOK, which every tagged module calls with its version when evaluated:
 *   a version older than one already evaluated means two hot updates finished out of order and the
 *   page runs the older code, so the dev server is asked (STALE_MODULE_EVENT) to send the file again.
 * Once per page: Vite's listeners live as long as the module. Returns what undoes the hook.
 */
export function reportHotUpdates(
  win: Window,
  hot = (import.meta as ImportMeta & { hot?: HotClient }).hot,
): () => void {
  if (!hot) return () => {}
  hot.on('vite:afterUpdate', (payload) => {
    const paths = (payload.updates ?? []).map((update) => update.path)
    if (paths.length > 0) hot.send(HOT_APPLIED_EVENT, { paths })
  })
  const newest = new Map<string, number>()
  const hook = (file: unknown, version: unknown) => {
    if (typeof file !== 'string' || typeof version !== 'number') return
    const seen = newest.get(file)
    if (seen === undefined || version >= seen) {
      newest.set(file, version)
      return
    }
    hot.send(STALE_MODULE_EVENT, { file })
  }
  const global = win as unknown as Record<string, unknown>
  global[MODULE_EVALUATED_HOOK] = hook
  return () => {
    if (global[MODULE_EVALUATED_HOOK] === hook) delete global[MODULE_EVALUATED_HOOK]
  }
}
