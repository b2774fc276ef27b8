// @vitest-environment happy-dom
import { afterEach, expect, test } from 'vitest'
import type { ElementKey } from '../../protocol/element-key.ts'
import { dispatchPageEvent } from './dispatch-event.ts'

const KEY: ElementKey = { codebaseId: 'tempo-a', storyboardId: 'app', uniquePath: '0-0' }
const tree = {
  elementsOf: (key: ElementKey) =>
    key.codebaseId === 'tempo-a' ? [document.getElementById('a') as Element] : [],
}

afterEach(() => {
  document.body.innerHTML = ''
})

test('an event of the kind asked, with its init, reaches the element of the key', () => {
  document.body.innerHTML = '<button id="a">Buy</button>'
  const seen: string[] = []
  document.getElementById('a')?.addEventListener('keydown', (event) => {
    seen.push(`${event.constructor.name} ${(event as KeyboardEvent).key}`)
    event.preventDefault()
  })
  const result = dispatchPageEvent(window, tree, {
    type: 'keydown',
    kind: 'keyboard',
    init: { key: 'k', bubbles: true, cancelable: true },
    target: KEY,
  })
  expect(seen).toEqual(['KeyboardEvent k'])
  expect(result).toBe(false)
})

test('custom events carry a JSON detail; window, document and the focused element are targets', () => {
  document.body.innerHTML = '<input id="field">'
  const details: unknown[] = []
  window.addEventListener('app:refresh', (event) => details.push((event as CustomEvent).detail))
  expect(
    dispatchPageEvent(window, tree, {
      type: 'app:refresh',
      kind: 'custom',
      init: { detail: { id: 1 } },
      target: 'window',
    }),
  ).toBe(true)
  expect(details).toEqual([{ id: 1 }])
  const field = document.getElementById('field') as HTMLInputElement
  field.focus()
  let focused = false
  field.addEventListener('input', () => {
    focused = true
  })
  dispatchPageEvent(window, tree, { type: 'input', kind: 'input' })
  expect(focused).toBe(true)
})

test('bad requests are refused with what to send instead', () => {
  expect(() => dispatchPageEvent(window, tree, { type: '' })).toThrow('event type')
  expect(() => dispatchPageEvent(window, tree, { type: 'x', kind: 'bogus' as never })).toThrow(
    "unknown kind 'bogus'",
  )
  expect(() => dispatchPageEvent(window, tree, { type: 'x', init: { view: {} } })).toThrow('init.view')
  expect(() =>
    dispatchPageEvent(window, tree, { type: 'x', target: { ...KEY, codebaseId: 'tempo-b' } }),
  ).toThrow('no element')
})
