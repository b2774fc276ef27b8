import { type NavTreeNode, SKIP_ROOT_CODEBASE_ID } from 'vite-plugin-visual-edit/protocol'
import { describe, expect, test } from 'vitest'
import { ancestorIds, INDENT_PX, indentCap, NAME_MIN_PX, pathTo, rowId } from './layer-rows.ts'
import { hiddenCrumbs } from './layers/breadcrumb-fit.ts'

/** A chain of `length` nested nodes (each the only child of the one before), under `top` if given. */
function chain(length: number, top?: string): NavTreeNode[] {
  const names = [...(top ? [top] : []), ...Array.from({ length }, (_, level) => `n${level}`)]
  const nodes: NavTreeNode[] = names.map((codebaseId, index) => ({
    key: { codebaseId, storyboardId: 'app', uniquePath: `0-${index}` },
    parent: index === 0 ? null : index - 1,
    children: index === names.length - 1 ? [] : [index + 1],
    name: codebaseId,
    elementTagName: 'div',
    isComponent: false,
    pageBoundingBox: { pageX: 0, pageY: 0, width: 0, height: 0 },
    level: 0,
  }))
  return nodes
}

/** The panel's widths (app/Editor.tsx: 240 px at first, at least 160 px). */
const DEFAULT_LIST_PX = 240
const NARROWEST_LIST_PX = 160
/** A classic scrollbar (Chromium's, Windows', Linux's). */
const SCROLLBAR_PX = 15

/** What a row indented by `levels` leaves for its name in a list `width` px wide with a scrollbar (LayerRow). */
const room = (width: number, levels: number) =>
  width - SCROLLBAR_PX - (4 + levels * INDENT_PX) - (16 + 4 + 12 + 4) - 8
const nameRoom = (width: number, depth: number) => room(width, Math.min(depth, indentCap(width)))

describe('indentation of deep trees', () => {
  test('stops growing where the name would have less than its ten characters, at any depth', () => {
    for (const width of [NARROWEST_LIST_PX, DEFAULT_LIST_PX, 400, 1000])
      for (const depth of [0, 5, 12, 15, 40, 400])
        expect(nameRoom(width, depth), `${width} px, depth ${depth}`).toBeGreaterThanOrEqual(NAME_MIN_PX)
  })

  test('goes as deep as the room allows: 9 levels in the default panel, 2 in the narrowest', () => {
    expect(indentCap(DEFAULT_LIST_PX)).toBe(8)
    expect(indentCap(NARROWEST_LIST_PX)).toBe(1)
    // One level more and the name would not have its room.
    for (const width of [NARROWEST_LIST_PX, DEFAULT_LIST_PX, 400])
      expect(room(width, indentCap(width) + 1)).toBeLessThan(NAME_MIN_PX)
  })

  test('keeps the top row and its children apart in any panel', () => {
    expect(indentCap(0)).toBe(1)
    expect(indentCap(100)).toBe(1)
  })

  test('grows with the panel: a wider panel indents deeper', () => {
    expect(indentCap(400)).toBeGreaterThan(indentCap(DEFAULT_LIST_PX))
  })
})

describe('the selection path', () => {
  test('lists the nodes from the top row down to the node, itself last', () => {
    const nodes = chain(18)
    expect(pathTo(nodes, 17)).toEqual(Array.from({ length: 18 }, (_, index) => index))
    expect(pathTo(nodes, 0)).toEqual([0])
    expect(pathTo(nodes, 3).map((index) => nodes[index]?.name)).toEqual(['n0', 'n1', 'n2', 'n3'])
  })

  test('leaves SKIP-ROOT out: it has no row to select', () => {
    const nodes = chain(3, SKIP_ROOT_CODEBASE_ID)
    expect(pathTo(nodes, 3)).toEqual([1, 2, 3])
    expect(ancestorIds(nodes, 3)).toEqual([
      rowId(nodes[1]?.key as NavTreeNode['key']),
      rowId(nodes[2]?.key as NavTreeNode['key']),
    ])
  })

  test('is empty for a node the tree does not have', () => {
    expect(pathTo(chain(2), 7)).toEqual([])
  })

  test('follows the parents on a page deeper than is safe to recurse on', () => {
    expect(pathTo(chain(20_000), 19_999)).toHaveLength(20_000)
  })
})

describe('a path too long for its line', () => {
  test('shows whole when it fits', () => {
    expect(hiddenCrumbs([30, 40, 50], 120, 20)).toEqual({ from: 3, to: 3 })
    expect(hiddenCrumbs([300], 120, 20)).toEqual({ from: 1, to: 1 })
  })

  test('folds in the middle: the top crumb, the ellipsis, then the nearest ancestors that fit', () => {
    expect(hiddenCrumbs([30, 40, 40, 40, 50], 160, 20)).toEqual({ from: 1, to: 3 })
    expect(hiddenCrumbs(Array(18).fill(40), 230, 20)).toEqual({ from: 1, to: 14 })
  })

  test('keeps the selected element even when nothing else fits beside it', () => {
    expect(hiddenCrumbs([30, 40, 40, 200], 210, 20)).toEqual({ from: 0, to: 3 })
    expect(hiddenCrumbs([30, 40, 40, 400], 210, 20)).toEqual({ from: 0, to: 3 })
  })

  test('gives the room left after the top crumb to the nearest ancestors, never to a farther one', () => {
    // After the top crumb, the last and crumb 3, 20 px are left: crumb 1 (10 px) would fit, but shown
    // after the ellipsis it would read as crumb 3's parent.
    expect(hiddenCrumbs([30, 10, 50, 30, 50], 150, 20)).toEqual({ from: 1, to: 3 })
  })
})
