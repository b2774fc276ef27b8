// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ServerError } from '../api/server-api.ts'
import { InspectorBridge, PortClosedError } from '../port/inspector-bridge.ts'
import { AppFrame } from './app-frame.ts'
import { Lookups } from './lookups.ts'
import { Page } from './page.ts'
import { SliceStore } from './slice.ts'
import { Toaster } from './toaster.ts'
import { View } from './view.ts'

/**
 * No failure is silent (docs/EDITOR.md, Failures): what the user must know is a toast, what the
 * editor puts right by itself (the next handshake or tree) is logged with its reason. The bridge here
 * is not connected, so every call to the app's page fails as it does while the frame reloads.
 */
const ID = 'tempo-6ba7b810-9dad-41d1-80b4-00c04fd43000'
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function parts() {
  const store = new SliceStore(() => null)
  const toaster = new Toaster(store)
  const warnings: string[] = []
  vi.spyOn(console, 'warn').mockImplementation((message: string) => void warnings.push(message))
  return { store, toaster, warnings, bridge: new InspectorBridge() }
}

afterEach(() => vi.restoreAllMocks())

describe('a lookups request the server refuses', () => {
  test('is a toast with its reason, once until a request succeeds, and logged every time', async () => {
    const { store, toaster, warnings, bridge } = parts()
    const lookups = vi
      .fn()
      .mockRejectedValueOnce(new ServerError(500, 'INTERNAL', 'The index is not ready.'))
      .mockRejectedValueOnce(new ServerError(500, 'INTERNAL', 'The index is not ready.'))
      .mockResolvedValueOnce({ stylingFramework: 'CSS', lookups: {} })
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const feature = new Lookups(store, { api: { lookups }, bridge, toaster })

    feature.ask([ID])
    await flush()
    expect(toaster.state.toasts).toEqual([
      {
        id: 1,
        kind: 'error',
        title: "Could not read the code of the page's elements.",
        detail: 'The index is not ready.',
      },
    ])
    feature.ask([ID])
    await flush()
    expect(toaster.state.toasts).toHaveLength(1)
    expect(warnings).toEqual([
      "[visual-edit] The code of the page's elements could not be read: The index is not ready.",
      "[visual-edit] The code of the page's elements could not be read: The index is not ready.",
    ])

    feature.ask([ID])
    await flush()
    expect(feature.state.stylingFramework).toBe('CSS')
    feature.ask([ID])
    await flush()
    expect(toaster.state.toasts.at(-1)).toMatchObject({
      id: 2,
      detail: 'The dev server did not answer: check that visual-edit edit is still running in your terminal.',
    })
  })

  test("asks only ids the server can know: an instant update's placeholder would have the request refused", async () => {
    const { store, toaster, bridge } = parts()
    const lookups = vi.fn().mockResolvedValue({ stylingFramework: 'CSS', lookups: {} })
    new Lookups(store, { api: { lookups }, bridge, toaster }).ask([
      'tempo-duplicate-placeholder-1',
      'body',
      ID,
    ])
    await flush()
    expect(lookups.mock.calls).toEqual([[[ID]]])
  })
})

describe("a call to the app's page that the next handshake repeats", () => {
  test('is logged with what did not happen and why', async () => {
    const { store, warnings, bridge } = parts()
    const view = new View(
      store,
      { width: 1280, dark: false },
      { bridge, frame: new AppFrame(), driving: () => false },
    )
    view.setZoom(150)
    await flush()
    expect(view.state.zoom).toBe(150)
    expect(warnings).toEqual([
      "[visual-edit] The app's outlines did not get the zoom (a reconnection sends it): The app is not connected",
    ])
  })
})

describe('a navigation the user asked for', () => {
  test('that does not reach the app is a toast; a port closed by the navigation itself is none', async () => {
    const { store, toaster, bridge } = parts()
    const page = new Page(store, { bridge, toaster })
    page.navigate('goBack')
    await flush()
    expect(toaster.state.toasts).toEqual([
      { id: 1, kind: 'error', title: 'Back did not reach the app.', detail: 'The app is not connected' },
    ])

    vi.spyOn(bridge, 'call').mockRejectedValue(new PortClosedError('The app reloaded'))
    page.navigate('refresh')
    await flush()
    expect(toaster.state.toasts).toHaveLength(1)
  })
})
