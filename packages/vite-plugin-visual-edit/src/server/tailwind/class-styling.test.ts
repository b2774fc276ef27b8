import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DELETE_STYLE_CONSTANT, type StyleModifier } from '../../protocol/styling.ts'
import { parseElementAt, parseModule } from '../../transform/parse-module.ts'
import { tagJsx } from '../../transform/tag-jsx.ts'
import type { Target } from '../edit/mutation.ts'
import { applyTailwindStyling } from './class-styling.ts'

let root: string
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'visual-edit-tailwind-styling-'))
  mkdirSync(path.join(root, 'src'))
  writeFileSync(
    path.join(root, 'src/index.css'),
    '@import "tailwindcss";\n@custom-variant dark (&:where(.dark, .dark *));\n@theme {\n  --color-brand: #123456;\n}\n',
  )
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** The first <div> of `code` as the mutate server would hand it over. */
function target(code: string): Target {
  const file = path.join(root, 'src/card.tsx')
  const { elements } = tagJsx(code, { filename: file, root })
  const element = elements.find((entry) => entry.tagName === 'div')
  if (!element) throw new Error('no <div>')
  const ast = parseModule(code, file)
  const node = parseElementAt(code, file, element)
  if (!node) throw new Error('the <div> is not where the index says')
  return {
    element: { ...element, file, relativeFile: 'src/card.tsx' },
    file: {
      source: {
        path: file,
        relativePath: 'src/card.tsx',
        bytes: Buffer.from(code),
        text: code,
        eol: code.includes('\r\n') ? '\r\n' : '\n',
        mode: 0o644,
      },
      ast,
    },
    node,
    opening: node.openingElement,
  }
}

async function style(
  className: string | null,
  styling: Record<string, string>,
  modifiers: StyleModifier[] = [],
): Promise<string> {
  const attribute = className === null ? '' : ` className="${className}"`
  const code = `export const Card = () => <div${attribute}>hi</div>\n`
  const text = await applyTailwindStyling({ root, target: target(code), styling, modifiers, eol: '\n' })
  const written = /<div(?: className="([^"]*)")?>/.exec(text)
  if (!written) throw new Error(`unexpected output ${text}`)
  return written[1] ?? '(none)'
}

describe('applyTailwindStyling', () => {
  test('a theme class for the exact declaration', async () => {
    expect(await style('flex', { padding: '16px' })).toBe('flex p-4')
    expect(await style('flex', { 'padding-top': '1rem' })).toBe('flex pt-4')
  })

  test('camelCase properties and the project theme', async () => {
    expect(await style('flex', { backgroundColor: '#123456' })).toBe('flex bg-brand')
  })

  test('state, responsive and dark modifiers', async () => {
    expect(await style('p-2', { padding: '16px' }, ['hover'])).toBe('p-2 hover:p-4')
    expect(await style('p-2', { padding: '16px' }, ['md'])).toBe('p-2 md:p-4')
    expect(await style('p-2', { padding: '16px' }, ['hover', 'md'])).toBe('p-2 md:hover:p-4')
    expect(await style('bg-white', { backgroundColor: '#123456' }, ['dark'])).toBe('bg-white dark:bg-brand')
  })

  test('an arbitrary value when the theme has none', async () => {
    expect(await style('flex', { padding: '13px' })).toBe('flex p-[13px]')
    expect(await style('flex', { backgroundColor: '#abcdef' })).toBe('flex bg-[#abcdef]')
    expect(await style('flex', { margin: '1px 2px' })).toBe('flex m-[1px_2px]')
  })

  test('an arbitrary property when no utility sets it', async () => {
    expect(await style('flex', { textWrap: 'stable' })).toBe('flex [text-wrap:stable]')
  })

  test('replaces classes that set the same property under the same variants', async () => {
    expect(await style('p-2 flex hover:p-8 md:p-6', { padding: '16px' })).toBe('flex hover:p-8 md:p-6 p-4')
    expect(await style('px-3 pt-1 flex', { padding: '16px' })).toBe('flex p-4')
    expect(await style('text-sm text-red-500', { fontSize: '18px' })).toBe('text-red-500 text-[18px]')
    expect(await style('flex hover:p-2', { padding: '16px' }, ['hover'])).toBe('flex hover:p-4')
  })

  test('writes nothing when the class is already there', async () => {
    expect(await style('flex p-4', { padding: '16px' })).toBe('flex p-4')
  })

  test('the delete constant removes the classes only', async () => {
    expect(await style('flex p-2 md:p-4', { padding: DELETE_STYLE_CONSTANT })).toBe('flex md:p-4')
    expect(await style('flex p-2 md:p-4', { padding: DELETE_STYLE_CONSTANT }, ['md'])).toBe('flex p-2')
    expect(await style('flex', { padding: DELETE_STYLE_CONSTANT })).toBe('flex')
  })

  test('several properties in one request', async () => {
    expect(await style('p-2 text-left', { padding: '16px', display: 'grid', textAlign: 'center' })).toBe(
      'p-4 grid text-center',
    )
  })

  test('creates the className when the element has none', async () => {
    expect(await style(null, { gap: '8px' })).toBe('gap-2')
  })

  test('refuses a value Tailwind cannot express', async () => {
    await expect(style('flex', { padding: '1px]' })).rejects.toMatchObject({ code: 'INVALID_VALUE' })
  })
})
