// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { HydrationStatus, OutboundEvent } from '../../protocol/messages.ts'
import { InspectorContext } from '../core/context.ts'
import { checkHydration } from './hydration.ts'

const HYDRATION_MESSAGE =
  "Hydration failed because the server rendered HTML didn't match the client. As a result this tree will be regenerated on the client."
const HYDRATION_STACK = `Error: ${HYDRATION_MESSAGE}\n    at throwOnHydrationMismatch (http://localhost:5173/node_modules/.vite/deps/react-dom_client.js:4551:17)\n    at hydrateRoot (http://localhost:5173/src/main.tsx:7:1)`
const OTHER_MESSAGE = "Cannot read properties of undefined (reading 'map')"
const OTHER_STACK = `TypeError: ${OTHER_MESSAGE}\n    at TodoList (http://localhost:5173/src/TodoList.tsx:12:20)`

interface ViteError {
  message: string
  stack: string
  plugin?: string
  id?: string
  frame?: string
}

/**
 * What Vite's `<vite-error-overlay>` holds (vite/dist/client/client.mjs, ErrorOverlay): an open shadow
 * root with pre.message (span.plugin + span.message-body), pre.file, pre.frame, pre.stack and the tip.
 */
function showViteOverlay(error: ViteError): HTMLElement {
  const overlay = document.createElement('vite-error-overlay')
  const root = overlay.attachShadow({ mode: 'open' })
  root.innerHTML = `
    <div class="backdrop" part="backdrop"><div class="window" part="window">
      <pre class="message" part="message"><span class="plugin" part="plugin"></span><span class="message-body" part="message-body"></span></pre>
      <pre class="file" part="file"></pre>
      <pre class="frame" part="frame"></pre>
      <pre class="stack" part="stack"></pre>
      <div class="tip" part="tip">Click outside, press <kbd>Esc</kbd> key, or fix the code to dismiss.<br>You can also disable this overlay by setting <code part="config-option-name">server.hmr.overlay</code> to <code part="config-option-value">false</code> in <code part="config-file-name">vite.config.ts</code>.</div>
    </div></div>
    <style>:host { position: fixed; z-index: 99999; }</style>`
  const text = (selector: string, value: string) => {
    ;(root.querySelector(selector) as Element).textContent = value
  }
  if (error.plugin) text('.plugin', `[plugin:${error.plugin}] `)
  text('.message-body', error.message.trim())
  if (error.id) text('.file', error.id)
  if (error.frame) text('.frame', error.frame.trim())
  text('.stack', error.stack)
  document.body.appendChild(overlay)
  return overlay
}

/** Next.js's dev overlay: a `<nextjs-portal>` whose shadow root holds the error dialog. */
function showNextOverlay(header: string, description: string): HTMLElement {
  const portal = document.createElement('nextjs-portal')
  const root = portal.attachShadow({ mode: 'open' })
  root.innerHTML = `
    <div data-nextjs-dialog role="dialog">
      <div data-nextjs-dialog-header><h1 id="nextjs__container_errors_label">${header}</h1>
        <p id="nextjs__container_errors_desc">${description}</p></div>
      <div data-nextjs-dialog-body><div data-nextjs-call-stack-frame>at Page (app/page.tsx:4:3)</div></div>
    </div>`
  document.body.appendChild(portal)
  return portal
}

let context: InspectorContext
let channel: MessageChannel
let posted: ReturnType<typeof vi.fn>

/** HYDRATION_STATUS payloads the inspector posted to the editor. */
const statusEvents = () =>
  posted.mock.calls
    .map(([message]) => message as { type: string; payload: unknown })
    .filter((message) => message.type === OutboundEvent.HYDRATION_STATUS)
    .map((message) => message.payload)

beforeEach(() => {
  document.body.innerHTML = '<div id="root"><h1>App</h1></div>'
  context = new InspectorContext(window)
  channel = new MessageChannel()
  posted = vi.fn()
  channel.port2.postMessage = posted as unknown as MessagePort['postMessage']
  context.connect(channel.port2)
})

afterEach(() => {
  context.stop()
  channel.port1.close()
  document.body.innerHTML = ''
})

