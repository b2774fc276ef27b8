import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { normalizeCssValue } from './css-value.ts'
import { cssFor, isTailwindAvailable, tailwindEngine, validateClasses } from './tailwind-engine.ts'

const roots: string[] = []
function project(files: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), 'visual-edit-tailwind-'))
  roots.push(root)
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true })
    writeFileSync(path.join(root, name), text)
  }
  return root
}
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

const BRAND_CSS = '@import "tailwindcss";\n\n@theme {\n  --color-brand: #123456;\n}\n'

describe('tailwind engine', () => {
  let plain: string
  let themed: string
  beforeAll(() => {
    plain = project()
    themed = project({ 'src/styles/index.css': BRAND_CSS, 'src/other.css': '.card { color: red; }\n' })
  })

  test('is available through the plugin when the project itself has no tailwindcss', () => {
    expect(isTailwindAvailable(plain)).toBe(true)
  })

  test('a theme class validates, a nonsense value does not', async () => {
    expect(
      await validateClasses(plain, ['p-4', 'hover:bg-red-500', 'md:p-[13px]', 'p-nonsense', 'hover:']),
    ).toEqual({ invalid: ['p-nonsense', 'hover:'] })
  })

  test("the project's @theme colour is a class, and not without that stylesheet", async () => {
    expect(await validateClasses(themed, ['bg-brand', 'text-brand/50'])).toEqual({ invalid: [] })
    expect(await validateClasses(plain, ['bg-brand'])).toEqual({ invalid: ['bg-brand'] })
    expect((await tailwindEngine(themed)).entry).toBe('src/styles/index.css')
  })

  test('gives the CSS of each class, null for unknown ones', async () => {
    const css = await cssFor(plain, ['p-4', 'nope-nope'])
    expect(css.get('p-4')).toContain('padding: calc(var(--spacing) * 4)')
    expect(css.get('nope-nope')).toBeNull()
  })

  test('is cached per root and reloaded when the stylesheet changes', async () => {
    const root = project({ 'src/index.css': BRAND_CSS })
    const first = await tailwindEngine(root)
    expect(await tailwindEngine(root)).toBe(first)
    const file = path.join(root, 'src/index.css')
    writeFileSync(file, BRAND_CSS.replace('--color-brand', '--color-accent'))
    const later = new Date(Date.now() + 5000)
    utimesSync(file, later, later)
    const second = await tailwindEngine(root)
    expect(second).not.toBe(first)
    expect(second.invalid(['bg-brand', 'bg-accent'])).toEqual(['bg-brand'])
  })

  test("loads the stylesheet's local imports and plugins, and reloads when an import changes", async () => {
    const root = project({
      'src/index.css': '@import "tailwindcss";\n@import "./theme.css";\n@plugin "./plugin.js";\n',
      'src/theme.css': '@theme {\n  --color-brand: #123456;\n}\n',
      'src/plugin.js':
        "export default function ({ addUtilities }) {\n  addUtilities({ '.content-auto': { 'content-visibility': 'auto' } })\n}\n",
    })
    const first = await tailwindEngine(root)
    expect(first.invalid(['bg-brand', 'content-auto', 'bg-accent'])).toEqual(['bg-accent'])
    const theme = path.join(root, 'src/theme.css')
    writeFileSync(theme, '@theme {\n  --color-accent: #654321;\n}\n')
    const later = new Date(Date.now() + 5000)
    utimesSync(theme, later, later)
    expect((await tailwindEngine(root)).invalid(['bg-brand', 'bg-accent'])).toEqual(['bg-brand'])
  })

  test('a stylesheet that does not compile is a 422 naming it', async () => {
    const root = project({ 'src/index.css': '@import "tailwindcss";\n@import "./missing.css";\n' })
    await expect(tailwindEngine(root)).rejects.toMatchObject({
      code: 'EDIT_IMPOSSIBLE',
      message: expect.stringContaining('src/index.css'),
    })
  })

  test('tells what a class styles under which variants', async () => {
    const engine = await tailwindEngine(plain)
    const effect = engine.effect('md:hover:px-4')
    expect(effect && [...effect.variants].sort()).toEqual(['hover', 'md'])
    expect(effect && [...effect.properties]).toEqual(['padding-inline'])
    expect(engine.effect('font-bold')?.properties).toEqual(new Set(['font-weight']))
    expect(engine.effect('not-a-class')).toBeNull()
  })

  test('finds the class for a declaration', async () => {
    const engine = await tailwindEngine(themed)
    expect(engine.classFor('padding', '16px', [])).toBe('p-4')
    expect(engine.classFor('padding', '1rem', ['hover', 'md'])).toBe('md:hover:p-4')
    expect(engine.classFor('margin', '-16px', [])).toBe('-m-4')
    expect(engine.classFor('display', 'flex', [])).toBe('flex')
    expect(engine.classFor('width', '100%', [])).toBe('w-full')
    expect(engine.classFor('font-weight', '700', [])).toBe('font-bold')
    expect(engine.classFor('color', '#123456', [])).toBe('text-brand')
    expect(engine.classFor('background-color', '#abcdef', [])).toBe('bg-[#abcdef]')
    expect(engine.classFor('font-size', '16px', [])).toBe('text-[16px]')
    expect(engine.classFor('padding', '13px', [])).toBe('p-[13px]')
    expect(engine.classFor('margin', '1px 2px', [])).toBe('m-[1px_2px]')
    expect(engine.classFor('mix-blend-mode', 'plus-lighter', [])).toBe('mix-blend-plus-lighter')
    expect(engine.classFor('text-wrap', 'stable', [])).toBe('[text-wrap:stable]')
    expect(() => engine.classFor('padding', '16px]', [])).toThrow(/no class for padding: 16px\]/)
  })
})

describe('normalizeCssValue', () => {
  const theme = (name: string) => ({ '--spacing': '0.25rem', '--a': 'var(--b)', '--b': '2rem' })[name] ?? null
  test.each([
    ['calc(var(--spacing) * 4)', '16px'],
    ['calc(var(--spacing) * -4)', '-16px'],
    ['calc(calc(var(--spacing) * 4) * -1)', '-16px'],
    ['var(--a)', '32px'],
    ['var(--tw-leading, var(--b))', '32px'],
    ['#ABCDEF', 'rgb(171 205 239)'],
    ['#abc', 'rgb(170 187 204)'],
    ['#00000080', 'rgb(0 0 0 / 0.502)'],
    ['0', '0px'],
    ['.5', '0.5'],
    ['rgb(1,2,3)', 'rgb(1 2 3)'],
    ['rgba(1, 2, 3, 50%)', 'rgb(1 2 3 / 0.5)'],
    // Tailwind 3's colour with the opacity its rule sets (here a fallback) put in.
    ['rgb(37 99 235 / var(--tw-text-opacity, 1))', 'rgb(37 99 235)'],
    ['hsl(1 2% 3%)', 'hsl(1 2% 3%)'],
    ['1px  2px', '1px 2px'],
  ])('%s -> %s', (value, expected) => {
    expect(normalizeCssValue(value, theme)).toBe(expected)
  })
})
