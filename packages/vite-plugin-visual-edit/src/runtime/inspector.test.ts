// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { CODEBASE_ID_ATTRIBUTE } from '../protocol/ids.ts'
import { INIT_MESSAGE, OutboundEvent } from '../protocol/messages.ts'
import { OVERLAY_ATTRIBUTE } from './core/context.ts'
import { startInspector } from './inspector.ts'

const id = (n: number) => `tempo-00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const STORYBOARD_STYLE = 'style#visual-edit-storyboard-style'

interface Editor {
  /** The port handed to the inspector; what it posts on it is recorded synchronously, never delivered. */
  port: MessagePort
  posted: { type: string; payload: unknown }[]
}

let running: { stop: () => void }[] = []
let channels: MessageChannel[] = []
let appClicks = 0
let observed: unknown[]
let disconnected: number
let windowPosts: ReturnType<typeof vi.spyOn>

/** The port of the editor's origin the inspectors of these tests are told about. */
const EDITOR_PORT = 5174

/** Sends the handshake like the editor does: 'init' with a port, from the embedding window on the editor's origin. */
function init(options: { origin?: string } = {}): Editor {
  const channel = new MessageChannel()
  channels.push(channel)
  const posted: Editor['posted'] = []
  channel.port2.postMessage = ((message: { type: string; payload: unknown }) => {
    posted.push(message)
  }) as MessagePort['postMessage']
  window.dispatchEvent(
    new MessageEvent('message', {
      data: INIT_MESSAGE,
      origin: options.origin ?? `${window.location.protocol}//${window.location.hostname}:${EDITOR_PORT}`,
      source: window.parent,
      ports: [channel.port2],
    }),
  )
  return { port: channel.port2, posted }
}

function start(search = '') {
  window.history.replaceState(null, '', `/${search}`)
  const inspector = startInspector(window, { editorPort: EDITOR_PORT })
  running.push(inspector)
  return inspector
}

const overlayHost = () => document.querySelector(`[${OVERLAY_ATTRIBUTE}]`)
const clickButton = () => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true })
  document.getElementById('buy')?.dispatchEvent(event)
  return event
}

beforeEach(() => {
  sessionStorage.clear()
  document.head.innerHTML = ''
  document.body.innerHTML = `
    <div id="root">
      <main ${CODEBASE_ID_ATTRIBUTE}="${id(1)}">
        <button id="buy" ${CODEBASE_ID_ATTRIBUTE}="${id(2)}">Buy</button>
      </main>
    </div>`
  appClicks = 0
  document.getElementById('buy')?.addEventListener('click', () => appClicks++)
  observed = []
  disconnected = 0
  const observe = MutationObserver.prototype.observe
  vi.spyOn(MutationObserver.prototype, 'observe').mockImplementation(function (
    this: MutationObserver,
    target: Node,
    options?: MutationObserverInit,
  ) {
    observed.push(target)
    observe.call(this, target, options)
  })
  const disconnect = MutationObserver.prototype.disconnect
  vi.spyOn(MutationObserver.prototype, 'disconnect').mockImplementation(function (this: MutationObserver) {
    disconnected++
    disconnect.call(this)
  })
  windowPosts = vi.spyOn(window, 'postMessage')
})

afterEach(() => {
  for (const inspector of running) inspector.stop()
  running = []
  for (const channel of channels) channel.port1.close()
  channels = []
  vi.restoreAllMocks()
  document.head.innerHTML = ''
  document.body.innerHTML = ''
  window.history.replaceState(null, '', '/')
})

describe('before an editor connects', () => {
  test('the inspector does nothing visible: no overlay, no observer, clicks reach the app, nothing posted', async () => {
    const { context } = start('?storyboard=true&type=STORY')
    expect(overlayHost()).toBeNull()
    expect(document.querySelector(STORYBOARD_STYLE)).toBeNull()
    expect(observed).toEqual([])

    const event = clickButton()
    expect(appClicks).toBe(1)
    expect(event.defaultPrevented).toBe(false)

    document.getElementById('root')?.appendChild(document.createElement('p'))
    window.history.pushState(null, '', '/elsewhere')
    await Promise.resolve()
    expect(context.connected).toBe(false)
    expect(windowPosts).not.toHaveBeenCalled()
    expect(overlayHost()).toBeNull()
  })

  test('an init the inspector refuses (another origin) starts nothing', () => {
    const { context } = start()
    const editor = init({ origin: 'https://evil.example' })
    expect(context.connected).toBe(false)
    expect(overlayHost()).toBeNull()
    expect(observed).toEqual([])
    expect(editor.posted).toEqual([])
    clickButton()
    expect(appClicks).toBe(1)
  })
})

