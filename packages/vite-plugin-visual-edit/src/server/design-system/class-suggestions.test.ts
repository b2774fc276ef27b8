import { utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import type { ClassSuggestion } from '../../protocol/design-system.ts'
import {
  BRAND,
  FIXTURE_PROJECTS,
  TAILWIND_RELEASES,
  temporaryProjects,
} from './__tests__/fixture-projects.ts'
import { classDetails } from './class-details.ts'
import { classSuggestions, parseQuery, rankClasses } from './class-suggestions.ts'

const { project, cleanUp } = temporaryProjects('suggestions')
afterAll(cleanUp)

/** Writes `text` to `file` with an mtime later than any the test run gave it, as an editor's save would. */
function save(file: string, text: string): void {
  writeFileSync(file, text)
  const later = new Date(Date.now() + 5000)
  utimesSync(file, later, later)
}

describe('parseQuery', () => {
  test.each([
    ['bg-bl', '', 'bg-bl'],
    ['md:hover:bg-bl', 'md:hover:', 'bg-bl'],
    ['flex  md:p-', 'md:', 'p-'],
    ['hover:!p-4', 'hover:!', 'p-4'],
    ['p-[calc(1px:2px)]', '', 'p-[calc(1px:2px)]'],
    ['[&:hover]:p-', '[&:hover]:', 'p-'],
    ['md:', 'md:', ''],
    ['', '', ''],
  ])('%j -> prefix %j, utility %j', (query, prefix, utility) => {
    expect(parseQuery(query)).toEqual({ prefix, utility })
  })
})

describe('rankClasses', () => {
  const classes = ['table', 'bg-blend-color', 'bg-blue-50', 'bg-blue-500', 'bg-black', 'text-blue-50', 'blur']

  test('prefix matches, then matches at a segment, then any other; shorter first, then in list order', () => {
    expect(rankClasses(classes, 'bl', 10)).toEqual([
      'blur',
      'bg-black',
      'bg-blue-50',
      'bg-blue-500',
      'text-blue-50',
      'bg-blend-color',
      'table',
    ])
    expect(rankClasses(classes, 'bg-bl', 10)).toEqual([
      'bg-black',
      'bg-blue-50',
      'bg-blue-500',
      'bg-blend-color',
    ])
  })

  test('keeps at most `limit`, and nothing for an empty query', () => {
    expect(rankClasses(classes, 'bl', 2)).toEqual(['blur', 'bg-black'])
    expect(rankClasses(classes, '', 10)).toEqual([])
  })
})

describe('classDetails', () => {
  const theme = (name: string) =>
    ({ '--spacing': '0.25rem', '--color-brand': '#123457', '--font-weight-bold': '700' })[name] ?? null
  const rule = (...declarations: [string, string][]) => [
    {
      kind: 'rule' as const,
      selector: '.x',
      nodes: declarations.map(([property, value]) => ({
        kind: 'declaration' as const,
        property,
        value,
        important: false,
      })),
    },
  ]

  test('a value resolved with the theme, and the declarations as generated', () => {
    expect(classDetails(rule(['padding', 'calc(var(--spacing) * 4)']), theme)).toEqual({
      css: 'padding: calc(var(--spacing) * 4);',
      value: '1rem',
    })
    expect(
      classDetails(
        rule(['--tw-font-weight', 'var(--font-weight-bold)'], ['font-weight', 'var(--font-weight-bold)']),
        theme,
      ).value,
    ).toBe('700')
  })

  test("a colour, with the rule's own variables (Tailwind 3's opacity) put in", () => {
    expect(classDetails(rule(['background-color', 'var(--color-brand)']), theme).color).toBe('#123457')
    expect(
      classDetails(
        rule(['--tw-text-opacity', '1'], ['color', 'rgb(37 99 235 / var(--tw-text-opacity, 1))']),
        theme,
      ).color,
    ).toBe('rgb(37 99 235)')
    expect(classDetails(rule(['color', 'inherit']), theme).color).toBeUndefined()
  })

  test('no value for two values, or one that reads a variable other classes set', () => {
    expect(classDetails(rule(['font-size', '1rem'], ['line-height', '1.5']), theme).value).toBeUndefined()
    expect(
      classDetails(rule(['box-shadow', 'var(--tw-ring-shadow, 0 0 #0000)']), theme).value,
    ).toBeUndefined()
    expect(classDetails([], theme)).toEqual({ css: null })
  })
})

describe.each(TAILWIND_RELEASES)(
  'class suggestions, $workspace (Tailwind $major)',
  ({ workspace, major, files }) => {
    const root = project(workspace, files)
    const ask = async (query: string, limit?: number) => {
      const answer = await classSuggestions(root, { query, ...(limit === undefined ? {} : { limit }) })
      expect(answer.tailwind).toBe(major)
      return answer.suggestions
    }
    const names = (suggestions: ClassSuggestion[]) => suggestions.map((suggestion) => suggestion.className)

    test('keeps the variants typed, prefix matches first, shorter first', async () => {
      const suggestions = await ask('md:hover:bg-bl', 10)
      expect(suggestions).toHaveLength(10)
      expect(names(suggestions).every((name) => name.startsWith('md:hover:bg-bl'))).toBe(true)
      const lengths = suggestions.map((suggestion) => suggestion.className.length)
      expect(lengths).toEqual([...lengths].sort((a, b) => a - b))
      const blue = suggestions.find((suggestion) => suggestion.className === 'md:hover:bg-blue-500')
      expect(blue?.color).toBeTruthy()
      expect(blue?.css).toMatch(/^background-color: /m)
    })

    test('steps in the theme order, each with its value; the default limit', async () => {
      const suggestions = await ask('p-')
      expect(suggestions).toHaveLength(30)
      expect(names(suggestions).slice(0, 3)).toEqual(['p-0', 'p-1', 'p-2'])
      expect(suggestions.find((suggestion) => suggestion.className === 'p-4')).toMatchObject({
        value: '1rem',
      })
    })

    test("the project's own theme colour and utility", async () => {
      const [brand] = await ask('bg-bran')
      expect(brand).toMatchObject({
        className: 'bg-brand',
        color: major === 3 ? 'rgb(18 52 87)' : BRAND,
      })
      expect(await ask('card-fr')).toEqual([
        { className: 'card-frame', css: 'border-width: 3px;', value: '3px' },
      ])
    })

    test('substring matches when no class starts with the text', async () => {
      const suggestions = await ask('blue-60', 100)
      expect(suggestions.length).toBeGreaterThan(3)
      expect(names(suggestions)).toContain('text-blue-600')
      expect(
        names(suggestions).every((name) => !name.startsWith('blue-60') && name.includes('blue-60')),
      ).toBe(true)
    })

    test('what is typed first when Tailwind generates it but does not list it', async () => {
      const [typed] = await ask('hover:p-[13px]')
      expect(typed).toEqual({ className: 'hover:p-[13px]', css: 'padding: 13px;', value: '13px' })
      expect(names(await ask('bg-brand/50')).at(0)).toBe('bg-brand/50')
    })

    test('nothing for a variant Tailwind does not know, or no utility typed yet', async () => {
      expect(await ask('hoverr:p-')).toEqual([])
      expect(await ask('md:')).toEqual([])
      expect(await ask('zzzz-nothing')).toEqual([])
    })

    test('a change to the stylesheet or config shows at the next keystroke', async () => {
      expect(await ask('bg-accen')).toEqual([])
      if (major === 3) {
        save(
          path.join(root, 'tailwind.config.js'),
          "export default { content: ['./src/**/*.tsx'], theme: { extend: { colors: { accent: '#fedcba' } } } }\n",
        )
      } else {
        save(
          path.join(root, 'src/index.css'),
          '@import "tailwindcss";\n@theme {\n  --color-accent: #fedcba;\n}\n',
        )
      }
      expect(names(await ask('bg-accen'))).toContain('bg-accent')
    })
  },
)

test.each([
  ['none resolves', () => project(null, { 'src/index.css': '.card { color: red; }\n' })],
  // vite8-plain-css resolves the repository's tailwindcss, but has no Tailwind stylesheet and names none.
  ['only a workspace above has one', () => path.join(FIXTURE_PROJECTS, 'vite8-plain-css')],
])('a project without Tailwind (%s) gets no suggestions, and no error', async (_what, root) => {
  expect(await classSuggestions(root(), { query: 'p-' })).toEqual({ tailwind: null, suggestions: [] })
})
