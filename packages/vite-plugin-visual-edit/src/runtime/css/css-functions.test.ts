// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test } from 'vitest'
import type { ElementKey } from '../../protocol/element-key.ts'
import { CODEBASE_ID_ATTRIBUTE } from '../../protocol/ids.ts'
import { type CssEvalsPayload, OutboundEvent } from '../../protocol/messages.ts'
import { InspectorContext } from '../core/context.ts'
import { CSS_EVAL_PROPERTIES } from './css-evals.ts'
import { type CssFunctions, createCssFunctions } from './css-functions.ts'
import { FORCE_CLASS_PREFIX } from './forced-states.ts'

const id = (n: number) => `tempo-00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const keyOf = (n: number): ElementKey => ({ codebaseId: id(n), storyboardId: 'app', uniquePath: `0-${n}` })

let context: InspectorContext
let css: CssFunctions
let sent: { type: string; payload: unknown }[]
const selection: { selected: ElementKey | null } = { selected: null }

beforeEach(() => {
  document.head.innerHTML = '<style>.btn { color: red } .btn:hover { color: blue }</style>'
  document.body.innerHTML = `
    <html-root class="dark">
      <section style="display: flex; flex-direction: column" ${CODEBASE_ID_ATTRIBUTE}="${id(1)}">
        <button class="btn" ${CODEBASE_ID_ATTRIBUTE}="${id(2)}">Buy</button>
      </section>
    </html-root>`
  context = new InspectorContext(window)
  sent = []
  context.connect({
    postMessage: (message: { type: string; payload: unknown }) => sent.push(message),
    close: () => {},
  } as unknown as MessagePort)
  const tree = {
    elementsOf: (key: ElementKey) =>
      Array.from(document.querySelectorAll(`[${CODEBASE_ID_ATTRIBUTE}="${key.codebaseId}"]`)),
  }
  selection.selected = keyOf(2)
  css = createCssFunctions(context, tree, selection)
  css.start()
})

afterEach(() => {
  css.stop()
  context.stop()
})

test('processRules answers for the selection, or a key, and sends PROCESSED_CSS_RULES', () => {
  const rules = css.processRules()
  expect(rules.map((rule) => [rule.selector, rule.applied, rule.codebaseId])).toEqual([
    ['.btn', true, id(2)],
    ['.btn:hover', false, id(2)],
  ])
  expect(sent).toEqual([{ type: OutboundEvent.PROCESSED_CSS_RULES, payload: rules }])
  expect(css.processRules(keyOf(1))).toEqual([])
  selection.selected = null
  expect(css.processRules()).toEqual([])
})

test('getCssEvals: the collected values, the parent layout and dark mode above', () => {
  const evals = css.cssEvals() as CssEvalsPayload
  expect(Object.keys(evals.styles)).toEqual(CSS_EVAL_PROPERTIES)
  expect(CSS_EVAL_PROPERTIES.length).toBeGreaterThanOrEqual(65)
  expect(CSS_EVAL_PROPERTIES.length).toBeLessThanOrEqual(80)
  expect(evals.parent).toEqual({ display: 'flex', 'flex-direction': 'column' })
  expect(evals.darkEnabledInParent).toBe(true)
  expect(sent).toEqual([{ type: OutboundEvent.CSS_EVALS, payload: evals }])
  expect((css.cssEvals(keyOf(1)) as CssEvalsPayload).darkEnabledInParent).toBe(true)
  document.querySelector('html-root')?.classList.remove('dark')
  expect((css.cssEvals() as CssEvalsPayload).darkEnabledInParent).toBe(false)
  selection.selected = null
  expect(css.cssEvals()).toBeNull()
})

test('ruleMatches: true, false, and false for an invalid selector; sent as RULE_MATCH', () => {
  expect(css.ruleMatches('section > .btn')).toEqual({ selector: 'section > .btn', matches: true })
  expect(css.ruleMatches('.missing')).toEqual({ selector: '.missing', matches: false })
  expect(css.ruleMatches('[[', keyOf(1))).toEqual({ selector: '[[', matches: false })
  expect(sent.map((message) => message.type)).toEqual([
    OutboundEvent.RULE_MATCH,
    OutboundEvent.RULE_MATCH,
    OutboundEvent.RULE_MATCH,
  ])
})

test('setModifiers forces states on the selected element; the processed rules then count them', () => {
  const button = document.querySelector('.btn') as Element
  expect(css.setModifiers(['hover'])).toEqual(['hover'])
  expect(button.classList.contains(`${FORCE_CLASS_PREFIX}hover`)).toBe(true)
  expect(css.processRules().find((rule) => rule.selector === '.btn:hover')?.applied).toBe(true)
  expect(css.setModifiers([])).toEqual([])
  expect(button.classList.contains(`${FORCE_CLASS_PREFIX}hover`)).toBe(false)
})
