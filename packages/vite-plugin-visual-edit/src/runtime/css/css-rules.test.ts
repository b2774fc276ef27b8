// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { OVERLAY_ATTRIBUTE } from '../core/context.ts'
import {
  breakpointOf,
  declarationsOf,
  type FlatRule,
  rulesOf,
  ruleText,
  STATE_PSEUDO_CLASSES,
  widthHolds,
} from './css-rules.ts'

// happy-dom's CSS parser knows neither cascade layers nor nesting: these tests hand the walk objects
// shaped like Chromium's CSSOM (the walk reads rules by their properties, as it must across frames).
type Fake = Record<string, unknown>
const declarations = (cssText: string) => ({ cssText, length: cssText ? 1 : 0 })
const rule = (selectorText: string, cssText = '', ...cssRules: Fake[]): Fake => ({
  type: 1,
  selectorText,
  style: declarations(cssText),
  cssRules,
})
const nested = (cssText: string): Fake => ({ style: declarations(cssText) })
const media = (conditionText: string, ...cssRules: Fake[]): Fake => ({
  type: 4,
  conditionText,
  media: { mediaText: conditionText },
  cssRules,
})
const supports = (conditionText: string, ...cssRules: Fake[]): Fake => ({ type: 12, conditionText, cssRules })
const container = (name: string, query: string, ...cssRules: Fake[]): Fake => ({
  conditionText: `${name} ${query}`.trim(),
  containerName: name,
  cssRules,
})
const layer = (name: string, ...cssRules: Fake[]): Fake => ({ name, cssRules })
const sheet = (cssRules: Fake[], extra: Fake = {}): Fake => ({
  cssRules,
  href: null,
  ownerNode: null,
  media: { mediaText: '' },
  disabled: false,
  ...extra,
})
const rootOf = (...sheets: Fake[]) => ({ styleSheets: sheets, adoptedStyleSheets: [] }) as unknown as Document
const summary = (flat: FlatRule[]) =>
  flat.map((found) => ({
    selector: found.selector,
    conditions: found.conditions.map((condition) => `@${condition.kind} ${condition.text}`),
    layer: found.layer,
    modifiers: found.modifiers,
  }))

afterEach(() => {
  vi.restoreAllMocks()
})

