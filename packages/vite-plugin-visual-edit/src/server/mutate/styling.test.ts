import type { JSXElement } from '@babel/types'
import { describe, expect, test } from 'vitest'
import { parseModule } from '../../transform/parse-module.ts'
import { MutateError } from '../edit/mutate-error.ts'
import { cssTextProblem } from '../styling/css.ts'
import { staticClassNames } from '../styling/css-rule.ts'
import { mediaQueryFor, variantSelector } from '../styling/css-variants.ts'
import { stringLiteral, styleKey } from '../styling/inline.ts'
import { cssPropertyName, styleChanges } from './styling.ts'

function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run()
  } catch (error) {
    if (error instanceof MutateError) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('expected a MutateError')
}

describe('cssPropertyName', () => {
  test.each([
    ['color', 'color'],
    ['backgroundColor', 'background-color'],
    ['background-color', 'background-color'],
    ['Background-Color', 'background-color'],
    ['WebkitLineClamp', '-webkit-line-clamp'],
    ['-webkit-line-clamp', '-webkit-line-clamp'],
    ['msTransform', '-ms-transform'],
    ['--brand', '--brand'],
    ['--Brand-Color', '--Brand-Color'],
  ])('%s -> %s', (name, property) => {
    expect(cssPropertyName(name)).toBe(property)
  })

  test.each([
    '',
    'color:red',
    'color;',
    '__proto__',
    'constructor x',
    '---x',
    '--1x',
    '1color',
    'col or',
    'color}',
  ])('refuses %j', (name) => {
    expect(cssPropertyName(name)).toBeUndefined()
  })
})

describe('styleChanges', () => {
  test('kebab-cases names, trims values and maps the delete constant to null', () => {
    expect(
      styleChanges({
        backgroundColor: ' #fff ',
        '--brand': 'rebeccapurple',
        margin: 'TEMPO_DELETE_STYLE',
        fontFamily: `"Inter", 'Segoe UI', sans-serif`,
        width: 'calc(100% - (2 * 8px))',
        gridTemplateColumns: '[full-start] 1fr [full-end]',
        content: `"\\201C"`,
      }),
    ).toEqual(
      new Map<string, string | null>([
        ['background-color', '#fff'],
        ['--brand', 'rebeccapurple'],
        ['margin', null],
        ['font-family', `"Inter", 'Segoe UI', sans-serif`],
        ['width', 'calc(100% - (2 * 8px))'],
        ['grid-template-columns', '[full-start] 1fr [full-end]'],
        ['content', `"\\201C"`],
      ]),
    )
  })

  test('an empty object is no change', () => {
    expect(styleChanges({}).size).toBe(0)
  })

  test.each([
    ['red; background: url(x)', 'it contains ;, { or }'],
    ['red } body { color: red', 'it contains ;, { or }'],
    ['red</style><script>', 'it contains </style'],
    ['red\nblue', 'line break'],
    ['red\u2028blue', 'line break'],
    ['red\u0000', 'control character'],
    ['red /* x', 'comment marker'],
    ['url("a.png)', 'quotes are unbalanced'],
    ["'a", 'quotes are unbalanced'],
    ['calc(100% - 8px', 'parentheses or brackets are unbalanced'],
    ['calc(100% - 8px))', 'parentheses or brackets are unbalanced'],
    ['[a', 'parentheses or brackets are unbalanced'],
    ['red\\', 'ends with a backslash'],
    ['  ', 'it is empty; send TEMPO_DELETE_STYLE'],
    ['x'.repeat(2001), 'longer than 2000 characters'],
  ])('refuses the value %j', (value, why) => {
    const error = refusal(() => styleChanges({ color: value }))
    expect(error.code).toBe('INVALID_VALUE')
    expect(error.message).toContain(why)
  })

  test('quotes and escapes hide what they contain from the balance check', () => {
    expect(cssTextProblem(`"("`)).toBeUndefined()
    expect(cssTextProblem(`'\\''`)).toBeUndefined()
    expect(cssTextProblem(`a\\(b`)).toBeUndefined()
  })

  test('refuses a name that is not a CSS property with a message naming the forms', () => {
    const error = refusal(() => styleChanges({ 'color:red;x': '1' }))
    expect(error.code).toBe('INVALID_VALUE')
    expect(error.message).toContain('camelCase (backgroundColor)')
  })

  test('refuses one property sent twice', () => {
    const error = refusal(() => styleChanges({ backgroundColor: 'red', 'background-color': 'blue' }))
    expect(error.code).toBe('BAD_REQUEST')
  })
})

describe('inline keys and literals', () => {
  test.each([
    ['background-color', 'backgroundColor'],
    ['-webkit-line-clamp', 'WebkitLineClamp'],
    ['-ms-transform', 'msTransform'],
    ['--brand', '--brand'],
    ['backgroundColor', 'backgroundColor'],
  ])('styleKey(%s) = %s', (property, key) => {
    expect(styleKey(property)).toBe(key)
  })

  test('string literals escape their quote, backslashes and line terminators', () => {
    expect(stringLiteral(`it's "a" \\ b`, "'")).toBe(`'it\\'s "a" \\\\ b'`)
    expect(stringLiteral(`it's "a"`, '"')).toBe(`"it's \\"a\\""`)
    expect(stringLiteral('a\u2028b\nc', "'")).toBe(`'a\\u2028b\\nc'`)
  })
})

describe('CSS rules', () => {
  test('variant selectors', () => {
    expect(variantSelector('.card', [])).toBe('.card')
    expect(variantSelector('.card', ['hover'])).toBe('.card:hover')
    expect(variantSelector('.card, .tile', ['hover', 'dark', 'md'])).toBe(
      '.dark .card:hover, .dark .tile:hover',
    )
    expect(variantSelector('.card:hover', ['hover'])).toBe('.card:hover')
    expect(variantSelector('.list > .item', ['focus'])).toBe('.list > .item:focus')
    expect(variantSelector('.card:not(:hover)', ['hover'])).toBe('.card:not(:hover):hover')
  })

  test('media queries of the breakpoints; two at once are refused', () => {
    expect(mediaQueryFor(['hover'])).toBeNull()
    expect(mediaQueryFor(['sm'])).toBe('(min-width: 40rem)')
    expect(mediaQueryFor(['2xl', 'dark'])).toBe('(min-width: 96rem)')
    expect(refusal(() => mediaQueryFor(['md', 'lg'])).code).toBe('INVALID_VALUE')
  })

  test('static classes of a className', () => {
    const classesOf = (jsx: string) => {
      const ast = parseModule(`const x = ${jsx}`, 'x.tsx')
      const statement = ast.program.body[0]
      if (statement?.type !== 'VariableDeclaration') throw new Error('no declaration')
      const element = statement.declarations[0]?.init as JSXElement
      return staticClassNames(element.openingElement)
    }
    expect(classesOf(`<div className="card  big card" />`)).toEqual(['card', 'big'])
    expect(classesOf(`<div className={'card'} />`)).toEqual(['card'])
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the JSX source holds a template literal
    expect(classesOf('<div className={`card ${x} item-${y} tail`} />')).toEqual(['card', 'tail'])
    expect(classesOf(`<div className={cn('card', on && 'on', { x: true })} />`)).toEqual(['card'])
    expect(classesOf(`<div className={styles.card} />`)).toEqual([])
    expect(classesOf(`<div />`)).toEqual([])
  })
})
