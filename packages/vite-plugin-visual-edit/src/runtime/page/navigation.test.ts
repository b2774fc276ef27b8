// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { OutboundEvent } from '../../protocol/messages.ts'
import { InspectorContext } from '../core/context.ts'
import { createNavigation } from './navigation.ts'

// The page's own history methods, to change the address without going through the inspector.
const nativePushState = History.prototype.pushState
const nativeReplaceState = History.prototype.replaceState

let context: InspectorContext
let navigation: ReturnType<typeof createNavigation>
let sent: { type: string; payload: unknown }[]

const hrefs = () =>
  sent.filter((message) => message.type === OutboundEvent.LATEST_HREF).map((message) => message.payload)
/** Lets the microtasks queued by pushState/replaceState run. */
const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve))
const url = (path: string) => new URL(path, window.location.origin).href

function setReferrer(referrer: string) {
  Object.defineProperty(document, 'referrer', { configurable: true, get: () => referrer })
}
function setHistoryLength(length: number) {
  Object.defineProperty(window.history, 'length', { configurable: true, get: () => length })
}

beforeEach(() => {
  nativeReplaceState.call(window.history, null, '', '/start')
  context = new InspectorContext(window)
  sent = []
  context.send = (type, payload) => {
    sent.push({ type, payload })
  }
  navigation = createNavigation(context)
  navigation.start()
})

afterEach(() => {
  navigation.stop()
  context.stop()
  Reflect.deleteProperty(document, 'referrer')
  Reflect.deleteProperty(window.history, 'length')
  vi.restoreAllMocks()
})

describe('history functions', () => {
  test('goBack goes back when the page has a referrer', () => {
    setReferrer('http://localhost:3000/previous')
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {})
    expect(navigation.goBack()).toBe(true)
    expect(back).toHaveBeenCalledTimes(1)
  })

  test('goBack does nothing without a referrer', () => {
    setReferrer('')
    setHistoryLength(1)
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {})
    expect(navigation.goBack()).toBe(false)
    expect(back).not.toHaveBeenCalled()
  })

  test('goBack does nothing without a referrer, even when the session history has entries', () => {
    // In the editor's frame, history.length counts the whole tab's joint session history: going back
    // without a referrer could navigate the editor itself.
    setReferrer('')
    setHistoryLength(4)
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {})
    expect(navigation.goBack()).toBe(false)
    expect(back).not.toHaveBeenCalled()
  })

  test('goForward goes forward', () => {
    const forward = vi.spyOn(window.history, 'forward').mockImplementation(() => {})
    expect(navigation.goForward()).toBe(true)
    expect(forward).toHaveBeenCalledTimes(1)
  })

  test("with the Navigation API, goBack and goForward move through this frame's own entries only", () => {
    const traversal = () => ({ committed: Promise.resolve(), finished: Promise.reject(new Error('aborted')) })
    const own = {
      canGoBack: false,
      canGoForward: false,
      back: vi.fn(traversal),
      forward: vi.fn(traversal),
    }
    vi.stubGlobal('navigation', own)
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {})
    const forward = vi.spyOn(window.history, 'forward').mockImplementation(() => {})
    setReferrer('http://localhost:3000/editor')
    // The app's first entry in the editor's frame: what lies back is the editor's, not the app's.
    expect(navigation.goBack()).toBe(false)
    expect(navigation.goForward()).toBe(false)
    own.canGoBack = true
    own.canGoForward = true
    expect(navigation.goBack()).toBe(true)
    expect(navigation.goForward()).toBe(true)
    expect(own.back).toHaveBeenCalledTimes(1)
    expect(own.forward).toHaveBeenCalledTimes(1)
    expect(back).not.toHaveBeenCalled()
    expect(forward).not.toHaveBeenCalled()
    // Still only with a referrer.
    setReferrer('')
    expect(navigation.goBack()).toBe(false)
    expect(own.back).toHaveBeenCalledTimes(1)
    vi.unstubAllGlobals()
  })

  test('refresh reloads the page', () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {})
    expect(navigation.refresh()).toBe(true)
    expect(reload).toHaveBeenCalledTimes(1)
  })
})

describe('LATEST_HREF', () => {
  test('is sent with the current address when an editor connects', () => {
    context.emit('connected')
    expect(hrefs()).toEqual([url('/start')])
  })

  test('is sent again on a new connection even if the address did not change', () => {
    context.emit('connected')
    context.emit('connected')
    expect(hrefs()).toEqual([url('/start'), url('/start')])
  })

  test('follows client-side routing: pushState and replaceState', async () => {
    context.emit('connected')
    window.history.pushState({ page: 1 }, '', '/products?page=1')
    await settle()
    window.history.replaceState({ page: 2 }, '', '/products?page=2')
    await settle()
    expect(hrefs()).toEqual([url('/start'), url('/products?page=1'), url('/products?page=2')])
    // The page's own history still works.
    expect(window.location.href).toBe(url('/products?page=2'))
    expect(window.history.state).toEqual({ page: 2 })
  })

  test('follows back/forward (popstate) and hash changes', async () => {
    context.emit('connected')
    nativePushState.call(window.history, null, '', '/previous')
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }))
    nativeReplaceState.call(window.history, null, '', '/previous#details')
    window.dispatchEvent(new HashChangeEvent('hashchange'))
    expect(hrefs()).toEqual([url('/start'), url('/previous'), url('/previous#details')])
  })

  test('is sent only when the address changes', async () => {
    context.emit('connected')
    window.history.pushState(null, '', '/start')
    await settle()
    window.history.replaceState({ scroll: 10 }, '', window.location.href)
    await settle()
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }))
    window.dispatchEvent(new HashChangeEvent('hashchange'))
    expect(hrefs()).toEqual([url('/start')])
  })

  test('stop() gives the page its history methods back', async () => {
    navigation.stop()
    expect(window.history.pushState).toBe(nativePushState)
    expect(window.history.replaceState).toBe(nativeReplaceState)
    context.stop()
    window.history.pushState(null, '', '/after-stop')
    await settle()
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }))
    expect(hrefs()).toEqual([])
  })
})
