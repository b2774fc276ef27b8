import { createRequire } from 'node:module'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import type { StyleModifier } from '../../protocol/styling.ts'
import { parseElementAt, parseModule } from '../../transform/parse-module.ts'
import { tagJsx } from '../../transform/tag-jsx.ts'
import type { Target } from '../edit/mutation.ts'
import { applyTailwindStyling } from '../tailwind/class-styling.ts'
import { tailwindEngine } from '../tailwind/tailwind-engine.ts'
import { findTailwindPackage } from '../tailwind/tailwind-package.ts'
import { BRAND, TAILWIND_RELEASES, temporaryProjects } from './__tests__/fixture-projects.ts'

/**
 * STYLING with Tailwind, value -> class, against the real Tailwind of each release projects have (a
 * temporary project inside each fixture project resolves its tailwindcss; see __tests__/fixture-projects.ts).
 * Each project's theme has a colour of its own, `brand`, which no palette colour shares.
 */
const { project, cleanUp } = temporaryProjects('styling')
afterAll(cleanUp)

/** The first <div> of `code` as the mutate server hands it over. */
function target(root: string, code: string): Target {
  const file = path.join(root, 'src/card.tsx')
  const element = tagJsx(code, { filename: file, root }).elements.find((entry) => entry.tagName === 'div')
  const node = element && parseElementAt(code, file, element)
  if (!element || !node) throw new Error('no <div>')
  return {
    element: { ...element, file, relativeFile: 'src/card.tsx' },
    file: {
      source: {
        path: file,
        relativePath: 'src/card.tsx',
        bytes: Buffer.from(code),
        text: code,
        eol: '\n',
        mode: 0o644,
      },
      ast: parseModule(code, file),
    },
    node,
    opening: node.openingElement,
  }
}

describe.each(TAILWIND_RELEASES)(
  '$workspace: STYLING with Tailwind $major',
  ({ workspace, major, files }) => {
    const root = project(workspace, files)

    /** The div's classes after STYLING `styling` under `modifiers`. */
    async function style(classes: string, styling: Record<string, string>, modifiers: StyleModifier[] = []) {
      const code = `export const Card = () => <div className="${classes}">hi</div>\n`
      const text = await applyTailwindStyling({
        root,
        target: target(root, code),
        styling,
        modifiers,
        eol: '\n',
      })
      return /className="([^"]*)"/.exec(text)?.[1]
    }

    /** blue-600 as this release's theme writes it (Tailwind 4: an oklch() of its own; 3: a hex). */
    async function blue600(): Promise<string> {
      if (major === 3) {
        const colors = createRequire(path.join(root, 'package.json'))('tailwindcss/colors') as {
          blue: Record<string, string>
        }
        return colors.blue['600'] as string
      }
      const value = (await tailwindEngine(root)).theme?.('--color-blue-600')
      if (!value) throw new Error('no --color-blue-600 in the theme')
      return value
    }

    test('the project resolves the Tailwind under test', async () => {
      const found = findTailwindPackage(root)
      expect(found && Number.parseInt(found.version, 10)).toBe(major)
      expect((await tailwindEngine(root)).warning).toBeUndefined()
    })

    test('a theme step, else an arbitrary value', async () => {
      expect(await style('flex', { padding: '16px' })).toBe('flex p-4')
      expect(await style('flex', { padding: '13px' })).toBe('flex p-[13px]')
    })

    test("a theme colour, and the project's own token", async () => {
      expect(await style('flex', { color: await blue600() })).toBe('flex text-blue-600')
      expect(await style('flex', { backgroundColor: BRAND })).toBe('flex bg-brand')
    })

    test('hover, md and dark modifiers', async () => {
      expect(await style('p-2', { padding: '16px' }, ['hover'])).toBe('p-2 hover:p-4')
      expect(await style('p-2', { padding: '16px' }, ['md'])).toBe('p-2 md:p-4')
      expect(await style('bg-white', { backgroundColor: BRAND }, ['dark'])).toBe('bg-white dark:bg-brand')
    })

    test('the new class replaces a conflicting one instead of stacking', async () => {
      expect(await style('p-2 flex', { padding: '16px' })).toBe('flex p-4')
      expect(await style('hover:p-2 p-2', { padding: '16px' }, ['hover'])).toBe('p-2 hover:p-4')
      expect(await style('text-red-500 flex', { color: await blue600() })).toBe('flex text-blue-600')
    })
  },
)
