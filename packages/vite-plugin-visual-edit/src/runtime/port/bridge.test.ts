// @vitest-environment happy-dom
import { compressToBase64, compressToEncodedURIComponent } from 'lz-string'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { FUNCTION_NOT_FOUND } from '../../protocol/messages.ts'
import { InspectorContext } from '../core/context.ts'
import { createBridge, editorOrigins } from './bridge.ts'

/** A reply to a request: its id, and a result or an error. */
interface Reply {
  id?: unknown
  result?: unknown
  error?: string
}

interface Harness {
  context: InspectorContext
  editor: MessagePort
  replies: unknown[]
  events: unknown[]
  request: (message: unknown) => Promise<Reply>
}

let stopLast = () => {}
afterEach(() => stopLast())

/** The port of the editor's origin the harness's inspector is told about. */
const EDITOR_PORT = 5174
const editorOrigin = () => `${window.location.protocol}//${window.location.hostname}:${EDITOR_PORT}`

/** Connects like an editor would: 'init' with a port, from the embedding window and the editor's origin. */
function connect(
  options: { origin?: string; source?: MessageEventSource | null; allowedOrigins?: string[] } = {},
): Harness {
  const context = new InspectorContext(window, {
    editorPort: EDITOR_PORT,
    ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
  })
  const functions = new Map<string, (...args: never[]) => unknown>([
    ['setZoomPerc', (percent: number) => percent / 100],
    ['echo', (...args: never[]) => args],
    [
      'fails',
      () => {
        throw new Error('boom')
      },
    ],
  ])
  const inspected: unknown[] = []
  const bridge = createBridge(context, {
    functions,
    inspectElement: (payload) => {
      inspected.push(payload)
      return { id: null, props: { label: 'inspected' }, state: null }
    },
    logStateAndProps: () => {},
  })
  bridge.start()
  stopLast = bridge.stop
  const channel = new MessageChannel()
  const replies: unknown[] = []
  const events: unknown[] = []
  channel.port1.onmessage = (event) =>
    (('id' in (event.data as object) ? replies : events) as unknown[]).push(event.data)
  window.dispatchEvent(
    new MessageEvent('message', {
      data: 'init',
      origin: options.origin ?? editorOrigin(),
      source: options.source === undefined ? window.parent : options.source,
      ports: [channel.port2],
    }),
  )
  const request = (message: unknown) =>
    new Promise<Reply>((resolve) => {
      const before = replies.length
      channel.port1.postMessage(message)
      const poll = () => (replies.length > before ? resolve(replies.at(-1) as Reply) : setTimeout(poll, 1))
      poll()
    })
  return { context, editor: channel.port1, replies, events, request }
}

