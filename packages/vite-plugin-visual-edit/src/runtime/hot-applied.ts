import { HOT_APPLIED_EVENT, type HotAppliedPayload } from '../protocol/messages.ts'

/** Vite's HMR client as this uses it: `import.meta.hot` of the module Vite serves the inspector as. */
interface HotClient {
  on(event: 'vite:afterUpdate', listener: (payload: { updates?: { path: string }[] }) => void): void
  send(event: string, payload: HotAppliedPayload): void
}

/**
 * Tells the dev server after each hot update the page applied (HOT_APPLIED_EVENT with the paths), so
 * the mutate server writes a file again only once the page has its last write (server/edit/served-gate.ts).
 * Once per page: Vite's listeners live as long as the module.
 */
export function reportHotUpdates(hot = (import.meta as ImportMeta & { hot?: HotClient }).hot): void {
  hot?.on('vite:afterUpdate', (payload) => {
    const paths = (payload.updates ?? []).map((update) => update.path)
    if (paths.length > 0) hot.send(HOT_APPLIED_EVENT, { paths })
  })
}
