// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { NavTreeWriter } from '../../protocol/nav-tree-writer.ts'
import { type BuildRecords, TreeStore } from './tree-store.ts'

/**
 * body(0) > Card component(1) > section(2) > [h2(3), p(4)], as the walk writes it; the section is the
 * Card's top element, so both nodes own it.
 */
function records(first: 0 | 1): {
  records: BuildRecords
  body: Element
  section: Element
  h2: Element
  p: Element
} {
  document.body.innerHTML = '<section><h2>Title</h2><p>Text</p></section>'
  const [section, h2, p] = ['section', 'h2', 'p'].map((tag) => document.querySelector(tag) as Element)
  const writer = new NavTreeWriter('sb')
  writer.add(-1, first === 1 ? 'EMPTY-TREE' : 'SKIP-ROOT', '0', 'body', 'body', false, null, null, null)
  writer.add(0, 'card', first === 1 ? '0-0-Card' : '-0-Card', 'Card', 'section', true, null, null, 'App')
  writer.add(1, 'section', '=0-0', 'section', 'section', false, 'card p-4', 'card', 'Card')
  writer.add(2, 'title', '-0', 'h2', 'h2', false, null, null, 'Card')
  writer.add(2, 'text', '-1', 'p', 'p', false, null, null, 'Card')
  for (let index = 0; index < 5; index++) writer.box(index, index, 2 * index, 10, 20)
  const built: BuildRecords = {
    writer,
    first,
    paths: ['0', '0-0-Card', '0-0', '0-0-0', '0-0-1'],
    elements: [document.body, section as Element, section as Element, h2 as Element, p as Element],
    props: [undefined, { title: { type: 'LITERAL', value: 'x' } }, undefined, undefined, undefined],
    texts: [undefined, undefined, undefined, ['Title'], ['Text']],
    sources: [],
    fibers: [],
  }
  return {
    records: built,
    body: document.body,
    section: section as Element,
    h2: h2 as Element,
    p: p as Element,
  }
}

describe('TreeStore', () => {
  test('a dropped body: indexes count from the root, whose parent is none', () => {
    const { records: built, section, p } = records(1)
    const store = new TreeStore(built, 'sb')
    expect(store.size).toBe(4)
    expect(store.node(0)).toMatchObject({
      key: { codebaseId: 'card', storyboardId: 'sb', uniquePath: '0-0-Card' },
      parent: null,
      children: [1],
      isComponent: true,
      props: { title: { type: 'LITERAL', value: 'x' } },
      scope: 'App',
      level: 0,
    })
    expect(store.node(1)).toMatchObject({
      parent: 0,
      children: [2, 3],
      level: 1,
      classList: ['card', 'p-4'],
      directlySetClassList: ['card'],
    })
    expect(store.node(3)).toMatchObject({
      literalChildren: ['Text'],
      level: 2,
      pageBoundingBox: { pageX: 4 },
    })
    expect(store.node(1)).toBe(store.node(1))
    expect(store.indexOfPath('0-0-1')).toBe(3)
    expect(store.indexOfPath('0')).toBe(-1)
    expect(store.withCodebaseId('text')).toEqual([3])
    // The section is the Card's top element and has a node of its own: its own node answers for it.
    expect(store.indexOfElement(section)).toBe(1)
    expect(store.indexOfElement(p)).toBe(3)
    expect(store.indexOfElement(document.body)).toBe(-1)
    expect(store.all().map((node) => node.key.uniquePath)).toEqual(['0-0-Card', '0-0', '0-0-0', '0-0-1'])
  })

  test('SKIP-ROOT: the body is node 0 and owns the body element', () => {
    const { records: built, body } = records(0)
    const store = new TreeStore(built, 'sb')
    // One index per call, then done.
    const steps: boolean[] = []
    for (let call = 0; call < 6; call++) steps.push(store.warm())
    expect(steps).toEqual([true, true, true, true, false, false])
    expect(store.size).toBe(5)
    // A key alone (what a hover needs) is the node's own key object once the node is made.
    const key = store.key(1)
    expect(key).toEqual({ codebaseId: 'card', storyboardId: 'sb', uniquePath: '0-0-Card' })
    expect(store.node(1).key).toBe(key)
    expect([0, 1, 2].map((index) => store.isComponent(index))).toEqual([false, true, false])
    expect(store.node(0)).toMatchObject({ key: { codebaseId: 'SKIP-ROOT', uniquePath: '0' }, children: [1] })
    expect(store.parent(1)).toBe(0)
    expect(store.indexOfElement(body)).toBe(0)
    expect(store.elementsOf(0)).toBe(body)
  })

  test('the empty store answers nothing', () => {
    const store = TreeStore.empty('sb')
    expect(store.warm()).toBe(false)
    expect(store.size).toBe(0)
    expect(store.all()).toEqual([])
    expect(store.indexOfPath('0-0')).toBe(-1)
    expect(store.withCodebaseId('x')).toEqual([])
  })
})