describe('the bridge', () => {
  test("accepts init from the embedding window on the editor's origin, then answers on the port with the request id", async () => {
    const harness = connect()
    expect(harness.context.connected).toBe(true)
    expect(
      await harness.request({
        id: 7,
        type: 'executeFunction',
        payload: { functionName: 'setZoomPerc', args: [50] },
      }),
    ).toEqual({
      id: 7,
      result: 0.5,
    })
  })

  test("refuses init from another origin, the page's own, or a window that does not embed the page", () => {
    expect(connect({ origin: 'https://evil.example' }).context.connected).toBe(false)
    // The app's own scripts run on the page's origin: they are not the editor.
    expect(connect({ origin: window.location.origin }).context.connected).toBe(false)
    // The editor's port on another host name, or another scheme, is another origin.
    expect(connect({ origin: `http://evil.example:${EDITOR_PORT}` }).context.connected).toBe(false)
    expect(connect({ origin: editorOrigin().replace('http:', 'https:') }).context.connected).toBe(false)
    expect(connect({ source: null }).context.connected).toBe(false)
  })

  test('accepts init from an allowed origin (visualEdit({ allowedOrigins }))', () => {
    const allowed = 'http://127.0.0.1:9000'
    expect(connect({ origin: allowed, allowedOrigins: [allowed] }).context.connected).toBe(true)
  })

  test("the editor's origin is the editor port on the page's own host name and scheme", () => {
    expect(editorOrigins({ protocol: 'http:', hostname: 'localhost' }, { editorPort: 5174 })).toEqual([
      'http://localhost:5174',
    ])
    expect(editorOrigins({ protocol: 'https:', hostname: '[::1]' }, { editorPort: 8443 })).toEqual([
      'https://[::1]:8443',
    ])
    // No editor port (middleware mode): only the allowed origins.
    expect(
      editorOrigins({ protocol: 'http:', hostname: 'localhost' }, { allowedOrigins: ['http://a:1'] }),
    ).toEqual(['http://a:1'])
  })

  test('accepts lz-string compressedArgs, base64 or URI-safe; anything else is an error reply', async () => {
    const harness = connect()
    const reply = await harness.request({
      id: 'a',
      type: 'executeFunction',
      payload: { functionName: 'setZoomPerc', compressedArgs: compressToBase64('[200]') },
    })
    expect(reply).toEqual({ id: 'a', result: 2 })
    const uriSafe = await harness.request({
      id: 'b',
      type: 'executeFunction',
      payload: { functionName: 'setZoomPerc', compressedArgs: compressToEncodedURIComponent('[150]') },
    })
    expect(uriSafe).toEqual({ id: 'b', result: 1.5 })
    const notAnArray = await harness.request({
      id: 'c',
      type: 'executeFunction',
      payload: { functionName: 'setZoomPerc', compressedArgs: compressToBase64('{"zoom":150}') },
    })
    expect(notAnArray).toEqual({ id: 'c', error: 'compressedArgs must hold an array of arguments' })
    const garbage = await harness.request({
      id: 'd',
      type: 'executeFunction',
      payload: { functionName: 'setZoomPerc', compressedArgs: '!!not lz-string!!' },
    })
    expect(garbage.error).toMatch(
      /^compressedArgs could not be decompressed: send lz-string compressToBase64/,
    )
  })

  test('URI-safe compressedArgs whose characters the base64 reader misreads still arrive', async () => {
    const harness = connect()
    // Arguments whose URI-safe form uses '-' or '$', which base64 does not have.
    let text = ''
    let compressed = ''
    for (let n = 0; n < 200 && !/[-$]/.test(compressed); n++) {
      text = JSON.stringify([n * 7 + 13, `label ${n} éü ${'x'.repeat(n % 17)}`])
      compressed = compressToEncodedURIComponent(text)
    }
    expect(compressed).toMatch(/[-$]/)
    const echoed = await harness.request({
      id: 'e',
      type: 'executeFunction',
      payload: { functionName: 'echo', compressedArgs: compressed },
    })
    expect(echoed).toEqual({ id: 'e', result: JSON.parse(text) })
  })

  test("an unknown function logs 'Function to execute not found' and replies with an error; window is never looked at", async () => {
    const harness = connect()
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    ;(window as unknown as Record<string, unknown>).alertSomething = () => 'should never run'
    for (const name of ['alertSomething', '__proto__', 'toString', 'constructor']) {
      const reply = (await harness.request({
        id: name,
        type: 'executeFunction',
        payload: { functionName: name },
      })) as { error: string }
      expect(reply.error).toContain(FUNCTION_NOT_FOUND)
    }
    expect(log).toHaveBeenCalledWith(FUNCTION_NOT_FOUND, 'alertSomething')
    log.mockRestore()
  })

  test('a throwing function replies its error; inspectElement goes to its handler', async () => {
    const harness = connect()
    expect(
      await harness.request({ id: 1, type: 'executeFunction', payload: { functionName: 'fails' } }),
    ).toEqual({ id: 1, error: 'boom' })
    expect(
      await harness.request({ id: 2, type: 'inspectElement', payload: { componentName: 'Card' } }),
    ).toEqual({ id: 2, result: { id: null, props: { label: 'inspected' }, state: null } })
  })

  test('messages without an id or without a payload are ignored', async () => {
    const harness = connect()
    harness.editor.postMessage({
      type: 'executeFunction',
      payload: { functionName: 'setZoomPerc', args: [1] },
    })
    harness.editor.postMessage({ id: 3, type: 'executeFunction' })
    harness.editor.postMessage('noise')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(harness.replies).toEqual([])
  })
})
