import { serialize } from 'node:v8'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { NavTreeNode } from './messages.ts'
import {
  decodeNavTree,
  encodeNavTree,
  encodeNavTreeSteps,
  NAV_TREE_ENCODE_STEP,
  navTreeTransferables,
} from './nav-tree-wire.ts'

/** A tree shaped like a real page: sections of rows, component nodes, props, texts. */
function pageTree(rows: number): NavTreeNode[] {
  const nodes: NavTreeNode[] = []
  const add = (node: Omit<NavTreeNode, 'children' | 'level'>) => {
    const parent = node.parent === null ? undefined : nodes[node.parent]
    const full: NavTreeNode = { ...node, children: [], level: parent ? parent.level + 1 : 0 }
    parent?.children.push(nodes.length)
    nodes.push(full)
    return nodes.length - 1
  }
  const key = (codebaseId: string, uniquePath: string) => ({ codebaseId, storyboardId: 'main', uniquePath })
  const box = (y: number) => ({ pageX: 16, pageY: y, width: 1200, height: 24 })
  const root = add({
    key: key('tempo-6ba7b810-9dad-11d1-80b4-00c04fd43000', '0-0'),
    parent: null,
    name: 'main',
    elementTagName: 'main',
    isComponent: false,
    pageBoundingBox: box(0),
  })
  for (let row = 0; row < rows; row++) {
    const component = add({
      key: key('tempo-6ba7b810-9dad-11d1-80b4-00c04fd43001', `0-0-${row}-Row`),
      parent: root,
      name: 'Row',
      elementTagName: 'Row',
      isComponent: true,
      props: {
        item: { type: 'JSON_OBJECT', value: `{"id":${row},"name":"Item ${row}"}` },
        onSelect: { type: 'FUNCTION', value: 'onSelect' },
      },
      scope: 'Section',
      pageBoundingBox: box(row * 24),
    })
    const li = add({
      key: key('tempo-6ba7b810-9dad-11d1-80b4-00c04fd43002', `0-0-${row}`),
      parent: component,
      name: 'li',
      elementTagName: 'li',
      isComponent: false,
      classList: ['row', 'flex', 'items-center'],
      directlySetClassList: ['row', 'flex', 'items-center'],
      scope: 'Row',
      pageBoundingBox: box(row * 24),
    })
    add({
      key: key('tempo-6ba7b810-9dad-11d1-80b4-00c04fd43003', `0-0-${row}-0`),
      parent: li,
      name: 'span',
      elementTagName: 'span',
      isComponent: false,
      classList: ['name'],
      literalChildren: [`Item ${row}`],
      scope: 'Row',
      pageBoundingBox: box(row * 24),
    })
  }
  return nodes
}

describe('the nav tree wire form', () => {
  test('round-trips a page tree exactly (boxes rounded)', () => {
    const nodes = pageTree(50)
    expect(decodeNavTree(structuredClone(encodeNavTree(nodes)))).toEqual(nodes)
  })

  test('round-trips arbitrary trees', () => {
    const nodeArbitrary = fc.record({
      codebaseId: fc.constantFrom('', 'tempo-6ba7b810-9dad-11d1-80b4-00c04fd43000', 'EMPTY-TREE'),
      segment: fc.constantFrom('-0', '-1', '-Card', '-12-3'),
      name: fc.string({ maxLength: 6 }),
      isComponent: fc.boolean(),
      classList: fc.option(fc.array(fc.stringMatching(/^[a-z0-9:-]{1,6}$/), { maxLength: 3 }), {
        nil: undefined,
      }),
      texts: fc.option(fc.array(fc.string({ maxLength: 5 }), { minLength: 1, maxLength: 2 }), {
        nil: undefined,
      }),
      prop: fc.option(fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)), {
        nil: undefined,
      }),
      parentPick: fc.nat(),
    })
    fc.assert(
      fc.property(fc.array(nodeArbitrary, { minLength: 1, maxLength: 30 }), (specs) => {
        const nodes: NavTreeNode[] = []
        specs.forEach((spec, index) => {
          const parentIndex = index === 0 ? null : spec.parentPick % index
          const parent = parentIndex === null ? undefined : nodes[parentIndex]
          const node: NavTreeNode = {
            key: {
              codebaseId: spec.codebaseId,
              storyboardId: 's',
              uniquePath: `${parent?.key.uniquePath ?? '0'}${spec.segment}`,
            },
            parent: parentIndex,
            children: [],
            name: spec.name,
            elementTagName: spec.name,
            isComponent: spec.isComponent,
            pageBoundingBox: { pageX: index, pageY: 2 * index, width: 10, height: 5 },
            level: parent ? parent.level + 1 : 0,
          }
          if (spec.classList) node.classList = spec.classList
          if (spec.texts) node.literalChildren = spec.texts
          if (spec.prop !== undefined) node.props = { p: { type: 'LITERAL', value: spec.prop } }
          parent?.children.push(index)
          nodes.push(node)
        })
        expect(decodeNavTree(encodeNavTree(nodes))).toEqual(nodes)
      }),
    )
  })

  test('a 6,800-element page tree is far under 1 MB as the port carries it', () => {
    const nodes = pageTree(2300)
    const objectBytes = serialize(nodes).length
    const wireBytes = serialize(encodeNavTree(nodes)).length
    expect(wireBytes).toBeLessThan(1024 * 1024)
    expect(wireBytes).toBeLessThan(objectBytes / 3)
  })

  test('the resumable encoder stops every NAV_TREE_ENCODE_STEP nodes and gives the same wire form', () => {
    const nodes = pageTree(300)
    const steps = encodeNavTreeSteps(nodes)
    let pauses = 0
    let step = steps.next()
    for (; !step.done; step = steps.next()) pauses++
    expect(pauses).toBe(Math.ceil(nodes.length / NAV_TREE_ENCODE_STEP) - 1)
    expect(step.value).toEqual(encodeNavTree(nodes))
  })

  test('the columns transfer: the sender keeps empty arrays and the receiver decodes the tree', () => {
    const nodes = pageTree(20)
    const wire = encodeNavTree(nodes)
    const received = structuredClone(wire, { transfer: navTreeTransferables(wire) })
    expect(wire.p.length).toBe(0)
    expect(decodeNavTree(received)).toEqual(nodes)
  })
})
