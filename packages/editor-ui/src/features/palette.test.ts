import type { ElementKey } from 'vite-plugin-visual-edit/protocol'
import { describe, expect, test, vi } from 'vitest'
import type { InspectorBridge } from '../port/inspector-bridge.ts'
import { AppFrame } from './app-frame.ts'
import { Palette } from './palette.ts'
import type { Selection } from './selection.ts'
import { SliceStore } from './slice.ts'
import { Toaster } from './toaster.ts'

function setUp(loadRoutes = vi.fn(async () => [{ path: '/about', file: 'src/App.tsx', line: 3 }])) {
  const store = new SliceStore<unknown>(() => ({}))
  const toaster = new Toaster(store)
  const frame = new AppFrame()
  const calls: string[] = []
  const bridge = { call: vi.fn(async (name: string) => calls.push(name)) } as unknown as InspectorBridge
  const selection = {
    driving: true,
    setDrive: vi.fn(async (drive: boolean) => {
      calls.push(`setDrive ${drive}`)
      selection.driving = drive
    }),
    select: vi.fn(async (key: ElementKey | null) => {
      calls.push(`select ${key?.uniquePath}`)
    }),
  }
  const palette = new Palette(store, {
    bridge,
    selection: selection as unknown as Selection,
    frame,
    appOrigin: 'http://localhost:5173',
    loadRoutes,
    toaster,
  })
  return { palette, toaster, frame, loadRoutes, calls }
}

describe('the palette', () => {
  test('opening asks for the routes each time; the palette and the sheet are never open together', async () => {
    const { palette, loadRoutes } = setUp()
    palette.togglePalette()
    expect(palette.state.paletteOpen).toBe(true)
    await vi.waitFor(() => expect(palette.state.declaredRoutes).toHaveLength(1))
    palette.setShortcutsOpen(true)
    expect(palette.state).toMatchObject({ paletteOpen: false, shortcutsOpen: true })
    palette.setPaletteOpen(true)
    expect(palette.state).toMatchObject({ paletteOpen: true, shortcutsOpen: false })
    expect(loadRoutes).toHaveBeenCalledTimes(2)
  })

  test('routes that cannot be read say why, and the palette still opens', async () => {
    const { palette } = setUp(vi.fn(async () => Promise.reject(new Error('Forbidden'))))
    palette.setPaletteOpen(true)
    await vi.waitFor(() =>
      expect(palette.state.declaredRoutesError).toBe("The app's routes could not be read: Forbidden"),
    )
    expect(palette.state.declaredRoutes).toEqual([])
  })

  test('an address opens in the frame; another origin is refused with a toast', () => {
    const { palette, toaster, frame } = setUp()
    const element = { src: '' } as HTMLIFrameElement
    frame.attach(element)
    palette.open('/listing/L1001')
    expect(element.src).toBe('http://localhost:5173/listing/L1001')
    palette.open('https://example.com/')
    expect(element.src).toBe('http://localhost:5173/listing/L1001')
    expect(toaster.state.toasts.at(-1)?.title).toBe('https://example.com/ is not an address of the app.')
  })

  test('a jump to an element leaves drive mode, selects it, then scrolls the page to it', async () => {
    const { palette, calls } = setUp()
    await palette.jumpTo({ codebaseId: 'tempo-x', storyboardId: 'main', uniquePath: '0-3' })
    expect(calls).toEqual(['setDrive false', 'select 0-3', 'revealElement'])
  })
})
