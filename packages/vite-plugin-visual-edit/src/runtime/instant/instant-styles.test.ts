// @vitest-environment happy-dom

import { describe, expect, test } from 'vitest'
import { DELETE_STYLE_CONSTANT, withModifiers } from '../../protocol/styling.ts'
import {
  cssProperty,
  declarations,
  INSTANT_EPOCH_MS,
  instantClassPrefix,
  retarget,
  ruleFor,
  sanitizeClassName,
} from './instant-styles.ts'

describe('generated class names', () => {
  test.each([
    ['p-4', 'p-4'],
    ['md:p-[13px]', 'md-p--13px-'],
    ['2xl:p-4', '-2xl-p-4'],
    ['bg-red-500/50', 'bg-red-500-50'],
    ['under_score', 'under_score'],
    ['é.x y', '--x-y'],
    ['9', '-9'],
  ])('sanitises %s as %s', (name, safe) => {
    expect(sanitizeClassName(name)).toBe(safe)
    expect(sanitizeClassName(name)).toMatch(/^(?![0-9])[A-Za-z0-9_-]*$/)
  })

  test('the prefix carries the time since the fixed epoch, in base 36', () => {
    expect(instantClassPrefix(INSTANT_EPOCH_MS)).toBe('tempo-instant-0-')
    expect(instantClassPrefix(INSTANT_EPOCH_MS + 1e9)).toBe(`tempo-instant-${(1e9).toString(36)}-`)
    expect(instantClassPrefix(INSTANT_EPOCH_MS - 5)).toBe('tempo-instant-0-')
    const now = instantClassPrefix()
    expect(now).not.toBe(instantClassPrefix(INSTANT_EPOCH_MS))
    expect(sanitizeClassName(now)).toBe(now)
  })
})

describe('rules', () => {
  test('a class under modifiers is written responsive first, then dark, then states, each once', () => {
    expect(withModifiers('p-4', [])).toBe('p-4')
    expect(withModifiers('p-4', ['hover'])).toBe('hover:p-4')
    expect(withModifiers('p-4', ['hover', 'md'])).toBe('md:hover:p-4')
    expect(withModifiers('p-4', ['focus', 'dark', 'sm', 'focus'])).toBe('sm:dark:focus:p-4')
    expect(withModifiers('p-4', ['required', '2xl', 'unknown'])).toBe('2xl:required:p-4')
  })

  test('stylingChanges keys become CSS properties', () => {
    expect(cssProperty('backgroundColor')).toBe('background-color')
    expect(cssProperty('padding-top')).toBe('padding-top')
    expect(cssProperty('WebkitBoxFlex')).toBe('-webkit-box-flex')
    expect(cssProperty('msTransform')).toBe('-ms-transform')
    expect(cssProperty('--brand-color')).toBe('--brand-color')
  })

  test('declarations win over the page (!important); the delete constant unsets; a value that ends the rule is refused', () => {
    expect(declarations({ paddingTop: '2rem', color: DELETE_STYLE_CONSTANT, margin: '0 !important' })).toBe(
      'padding-top:2rem !important;color:unset !important;margin:0 !important;',
    )
    expect(() => declarations({ color: 'red} body{display:none' })).toThrow('Cannot show the style color')
    expect(() => declarations({ 'color:red;x': 'blue' })).toThrow()
  })

  test('modifiers: states as pseudo-classes, dark under .dark, breakpoints as min-width media', () => {
    expect(ruleFor('.x', 'color:red;')).toBe('.x{color:red;}')
    expect(ruleFor('.x', 'color:red;', ['md', 'hover'])).toBe(
      '@media (min-width:48rem){.x:hover{color:red;}}',
    )
    expect(ruleFor('.x', 'color:red;', ['dark', 'focus'])).toBe('.dark .x:focus{color:red;}')
    expect(ruleFor('.a, .b', 'color:red;', ['active'])).toBe(':is(.a, .b):active{color:red;}')
  })

  test("Tailwind's rule for a class is made to apply to another selector, and only that class's", () => {
    expect(retarget('.p-\\[13px\\] {\n  padding: 13px;\n}\n', 'p-[13px]', '.t')).toBe(
      '.t {\n  padding: 13px;\n}\n',
    )
    expect(
      retarget(
        '@media (hover: hover) {\n  .hover\\:bg-red-500:hover {\n    background-color: red;\n  }\n}\n',
        'hover:bg-red-500',
        ':is(.t,[data-x~="1"])',
      ),
    ).toBe('@media (hover: hover) {\n  :is(.t,[data-x~="1"]):hover {\n    background-color: red;\n  }\n}\n')
    expect(retarget('.p-4, .p-40 > .p-4-x { padding: 1rem }', 'p-4', '.t')).toBe(
      '.t, .p-40 > .p-4-x { padding: 1rem }',
    )
    expect(retarget('padding: 1rem;', 'p-4', '.t', ['md'])).toBe(
      '@media (min-width:48rem){.t{padding: 1rem;}}',
    )
  })
})
