// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { OutboundEvent, StoryboardType } from '../../protocol/messages.ts'
import { SESSION_STORAGE_PREFIX } from './constants.ts'
import { InspectorContext, readQueryFlags } from './context.ts'

let contexts: InspectorContext[] = []
let channels: MessageChannel[] = []

/** A context for the page at `search` (the flags are read from the window's URL when it is made). */
function contextAt(search = ''): InspectorContext {
  window.history.replaceState(null, '', `/${search}`)
  const context = new InspectorContext(window)
  contexts.push(context)
  return context
}

/** A port whose postMessage is recorded synchronously (nothing is delivered). */
function port() {
  const channel = new MessageChannel()
  channels.push(channel)
  const posted = vi.spyOn(channel.port2, 'postMessage').mockImplementation(() => {})
  const closed = vi.spyOn(channel.port2, 'close')
  return { port: channel.port2, posted, closed }
}

beforeEach(() => {
  window.history.replaceState(null, '', '/')
})

afterEach(() => {
  for (const context of contexts) context.stop()
  for (const channel of channels) channel.port1.close()
  contexts = []
  channels = []
  vi.restoreAllMocks()
  window.history.replaceState(null, '', '/')
})

describe('readQueryFlags', () => {
  test('without flags: no storyboard, an APPLICATION, no framework, no debug logging', () => {
    expect(readQueryFlags('')).toEqual({
      storyboard: false,
      type: StoryboardType.APPLICATION,
      framework: null,
      debugLog: false,
    })
  })

  test('reads storyboard=true, type=STORY, framework=VITE and debugLog=true', () => {
    expect(readQueryFlags('?storyboard=true&type=STORY&framework=VITE&debugLog=true')).toEqual({
      storyboard: true,
      type: StoryboardType.STORY,
      framework: 'VITE',
      debugLog: true,
    })
  })

  test('type=COMPONENT is a COMPONENT storyboard; any other type is an APPLICATION', () => {
    expect(readQueryFlags('?type=COMPONENT').type).toBe(StoryboardType.COMPONENT)
    expect(readQueryFlags('?type=APPLICATION').type).toBe(StoryboardType.APPLICATION)
    expect(readQueryFlags('?type=PAGE').type).toBe(StoryboardType.APPLICATION)
    expect(readQueryFlags('?type=').type).toBe(StoryboardType.APPLICATION)
  })

  test('storyboard and debugLog are on only when they equal true', () => {
    expect(readQueryFlags('?storyboard=false&debugLog=false')).toMatchObject({
      storyboard: false,
      debugLog: false,
    })
    expect(readQueryFlags('?storyboard&debugLog=1')).toMatchObject({ storyboard: false, debugLog: false })
  })

  test('the flags are found among the app’s own query parameters, with or without the leading ?', () => {
    expect(readQueryFlags('?page=2&framework=VITE&type=STORY&q=x')).toMatchObject({
      framework: 'VITE',
      type: StoryboardType.STORY,
    })
    expect(readQueryFlags('storyboard=true').storyboard).toBe(true)
  })
})

describe('InspectorContext', () => {
  test('reads its flags from the window’s URL', () => {
    const context = contextAt('?storyboard=true&type=COMPONENT&framework=VITE&debugLog=true')
    expect(context.flags).toEqual({
      storyboard: true,
      type: StoryboardType.COMPONENT,
      framework: 'VITE',
      debugLog: true,
    })
    expect(contextAt().flags).toEqual(readQueryFlags(''))
  })

  test('debug() logs only with debugLog=true', () => {
    const log = vi.spyOn(console, 'debug').mockImplementation(() => {})
    contextAt().debug('quiet')
    expect(log).not.toHaveBeenCalled()
    contextAt('?debugLog=true').debug('loud', 1)
    expect(log).toHaveBeenCalledTimes(1)
    expect(log.mock.calls[0]).toContain('loud')
    expect(log.mock.calls[0]).toContain(1)
  })

  test('session storage keys start with the prefix and are distinct per instance', () => {
    const context = contextAt()
    const key = context.storageKey('driveMode')
    expect(key.startsWith(SESSION_STORAGE_PREFIX)).toBe(true)
    expect(key.endsWith('driveMode')).toBe(true)
    expect(context.storageKey('other')).not.toBe(key)

    const other = contextAt()
    other.storyboardId = 'storyboard-2'
    expect(other.storageKey('driveMode').startsWith(SESSION_STORAGE_PREFIX)).toBe(true)
    expect(other.storageKey('driveMode')).not.toBe(key)
  })

  test('send() posts nothing until an editor connects, then posts { type, payload } on its port', () => {
    const context = contextAt()
    const { port: editorPort, posted } = port()
    expect(context.connected).toBe(false)
    expect(() => context.send(OutboundEvent.LATEST_HREF, 'before')).not.toThrow()

    context.connect(editorPort)
    expect(context.connected).toBe(true)
    expect(posted).not.toHaveBeenCalled()
    context.send(OutboundEvent.LATEST_HREF, 'after')
    expect(posted).toHaveBeenCalledTimes(1)
    expect(posted.mock.calls[0]?.[0]).toEqual({ type: OutboundEvent.LATEST_HREF, payload: 'after' })
  })

  test('a new connection closes the previous port and takes over', () => {
    const context = contextAt()
    const first = port()
    const second = port()
    context.connect(first.port)
    context.connect(second.port)
    expect(first.closed).toHaveBeenCalled()
    context.send(OutboundEvent.HOVERED_ELEMENT_KEY, null)
    expect(first.posted).not.toHaveBeenCalled()
    expect(second.posted).toHaveBeenCalledTimes(1)
  })

  test('on/emit reach every listener until it unsubscribes', () => {
    const context = contextAt()
    const seen: string[] = []
    const off = context.on((type) => seen.push(`a:${type}`))
    context.on((type) => seen.push(`b:${type}`))
    context.emit('selection')
    off()
    context.emit('tree')
    expect(seen).toEqual(['a:selection', 'b:selection', 'b:tree'])
  })

  test('stop() aborts the signal, closes the port and forgets the listeners; a fresh signal follows', () => {
    const context = contextAt()
    const { port: editorPort, posted, closed } = port()
    context.connect(editorPort)
    const signal = context.signal
    const heard: string[] = []
    context.on((type) => heard.push(type))
    let clicks = 0
    window.addEventListener('click', () => clicks++, { signal })

    context.stop()
    expect(signal.aborted).toBe(true)
    expect(context.signal.aborted).toBe(false)
    expect(context.connected).toBe(false)
    expect(closed).toHaveBeenCalled()
    context.send(OutboundEvent.LATEST_HREF, 'after stop')
    expect(posted).not.toHaveBeenCalled()
    context.emit('selection')
    expect(heard).toEqual([])
    window.dispatchEvent(new MouseEvent('click'))
    expect(clicks).toBe(0)
  })

  test("a module's controller is aborted by its own abort() or by the context's stop(), not by another's", () => {
    const context = contextAt()
    const first = context.moduleController()
    const second = context.moduleController()
    first.abort()
    expect(second.signal.aborted).toBe(false)
    expect(context.signal.aborted).toBe(false)

    context.stop()
    expect(second.signal.aborted).toBe(true)
    // After stop(), a module started again is tied to the fresh signal.
    const third = context.moduleController()
    expect(third.signal.aborted).toBe(false)
    context.stop()
    expect(third.signal.aborted).toBe(true)
  })
})
