import { afterEach, expect, test, vi } from 'vitest'
import { HOT_APPLIED_EVENT } from '../../protocol/messages.ts'
import {
  flushPendingRefresh,
  REFRESH_CHECK_MS,
  REFRESH_DEBOUNCE_MS,
  reportHotUpdates,
} from './hot-applied.ts'

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

afterEach(() => {
  vi.useRealTimers()
})

test('each applied hot update is reported with its paths, a moment later; an empty one is not', async () => {
  vi.useFakeTimers()
  const hot = fakeHot()
  // No Vite client script and no React Refresh runtime to load: the report still goes out.
  const win = { document: { querySelector: () => null } } as unknown as Window
  let codeUpdates = 0
  reportHotUpdates(win, () => codeUpdates++, hot.client)
  hot.fireAfterUpdate([])
  hot.fireAfterUpdate(['/src/index.css'])
  expect(codeUpdates).toBe(0)
  hot.fireAfterUpdate(['/src/App.tsx', '/src/index.css'])
  // Code is counted once React Refresh has rendered it, not as it is evaluated.
  expect(codeUpdates).toBe(0)
  await vi.advanceTimersByTimeAsync(REFRESH_DEBOUNCE_MS)
  expect(codeUpdates).toBe(1)
  expect(hot.sent).toEqual([])
  await vi.advanceTimersByTimeAsync(REFRESH_CHECK_MS - REFRESH_DEBOUNCE_MS + 1)
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
