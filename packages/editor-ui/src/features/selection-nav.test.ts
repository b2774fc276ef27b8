import type { NavTreeNode } from 'vite-plugin-visual-edit/protocol'
import { describe, expect, test } from 'vitest'
import { moveSelection } from './selection-nav.ts'

const id = (n: number) => `tempo-6ba7b810-9dad-41d1-80b4-00c04fd4300${n}`

/** root (no code) > ul > [li A, span (a library's, no code), li B, li C > em] */
function tree(): NavTreeNode[] {
  const node = (
    index: number,
    codebaseId: string,
    parent: number | null,
    children: number[],
  ): NavTreeNode => ({
    key: { codebaseId, storyboardId: 'app', uniquePath: `0-${index}` },
    parent,
    children,
    name: codebaseId,
    elementTagName: 'div',
    isComponent: false,
    pageBoundingBox: { pageX: 0, pageY: 0, width: 1, height: 1 },
    level: 0,
  })
  return [
    node(0, 'root', null, [1]),
    node(1, id(1), 0, [2, 3, 4, 5]),
    node(2, id(2), 1, []),
    node(3, 'library-span', 1, []),
    node(4, id(4), 1, []),
    node(5, id(5), 1, [6]),
    node(6, id(6), 5, []),
  ]
}

describe('moveSelection', () => {
  const nodes = tree()
  const to = (from: number, move: Parameters<typeof moveSelection>[2]) =>
    moveSelection(nodes, from, move)?.codebaseId ?? null

  test('siblings with code, skipping those without; none past the ends', () => {
    expect(to(2, 'nextSibling')).toBe(id(4))
    expect(to(4, 'previousSibling')).toBe(id(2))
    expect(to(5, 'nextSibling')).toBeNull()
    expect(to(2, 'previousSibling')).toBeNull()
  })

  test('into the first child with code, out to the nearest ancestor with code', () => {
    expect(to(5, 'firstChild')).toBe(id(6))
    expect(to(2, 'firstChild')).toBeNull()
    expect(to(6, 'parent')).toBe(id(5))
    expect(to(1, 'parent')).toBeNull()
    expect(to(99, 'parent')).toBeNull()
  })
})
