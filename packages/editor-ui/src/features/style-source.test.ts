import { type ProcessedCssRule, PropType } from 'vite-plugin-visual-edit/protocol'
import { describe, expect, test } from 'vitest'
import { BASE_SCOPE, breakpointWidths, scopeModifiers } from './style-scope.ts'
import {
  baseSelector,
  type ElementStyling,
  inlineStyleOf,
  sets,
  sourceOf,
  writeTargetFor,
} from './style-source.ts'

/** A rule as the inspector lists it; by default one of Tailwind's utilities that applies. */
function rule(
  selector: string,
  styles: Record<string, string>,
  extra: Partial<ProcessedCssRule> = {},
): ProcessedCssRule {
  const classParsed = selector.startsWith('.')
    ? (selector.slice(1).replace(/\\/g, '').split(/[ :]/)[0] ?? null)
    : null
  return {
    filename: '/app/src/index.css',
    selector,
    styles,
    applied: true,
    allowChanges: false,
    removable: true,
    inherited: false,
    modifiers: [],
    classParsed,
    cssText: `@layer utilities { ${selector} { } }`,
    codebaseId: 'tempo-1',
    eligibleToApply: true,
    ...extra,
  }
}

/** A plain-CSS rule of a project file (unlayered, editable). */
const cssRule = (selector: string, styles: Record<string, string>, extra: Partial<ProcessedCssRule> = {}) =>
  rule(selector, styles, {
    allowChanges: true,
    cssText: `${selector} { }`,
    filename: '/app/src/card.css',
    ...extra,
  })

const styling = (parts: Partial<ElementStyling>): ElementStyling => ({
  projectFramework: 'Tailwind',
  classes: [],
  inline: {},
  rules: [],
  ...parts,
})

describe('where a value comes from', () => {
  test('a Tailwind class, a shorthand or a logical property counting for the side it sets', () => {
    const element = styling({
      classes: ['p-4', 'px-6', 'md:p-8'],
      rules: [
        rule('.p-4', { padding: 'calc(var(--spacing) * 4)' }),
        rule('.px-6', { 'padding-inline': 'calc(var(--spacing) * 6)' }),
        rule('.md\\:p-8', { padding: 'calc(var(--spacing) * 8)' }, { applied: false, modifiers: ['md'] }),
      ],
    })
    expect(sourceOf('padding-top', element)).toMatchObject({ kind: 'class', className: 'p-4' })
    expect(sourceOf('padding-left', element)).toMatchObject({ kind: 'class', className: 'px-6' })
    expect(sets('padding-inline-start', 'padding-left')).toBe(true)
    expect(sets('padding-block', 'padding-left')).toBe(false)
  })

  test("the breakpoint a value comes from is its rule's (the frame at md width applies md:p-8)", () => {
    const element = styling({
      classes: ['p-4', 'md:p-8'],
      rules: [
        rule('.p-4', { padding: '1rem' }),
        rule('.md\\:p-8', { padding: '2rem' }, { modifiers: ['md'], classParsed: 'md:p-8' }),
      ],
    })
    const source = sourceOf('padding-top', element)
    expect(source).toMatchObject({ kind: 'class', className: 'md:p-8' })
    expect(source.kind === 'class' && source.rule.modifiers).toEqual(['md'])
  })

  test('inline style first; a project rule outside layers beats a utility; inherited; none', () => {
    expect(sourceOf('color', styling({ inline: { color: 'red' } }))).toEqual({ kind: 'inline', value: 'red' })
    const element = styling({
      classes: ['card', 'p-4'],
      rules: [cssRule('.card', { padding: '8px' }), rule('.p-4', { padding: '1rem' })],
    })
    expect(sourceOf('padding-top', element)).toMatchObject({ kind: 'rule', editable: true })
    const inherited = styling({
      rules: [rule('.text-lg', { 'font-size': '18px' }, { inherited: true, classParsed: 'text-lg' })],
    })
    expect(sourceOf('font-size', inherited)).toMatchObject({ kind: 'inherited' })
    expect(sourceOf('margin-top', inherited)).toEqual({ kind: 'none' })
  })

  test("the style prop's JSON, camelCase to kebab-case, numbers in px where React adds px", () => {
    const node = {
      props: { style: { type: PropType.JSON_OBJECT, value: '{"paddingTop":8,"opacity":0.5,"color":"red"}' } },
    }
    expect(inlineStyleOf(node)).toEqual({ 'padding-top': '8px', opacity: '0.5', color: 'red' })
    expect(inlineStyleOf({ props: {} })).toEqual({})
  })
})

