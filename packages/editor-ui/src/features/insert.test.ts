import type { DeclaredProp, NavTreeNode } from 'vite-plugin-visual-edit/protocol'
import { describe, expect, test } from 'vitest'
import {
  componentItems,
  filterItems,
  instantHtmlOf,
  NATIVE_ITEMS,
  placeholderProps,
} from './insert-catalog.ts'
import { canvasDropAt, clickPlacement } from './insert-target.ts'

type Box = [x: number, y: number, width: number, height: number]

/** A tree from `[name, tag, parent index, page box]`, parents first; codebase ids are `tempo-<name>`. */
function tree(entries: [string, string, number | null, Box][]): NavTreeNode[] {
  const nodes: NavTreeNode[] = entries.map(([name, tag, parent, [pageX, pageY, width, height]], index) => ({
    key: { codebaseId: `tempo-${name}`, storyboardId: 'app', uniquePath: `0-${index}` },
    parent,
    children: [],
    name,
    elementTagName: tag,
    isComponent: false,
    pageBoundingBox: { pageX, pageY, width, height },
    level: 0,
  }))
  for (const [index, node] of nodes.entries()) {
    if (node.parent === null) continue
    nodes[node.parent]?.children.push(index)
    node.level = (nodes[node.parent]?.level ?? 0) + 1
  }
  return nodes
}

//  main (column) 0,0 400x300
//  ├─ row (flex row) 0,0 400x40: a | b | c, each 100 wide, 20 apart
//  ├─ img 0,50 100x100
//  └─ p 0,160 400x20
const NODES = tree([
  ['main', 'main', null, [0, 0, 400, 300]],
  ['row', 'div', 0, [0, 0, 400, 40]],
  ['a', 'button', 1, [0, 0, 100, 40]],
  ['b', 'button', 1, [120, 0, 100, 40]],
  ['c', 'button', 1, [240, 0, 100, 40]],
  ['img', 'img', 0, [0, 50, 100, 100]],
  ['p', 'p', 0, [0, 160, 400, 20]],
])
const keyOf = (name: string) => NODES.find((node) => node.name === name)?.key

describe('where a click inserts', () => {
  test('after the selected element, in its parent; inside it as its last child', () => {
    expect(clickPlacement(NODES, keyOf('b'), 'after')).toEqual({
      codebaseIdToAddTo: 'tempo-row',
      afterCodebaseId: 'tempo-b',
    })
    expect(clickPlacement(NODES, keyOf('row'), 'inside')).toEqual({ codebaseIdToAddTo: 'tempo-row' })
  })

  test('the code’s parent when the page’s differs; the page’s first element with nothing selected', () => {
    expect(clickPlacement(NODES, keyOf('b'), 'after', () => 'tempo-main')).toEqual({
      codebaseIdToAddTo: 'tempo-main',
      afterCodebaseId: 'tempo-b',
    })
    expect(clickPlacement(NODES, undefined, 'after')).toEqual({ codebaseIdToAddTo: 'tempo-main' })
  })

  test('says why not: inside an image, after the first element', () => {
    expect(clickPlacement(NODES, keyOf('img'), 'inside')).toBe(
      'A <img> cannot hold elements: insert after it, or select its parent.',
    )
    expect(clickPlacement(NODES, keyOf('main'), 'after')).toMatch(/first element: insert inside it/)
  })
})

describe('where a drop on the canvas inserts', () => {
  test('between the children of a flex row, by x', () => {
    const drop = canvasDropAt(NODES, 230, 20)
    expect(drop?.placement).toEqual({ codebaseIdToAddTo: 'tempo-row', beforeCodebaseId: 'tempo-c' })
    // The line stands just before c, as tall as it.
    expect(drop?.line).toEqual({ x: 238, y: 0, width: 2, height: 40 })
    expect(canvasDropAt(NODES, 15, 20)?.placement).toEqual({
      codebaseIdToAddTo: 'tempo-row',
      beforeCodebaseId: 'tempo-a',
    })
    expect(canvasDropAt(NODES, 380, 20)?.placement).toEqual({
      codebaseIdToAddTo: 'tempo-row',
      afterCodebaseId: 'tempo-c',
    })
  })

  test('between the children of a column, by y; never into an image', () => {
    expect(canvasDropAt(NODES, 50, 100)?.placement).toEqual({
      codebaseIdToAddTo: 'tempo-main',
      beforeCodebaseId: 'tempo-p',
    })
    expect(canvasDropAt(NODES, 50, 290)?.placement).toEqual({
      codebaseIdToAddTo: 'tempo-main',
      afterCodebaseId: 'tempo-p',
    })
    expect(canvasDropAt(NODES, 500, 500)).toBeNull()
  })
})

describe('the catalogue', () => {
  const badge = {
    name: 'Badge',
    exportKind: 'named' as const,
    file: 'src/ui/Badge.tsx',
    line: 4,
    props: [
      { name: 'label', optional: false, kind: 'string', type: 'string' },
      { name: 'count', optional: false, kind: 'number', type: 'number' },
      { name: 'tone', optional: false, kind: 'union', members: ['info', 'warn'], type: 'Tone' },
      { name: 'live', optional: false, kind: 'boolean', type: 'boolean' },
      { name: 'onClose', optional: false, kind: 'other', type: '() => void' },
      { name: 'children', optional: false, kind: 'other', type: 'ReactNode' },
      { name: 'pill', optional: true, kind: 'boolean', type: 'boolean' },
    ] satisfies DeclaredProp[],
  }

  test('required props get typed placeholders; optional ones, functions and children none', () => {
    expect(placeholderProps(badge.props)).toEqual({ label: 'label', count: 0, tone: 'info', live: false })
    expect(placeholderProps(null)).toEqual({})
  })

  test('the filter: every word, labels starting with the query first, components by file too', () => {
    const items = [...NATIVE_ITEMS, ...componentItems([badge])]
    expect(filterItems(items, 'b').map((item) => item.label)).toEqual(['Button', 'Badge'])
    expect(filterItems(items, 'ui badge').map((item) => item.label)).toEqual(['Badge'])
    expect(filterItems(items, 'h2').map((item) => item.label)).toEqual(['Heading'])
    expect(filterItems(items, '').length).toBe(NATIVE_ITEMS.length + 1)
  })

  test('a component shows at once as a labelled box, its name escaped', () => {
    const [item] = componentItems([{ ...badge, name: 'A<b>' }])
    expect(item && instantHtmlOf(item)).toMatch(/>A&lt;b&gt;<\/div>$/)
  })
})
