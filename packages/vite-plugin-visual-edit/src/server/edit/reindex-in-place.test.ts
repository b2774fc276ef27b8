import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, test } from 'vitest'
import { ElementIndex } from '../../transform/element-index.ts'
import { analyzeJsx } from '../../transform/tag-jsx.ts'
import { OPERATIONS } from '../mutate/index.ts'
import { History } from './history.ts'
import { MutateError } from './mutate-error.ts'
import type { MutationServices } from './mutation.ts'
import { FileLocks, nodeFileSystem } from './source-file.ts'

interface Tree {
  tag: string
  text: string
  title: string | null
  multiline: boolean
  children: Tree[]
}

const textArbitrary = fc.stringMatching(/^[a-z <>{}&\n\u2028é😀]{0,8}$/u)
const fields = {
  tag: fc.constantFrom('div', 'p', 'li', 'span', 'Card'),
  text: fc.stringMatching(/^[a-z ]{0,6}$/),
  title: fc.option(fc.stringMatching(/^[a-z]{0,4}$/), { nil: null }),
  multiline: fc.boolean(),
}
const treeArbitrary = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'tree' },
    fc.record({ ...fields, children: fc.constant<Tree[]>([]) }),
    fc.record({ ...fields, children: fc.array(tie('tree'), { maxLength: 3, depthIdentifier: 'tree' }) }),
  ),
})).tree

function render(tree: Tree, indent: string): string {
  const title = tree.title === null ? '' : ` title="${tree.title}"`
  const open = `<${tree.tag}${title}>`
  if (tree.children.length === 0) {
    if (tree.text === '') return `${indent}<${tree.tag}${title} />`
    return tree.multiline
      ? `${indent}${open}\n${indent}  ${tree.text}\n${indent}</${tree.tag}>`
      : `${indent}${open}${tree.text}</${tree.tag}>`
  }
  return [
    `${indent}${open}`,
    ...tree.children.map((child) => render(child, `${indent}  `)),
    `${indent}</${tree.tag}>`,
  ].join('\n')
}

const stepArbitrary = fc.oneof(
  fc.record({ op: fc.constant('editText' as const), pick: fc.nat(), text: textArbitrary }),
  fc.record({
    op: fc.constant('changePropValue' as const),
    pick: fc.nat(),
    value: fc.oneof(textArbitrary, fc.integer(), fc.boolean(), fc.constant(null)),
    remove: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('changeElementTag' as const),
    pick: fc.nat(),
    tag: fc.constantFrom('section', 'p', 'Card', 'i'),
  }),
  fc.record({
    op: fc.constant('addClass' as const),
    pick: fc.nat(),
    className: fc.constantFrom('a', 'b-2', 'c'),
  }),
)

const root = mkdtempSync(path.join(tmpdir(), 'visual-edit-reindex-'))
mkdirSync(path.join(root, 'src'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('reindexInPlace', () => {
  test('after any sequence of in-place edits the index equals tagging the file from scratch', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(
        treeArbitrary,
        fc.array(stepArbitrary, { minLength: 1, maxLength: 8 }),
        async (tree, steps) => {
          const file = path.join(root, 'src', `run-${run++}.tsx`)
          const code = `const Card = (_: object) => null\nexport const A = () => (\n${render(tree, '  ')}\n)\n`
          writeFileSync(file, code)
          const index = new ElementIndex()
          index.setFile(file, analyzeJsx(code, { filename: file, root }).elements, code)
          const services: MutationServices = {
            root,
            index,
            fs: nodeFileSystem,
            locks: new FileLocks(),
            history: new History(100),
          }

          for (const step of steps) {
            const elements = index.elementsOf(file)
            const element = elements[step.pick % elements.length]
            if (!element) return
            const text = readFileSync(file, 'utf8')
            const ref = { codebaseId: element.id }
            const body =
              step.op === 'editText'
                ? {
                    element: ref,
                    newText: step.text,
                    oldText: text
                      .slice(
                        element.openingEnd,
                        Math.max(element.openingEnd, element.end - element.tagName.length - 3),
                      )
                      .trim(),
                  }
                : step.op === 'changePropValue'
                  ? {
                      elementToModify: ref,
                      propName: 'title',
                      propValue: step.value,
                      remove: step.remove,
                      replace: true,
                    }
                  : step.op === 'changeElementTag'
                    ? { elementToModify: ref, newTag: step.tag }
                    : { reactElement: ref, className: step.className, stylingFramework: null }
            try {
              await (OPERATIONS.get(step.op) as NonNullable<ReturnType<typeof OPERATIONS.get>>)(
                body,
                services,
                'c',
              )
            } catch (error) {
              if (!(error instanceof MutateError) || error.status >= 500) throw error
            }
            const after = readFileSync(file, 'utf8')
            expect(index.elementsOf(file)).toEqual(analyzeJsx(after, { filename: file, root }).elements)
          }
        },
      ),
      { numRuns: 150 },
    )
  })
})
