import { type NavTreeNode, PropType, SKIP_ROOT_CODEBASE_ID } from 'vite-plugin-visual-edit/protocol'
import { describe, expect, test } from 'vitest'
import { openInEditorHref, propText, splitClasses } from './element-fields.ts'
import { ancestorIds, rowHint, rowId, visibleRows } from './layer-rows.ts'

/** A tree from `[codebaseId, parent index]` pairs, in document order, parents first. */
function tree(entries: [string, number | null][]): NavTreeNode[] {
  const nodes: NavTreeNode[] = entries.map(([codebaseId, parent], index) => ({
    key: { codebaseId, storyboardId: 'app', uniquePath: `0-${index}` },
    parent,
    children: [],
    name: codebaseId,
    elementTagName: 'div',
    isComponent: false,
    pageBoundingBox: { pageX: 0, pageY: 0, width: 0, height: 0 },
    level: 0,
  }))
  for (const [index, node] of nodes.entries())
    if (node.parent !== null) nodes[node.parent]?.children.push(index)
  return nodes
}

//   app
//   ├─ header
//   │  └─ logo
//   └─ main
//      ├─ h1
//      └─ p
const APP = tree([
  ['app', null],
  ['header', 0],
  ['logo', 1],
  ['main', 0],
  ['h1', 3],
  ['p', 3],
])
const names = (rows: ReturnType<typeof visibleRows>) =>
  rows.map((row) => `${'  '.repeat(row.depth)}${row.node.name}`)
const idOf = (name: string) => rowId(APP.find((node) => node.name === name)?.key as NavTreeNode['key'])

describe('layer rows', () => {
  test('open rows show their children in document order; closed ones hide them', () => {
    expect(names(visibleRows(APP, () => true))).toEqual([
      'app',
      '  header',
      '    logo',
      '  main',
      '    h1',
      '    p',
    ])
    const onlyApp = new Set([idOf('app')])
    expect(names(visibleRows(APP, (id) => onlyApp.has(id)))).toEqual(['app', '  header', '  main'])
    expect(names(visibleRows(APP, () => false))).toEqual(['app'])
  })

  test('a row knows whether it has children and is open; leaves are never open', () => {
    const rows = visibleRows(APP, () => true)
    expect(rows.map((row) => [row.node.name, row.hasChildren, row.open])).toEqual([
      ['app', true, true],
      ['header', true, true],
      ['logo', false, false],
      ['main', true, true],
      ['h1', false, false],
      ['p', false, false],
    ])
  })

  test('the open state is asked by row id and depth, so a depth rule opens the first levels', () => {
    expect(names(visibleRows(APP, (_id, depth) => depth < 1))).toEqual(['app', '  header', '  main'])
  })

  test('SKIP-ROOT is not drawn: its children are the top rows', () => {
    const nodes = tree([
      [SKIP_ROOT_CODEBASE_ID, null],
      ['one', 0],
      ['kid', 1],
      ['two', 0],
    ])
    expect(names(visibleRows(nodes, () => true))).toEqual(['one', '  kid', 'two'])
    expect(ancestorIds(nodes, 2)).toEqual([rowId(nodes[1]?.key as NavTreeNode['key'])])
  })

  test('ancestors are listed from the top down: the rows to open to show a node', () => {
    expect(ancestorIds(APP, 4)).toEqual([idOf('app'), idOf('main')])
    expect(ancestorIds(APP, 0)).toEqual([])
  })

  test('a row id is the codebase id and the place in the page: an element a rebuild keeps keeps its row', () => {
    expect(rowId({ codebaseId: 'tempo-1', storyboardId: 'app', uniquePath: '0-2' })).toBe('tempo-1@0-2')
  })

  test("the hint is the element's own text, whitespace folded, at most 60 characters", () => {
    const [node] = tree([['h1', null]]) as [NavTreeNode]
    expect(rowHint({ ...node, literalChildren: ['  Fresh\n  listings ', 'today'] })).toBe(
      'Fresh listings today',
    )
    expect(rowHint({ ...node, literalChildren: ['x'.repeat(80)] })).toHaveLength(60)
    expect(rowHint(node)).toBe('')
  })

  test('a deep page does not overflow the stack', () => {
    const deep = tree(
      Array.from({ length: 20_000 }, (_, index) => [`n${index}`, index === 0 ? null : index - 1]),
    )
    expect(visibleRows(deep, () => true)).toHaveLength(20_000)
  })
})

describe('element panel fields', () => {
  test("the file link is Vite's open-in-editor route with file:line:column (1-based column)", () => {
    expect(openInEditorHref({ file: 'src/pages/Home.tsx', line: 42, column: 4 })).toBe(
      '/__open-in-editor?file=src%2Fpages%2FHome.tsx%3A42%3A5',
    )
  })

  test('classes split on any whitespace, none empty', () => {
    expect(splitClasses('  text-3xl\n font-bold   ')).toEqual(['text-3xl', 'font-bold'])
    expect(splitClasses('   ')).toEqual([])
  })

  test('props read as code: strings quoted, functions named, the rest as they are', () => {
    expect(propText({ type: PropType.LITERAL, value: 'primary' })).toBe('"primary"')
    expect(propText({ type: PropType.LITERAL, value: 3 })).toBe('3')
    expect(propText({ type: PropType.LITERAL, value: null })).toBe('null')
    expect(propText({ type: PropType.FUNCTION, value: 'onSelect' })).toBe('ƒ onSelect')
    expect(propText({ type: PropType.JSON_OBJECT, value: '{"a":1}' })).toBe('{"a":1}')
  })
})