describe('rulesOf flattens', () => {
  test("Tailwind v4's output: layers, nested @media and &:hover, @property and @keyframes left out", () => {
    const tailwind = sheet([
      { nameList: ['theme', 'base', 'utilities'] },
      layer('theme', rule(':root, :host', '--color-red-500: oklch(63.7% 0.237 25.331);')),
      layer(
        'utilities',
        rule('.p-4', 'padding: calc(var(--spacing) * 4);'),
        rule('.md\\:p-8', '', media('(width >= 48rem)', nested('padding: calc(var(--spacing) * 8);'))),
        rule(
          '.hover\\:bg-red-500',
          '',
          rule('&:hover', '', media('(hover: hover)', nested('background-color: var(--color-red-500);'))),
        ),
        rule('.dark\\:text-white', '', rule('&:where(.dark, .dark *)', 'color: white;')),
        rule('.\\32 xl\\:grid', '', media('(width >= 96rem)', nested('display: grid;'))),
      ),
      { name: '--tw-font-weight', syntax: '"*"', inherits: false },
      {
        name: 'spin',
        cssRules: [{ keyText: 'to', style: declarations('rotate: 360deg;') }],
        appendRule() {},
      },
    ])
    expect(summary(rulesOf(rootOf(tailwind)))).toEqual([
      { selector: ':root, :host', conditions: [], layer: 'theme', modifiers: [] },
      { selector: '.p-4', conditions: [], layer: 'utilities', modifiers: [] },
      {
        selector: '.md\\:p-8',
        conditions: ['@media (width >= 48rem)'],
        layer: 'utilities',
        modifiers: ['md'],
      },
      {
        selector: '.hover\\:bg-red-500:hover',
        conditions: ['@media (hover: hover)'],
        layer: 'utilities',
        modifiers: ['hover'],
      },
      {
        selector: '.dark\\:text-white:where(.dark, .dark *)',
        conditions: [],
        layer: 'utilities',
        modifiers: ['dark'],
      },
      {
        selector: '.\\32 xl\\:grid',
        conditions: ['@media (width >= 96rem)'],
        layer: 'utilities',
        modifiers: ['2xl'],
      },
    ])
  })

  test('plain CSS: media, supports, container, nested and anonymous layers, nested rules without &', () => {
    const plain = sheet(
      [
        media('(min-width: 768px)', rule('.card:hover', 'color: red !important;')),
        supports('(display: grid)', rule('.grid', 'display: grid;')),
        container('card', '(width >= 20rem)', rule('.title', 'font-size: 2rem;')),
        layer('base', layer('forms', rule('input:focus:not(:disabled)', 'outline: none;'))),
        layer('', rule('.anonymous', 'color: blue;')),
        rule('.list', 'margin: 0;', rule('.item', 'padding: 0;')),
        media('(prefers-color-scheme: dark)', rule('.card', 'background: black;')),
        { type: 6, selectorText: '', style: declarations('margin: 1cm;') },
      ],
      { href: 'http://localhost:5173/src/styles/plain.css?t=1' },
    )
    const flat = rulesOf(rootOf(plain))
    expect(summary(flat)).toEqual([
      {
        selector: '.card:hover',
        conditions: ['@media (min-width: 768px)'],
        layer: null,
        modifiers: ['hover', 'md'],
      },
      { selector: '.grid', conditions: ['@supports (display: grid)'], layer: null, modifiers: [] },
      { selector: '.title', conditions: ['@container card (width >= 20rem)'], layer: null, modifiers: [] },
      { selector: 'input:focus:not(:disabled)', conditions: [], layer: 'base.forms', modifiers: ['focus'] },
      { selector: '.anonymous', conditions: [], layer: '', modifiers: [] },
      { selector: '.list', conditions: [], layer: null, modifiers: [] },
      { selector: '.list .item', conditions: [], layer: null, modifiers: [] },
      {
        selector: '.card',
        conditions: ['@media (prefers-color-scheme: dark)'],
        layer: null,
        modifiers: ['dark'],
      },
    ])
    expect(flat.every((found) => found.filename === 'src/styles/plain.css')).toBe(true)
    expect(flat[0]?.responsive).toBe(true)
    expect(flat[0]?.conditions[0]?.modifier).toBe('md')
    expect(flat[1]?.conditions[0]?.modifier).toBeNull()
  })

  test("@import: the imported sheet's rules under the import's media and layer, with its own file", () => {
    const imported = sheet([rule('.btn', 'color: red;')], { href: 'http://localhost:5173/src/buttons.css' })
    const main = sheet(
      [
        { styleSheet: imported, media: { mediaText: 'screen' }, layerName: 'components' },
        rule('.main', 'margin: 0;'),
      ],
      { ownerNode: Object.assign(document.createElement('style'), {}) },
    )
    ;(main.ownerNode as Element).setAttribute('data-vite-dev-id', '/home/me/app/src/index.css')
    const flat = rulesOf(rootOf(main))
    expect(summary(flat)[0]).toEqual({
      selector: '.btn',
      conditions: ['@media screen'],
      layer: 'components',
      modifiers: [],
    })
    expect(flat.map((found) => found.filename)).toEqual(['src/buttons.css', '/home/me/app/src/index.css'])
  })

  test('a selector it cannot read and a rule that declares nothing are skipped', () => {
    const flat = rulesOf(
      rootOf(sheet([rule('.a:is(.b', 'color: red;'), rule('.empty'), rule('.ok', 'color: red;')])),
    )
    expect(flat.map((found) => found.selector)).toEqual(['.ok'])
  })

  test("the inspector's own sheets and disabled ones are left out", () => {
    const own = document.createElement('style')
    own.setAttribute(OVERLAY_ATTRIBUTE, 'forced-states')
    const flat = rulesOf(
      rootOf(
        sheet([rule('.own', 'color: red;')], { ownerNode: own }),
        sheet([rule('.off', 'color: red;')], { disabled: true }),
        sheet([rule('.app', 'color: red;')]),
      ),
    )
    expect(flat.map((found) => found.selector)).toEqual(['.app'])
  })
})

