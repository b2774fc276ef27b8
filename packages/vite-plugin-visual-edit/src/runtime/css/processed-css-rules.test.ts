// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { CODEBASE_ID_ATTRIBUTE } from '../../protocol/ids.ts'
import type { ProcessedCssRule } from '../../protocol/messages.ts'
import type { StateModifier } from '../../protocol/styling.ts'
import { FORCE_CLASS_PREFIX } from './forced-states.ts'
import { INHERITED_PROPERTIES, processRules } from './processed-css-rules.ts'

const id = (n: number) => `tempo-00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const $ = (selector: string) => document.querySelector(selector) as HTMLElement

function addStyle(css: string, file = '/app/src/index.css') {
  const style = document.createElement('style')
  style.textContent = css
  document.head.append(style)
  // happy-dom leaves a sheet's ownerNode unset; Chromium's points at its <style>.
  Object.defineProperty(style.sheet, 'ownerNode', { value: style })
  style.setAttribute('data-vite-dev-id', file)
}

function rulesFor(selector: string, forced: StateModifier[] = []): ProcessedCssRule[] {
  const element = $(selector)
  return processRules(window, {
    element,
    codebaseId: element.getAttribute(CODEBASE_ID_ATTRIBUTE),
    forced: new Set(forced),
  })
}
const bySelector = (rules: ProcessedCssRule[], selector: string) =>
  rules.find((rule) => rule.selector === selector)

beforeEach(() => {
  document.head.innerHTML = ''
  document.body.innerHTML = `
    <main class="text-lg" ${CODEBASE_ID_ATTRIBUTE}="${id(1)}">
      <div id="box" class="p-4 md:p-8 xl:p-12 hover:bg-red-500" ${CODEBASE_ID_ATTRIBUTE}="${id(2)}"></div>
      <div id="card" class="card" ${CODEBASE_ID_ATTRIBUTE}="${id(3)}"></div>
      <div id="big-card" class="card big" ${CODEBASE_ID_ATTRIBUTE}="${id(4)}"></div>
    </main>`
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the rules of an element (happy-dom: 1024 px wide)', () => {
  test('utilities: applied now, at a wider breakpoint, under a state', () => {
    addStyle(`
      .p-4 { padding: 1rem }
      .other { color: red }
      @media (min-width: 768px) { .md\\:p-8 { padding: 2rem } }
      @media (min-width: 1280px) { .xl\\:p-12 { padding: 3rem } }
      .hover\\:bg-red-500:hover { background-color: red }`)
    const rules = rulesFor('#box')
    expect(
      rules.map((rule) => [rule.classParsed, rule.applied, rule.eligibleToApply, rule.modifiers]),
    ).toEqual([
      ['p-4', true, true, []],
      ['md:p-8', true, true, ['md']],
      ['xl:p-12', false, true, ['xl']],
      ['hover:bg-red-500', false, true, ['hover']],
    ])
    expect(bySelector(rules, '.p-4')).toEqual({
      filename: '/app/src/index.css',
      selector: '.p-4',
      styles: { padding: '1rem' },
      applied: true,
      allowChanges: true,
      removable: true,
      inherited: false,
      modifiers: [],
      classParsed: 'p-4',
      cssText: '.p-4 { padding: 1rem; }',
      codebaseId: id(2),
      eligibleToApply: true,
    })
    expect(bySelector(rules, '.md\\:p-8')?.cssText).toBe(
      '@media (min-width: 768px) { .md\\:p-8 { padding: 2rem; } }',
    )
  })

  test('a forced state counts as holding for applied', () => {
    addStyle('.hover\\:bg-red-500:hover { background-color: red }')
    $('#box').classList.add(`${FORCE_CLASS_PREFIX}hover`)
    expect(rulesFor('#box', ['hover'])[0]?.applied).toBe(true)
    expect(rulesFor('#box', ['focus'])[0]?.applied).toBe(false)
  })

  test('a state that cannot be forced, or a condition that does not hold, is not eligible', () => {
    addStyle('.p-4:focus-visible { outline: 2px solid } @media print { .p-4 { display: none } }')
    const rules = rulesFor('#box')
    expect(rules.map((rule) => [rule.selector, rule.applied, rule.eligibleToApply, rule.modifiers])).toEqual([
      ['.p-4:focus-visible', false, false, []],
      ['.p-4', false, false, []],
    ])
  })

  test('a responsive rule that does not apply now is listed for an element with exactly one class', () => {
    addStyle('.card { padding: 1rem } @media (min-width: 1280px) { .card { padding: 2rem } }')
    expect(rulesFor('#card').map((rule) => [rule.styles.padding, rule.applied, rule.modifiers])).toEqual([
      ['1rem', true, []],
      ['2rem', false, ['xl']],
    ])
    // Two classes: which one the breakpoint's rule belongs to is not clear, so it is left out.
    expect(rulesFor('#big-card').map((rule) => rule.styles.padding)).toEqual(['1rem'])
  })

  test('inherited: an ancestor rule, only its inheritable properties, once, with the ancestor id', () => {
    addStyle('.text-lg { font-size: 1.125rem; line-height: 1.75rem; margin: 0 } main { display: block }')
    const rules = rulesFor('#box')
    expect(rules).toEqual([
      expect.objectContaining({
        selector: '.text-lg',
        styles: { 'font-size': '1.125rem', 'line-height': '1.75rem' },
        applied: true,
        inherited: true,
        allowChanges: false,
        removable: false,
        classParsed: 'text-lg',
        codebaseId: id(1),
      }),
    ])
    expect(INHERITED_PROPERTIES.has('color')).toBe(true)
    expect(INHERITED_PROPERTIES.has('margin')).toBe(false)
  })

  test('a selector the browser refuses is skipped, not thrown', () => {
    addStyle('.p-4 { padding: 1rem } .p-4.bogus-selector { color: red }')
    const matches = Element.prototype.matches
    vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
      if (selector.includes('bogus'))
        throw new DOMException(`'${selector}' is not a valid selector`, 'SyntaxError')
      return matches.call(this, selector)
    })
    expect(rulesFor('#box').map((rule) => rule.selector)).toEqual(['.p-4'])
  })

  test('an element no longer in the page has no rules (a tree older than the DOM)', () => {
    addStyle('.p-4 { padding: 1rem }')
    const element = $('#box')
    element.remove()
    expect(processRules(window, { element, codebaseId: id(2), forced: new Set() })).toEqual([])
  })

  test("rules from node_modules or from Tailwind's generated layers do not allow changes", () => {
    addStyle('.p-4 { padding: 1rem }', '/app/node_modules/some-kit/dist/kit.css')
    expect(rulesFor('#box')[0]?.allowChanges).toBe(false)
    // happy-dom does not parse @layer: a sheet shaped like Chromium's CSSOM.
    const utilities = {
      name: 'utilities',
      cssRules: [
        { type: 1, selectorText: '.p-4', style: { cssText: 'padding: 1rem;', length: 1 }, cssRules: [] },
      ],
    }
    const ownerNode = document.createElement('style')
    ownerNode.setAttribute('data-vite-dev-id', '/app/src/index.css')
    const tailwind = {
      cssRules: [utilities],
      href: null,
      ownerNode,
      media: { mediaText: '' },
      disabled: false,
    }
    vi.spyOn(document, 'styleSheets', 'get').mockReturnValue([tailwind] as unknown as StyleSheetList)
    expect(rulesFor('#box')).toEqual([
      expect.objectContaining({
        filename: '/app/src/index.css',
        allowChanges: false,
        removable: true,
        cssText: '@layer utilities { .p-4 { padding: 1rem; } }',
      }),
    ])
  })
})
