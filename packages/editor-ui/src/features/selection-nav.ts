import { type ElementKey, hasCodebaseIdPrefix, type NavTreeNode } from 'vite-plugin-visual-edit/protocol'

/** A keyboard move of the selection through the page's tree (docs/EDITOR.md, Gestures and shortcuts). */
export type SelectionMove = 'nextSibling' | 'previousSibling' | 'firstChild' | 'parent'

/** Elements of the code only: the page's roots and the storyboard have nothing to edit. */
const hasCode = (node: NavTreeNode | undefined): node is NavTreeNode =>
  node !== undefined && hasCodebaseIdPrefix(node.key.codebaseId)

/**
 * Where `move` takes the selection from `from` (its index in `nodes`, the tree in document order):
 * the next or previous sibling with code (none past the ends: the selection stays, as the layers'
 * arrows stop at the last row), the first child with code, or the nearest ancestor with code. Null
 * when there is nowhere to go.
 *
 *   <ul><li>A</li><li>B</li></ul>, from A: nextSibling -> B, previousSibling -> null, parent -> ul
 */
export function moveSelection(
  nodes: readonly NavTreeNode[],
  from: number,
  move: SelectionMove,
): ElementKey | null {
  const node = nodes[from]
  if (!node) return null
  if (move === 'firstChild') return node.children.map((index) => nodes[index]).find(hasCode)?.key ?? null
  if (move === 'parent') {
    let parent = node.parent === null ? undefined : nodes[node.parent]
    while (parent && !hasCodebaseIdPrefix(parent.key.codebaseId))
      parent = parent.parent === null ? undefined : nodes[parent.parent]
    return parent?.key ?? null
  }
  const siblings = node.parent === null ? [] : (nodes[node.parent]?.children ?? [])
  const at = siblings.indexOf(from)
  const step = move === 'nextSibling' ? 1 : -1
  for (let index = at + step; at !== -1 && index >= 0 && index < siblings.length; index += step) {
    const sibling = nodes[siblings[index] as number]
    if (hasCode(sibling)) return sibling.key
  }
  return null
}
