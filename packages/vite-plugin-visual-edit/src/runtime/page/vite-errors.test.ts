// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { HydrationStatus } from '../../protocol/messages.ts'
import { InspectorContext } from '../core/context.ts'
import { checkHydration } from './hydration.ts'
import { createViteErrorOverlay } from './vite-errors.ts'

interface OverlayError {
  message: string
  stack: string
  plugin?: string
}

/** Every error an overlay was constructed with, in order. */
const shown: OverlayError[] = []

/**
 * Stands in for Vite's client ErrorOverlay (vite/dist/client/client.mjs): a custom element
 * `vite-error-overlay` constructed with the error, showing it in an open shadow root.
 */
class FakeViteErrorOverlay extends HTMLElement {
  constructor(error: OverlayError) {
    super()
    shown.push(error)
    const root = this.attachShadow({ mode: 'open' })
    root.innerHTML = `
      <div class="backdrop"><div class="window">
        <pre class="message"><span class="plugin"></span><span class="message-body"></span></pre>
        <pre class="file"></pre><pre class="frame"></pre><pre class="stack"></pre>
        <div class="tip">Click outside, press Esc key, or fix the code to dismiss.</div>
      </div></div>`
    if (error.plugin) (root.querySelector('.plugin') as Element).textContent = `[plugin:${error.plugin}] `
    ;(root.querySelector('.message-body') as Element).textContent = error.message.trim()
    ;(root.querySelector('.stack') as Element).textContent = error.stack
  }
}
if (!customElements.get('vite-error-overlay'))
  customElements.define('vite-error-overlay', FakeViteErrorOverlay)

let contexts: InspectorContext[] = []

/** The overlay module started on this page, at `search`. */
function start(search: string): InspectorContext {
  window.history.replaceState(null, '', `/${search}`)
  const context = new InspectorContext(window)
  contexts.push(context)
  createViteErrorOverlay(context).start()
  return context
}

const overlays = () => [...document.querySelectorAll('vite-error-overlay')]

function throwInPage(error: unknown, message = error instanceof Error ? error.message : String(error)) {
  window.dispatchEvent(new ErrorEvent('error', { error, message }))
}

function rejectInPage(reason: unknown) {
  // happy-dom has no PromiseRejectionEvent; the listener only reads `reason`.
  window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }))
}

beforeEach(() => {
  shown.length = 0
  document.body.innerHTML = '<div id="root"></div>'
})

afterEach(() => {
  for (const context of contexts) context.stop()
  contexts = []
  document.body.innerHTML = ''
  window.history.replaceState(null, '', '/')
})

describe('with framework=VITE', () => {
  test("a window error is shown in Vite's error overlay", () => {
    start('?framework=VITE')
    const error = new TypeError("Cannot read properties of undefined (reading 'map')")
    throwInPage(error)
    expect(overlays()).toHaveLength(1)
    expect(overlays()[0]).toBeInstanceOf(FakeViteErrorOverlay)
    expect(overlays()[0]?.parentElement).toBe(document.body)
    expect(shown).toHaveLength(1)
    expect(shown[0]?.message).toBe(error.message)
    expect(shown[0]?.stack).toBe(error.stack)
  })

  test("an unhandled promise rejection is shown in Vite's error overlay", () => {
    start('?framework=VITE')
    const error = new Error('Request failed with status 500')
    rejectInPage(error)
    expect(overlays()).toHaveLength(1)
    expect(shown.map((entry) => entry.message)).toEqual([error.message])
    expect(shown[0]?.stack).toBe(error.stack)
  })

  test('a reason that is not an Error is shown as text', () => {
    start('?framework=VITE')
    rejectInPage('plain string reason')
    expect(shown.map((entry) => entry.message)).toEqual(['plain string reason'])
    throwInPage(undefined, 'Script error.')
    expect(shown.map((entry) => entry.message)).toEqual(['plain string reason', 'Script error.'])
  })

  test('one overlay at a time: the latest error replaces the one shown', () => {
    start('?framework=VITE')
    throwInPage(new Error('first'))
    rejectInPage(new Error('second'))
    expect(overlays()).toHaveLength(1)
    expect(overlays()[0]?.shadowRoot?.textContent).toContain('second')
    expect(overlays()[0]?.shadowRoot?.textContent).not.toContain('first')
  })

  test('a runtime hydration error it shows is read back as a hydration ERROR', () => {
    const context = start('?framework=VITE')
    expect(checkHydration(context).status).toBe(HydrationStatus.NO_ERROR)
    throwInPage(new Error("Hydration failed because the server rendered HTML didn't match the client."))
    expect(checkHydration(context).status).toBe(HydrationStatus.ERROR)
  })

  test('after stop() errors are no longer shown', () => {
    const context = start('?framework=VITE')
    context.stop()
    throwInPage(new Error('after stop'))
    rejectInPage(new Error('after stop'))
    expect(overlays()).toEqual([])
    expect(shown).toEqual([])
  })
})

describe('without framework=VITE', () => {
  test('errors and unhandled rejections show nothing', () => {
    start('')
    throwInPage(new Error('boom'))
    rejectInPage(new Error('rejected'))
    expect(overlays()).toEqual([])
    expect(shown).toEqual([])
  })

  test('another framework shows nothing either', () => {
    start('?framework=NEXT')
    throwInPage(new Error('boom'))
    rejectInPage(new Error('rejected'))
    expect(overlays()).toEqual([])
    expect(shown).toEqual([])
  })
})
