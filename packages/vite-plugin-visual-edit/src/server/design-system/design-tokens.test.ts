import { utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import type { DesignToken } from '../../protocol/design-system.ts'
import {
  BRAND,
  FIXTURE_PROJECTS,
  TAILWIND_RELEASES,
  temporaryProjects,
} from './__tests__/fixture-projects.ts'
import { configTokens } from './config-tokens.ts'
import { darkModeOf, designTokens, NO_DESIGN_TOKENS } from './design-tokens.ts'

const { project, cleanUp } = temporaryProjects('tokens')
afterAll(cleanUp)

const token = (tokens: DesignToken[], name: string) => tokens.find((entry) => entry.name === name)?.value

describe('darkModeOf', () => {
  test.each([
    ['@media (prefers-color-scheme: dark) {\n  .dark\\:p-4 {\n    padding: 1rem;\n  }\n}\n', 'media'],
    ['.dark\\:p-4 {\n  &:where(.dark, .dark *) {\n    padding: 1rem;\n  }\n}\n', 'class'],
    ['.dark\\:p-4:where(.dark, .dark *) {\n  padding: 1rem;\n}\n', 'class'],
    ['.dark\\:p-4:is(.dark *) {\n  padding: 1rem;\n}\n', 'class'],
    ['.dark\\:p-4:where([data-theme=dark] *) {\n  padding: 1rem;\n}\n', 'media'],
    [null, null],
  ] as const)('%j -> %s', (css, mode) => {
    expect(darkModeOf(css)).toBe(mode)
  })
})

describe('configTokens (Tailwind 3)', () => {
  test('flattens colours, names DEFAULT by the bare utility, reads pairs and screens, orders spacing', () => {
    const tokens = configTokens({
      theme: {
        colors: { inherit: 'inherit', current: 'currentColor', brand: { DEFAULT: '#111', light: '#eee' } },
        padding: { px: '1px', 2: '0.5rem', 0.5: '0.125rem', 10: '2.5rem' },
        fontSize: { sm: ['0.875rem', { lineHeight: '1.25rem' }] },
        fontFamily: {
          sans: ['Inter', 'sans-serif'],
          display: [['Lexend', 'serif'], { fontFeatureSettings: '"ss01"' }],
        },
        borderRadius: { DEFAULT: '0.25rem', lg: '0.5rem' },
        screens: {
          md: '768px',
          tall: { raw: '(min-height: 800px)' },
          wide: { min: '1440px', max: '1920px' },
        },
        opacity: { 50: '0.5' },
      },
    })
    expect(tokens.colors).toEqual([
      { name: 'brand', value: '#111' },
      { name: 'brand-light', value: '#eee' },
    ])
    expect(tokens.spacing.map((entry) => entry.name)).toEqual(['0.5', '2', '10', 'px'])
    expect(tokens.fontSizes).toEqual([{ name: 'sm', value: '0.875rem' }])
    expect(tokens.fontFamilies).toEqual([
      { name: 'sans', value: 'Inter, sans-serif' },
      { name: 'display', value: 'Lexend, serif' },
    ])
    expect(tokens.radii).toEqual([
      { name: '', value: '0.25rem' },
      { name: 'lg', value: '0.5rem' },
    ])
    expect(tokens.breakpoints).toEqual([
      { name: 'md', value: '768px' },
      { name: 'wide', value: '1440px' },
    ])
    expect(tokens.shadows).toEqual([])
  })
})

describe.each(TAILWIND_RELEASES)(
  'design tokens, $workspace (Tailwind $major)',
  ({ workspace, major, files }) => {
    test("the theme's tokens, the project's own among them", async () => {
      const tokens = await designTokens(project(workspace, files))
      expect(tokens.tailwind).toBe(major)
      expect(tokens.darkMode).toBe('media')
      expect(token(tokens.colors, 'brand')).toBe(BRAND)
      expect(token(tokens.colors, 'blue-600')).toMatch(major === 3 ? /^#2563eb$/ : /^oklch\(/)
      expect(token(tokens.spacing, '4')).toBe('1rem')
      expect(token(tokens.spacing, '0.5')).toBe('0.125rem')
      expect(token(tokens.fontSizes, 'sm')).toBe('0.875rem')
      expect(token(tokens.fontWeights, 'bold')).toBe('700')
      expect(token(tokens.fontFamilies, 'mono')).toMatch(/monospace$/)
      expect(token(tokens.lineHeights, 'tight')).toBe('1.25')
      expect(token(tokens.letterSpacings, 'wide')).toBe('0.025em')
      expect(token(tokens.radii, 'md')).toBe('0.375rem')
      expect(token(tokens.shadows, 'md')).toMatch(/^0 4px 6px -1px /)
      expect(token(tokens.breakpoints, 'md')).toBe(major === 3 ? '768px' : '48rem')
      // Sub-values and other namespaces are not tokens of these groups.
      expect(tokens.fontSizes.some((entry) => entry.name.includes('line-height'))).toBe(false)
      expect(tokens.fontFamilies.some((entry) => entry.name.startsWith('weight'))).toBe(false)
    })

    test("the dark strategy the project's stylesheet or config sets", async () => {
      const root =
        major === 3
          ? project(workspace, {
              ...files,
              'tailwind.config.js': "export default { content: ['./src/**/*.tsx'], darkMode: 'selector' }\n",
            })
          : project(workspace, {
              'src/index.css': '@import "tailwindcss";\n@custom-variant dark (&:where(.dark, .dark *));\n',
            })
      expect((await designTokens(root)).darkMode).toBe('class')
    })

    test('a change to the stylesheet or config is read again', async () => {
      const root = project(workspace, files)
      expect(token((await designTokens(root)).colors, 'accent')).toBeUndefined()
      const file = path.join(root, major === 3 ? 'tailwind.config.js' : 'src/index.css')
      writeFileSync(
        file,
        major === 3
          ? "export default { content: ['./src/**/*.tsx'], theme: { extend: { colors: { accent: '#fedcba' } } } }\n"
          : '@import "tailwindcss";\n@theme {\n  --color-accent: #fedcba;\n}\n',
      )
      const later = new Date(Date.now() + 5000)
      utimesSync(file, later, later)
      expect(token((await designTokens(root)).colors, 'accent')).toBe('#fedcba')
    })
  },
)

test.each([
  ['none resolves', () => project(null, { 'src/index.css': '.card { color: red; }\n' })],
  // vite8-plain-css resolves the repository's tailwindcss, but has no Tailwind stylesheet and names none.
  ['only a workspace above has one', () => path.join(FIXTURE_PROJECTS, 'vite8-plain-css')],
])(
  'a project without Tailwind (%s) has no tokens and no dark strategy, and no error',
  async (_what, root) => {
    expect(await designTokens(root())).toEqual(NO_DESIGN_TOKENS)
    expect(NO_DESIGN_TOKENS).toMatchObject({ tailwind: null, darkMode: null, colors: [], spacing: [] })
  },
)