describe('the framework an edit is written with, per element', () => {
  test('a Tailwind element: Tailwind, with or without modifiers', () => {
    const element = styling({ classes: ['flex', 'p-4'], rules: [rule('.p-4', { padding: '1rem' })] })
    expect(writeTargetFor('padding-top', element, [])).toEqual({ framework: 'Tailwind' })
    expect(writeTargetFor('color', element, ['hover', 'md'])).toEqual({ framework: 'Tailwind' })
    // No classes at all in a Tailwind project: a class is added.
    expect(writeTargetFor('color', styling({}), [])).toEqual({ framework: 'Tailwind' })
  })

  test('an element styled inline: Inline for what its style prop sets; modifiers go elsewhere', () => {
    const element = styling({ projectFramework: 'CSS', inline: { padding: '8px' } })
    expect(writeTargetFor('padding-left', element, [])).toEqual({ framework: 'Inline' })
    expect(writeTargetFor('color', element, [])).toEqual({ framework: 'Inline' })
    expect(writeTargetFor('color', element, ['hover'])).toHaveProperty(
      'refused',
      expect.stringContaining('An inline style cannot target hover'),
    )
    // In a Tailwind project a hover style of an inline-styled element is a class.
    expect(writeTargetFor('padding-left', { ...element, projectFramework: 'Tailwind' }, ['hover'])).toEqual({
      framework: 'Tailwind',
    })
  })

  test('a value from a plain-CSS rule: CSS on that rule, its selector without the state it waits for', () => {
    const element = styling({
      projectFramework: 'CSS',
      classes: ['card'],
      rules: [
        cssRule('.card', { color: 'black' }),
        cssRule('.card:hover', { color: 'blue' }, { modifiers: ['hover'] }),
      ],
    })
    // The page names a sheet Vite injected by its absolute path: the server finds the selector itself.
    expect(writeTargetFor('color', element, ['hover'])).toEqual({
      framework: 'CSS',
      customProperties: { selector: '.card' },
    })
    // A property no rule sets yet goes to the element's own base rule; a linked sheet's path is the project's.
    const linked = { ...element, rules: element.rules.map((r) => ({ ...r, filename: 'src/card.css' })) }
    expect(writeTargetFor('margin-top', linked, [])).toEqual({
      framework: 'CSS',
      customProperties: { selector: '.card', filename: 'src/card.css' },
    })
    // A CSS module's hashed class is no selector of its file: the server follows the className.
    const module = styling({
      projectFramework: 'CSS',
      classes: ['_card_x1y2z_1'],
      rules: [cssRule('._card_x1y2z_1', { padding: '16px' }, { filename: '/app/src/Card.module.css' })],
    })
    expect(writeTargetFor('padding-left', module, [])).toEqual({ framework: 'CSS', customProperties: {} })
    // The code's className is `styles.title`: the lookups have no class for it, the page's rule does.
    const fromCode = styling({
      projectFramework: 'CSS',
      classes: [],
      rules: [cssRule('._title_x1y2z_9', { margin: '0' }, { filename: '/app/src/Card.module.css' })],
    })
    expect(writeTargetFor('padding-top', fromCode, [])).toEqual({ framework: 'CSS', customProperties: {} })
    expect(baseSelector('.dark .card:hover')).toBe('.card')
  })

  test('a Tailwind project whose element has only plain-CSS classes: CSS; a CSS project without rules: Inline', () => {
    const plain = styling({ classes: ['card'], rules: [cssRule('.card', { color: 'black' })] })
    expect(writeTargetFor('margin-top', plain, [])).toMatchObject({ framework: 'CSS' })
    expect(writeTargetFor('margin-top', styling({ projectFramework: 'CSS', classes: ['x'] }), [])).toEqual({
      framework: 'Inline',
    })
  })
})

describe('the scope', () => {
  test('modifiers in the order Tailwind users write them', () => {
    expect(scopeModifiers(BASE_SCOPE)).toEqual([])
    expect(scopeModifiers({ state: 'hover', breakpoint: 'md', dark: true })).toEqual(['md', 'dark', 'hover'])
    expect(scopeModifiers({ state: 'focus', breakpoint: null, dark: false })).toEqual(['focus'])
  })

  test("breakpoint widths: Tailwind's defaults x16, or the theme's", () => {
    expect(breakpointWidths(undefined)).toEqual({ sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 })
    expect(
      breakpointWidths([
        { name: 'md', value: '50rem' },
        { name: 'lg', value: '1100px' },
      ]),
    ).toMatchObject({
      md: 800,
      lg: 1100,
      xl: 1280,
    })
  })
})
