import { describe, expect, test } from 'vitest'
import { replaceMarks, resolveNested, scanSelector, unescapeIdent } from './css-selectors.ts'

describe('unescapeIdent', () => {
  test.each([
    ['md\\:hover\\:bg-red-500', 'md:hover:bg-red-500'],
    // Tailwind v4 escapes a leading digit as a code point with its closing space.
    ['\\32 xl\\:p-4', '2xl:p-4'],
    ['w-1\\/2', 'w-1/2'],
    ['bg-\\[\\#fff\\]', 'bg-[#fff]'],
    ['\\[\\&\\>\\*\\]\\:p-4', '[&>*]:p-4'],
    ['_card_1x2y3_1', '_card_1x2y3_1'],
    ['caf\\e9 ', 'café'],
    ['\\0 x', '\ufffdx'],
  ])('%s -> %s', (escaped, plain) => {
    expect(unescapeIdent(escaped)).toBe(plain)
  })
})

describe('scanSelector', () => {
  test('the classes each branch subject requires, escapes and all', () => {
    expect(scanSelector('.a .b.c, .d > .e:hover')?.subjects).toEqual([['b', 'c'], ['e']])
    expect(scanSelector('.md\\:hover\\:bg-red-500:hover')?.subjects).toEqual([['md:hover:bg-red-500']])
    expect(scanSelector('.\\32 xl\\:p-4')?.subjects).toEqual([['2xl:p-4']])
  })

  test('classes inside :is(), :where() or after a later combinator are not the subject', () => {
    expect(scanSelector('.dark\\:bg-x:where(.dark, .dark *)')?.subjects).toEqual([['dark:bg-x']])
    expect(scanSelector(':is(.dark .dark\\:bg-x)')?.subjects).toEqual([[]])
    expect(scanSelector('.group:hover .title')?.subjects).toEqual([['title']])
    expect(scanSelector('*, ::before, ::after')?.subjects).toEqual([[], [], []])
  })

  test('pseudo-classes are marked where they are, the ones inside :not() as negated', () => {
    const scan = scanSelector('.a:hover:not(:focus)::before')
    expect(
      scan?.marks.map(({ kind, name, negated }) => `${kind}${name}${negated ? ' (negated)' : ''}`),
    ).toEqual(['.a', ':hover', ':not', ':focus (negated)'])
    const hover = scan?.marks[1]
    expect('.a:hover:not(:focus)::before'.slice(hover?.start, hover?.end)).toBe(':hover')
  })

  test('strings, attribute values and escapes hold no pseudo-class', () => {
    expect(scanSelector('[title=":hover"]')?.marks).toEqual([])
    expect(scanSelector('[data-x=a.b]')?.marks).toEqual([])
    expect(scanSelector('.hover\\:underline')?.marks.map((mark) => mark.name)).toEqual(['hover:underline'])
  })

  test('an unbalanced selector cannot be read', () => {
    for (const broken of ['.a:is(.b', '.a)', '[x', '[title="x]', '.'])
      expect(scanSelector(broken), broken).toBeNull()
  })
})

describe('resolveNested', () => {
  test('& takes the parent selector; without one the parent is an ancestor', () => {
    expect(resolveNested('&:hover', '.hover\\:bg-red-500')).toBe('.hover\\:bg-red-500:hover')
    expect(resolveNested('& > .z', '.p')).toBe('.p > .z')
    expect(resolveNested('.y', '.p')).toBe('.p .y')
    expect(resolveNested('.x &', '.p')).toBe('.x .p')
    expect(resolveNested('&:hover', null)).toBe('&:hover')
  })

  test('a parent list goes in :is()', () => {
    expect(resolveNested('&:hover', '.a, .b')).toBe(':is(.a, .b):hover')
  })
})

test('replaceMarks swaps the marks it is given a replacement for', () => {
  const selector = '.a:hover:focus'
  const marks = scanSelector(selector)?.marks ?? []
  expect(replaceMarks(selector, marks, (mark) => (mark.name === 'hover' ? '.forced' : null))).toBe(
    '.a.forced:focus',
  )
})
