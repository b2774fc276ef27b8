import type { NavTreeNode } from 'vite-plugin-visual-edit/protocol'
import { describe, expect, test } from 'vitest'
import { layerDropAt } from './layer-drop.ts'
import { visibleRows } from './layer-rows.ts'

/** A tree from `[name, tag, parent index]`, parents first; codebase ids are `tempo-<name>`. */
function tree(entries: [string, string, number | null][]): NavTreeNode[] {
  const nodes: NavTreeNode[] = entries.map(([name, tag, parent], index) => ({
    key: { codebaseId: `tempo-${name}`, storyboardId: 'app', uniquePath: `0-${index}` },
    parent,
    children: [],
    name,
    elementTagName: tag,
    isComponent: false,
    pageBoundingBox: { pageX: 0, pageY: 0, width: 0, height: 0 },
    level: 0,
  }))
  for (const [index, node] of nodes.entries())
    if (node.parent !== null) nodes[node.parent]?.children.push(index)
  return nodes
}

//  0 app (div)
//  1 ├─ header (header)
//  2 │  └─ logo (img)
//  3 └─ main (main)
//  4    ├─ h1 (h1)
//  5    ├─ p (p)
//  6    └─ empty (section)
const NODES = tree([
  ['app', 'div', null],
  ['header', 'header', 0],
  ['logo', 'img', 1],
  ['main', 'main', 0],
  ['h1', 'h1', 3],
  ['p', 'p', 3],
  ['empty', 'section', 3],
])
const ROWS = visibleRows(NODES, () => true)
const at = (name: string) => ROWS.findIndex((row) => row.node.name === name)
const index = (name: string) => NODES.findIndex((node) => node.name === name)

describe('layerDropAt', () => {
  test('the top quarter of a row puts the layer before it', () => {
    const drop = layerDropAt(NODES, ROWS, index('p'), at('h1'), 0.1)
    expect(drop).toMatchObject({ mode: 'before', edge: 'top', depth: 2 })
    expect(drop?.drop).toMatchObject({ codebaseIdToMoveTo: 'tempo-main', beforeCodebaseId: 'tempo-h1' })
  })

  test('the bottom quarter of a closed row puts it after', () => {
    const drop = layerDropAt(NODES, ROWS, index('h1'), at('p'), 0.9)
    expect(drop).toMatchObject({ mode: 'after', edge: 'bottom' })
    expect(drop?.drop).toMatchObject({ codebaseIdToMoveTo: 'tempo-main', beforeCodebaseId: 'tempo-empty' })
  })

  test('the middle of a container puts it in as the last child', () => {
    const drop = layerDropAt(NODES, ROWS, index('h1'), at('empty'), 0.5)
    expect(drop).toMatchObject({ mode: 'into', edge: 'box' })
    expect(drop?.drop).toEqual({ parentKey: NODES[6]?.key, codebaseIdToMoveTo: 'tempo-empty' })
    const intoHeader = layerDropAt(NODES, ROWS, index('h1'), at('header'), 0.5)
    expect(intoHeader?.drop).toMatchObject({
      codebaseIdToMoveTo: 'tempo-header',
      afterCodebaseId: 'tempo-logo',
    })
  })

  test('the bottom quarter of an open row puts it in as the first child', () => {
    const drop = layerDropAt(NODES, ROWS, index('p'), at('main'), 0.9)
    expect(drop).toMatchObject({ mode: 'into', edge: 'bottom', depth: 2 })
    expect(drop?.drop).toMatchObject({ codebaseIdToMoveTo: 'tempo-main', beforeCodebaseId: 'tempo-h1' })
  })

  test('the middle of a text or void element goes beside it, by the half', () => {
    expect(layerDropAt(NODES, ROWS, index('h1'), at('logo'), 0.4)?.mode).toBe('before')
    expect(layerDropAt(NODES, ROWS, index('p'), at('h1'), 0.6)?.mode).toBe('after')
  })

  test('where the layer already is: no move', () => {
    const drop = layerDropAt(NODES, ROWS, index('p'), at('h1'), 0.9)
    expect(drop?.mode).toBe('after')
    expect(drop?.drop).toBeNull()
    expect(layerDropAt(NODES, ROWS, index('p'), at('p'), 0.1)).toBeNull()
  })

  test('never into itself or a row inside it, nor beside the root', () => {
    expect(layerDropAt(NODES, ROWS, index('main'), at('h1'), 0.5)).toBeNull()
    expect(layerDropAt(NODES, ROWS, index('main'), at('main'), 0.5)).toBeNull()
    expect(layerDropAt(NODES, ROWS, index('h1'), at('app'), 0.1)).toBeNull()
  })

  test('a parent that is not an element of the code takes nothing', () => {
    const nodes = tree([
      ['root', 'div', null],
      ['a', 'div', 0],
      ['b', 'div', 0],
    ])
    nodes[0] = {
      ...(nodes[0] as NavTreeNode),
      key: { codebaseId: 'root', storyboardId: 'app', uniquePath: '0' },
    }
    const rows = visibleRows(nodes, () => true)
    expect(layerDropAt(nodes, rows, 2, 1, 0.1)).toBeNull()
  })
})

test('beside a child passed to a component, the move goes to the JSX parent the code has', () => {
  const drop = layerDropAt(NODES, ROWS, index('h1'), at('p'), 0.9, (id) =>
    id === 'tempo-empty' ? 'tempo-card-usage' : undefined,
  )
  expect(drop?.drop).toMatchObject({
    codebaseIdToMoveTo: 'tempo-card-usage',
    beforeCodebaseId: 'tempo-empty',
  })
})

test('a div with text of its own and no children takes a layer beside it, not into it', () => {
  const nodes = tree([
    ['list', 'div', null],
    ['a', 'div', 0],
    ['b', 'div', 0],
  ])
  nodes[2] = { ...(nodes[2] as NavTreeNode), literalChildren: ['B'] }
  const rows = visibleRows(nodes, () => true)
  expect(layerDropAt(nodes, rows, 1, 2, 0.4)?.mode).toBe('before')
  expect(layerDropAt(nodes, rows, 1, 2, 0.6)?.mode).toBe('after')
})
