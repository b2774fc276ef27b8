import postcss, { type Root, type Rule } from 'postcss'
import { describe, expect, test } from 'vitest'
import { cssTextProblem } from './css.ts'
import { assertOnlyRuleChanged, declarationValueProblem } from './css-structure.ts'

const BEFORE =
  '@import "tailwindcss";\n\n.card {\n  color: red;\n  /* keep */\n  margin: 0;\n}\n\n.other {\n  color: green;\n}\n'

const sameProperty = (written: string, property: string) => written.toLowerCase() === property
const locateIn = (selector: string, media: string | null) => (root: Root) => {
  const found: Rule[] = []
  root.walkRules((rule) => {
    const parent = rule.parent
    const inMedia = parent?.type === 'atrule' && (parent as { params?: string }).params === media
    if (rule.selector === selector && (media === null ? parent?.type === 'root' : inMedia)) found.push(rule)
  })
  return found
}

function check(
  after: string,
  changes: Record<string, string | null>,
  media: string | null = null,
  before = BEFORE,
) {
  assertOnlyRuleChanged({
    before: postcss.parse(before),
    after: postcss.parse(after),
    locate: locateIn('.card', media),
    changes: new Map(Object.entries(changes)),
    sameProperty,
    relativePath: 'src/App.css',
  })
}

describe('a styling value', () => {
  test.each([
    ['red', undefined],
    ['0 auto !important', undefined],
    ['url("./bg.png") no-repeat', undefined],
    ['var(--brand, #fff)', undefined],
  ])('%s is one declaration value', (value, problem) => {
    expect(declarationValueProblem(value, cssTextProblem)).toBe(problem)
  })

  test.each([
    'red; } @plugin "./p.js"; a {',
    'red}@import "x"',
    'red /* x */',
    '"unclosed',
    'calc(1px',
    'red\\',
    'a\nb',
  ])('%s is refused', (value) => {
    expect(declarationValueProblem(value, cssTextProblem)).toBeTruthy()
  })
})

describe('the structure of a styling edit', () => {
  test('only the declarations of the target rule may change', () => {
    expect(() =>
      check(
        BEFORE.replace('color: red', 'color: blue').replace('margin: 0;', 'margin: 0;\n  padding: 8px;'),
        {
          color: 'blue',
          padding: '8px',
        },
      ),
    ).not.toThrow()
    expect(() => check(BEFORE.replace('  margin: 0;\n', ''), { margin: null })).not.toThrow()
  })

  test.each([
    ['an at-rule added', `${BEFORE}@plugin "./p.js";\n`, { color: 'red' }],
    ['another rule changed', BEFORE.replace('color: green', 'color: blue'), { color: 'red' }],
    [
      'a declaration the edit did not set',
      BEFORE.replace('margin: 0;', 'margin: 0;\n  x: y;'),
      { color: 'red' },
    ],
    ['a value other than the one sent', BEFORE.replace('color: red', 'color: blue'), { color: 'pink' }],
    ['a comment of the rule dropped', BEFORE.replace('  /* keep */\n', ''), { color: 'red' }],
    ['a nested at-rule', BEFORE.replace('margin: 0;', 'margin: 0;\n  @import "x";'), { color: 'red' }],
    ['the rule twice', `${BEFORE}.card { color: red }\n`, { color: 'red' }],
  ])('refuses %s', (_name, after, changes) => {
    expect(() => check(after, changes)).toThrow(/beyond the rule it edits/)
  })

  test('a rule created in a @media block of its own', () => {
    const media = '(min-width: 48rem)'
    const after = `${BEFORE}\n@media ${media} {\n  .card {\n    padding: 8px;\n  }\n}\n`
    expect(() => check(after, { padding: '8px' }, media)).not.toThrow()
    expect(() =>
      check(after.replace('padding: 8px;', 'padding: 8px;\n    @apply x;'), { padding: '8px' }, media),
    ).toThrow()
  })
})
