import { afterEach, expect, test, vi } from 'vitest'
import { HOT_APPLIED_EVENT, MODULE_EVALUATED_HOOK, STALE_MODULE_EVENT } from '../protocol/messages.ts'
import { flushPendingRefresh, REFRESH_CHECK_MS, reportHotUpdates } from './hot-applied.ts'

/** A stand-in for Vite's HMR client: records what the page sends, and fires 'vite:afterUpdate'. */
function fakeHot() {
  const sent: [string, unknown][] = []
  let afterUpdate: (payload: { updates?: { path: string; type?: string }[] }) => void = () => {}
  return {
    sent,
    fireAfterUpdate: (paths: string[]) =>
      afterUpdate({
        updates: paths.map((path) => ({ path, type: path.endsWith('.css') ? 'css-update' : 'js-update' })),
      }),
    client: {
      on: (_event: 'vite:afterUpdate', listener: typeof afterUpdate) => {
        afterUpdate = listener
      },
      send: (event: string, payload: unknown) => {
        sent.push([event, payload])
      },
    },
  }
}

type Hook = (file: unknown, version: unknown) => void

afterEach(() => {
  vi.useRealTimers()
})

test('each applied hot update is reported with its paths, a moment later; an empty one is not', async () => {
  vi.useFakeTimers()
  const hot = fakeHot()
  // No Vite client script and no React Refresh runtime to load: the report still goes out.
  const win = { document: { querySelector: () => null } } as unknown as Window
  reportHotUpdates(win, hot.client)
  hot.fireAfterUpdate([])
  hot.fireAfterUpdate(['/src/index.css'])
  hot.fireAfterUpdate(['/src/App.tsx', '/src/index.css'])
  expect(hot.sent).toEqual([])
  await vi.advanceTimersByTimeAsync(REFRESH_CHECK_MS + 1)
  await vi.waitFor(() =>
    expect(hot.sent).toEqual([
      [HOT_APPLIED_EVENT, { paths: ['/src/index.css'] }],
      [HOT_APPLIED_EVENT, { paths: ['/src/App.tsx', '/src/index.css'] }],
    ]),
  )
})

test('a pending Fast Refresh is enqueued through the refresh runtime with a component; no runtime is fine', async () => {
  const calls: [string, Record<string, unknown>, Record<string, unknown>][] = []
  await flushPendingRefresh(async () => ({
    validateRefreshBoundaryAndEnqueueUpdate: (id: string, prev: object, next: object) => {
      calls.push([id, prev as Record<string, unknown>, next as Record<string, unknown>])
    },
  }))
  expect(calls).toHaveLength(1)
  const [, prev, next] = calls[0] ?? []
  expect(prev).toBe(next)
  // What plugin-react's boundary check takes for a component: a function whose name starts upper-case.
  const component = next?.VisualEditRefresh as () => unknown
  expect(component.name).toMatch(/^[A-Z]/)
  expect(component()).toBeNull()
  await expect(
    flushPendingRefresh(() => Promise.reject(new Error('no /@react-refresh'))),
  ).resolves.toBeUndefined()
  await expect(flushPendingRefresh(async () => ({}))).resolves.toBeUndefined()
})

test('a module evaluated after a newer version of its file asks for the file again, once per evaluation', () => {
  const hot = fakeHot()
  const win = {} as Window
  const stop = reportHotUpdates(win, hot.client)
  const hook = (win as unknown as Record<string, Hook>)[MODULE_EVALUATED_HOOK]
  expect(hook).toBeTypeOf('function')
  hook?.('src/App.tsx', 100)
  hook?.('src/App.tsx', 200)
  hook?.('src/Other.tsx', 50)
  // The same version again (a page importing it twice) and a newer one: in order.
  hook?.('src/App.tsx', 200)
  expect(hot.sent).toEqual([])
  // The update fetched first finished last: the page now runs version 100's code.
  hook?.('src/App.tsx', 100)
  expect(hot.sent).toEqual([[STALE_MODULE_EVENT, { file: 'src/App.tsx' }]])
  // Whatever a module passes that is not a file and a version is ignored.
  hook?.(undefined, 1)
  hook?.('src/App.tsx', '1')
  expect(hot.sent).toHaveLength(1)
  stop()
  expect(MODULE_EVALUATED_HOOK in win).toBe(false)
})

test('without Vite (a built page) nothing is installed', () => {
  const win = {} as Window
  reportHotUpdates(win, undefined)()
  expect(MODULE_EVALUATED_HOOK in win).toBe(false)
})
