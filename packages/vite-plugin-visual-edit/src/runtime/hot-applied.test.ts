import { expect, test } from 'vitest'
import { HOT_APPLIED_EVENT, MODULE_EVALUATED_HOOK, STALE_MODULE_EVENT } from '../protocol/messages.ts'
import { reportHotUpdates } from './hot-applied.ts'

/** A stand-in for Vite's HMR client: records what the page sends, and fires 'vite:afterUpdate'. */
function fakeHot() {
  const sent: [string, unknown][] = []
  let afterUpdate: (payload: { updates?: { path: string }[] }) => void = () => {}
  return {
    sent,
    fireAfterUpdate: (paths: string[]) => afterUpdate({ updates: paths.map((path) => ({ path })) }),
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

test('each applied hot update is reported with its paths; an empty one is not', () => {
  const hot = fakeHot()
  const win = {} as Window
  reportHotUpdates(win, hot.client)
  hot.fireAfterUpdate([])
  hot.fireAfterUpdate(['/src/App.tsx', '/src/index.css'])
  expect(hot.sent).toEqual([[HOT_APPLIED_EVENT, { paths: ['/src/App.tsx', '/src/index.css'] }]])
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
