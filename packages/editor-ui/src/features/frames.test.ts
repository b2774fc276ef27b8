import {
  type ElementKey,
  INIT_MESSAGE,
  type InspectorEventHandlers,
  OutboundEvent,
} from 'vite-plugin-visual-edit/protocol'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { Frames, type FramesDeps } from './frames.ts'
import { framesStorageKey } from './frames-model.ts'
import { SliceStore } from './slice.ts'

const APP = { origin: 'http://localhost:5173', src: 'http://localhost:5173/' }
const key = (storyboardId: string, uniquePath = '0-1'): ElementKey => ({
  codebaseId: 'tempo-4b6f1c7e-0e2f-4a8e-9d2b-1c3d5e7f9a0b',
  storyboardId,
  uniquePath,
})

/** An extra frame's inspector: answers every call with null and records it. */
function fakeInspector() {
  const calls: { name: string; args: unknown[] }[] = []
  let port: MessagePort | null = null
  const window = {
    postMessage(message: unknown, origin: string, transfer: MessagePort[]) {
      expect(message).toEqual(INIT_MESSAGE)
      expect(origin).toBe(APP.origin)
      port = transfer[0] ?? null
      if (!port) return
      port.onmessage = (event: MessageEvent) => {
        const { id, payload } = event.data as {
          id: number
          payload: { functionName: string; args: unknown[] }
        }
        calls.push({ name: payload.functionName, args: payload.args })
        port?.postMessage({ id, result: null })
      }
    },
  }
  const element = {
    contentWindow: window,
    getBoundingClientRect: () => ({ left: 0, top: 0 }),
  } as unknown as HTMLIFrameElement
  return { calls, element, send: (type: string, payload: unknown) => port?.postMessage({ type, payload }) }
}

function makeFrames(selected: ElementKey[] = []) {
  const store = new SliceStore(() => ({}))
  const selection = {
    keys: selected,
    select: vi.fn(async () => {}),
    toggle: vi.fn(async () => {}),
    hover: vi.fn(),
    menuInFrame: vi.fn(),
    actor: { getSnapshot: () => ({ context: { hovered: null } }) },
  }
  const keyDown = vi.fn()
  const deps = {
    app: APP,
    selection,
    view: { state: { zoom: 50 }, setZoom: vi.fn(), fitBesides: vi.fn() },
    tree: {
      nodeOf: (k: ElementKey) => (k.storyboardId === 'app' ? { key: k } : undefined),
      firstWithCodebaseId: () => undefined,
    },
    events: { [OutboundEvent.KEY_DOWN]: keyDown } as unknown as InspectorEventHandlers,
    href: () => APP.src,
    ai: () => false,
    driving: () => false,
    lookups: () => new Map(),
  } as unknown as FramesDeps
  return { frames: new Frames(store, deps), selection, keyDown, deps }
}

describe('breakpoint frames', () => {
  let stored: Map<string, string>
  beforeEach(() => {
    stored = new Map()
    vi.stubGlobal('localStorage', {
      getItem: (name: string) => stored.get(name) ?? null,
      setItem: (name: string, value: string) => stored.set(name, value),
    })
  })
  afterEach(() => vi.unstubAllGlobals())

  test('added, resized and removed frames are kept per project', () => {
    const { frames } = makeFrames()
    frames.add(768)
    frames.add(640)
    frames.resize('app-768', 900)
    frames.remove('app-640')
    expect(frames.state.frames).toEqual([{ id: 'app-768', width: 900 }])
    expect(JSON.parse(stored.get(framesStorageKey(APP.origin)) ?? '')).toEqual([
      { id: 'app-768', width: 900 },
    ])
    expect(makeFrames().frames.state.frames).toEqual([{ id: 'app-768', width: 900 }])
  })

  test('the handshake names the frame’s storyboard and restores the selection in it', async () => {
    const { frames } = makeFrames([key('app')])
    frames.add(768)
    const inspector = fakeInspector()
    frames.attach('app-768', inspector.element)
    frames.loaded('app-768')
    await vi.waitFor(() => expect(frames.connectionOf('app-768')?.actor.getSnapshot().value).toBe('ready'))
    expect(inspector.calls[0]).toMatchObject({ name: 'initProject', args: [{ storyboardId: 'app-768' }] })
    expect(inspector.calls.at(-1)).toEqual({ name: 'setSelectedElement', args: [key('app-768')] })
  })

  test('the primary’s calls reach each frame in its storyboard; reads of the page do not', async () => {
    const { frames } = makeFrames()
    frames.add(768)
    const inspector = fakeInspector()
    frames.attach('app-768', inspector.element)
    frames.loaded('app-768')
    await vi.waitFor(() => expect(frames.connectionOf('app-768')?.actor.getSnapshot().value).toBe('ready'))
    const before = inspector.calls.length
    frames.mirror('setSelectedElement', [key('app')])
    frames.mirror('applyChangeItemToDocument', [
      { id: 'c1', type: 'ADD_CLASS', changeFields: { codebaseIdToAddClass: key('app').codebaseId } },
    ] as never)
    frames.mirror('getCssEvals', [key('app')])
    await vi.waitFor(() => expect(inspector.calls.length).toBe(before + 2))
    expect(inspector.calls.slice(before).map((call) => call.name)).toEqual([
      'setSelectedElement',
      'applyChangeItemToDocument',
    ])
    expect(inspector.calls[before]?.args).toEqual([key('app-768')])
  })

  test('a click or a key in a frame acts in the primary’s storyboard; a malformed event is dropped', async () => {
    const { frames, selection, keyDown } = makeFrames()
    frames.add(768)
    const inspector = fakeInspector()
    frames.attach('app-768', inspector.element)
    frames.loaded('app-768')
    await vi.waitFor(() => expect(frames.connectionOf('app-768')?.actor.getSnapshot().value).toBe('ready'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    inspector.send(OutboundEvent.SELECTED_ELEMENT_KEY, { elementKey: { codebaseId: 'x y' }, outerHTML: null })
    inspector.send(OutboundEvent.SELECTED_ELEMENT_KEY, { elementKey: key('app-768'), outerHTML: null })
    const keyPayload = {
      key: 'Delete',
      code: 'Delete',
      metaKey: false,
      ctrlKey: false,
      shiftKey: false,
      altKey: false,
      repeat: false,
    }
    inspector.send(OutboundEvent.KEY_DOWN, keyPayload)
    await vi.waitFor(() => expect(selection.select).toHaveBeenCalledWith(key('app')))
    expect(selection.select).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(keyDown).toHaveBeenCalled())
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Dropped a message'))
    warn.mockRestore()
  })
})