describe('checkHydration', () => {
  test('no overlay: NO_ERROR', () => {
    expect(checkHydration(context).status).toBe(HydrationStatus.NO_ERROR)
  })

  test("an overlay whose message contains 'Hydration failed': ERROR", () => {
    showViteOverlay({ message: HYDRATION_MESSAGE, stack: HYDRATION_STACK, plugin: 'runtime' })
    expect(checkHydration(context).status).toBe(HydrationStatus.ERROR)
  })

  test('an overlay with any other error: OTHER_ERROR', () => {
    showViteOverlay({ message: OTHER_MESSAGE, stack: OTHER_STACK, plugin: 'runtime' })
    expect(checkHydration(context).status).toBe(HydrationStatus.OTHER_ERROR)
    document.body.innerHTML = ''
    showViteOverlay({
      message: 'Transform failed with 1 error: Expected ";" but found "}"',
      stack: 'Error: Transform failed\n    at failureErrorWithLog (node_modules/esbuild/lib/main.js:1467:15)',
      plugin: 'vite:esbuild',
      id: '/app/src/App.tsx',
      frame: '3  |  const a = }\n   |            ^',
    })
    expect(checkHydration(context).status).toBe(HydrationStatus.OTHER_ERROR)
  })

  test('the status follows the overlay: back to NO_ERROR once it is dismissed', () => {
    const overlay = showViteOverlay({ message: HYDRATION_MESSAGE, stack: HYDRATION_STACK, plugin: 'runtime' })
    expect(checkHydration(context).status).toBe(HydrationStatus.ERROR)
    overlay.remove()
    expect(checkHydration(context).status).toBe(HydrationStatus.NO_ERROR)
  })

  test('a hydration error is reported with the description, label and body the overlay shows', () => {
    // A runtime error, as the inspector's own Vite overlay shows it: plugin 'runtime', no file, no code frame.
    showViteOverlay({ message: HYDRATION_MESSAGE, stack: HYDRATION_STACK, plugin: 'runtime' })
    const report = checkHydration(context)
    expect(report.status).toBe(HydrationStatus.ERROR)
    expect(report.description).toContain(HYDRATION_MESSAGE)
    expect(report.label).toContain('runtime')
    expect(report).toMatchObject({ body: expect.stringContaining('at throwOnHydrationMismatch') })
  })

  test('a build error with a code frame reports the file and the frame', () => {
    showViteOverlay({
      message: 'Transform failed with 1 error',
      stack: 'Error: Transform failed\n    at failureErrorWithLog (main.js:1:1)',
      plugin: 'vite:esbuild',
      id: '/app/src/App.tsx',
      frame: '3  |  const a = }\n   |            ^',
    })
    const report = checkHydration(context)
    expect(report.description).toContain('Transform failed with 1 error')
    expect(report.label).toBeTruthy()
    expect(report.body).toContain('const a = }')
  })

  test("Next.js's overlay (nextjs-portal) is read too", () => {
    showNextOverlay('Unhandled Runtime Error', HYDRATION_MESSAGE)
    const report = checkHydration(context)
    expect(report.status).toBe(HydrationStatus.ERROR)
    expect(report.description).toContain('Unhandled Runtime Error')
    document.body.innerHTML = ''
    showNextOverlay('Unhandled Runtime Error', OTHER_MESSAGE)
    expect(checkHydration(context).status).toBe(HydrationStatus.OTHER_ERROR)
  })
})

describe('the HYDRATION_STATUS event', () => {
  test('an error is sent to the editor as HYDRATION_STATUS with the report it returns', () => {
    showViteOverlay({ message: HYDRATION_MESSAGE, stack: HYDRATION_STACK, plugin: 'runtime' })
    const hydration = checkHydration(context)
    document.body.innerHTML = ''
    showViteOverlay({ message: OTHER_MESSAGE, stack: OTHER_STACK, plugin: 'runtime' })
    const other = checkHydration(context)
    expect(statusEvents()).toEqual([hydration, other])
    expect(statusEvents().map((payload) => (payload as { status: string }).status)).toEqual([
      HydrationStatus.ERROR,
      HydrationStatus.OTHER_ERROR,
    ])
  })

  test('NO_ERROR is sent too, so the editor learns that an error it was told about is gone', () => {
    const overlay = showViteOverlay({ message: HYDRATION_MESSAGE, stack: HYDRATION_STACK, plugin: 'runtime' })
    checkHydration(context)
    overlay.remove()
    const report = checkHydration(context)
    expect(report.status).toBe(HydrationStatus.NO_ERROR)
    expect(statusEvents().map((payload) => (payload as { status: string }).status)).toEqual([
      HydrationStatus.ERROR,
      HydrationStatus.NO_ERROR,
    ])
  })

  test('nothing is posted while no editor is connected; the report is still returned', () => {
    context.stop()
    showViteOverlay({ message: HYDRATION_MESSAGE, stack: HYDRATION_STACK, plugin: 'runtime' })
    expect(checkHydration(context).status).toBe(HydrationStatus.ERROR)
    expect(posted).not.toHaveBeenCalled()
  })
})