test('a sheet whose rules cannot be read (cross-origin) is logged once and skipped', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const crossOrigin = {
    href: 'https://cdn.example.com/theme.css',
    ownerNode: null,
    media: { mediaText: '' },
    disabled: false,
    get cssRules(): never {
      throw new DOMException('Cannot access rules', 'SecurityError')
    },
  }
  const root = rootOf(crossOrigin, sheet([rule('.app', 'color: red;')]))
  expect(rulesOf(root).map((found) => found.selector)).toEqual(['.app'])
  expect(rulesOf(root).map((found) => found.selector)).toEqual(['.app'])
  expect(warn).toHaveBeenCalledTimes(1)
  expect(String(warn.mock.calls[0]?.[0])).toContain('https://cdn.example.com/theme.css')
  expect(String(warn.mock.calls[0]?.[0])).toContain('crossorigin="anonymous"')
})

test('a sheet is flattened once, and again when its rule count changes (insertRule)', () => {
  const rules = [rule('.a', 'color: red;')]
  const root = rootOf(sheet(rules))
  const first = rulesOf(root)
  expect(rulesOf(root)[0]).toBe(first[0])
  rules.push(rule('.b', 'color: blue;'))
  expect(rulesOf(root).map((found) => found.selector)).toEqual(['.a', '.b'])
})

test('a real <style> is read too (a CSS module)', () => {
  const element = document.createElement('style')
  element.setAttribute('data-vite-dev-id', '/app/src/App.module.css')
  element.textContent =
    '._card_1x2y3_1 { padding: 1rem } @media (min-width: 1024px) { ._card_1x2y3_1 { padding: 2rem } }'
  document.head.append(element)
  const flat = rulesOf(document)
  expect(flat.map((found) => [found.selector, found.modifiers])).toEqual([
    ['._card_1x2y3_1', []],
    ['._card_1x2y3_1', ['lg']],
  ])
  element.remove()
})

describe('conditions', () => {
  test('breakpoints: Tailwind v4 rem ranges and v3 px minimums; other widths are none', () => {
    expect(breakpointOf('(width >= 40rem)')).toBe('sm')
    expect(breakpointOf('(min-width: 768px)')).toBe('md')
    expect(breakpointOf('(width >= 64rem)')).toBe('lg')
    expect(breakpointOf('screen and (min-width: 80rem)')).toBe('xl')
    expect(breakpointOf('(width >= 96rem)')).toBe('2xl')
    expect(breakpointOf('(width < 48rem)')).toBeNull()
    expect(breakpointOf('(max-width: 768px)')).toBeNull()
    expect(breakpointOf('(min-width: 700px)')).toBeNull()
    expect(breakpointOf('(hover: hover)')).toBeNull()
  })

  test('width comparisons hold or not for a width in px', () => {
    expect(widthHolds('(width >= 20rem)', 320)).toBe(true)
    expect(widthHolds('(width >= 20rem)', 319)).toBe(false)
    expect(widthHolds('card (min-width: 400px) and (max-width: 600px)', 500)).toBe(true)
    expect(widthHolds('(min-width: 400px) and (max-width: 600px)', 601)).toBe(false)
    expect(widthHolds('(width < 30em)', 479)).toBe(true)
  })
})

test('declarations keep shorthands, !important, and semicolons inside strings and url()', () => {
  expect(
    declarationsOf(
      'font: 12px / 1.5 serif; color: red !important; background: url("data:image/png;base64,AA;"); content: ";"',
    ),
  ).toEqual([
    ['font', '12px / 1.5 serif'],
    ['color', 'red !important'],
    ['background', 'url("data:image/png;base64,AA;")'],
    ['content', '";"'],
  ])
})

test('ruleText writes a flat rule with its layer and conditions around it', () => {
  const [found] = rulesOf(
    rootOf(
      sheet([layer('utilities', rule('.md\\:p-8', '', media('(width >= 48rem)', nested('padding: 2rem;'))))]),
    ),
  )
  expect(ruleText(found as FlatRule)).toBe(
    '@layer utilities { @media (width >= 48rem) { .md\\:p-8 { padding: 2rem; } } }',
  )
  expect(ruleText(found as FlatRule, '.other')).toContain('{ .other { padding: 2rem; } }')
})

test('the state pseudo-classes the listing takes as holding include the six modifiers', () => {
  for (const state of ['hover', 'required', 'focus', 'active', 'invalid', 'disabled', 'focus-visible'])
    expect(STATE_PSEUDO_CLASSES.has(state)).toBe(true)
  expect(STATE_PSEUDO_CLASSES.has('first-child')).toBe(false)
})
