import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { tailwindEngine, validateClasses } from './tailwind-engine.ts'
import { findTailwindPackage } from './tailwind-package.ts'

/**
 * The engine on the Tailwind releases real projects have, as installed by the fixture projects of
 * tests/fixtures/projects (a temporary project inside one resolves its tailwindcss).
 */
const PROJECTS = path.resolve(import.meta.dirname, '../../../../../tests/fixtures/projects')

const roots: string[] = []
function project(workspace: string, files: Record<string, string>): string {
  const parent = path.join(PROJECTS, workspace, '.tmp')
  mkdirSync(parent, { recursive: true })
  const root = mkdtempSync(path.join(parent, 'tailwind-'))
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

const THEMED = '@import "tailwindcss";\n\n@theme {\n  --color-brand: #123456;\n}\n'

describe.each([
  ['vite6-tailwind40-vite', '4.0.8'],
  ['vite7-tailwind41', '4.1.11'],
])('Tailwind %s (%s), before the design system had candidatesToAst', (workspace, version) => {
  test('checks classes, reads what they style and finds theme classes, with no warning', async () => {
    const root = project(workspace, { 'src/index.css': THEMED })
    expect(findTailwindPackage(root)?.version).toBe(version)
    const engine = await tailwindEngine(root)
    expect(engine.warning).toBeUndefined()
    expect(engine.invalid(['p-4', 'bg-brand', 'md:hover:p-[13px]', 'p-nonsense', 'hover:'])).toEqual([
      'p-nonsense',
      'hover:',
    ])
    const effect = engine.effect('md:hover:px-4')
    expect(effect && [...effect.variants].sort()).toEqual(['hover', 'md'])
    expect(effect && [...effect.properties]).toEqual(['padding-inline'])
    expect(engine.effect('not-a-class')).toBeNull()
    expect(engine.classFor('padding', '16px', ['hover'])).toBe('hover:p-4')
    expect(engine.classFor('color', '#123456', [])).toBe('text-brand')
    expect(engine.classFor('padding', '13px', [])).toBe('p-[13px]')
  })
})

describe('Tailwind 3 (3.4.17), through its config and stylesheet', () => {
  const files = {
    'tailwind.config.js':
      "export default { content: ['./src/**/*.jsx'], theme: { extend: { colors: { brand: '#0f766e' } } } }\n",
    'src/index.css':
      '@tailwind base;\n@tailwind components;\n@tailwind utilities;\n\n@layer components {\n  .btn {\n    @apply rounded px-4;\n  }\n}\n',
  }

  test("checks classes against the project's theme and @layer rules", async () => {
    const root = project('vite5-tailwind3', files)
    expect(findTailwindPackage(root)?.version).toBe('3.4.17')
    const engine = await tailwindEngine(root)
    expect(engine.warning).toBeUndefined()
    expect(engine.entry).toBe('tailwind.config.js')
    expect(
      engine.invalid(['p-4', 'bg-brand', 'btn', 'group', 'md:hover:p-[13px]', 'p-nonsense', 'bg-accent']),
    ).toEqual(['p-nonsense', 'bg-accent'])
    expect(engine.css(['bg-brand']).get('bg-brand')).toContain('background-color: rgb(15 118 110')
  })

  test('reads what a class styles, and writes a declaration as the class that sets it', async () => {
    const engine = await tailwindEngine(project('vite5-tailwind3', files))
    const effect = engine.effect('md:hover:px-4')
    expect(effect && [...effect.variants].sort()).toEqual(['hover', 'md'])
    expect(effect && [...effect.properties].sort()).toEqual(['padding-left', 'padding-right'])
    expect(engine.classFor('padding', '13px', ['hover', 'md'])).toBe('md:hover:p-[13px]')
    expect(engine.classFor('padding', '16px', [])).toBe('p-4')
    expect(engine.classFor('margin', '-16px', [])).toBe('-m-4')
    expect(engine.classFor('display', 'flex', [])).toBe('flex')
    expect(engine.classFor('font-weight', '700', [])).toBe('font-bold')
    expect(engine.classFor('color', '#2563eb', [])).toBe('text-blue-600')
    expect(engine.classFor('background-color', '#abcdef', [])).toBe('bg-[#abcdef]')
    expect(engine.classFor('font-size', '16px', [])).toBe('text-[16px]')
    expect(engine.classFor('text-wrap', 'stable', [])).toBe('[text-wrap:stable]')
    expect(() => engine.classFor('padding', '13px]', [])).toThrow(/no class for padding/)
  })

  test('reloads when the config changes', async () => {
    const root = project('vite5-tailwind3', files)
    expect((await tailwindEngine(root)).invalid(['bg-accent'])).toEqual(['bg-accent'])
    const config = path.join(root, 'tailwind.config.js')
    writeFileSync(config, "export default { theme: { extend: { colors: { accent: '#111111' } } } }\n")
    const later = new Date(Date.now() + 5000)
    utimesSync(config, later, later)
    expect((await tailwindEngine(root)).invalid(['bg-accent', 'bg-brand'])).toEqual(['bg-brand'])
  })
})

test('a Tailwind it cannot ask writes classes unchecked, and says so', async () => {
  const root = project('vite5-tailwind3', {
    'node_modules/tailwindcss/package.json':
      '{ "name": "tailwindcss", "version": "2.2.19", "main": "index.js" }\n',
    'node_modules/tailwindcss/index.js': 'module.exports = {}\n',
  })
  const checked = await validateClasses(root, ['p-4', 'whatever'])
  expect(checked.invalid).toEqual([])
  expect(checked.warning).toMatch(/tailwindcss 2\.2\.19 cannot be asked .* written as sent, unchecked/)
  expect((await tailwindEngine(root)).classFor('padding', '4px', ['hover'])).toBe('hover:[padding:4px]')
})
