// @vitest-environment happy-dom
import { afterEach, expect, test } from 'vitest'
import { createTopLayer } from './top-layer.ts'

/** happy-dom has no popovers: a host that records what the top layer module asks of it. */
function popoverHost(calls: string[]): HTMLElement {
  const host = document.createElement('visual-edit-overlay')
  Object.assign(host, {
    showPopover: () => calls.push('show'),
    hidePopover: () => calls.push('hide'),
  })
  return host
}

const toggle = (type: string, newState: 'open' | 'closed') => Object.assign(new Event(type), { newState })
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

afterEach(() => {
  document.body.innerHTML = ''
  for (const host of document.querySelectorAll('visual-edit-overlay')) host.remove()
})

test('the host is a manual popover, shown last in the top layer, and again whenever a dialog or popover opens', async () => {
  const calls: string[] = []
  const host = popoverHost(calls)
  const layer = createTopLayer(window, document, host)
  expect(host.getAttribute('popover')).toBe('manual')
  const controller = new AbortController()
  layer.start(controller.signal)
  // Not in the document: nothing to show.
  layer.raise()
  expect(calls).toEqual([])
  document.documentElement.append(host)
  layer.raise()
  // Hidden and shown again: last in the top layer, whatever entered it before.
  expect(calls).toEqual(['hide', 'show'])

  // A dialog (showModal) and a popover start to open: before the next frame, once.
  const dialog = document.createElement('dialog')
  const popover = document.createElement('div')
  document.body.append(dialog, popover)
  dialog.dispatchEvent(toggle('beforetoggle', 'open'))
  popover.dispatchEvent(toggle('beforetoggle', 'open'))
  expect(calls).toHaveLength(2)
  await nextFrame()
  expect(calls).toEqual(['hide', 'show', 'hide', 'show'])

  // Closing moves nothing, nor do the host's own toggles (its hide and show fire them too).
  dialog.dispatchEvent(toggle('beforetoggle', 'closed'))
  host.dispatchEvent(toggle('beforetoggle', 'open'))
  await nextFrame()
  expect(calls).toHaveLength(4)

  // An element made fullscreen is in the top layer too.
  document.dispatchEvent(new Event('fullscreenchange'))
  await nextFrame()
  expect(calls).toHaveLength(6)

  controller.abort()
  dialog.dispatchEvent(toggle('beforetoggle', 'open'))
  await nextFrame()
  expect(calls).toHaveLength(6)
})

test('stop() cancels a raise not yet made', async () => {
  const calls: string[] = []
  const host = popoverHost(calls)
  document.documentElement.append(host)
  const layer = createTopLayer(window, document, host)
  layer.start(new AbortController().signal)
  document.body.dispatchEvent(toggle('beforetoggle', 'open'))
  layer.stop()
  await nextFrame()
  expect(calls).toEqual([])
})

test('a browser without popovers: the host keeps its z-index alone, no attribute, no listener', () => {
  const host = document.createElement('visual-edit-overlay')
  document.documentElement.append(host)
  const layer = createTopLayer(window, document, host)
  layer.start(new AbortController().signal)
  expect(host.hasAttribute('popover')).toBe(false)
  expect(() => layer.raise()).not.toThrow()
})

test('a host that cannot be shown keeps its z-index', () => {
  const host = document.createElement('visual-edit-overlay')
  Object.assign(host, {
    showPopover: () => {
      throw new DOMException('not shown', 'InvalidStateError')
    },
    hidePopover: () => {
      throw new DOMException('not shown', 'InvalidStateError')
    },
  })
  document.documentElement.append(host)
  expect(() => createTopLayer(window, document, host).raise()).not.toThrow()
})
