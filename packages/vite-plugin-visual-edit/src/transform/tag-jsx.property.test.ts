import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { CODEBASE_ID_ATTRIBUTE } from '../protocol/ids.ts'
import { parseModule } from './parse-module.ts'
import { tagJsx } from './tag-jsx.ts'

/** A JSX element of a generated component; `wrapper` is how its parent renders it. */
interface Tree {
  serial: number
  tag: string
  className: string
  text: string
  wrapper: 'none' | 'map' | 'ternary' | 'and' | 'fragment'
  children: Tree[]
}

/** A generated tree before `number()` gives every element its serial. */
type RawTree = Omit<Tree, 'serial' | 'children'> & { children: RawTree[] }

const TAGS = ['div', 'span', 'p', 'ul', 'li', 'Card', 'Tabs.List', 'Button']
const textArbitrary = fc.stringMatching(/^[A-Za-z0-9 ,.!?'-]{0,12}$/)
const classArbitrary = fc.stringMatching(/^[a-z0-9:-]{0,8}( [a-z0-9:-]{1,8}){0,2}$/)

const fields = {
  tag: fc.constantFrom(...TAGS),
  className: classArbitrary,
  text: textArbitrary,
  wrapper: fc.constantFrom<Tree['wrapper']>('none', 'none', 'map', 'ternary', 'and', 'fragment'),
}
const treeArbitrary = fc.letrec<{ tree: RawTree }>((tie) => ({
  tree: fc.oneof(
    { maxDepth: 5, depthIdentifier: 'tree' },
    fc.record({ ...fields, children: fc.constant<RawTree[]>([]) }),
    fc.record({ ...fields, children: fc.array(tie('tree'), { maxLength: 4, depthIdentifier: 'tree' }) }),
  ),
})).tree

function number(tree: RawTree, next = { value: 0 }): Tree {
  return { ...tree, serial: next.value++, children: tree.children.map((child) => number(child, next)) }
}

function renderElement(tree: Tree): string {
  const attributes = tree.className ? ` className="${tree.className}"` : ''
  if (tree.children.length === 0 && tree.text === '') return `<${tree.tag}${attributes} />`
  return `<${tree.tag}${attributes}>${tree.text}${tree.children.map(renderChild).join('')}</${tree.tag}>`
}

function renderChild(tree: Tree): string {
  const element = renderElement(tree)
  switch (tree.wrapper) {
    case 'none':
      return element
    case 'map':
      return `{items.map((item) => ${element})}`
    case 'ternary':
      return `{open ? ${element} : null}`
    case 'and':
      return `{open && (\n  ${element}\n)}`
    case 'fragment':
      return `<>${element}</>`
  }
}

function renderModule(tree: Tree): string {
  return `export function Generated({ items, open }: Props) {\n  return (\n    ${renderElement(tree)}\n  )\n}\n`
}

/** Serials in source order, which is the order `tagJsx` reports elements in. */
function serials(tree: Tree): number[] {
  return [tree.serial, ...tree.children.flatMap(serials)]
}

function paths(tree: Tree, path = '0', out = new Map<number, string>()): Map<number, string> {
  out.set(tree.serial, path)
  tree.children.forEach((child, index) => {
    paths(child, `${path}.${index}`, out)
  })
  return out
}

function idsBySerial(tree: Tree): Map<number, string> {
  const { elements } = tagJsx(renderModule(tree), { filename: '/p/src/Generated.tsx', root: '/p' })
  const order = serials(tree)
  expect(elements).toHaveLength(order.length)
  return new Map(order.map((serial, index) => [serial, elements[index]?.id as string]))
}

function mapTree(tree: Tree, change: (node: Tree) => Tree): Tree {
  return change({ ...tree, children: tree.children.map((child) => mapTree(child, change)) })
}

describe('tagJsx properties', () => {
  test('output parses, ids are unique, and removing the attributes gives the input back', () => {
    fc.assert(
      fc.property(treeArbitrary, (raw) => {
        const code = renderModule(number(raw))
        const result = tagJsx(code, { filename: '/p/src/Generated.tsx', root: '/p' })
        parseModule(result.code, 'Generated.tsx')
        const ids = result.elements.map((element) => element.id)
        expect(new Set(ids).size).toBe(ids.length)
        const stripped = result.code.replace(
          new RegExp(` ${CODEBASE_ID_ATTRIBUTE}="tempo-[0-9a-f-]{36}"`, 'g'),
          '',
        )
        expect(stripped).toBe(code)
      }),
      { numRuns: 300 },
    )
  })

  test('text and class edits change no id', () => {
    fc.assert(
      fc.property(
        treeArbitrary,
        fc.array(fc.tuple(textArbitrary, classArbitrary), { minLength: 1 }),
        (raw, edits) => {
          const tree = number(raw)
          let editIndex = 0
          const edited = mapTree(tree, (node) => {
            const [text, className] = edits[editIndex++ % edits.length] as [string, string]
            return { ...node, text, className }
          })
          expect(idsBySerial(edited)).toEqual(idsBySerial(tree))
        },
      ),
      { numRuns: 200 },
    )
  })

  test('inserting an element changes only the ids whose position it shifts', () => {
    fc.assert(
      fc.property(treeArbitrary, fc.nat(), fc.nat(), (raw, parentPick, indexPick) => {
        const tree = number(raw)
        const all = serials(tree)
        const parentSerial = all[parentPick % all.length] as number
        const inserted: Tree = {
          serial: -1,
          tag: 'aside',
          className: '',
          text: 'new',
          wrapper: 'none',
          children: [],
        }
        const grown = mapTree(tree, (node) => {
          if (node.serial !== parentSerial) return node
          const children = [...node.children]
          children.splice(indexPick % (children.length + 1), 0, inserted)
          return { ...node, children }
        })

        const before = idsBySerial(tree)
        const after = idsBySerial(grown)
        const pathsBefore = paths(tree)
        const pathsAfter = paths(grown)
        for (const serial of all) {
          const moved = pathsBefore.get(serial) !== pathsAfter.get(serial)
          if (moved) expect(after.get(serial)).not.toBe(before.get(serial))
          else expect(after.get(serial)).toBe(before.get(serial))
        }
      }),
      { numRuns: 200 },
    )
  })
})
