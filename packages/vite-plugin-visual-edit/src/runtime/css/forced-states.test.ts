// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { InspectorContext, OVERLAY_ATTRIBUTE } from '../core/context.ts'
import { createForcedStates, FORCE_CLASS_PREFIX, type ForcedStates } from './forced-states.ts'

const $ = (selector: string) => document.querySelector(selector) as HTMLElement
const injected = () => document.head.querySelector(`style[${OVERLAY_ATTRIBUTE}]`) as HTMLStyleElement | null
const injectedRules = () =>
  Array.from(injected()?.sheet?.cssRules ?? [], (rule) => rule.cssText.replace(/\s+/g, ' '))

let context: InspectorContext
let forced: ForcedStates

beforeEach(() => {
  document.head.innerHTML = `<style>
    .btn:hover { background-color: red }
    .btn:focus { outline-color: blue }
    .other:hover { color: green }
    .group:hover .title { text-decoration: underline }
    .btn:not(:hover) { opacity: 0.5 }
  </style>`
  document.body.innerHTML = `
    <div class="group"><button class="btn">Buy</button><span class="title">Title</span></div>
    <p class="other">Other</p>`
  context = new InspectorContext(window)
  forced = createForcedStates(context)
  forced.start()
})

afterEach(() => {
  forced.stop()
  vi.restoreAllMocks()
})

test('forcing hover: a class on the element, and a copy of each hover rule that can reach it', () => {
  expect(forced.set(['hover'], [$('.btn')])).toEqual(['hover'])
  expect($('.btn').classList.contains(`${FORCE_CLASS_PREFIX}hover`)).toBe(true)
  expect([...forced.active]).toEqual(['hover'])
  // `.other:hover` cannot style anything near the button, and `:not(:hover)` waits for no hover.
  expect(injectedRules()).toEqual(['.btn.tempo-force-hover { background-color: red; }'])
})

test('a state on an ancestor (group-hover) is copied for the elements inside', () => {
  forced.set(['hover'], [$('.group')])
  expect(injectedRules()).toEqual(['.group.tempo-force-hover .title { text-decoration: underline; }'])
})

test('new modifiers replace the earlier ones; [] clears everything', () => {
  forced.set(['hover'], [$('.btn')])
  forced.set(['focus'], [$('.btn')])
  expect($('.btn').className).toBe(`btn ${FORCE_CLASS_PREFIX}focus`)
  expect(injectedRules()).toEqual(['.btn.tempo-force-focus { outline-color: blue; }'])
  expect(document.head.querySelectorAll(`style[${OVERLAY_ATTRIBUTE}]`)).toHaveLength(1)

  expect(forced.set([], [$('.btn')])).toEqual([])
  expect($('.btn').className).toBe('btn')
  expect(injected()).toBeNull()
  expect(forced.active.size).toBe(0)
})

test('a modifier that is not a state is refused with the ones allowed, and nothing changes', () => {
  forced.set(['hover'], [$('.btn')])
  expect(() => forced.set(['md'], [$('.btn')])).toThrow(
    "Cannot force the state 'md': use one of hover, required, focus, active, invalid, disabled",
  )
  expect($('.btn').classList.contains(`${FORCE_CLASS_PREFIX}hover`)).toBe(true)
})

test('a selection change and stop() clear the forced states', () => {
  forced.set(['hover', 'active'], [$('.btn')])
  context.emit('selection')
  expect($('.btn').className).toBe('btn')
  expect(injected()).toBeNull()

  forced.set(['hover'], [$('.btn')])
  forced.stop()
  expect($('.btn').className).toBe('btn')
  expect(injected()).toBeNull()
  // Stopped: a selection change no longer reaches it.
  forced.set(['hover'], [$('.btn')])
  context.emit('selection')
  expect($('.btn').className).toBe(`btn ${FORCE_CLASS_PREFIX}hover`)
})

test('a rule the browser will not insert is logged and left out; the rest still apply', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(CSSStyleSheet.prototype, 'insertRule').mockImplementation(() => {
    throw new DOMException('Failed to parse the rule', 'SyntaxError')
  })
  expect(forced.set(['hover'], [$('.btn')])).toEqual(['hover'])
  expect(warn).toHaveBeenCalledTimes(1)
  expect(String(warn.mock.calls[0]?.[0])).toContain(
    'Could not add the forced-state rule .btn.tempo-force-hover',
  )
  expect($('.btn').classList.contains(`${FORCE_CLASS_PREFIX}hover`)).toBe(true)
})

test('no element: nothing is forced', () => {
  expect(forced.set(['hover'], [])).toEqual([])
  expect(injected()).toBeNull()
})
