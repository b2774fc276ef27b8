import { serialize } from 'node:v8'
import fc from 'fast-check'
import { describe, expect, test, vi } from 'vitest'
import type { NavTreeNode } from './nav-tree-node.ts'
import { decodeNavTree, encodeNavTree, navTreeTransferables, withUsedStrings } from './nav-tree-wire.ts'
import { NavTreeWriter } from './nav-tree-writer.ts'

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

  test('the writer: nodes written one by one, a dropped first node re-roots its child', () => {
    const writer = new NavTreeWriter('main', 1)
    const body = writer.add(-1, 'SKIP-ROOT', '0', 'body', 'body', false, null, null, null)
    const main = writer.add(body, 'tempo-a', '-0', 'main', 'main', false, 'app grid', null, 'App')
    writer.box(main, 0.4, 10.6, 100, 50)
    const card = writer.add(main, 'tempo-b', '-2-Card', 'Card', 'section', true, null, null, 'App')
    writer.box(card, 10, 20, 30, 40)
    writer.growBox(card, 5, 30, 10, 40)
    writer.props(card, { title: { type: 'LITERAL', value: 'x' } })
    const text = writer.add(card, 'tempo-c', '=0-0-2', 'section', 'section', false, null, 'p-4', 'Card')
    writer.text(text, 'Hello')
    expect(writer.size).toBe(4)

    writer.setSegment(main, '0-0')
    const rooted = decodeNavTree(structuredClone(writer.finish(1)))
    expect(rooted.map((node) => [node.key.uniquePath, node.parent, node.level])).toEqual([
      ['0-0', null, 0],
      ['0-0-2-Card', 0, 1],
      ['0-0-2', 1, 2],
    ])
    expect(rooted[0]).toMatchObject({ classList: ['app', 'grid'], scope: 'App', children: [1] })
    expect(rooted[0]?.pageBoundingBox).toEqual({ pageX: 0, pageY: 11, width: 100, height: 50 })
    // Grown to cover both elements: x 5..40, y 20..70.
    expect(rooted[1]).toMatchObject({
      isComponent: true,
      props: { title: { type: 'LITERAL', value: 'x' } },
      pageBoundingBox: { pageX: 5, pageY: 20, width: 35, height: 50 },
    })
    expect(rooted[2]).toMatchObject({ literalChildren: ['Hello'], directlySetClassList: ['p-4'] })

    // The whole tree, the first node kept; the writer's own columns still answer after a transfer.
    const wire = writer.finish()
    structuredClone(wire, { transfer: navTreeTransferables(wire) })
    expect(writer.codebaseIdOf(card)).toBe('tempo-b')
    expect(writer.parentOf(text)).toBe(card)
    expect(writer.boxOf(card)).toEqual({ pageX: 5, pageY: 20, width: 35, height: 50 })
    expect(writer.finish().p).toEqual(Int32Array.from([-1, 0, 1, 2]))
  })

  /** A body, a Card component node with a prop, and a p with classes and the text 'Hello' in it. */
  const cardTree = () => {
    const writer = new NavTreeWriter('main', 1)
    const body = writer.add(-1, 'SKIP-ROOT', '0', 'body', 'body', false, null, null, null)
    const card = writer.add(body, 'tempo-b', '-0-Card', 'Card', 'section', true, null, null, 'App')
    writer.props(card, { title: { type: 'LITERAL', value: 'x' } })
    const text = writer.add(card, 'tempo-c', '=0-0', 'p', 'p', false, 'a b', 'a', 'Card')
    writer.text(text, 'Hello')
    return { writer, body, card, text }
  }

  test('a refresh copies nodes, their props and texts into a writer of the same table', () => {
    const { writer: before, card, text } = cardTree()
    before.text(text, 'again')
    expect(() => before.props(card, { late: { type: 'LITERAL', value: 1 } })).toThrow(/last node/)

    const after = new NavTreeWriter('main', 1, before.table)
    after.add(-1, 'SKIP-ROOT', '0', 'body', 'body', false, null, null, null)
    // A node before the copies moves them down by one; the card's props are re-encoded.
    const first = after.addIndexed(
      0,
      after.table.of('tempo-new'),
      after.table.of('-0'),
      1,
      1,
      false,
      -1,
      -1,
      -1,
    )
    const copiedCard = after.copy(before, card, 0, false)
    after.props(copiedCard, { title: { type: 'LITERAL', value: 'y' } })
    const copiedText = after.copy(before, text, copiedCard, true)
    for (const node of [first, copiedCard, copiedText]) after.box(node, 1, 2, 3, 4)
    after.setSegment(copiedCard, '-1-Card')

    const nodes = decodeNavTree(structuredClone(after.finish()))
    expect(nodes.map((node) => [node.key.codebaseId, node.key.uniquePath, node.parent])).toEqual([
      ['SKIP-ROOT', '0', null],
      ['tempo-new', '0-0', 0],
      ['tempo-b', '0-1-Card', 0],
      ['tempo-c', '0-0', 2],
    ])
    expect(nodes[2]).toMatchObject({ isComponent: true, props: { title: { type: 'LITERAL', value: 'y' } } })
    expect(nodes[3]).toMatchObject({
      classList: ['a', 'b'],
      directlySetClassList: ['a'],
      scope: 'Card',
      literalChildren: ['Hello', 'again'],
    })
    // The copies share the first writer's strings.
    expect(after.strings).toBe(before.strings)
  })

  test('sameNodes: a copy of every node is the same tree; any field, box, prop or text apart is not', () => {
    const { writer: before, body, card, text } = cardTree()
    for (const node of [body, card, text]) before.box(node, 0, node * 10, 100, 10)

    /** A copy of `before` in its table, `change` applied to the copied text node. */
    const copied = (change: (writer: NavTreeWriter, text: number) => void = () => {}) => {
      const after = new NavTreeWriter('main', 1, before.table)
      const copies = [-1]
      for (const node of [body, card, text]) {
        const copy = after.copy(before, node, copies[node] ?? -1, true)
        copies.push(copy)
        const box = before.boxOf(node)
        if (node === text) change(after, copy)
        else after.box(copy, box.pageX, box.pageY, box.width, box.height)
      }
      return after
    }
    const boxed = (writer: NavTreeWriter, node: number) => writer.box(node, 0, 20, 100, 10)
    expect(copied(boxed).sameNodes(before)).toBe(true)
    expect(before.sameNodes(copied(boxed))).toBe(true)
    expect(copied((writer, node) => writer.box(node, 0, 21, 100, 10)).sameNodes(before)).toBe(false)
    expect(
      copied((writer, node) => {
        boxed(writer, node)
        writer.text(node, 'more')
      }).sameNodes(before),
    ).toBe(false)
    expect(
      copied((writer, node) => {
        boxed(writer, node)
        writer.props(node, { title: { type: 'LITERAL', value: 'x' } })
      }).sameNodes(before),
    ).toBe(false)
    const classed = copied(boxed)
    classed.set(2, 1, 'tempo-c', '=0-0', 'p', 'p', false, 'a', 'a', 'Card')
    expect(classed.sameNodes(before)).toBe(false)
    const extra = copied(boxed)
    extra.add(2, 'tempo-d', '-0', 'i', 'i', false, null, null, null)
    expect(extra.sameNodes(before)).toBe(false)

    // Another table: its indexes mean other strings, so never the same.
    const fresh = new NavTreeWriter('main', 1)
    fresh.add(-1, 'SKIP-ROOT', '0', 'body', 'body', false, null, null, null)
    const lone = new NavTreeWriter('main', 1)
    lone.add(-1, 'SKIP-ROOT', '0', 'body', 'body', false, null, null, null)
    expect(fresh.sameNodes(lone)).toBe(false)
  })

  test("a refresh's table keeps strings no node uses any more; the wire sends only the used ones past an eighth", () => {
    const { writer: before, body, card, text } = cardTree()
    for (let n = 0; n < 40; n++) before.table.of(`old-class-${n}`)
    const after = new NavTreeWriter('main', 1, before.table)
    const copies: number[] = []
    for (const node of [body, card, text]) {
      copies.push(after.copy(before, node, node === body ? -1 : (copies[copies.length - 1] as number), true))
    }
    after.set(2, 1, 'tempo-c', '=0-0', 'p', 'p', false, 'a c', 'a', 'Card')
    const wire = withUsedStrings(after.finish())
    expect(wire.s.length).toBeLessThan(before.strings.length - 40)
    expect(wire.s).not.toContain('old-class-0')
    expect(new Set(wire.s).size).toBe(wire.s.length)
    expect(decodeNavTree(structuredClone(wire))).toEqual(decodeNavTree(encodeNavTree(decodeNavTree(wire))))
    const nodes = decodeNavTree(wire)
    expect(nodes.map((node) => [node.key.codebaseId, node.key.storyboardId, node.name, node.scope])).toEqual([
      ['SKIP-ROOT', 'main', 'body', undefined],
      ['tempo-b', 'main', 'Card', 'App'],
      ['tempo-c', 'main', 'p', 'Card'],
    ])
    expect(nodes[1]?.props).toEqual({ title: { type: 'LITERAL', value: 'x' } })
    expect(nodes[2]).toMatchObject({
      classList: ['a', 'c'],
      directlySetClassList: ['a'],
      literalChildren: ['Hello'],
    })
    // The writer keeps its table and indexes (the refresh after this one continues them).
    expect(after.strings).toBe(before.strings)
    expect(after.codebaseIdOf(1)).toBe('tempo-b')

    // A few unused strings are not worth renumbering: the table goes as it is.
    const few = cardTree().writer
    few.table.of('one-unused')
    expect(withUsedStrings(few.finish()).s).toBe(few.strings)
  })

  test('a props record shared by several nodes is flattened once', () => {
    const props = {
      item: { type: 'JSON_OBJECT', value: '{"id":1}' },
      label: { type: 'LITERAL', value: 'Sofa' },
    } as const
    const nodes = pageTree(2).map((node) => (node.isComponent ? { ...node, props } : node))
    const stringify = vi.spyOn(JSON, 'stringify')
    const wire = encodeNavTree(nodes)
    // The literal's value once; a JSON_OBJECT's value is JSON text already.
    expect(stringify).toHaveBeenCalledOnce()
    stringify.mockRestore()
    const [first, second] = [Array.from(wire.pr.subarray(0, 6)), Array.from(wire.pr.subarray(6, 12))]
    expect(first[0]).not.toBe(second[0])
    expect([first.slice(1, 3), first.slice(4)]).toEqual([second.slice(1, 3), second.slice(4)])
    expect(wire.pv.slice(0, 4)).toEqual(['{"id":1}', '"Sofa"', '{"id":1}', '"Sofa"'])
    expect(decodeNavTree(wire)).toEqual(nodes)
  })

  test('the columns transfer: the sender keeps empty arrays and the receiver decodes the tree', () => {
    const nodes = pageTree(20)
    const wire = encodeNavTree(nodes)
    const received = structuredClone(wire, { transfer: navTreeTransferables(wire) })
    expect(wire.p.length).toBe(0)
    expect(decodeNavTree(received)).toEqual(nodes)
  })
})