describe("after the 'init' handshake", () => {
  test('it starts: overlay host, DOM observer, edit-mode clicks, storyboard styles, the address sent', () => {
    const { context } = start('?storyboard=true&type=STORY')
    const editor = init()
    expect(context.connected).toBe(true)
    expect(overlayHost()).not.toBeNull()
    expect(document.querySelectorAll(`[${OVERLAY_ATTRIBUTE}]`)).toHaveLength(1)
    expect(observed).toContain(document)
    expect(document.querySelector(STORYBOARD_STYLE)).not.toBeNull()

    const event = clickButton()
    expect(appClicks).toBe(0)
    expect(event.defaultPrevented).toBe(true)

    expect(editor.posted.filter((message) => message.type === OutboundEvent.LATEST_HREF)).toEqual([
      { type: OutboundEvent.LATEST_HREF, payload: window.location.href },
    ])
    expect(windowPosts).not.toHaveBeenCalled()
  })

  test('drive mode stored for the session is restored: clicks reach the app', () => {
    const { context } = start()
    sessionStorage.setItem(context.storageKey('driveMode'), 'true')
    init()
    expect((overlayHost() as HTMLElement).style.getPropertyValue('display')).toBe('none')
    const event = clickButton()
    expect(appClicks).toBe(1)
    expect(event.defaultPrevented).toBe(false)
  })
})

describe('stop()', () => {
  test('removes what start added', async () => {
    const pushState = window.history.pushState
    const replaceState = window.history.replaceState
    const inspector = start('?storyboard=true&type=COMPONENT')
    init()
    expect(overlayHost()).not.toBeNull()
    expect(window.history.pushState).not.toBe(pushState)

    inspector.stop()
    expect(inspector.context.connected).toBe(false)
    expect(overlayHost()).toBeNull()
    expect(document.querySelector(STORYBOARD_STYLE)).toBeNull()
    expect(disconnected).toBeGreaterThan(0)
    expect(window.history.pushState).toBe(pushState)
    expect(window.history.replaceState).toBe(replaceState)
    clickButton()
    expect(appClicks).toBe(1)

    // It no longer listens for the handshake either.
    const observedBefore = observed.length
    const late = init()
    expect(inspector.context.connected).toBe(false)
    expect(overlayHost()).toBeNull()
    expect(observed).toHaveLength(observedBefore)
    window.history.pushState(null, '', '/after-stop')
    await Promise.resolve()
    expect(late.posted).toEqual([])
  })

  test('stop() before any editor connected leaves the page as it was', () => {
    const pushState = window.history.pushState
    const html = document.documentElement.outerHTML
    const inspector = start()
    inspector.stop()
    expect(document.documentElement.outerHTML).toBe(html)
    expect(window.history.pushState).toBe(pushState)
    init()
    expect(overlayHost()).toBeNull()
    expect(observed).toEqual([])
  })

  test('an editor reconnecting does not add a second storyboard style', () => {
    const inspector = start('?storyboard=true&type=STORY')
    init()
    const reconnected = init()
    expect(inspector.context.connected).toBe(true)
    expect(reconnected.posted.map((message) => message.type)).toContain(OutboundEvent.LATEST_HREF)
    expect(document.querySelectorAll(`[${OVERLAY_ATTRIBUTE}]`)).toHaveLength(1)
    expect(document.querySelectorAll(STORYBOARD_STYLE)).toHaveLength(1)
  })

  test('stop() after an editor reconnected removes every storyboard style', () => {
    const inspector = start('?storyboard=true&type=STORY')
    init()
    init()
    inspector.stop()
    expect(overlayHost()).toBeNull()
    expect(document.querySelectorAll(STORYBOARD_STYLE)).toHaveLength(0)
  })
})
