import {
  type ElementKey,
  EMPTY_TREE_CODEBASE_ID,
  type NavTreeNode,
  SKIP_ROOT_CODEBASE_ID,
} from 'vite-plugin-visual-edit/protocol'

/** One visible row of the layers list: a node of the tree, at its depth, open or closed. */
export interface LayerRow {
  /** The node's index in the tree. */
  index: number
  node: NavTreeNode
  depth: number
  /** `rowId(node)`: what the open/closed state and React's keys hang on across rebuilds. */
  id: string
  hasChildren: boolean
  open: boolean
}

/**
 * A row's identity across rebuilds: its codebase id and its place in the page. A rebuild that keeps
 * an element keeps its row (open or closed); an element an edit gave a new id is a new row.
 */
export const rowId = (key: ElementKey): string => `${key.codebaseId}@${key.uniquePath}`

/** Nodes that stand for the page rather than an element of the code: never drawn as rows. */
const isPlaceholderRoot = (node: NavTreeNode) =>
  node.parent === null &&
  (node.key.codebaseId === SKIP_ROOT_CODEBASE_ID || node.key.codebaseId === EMPTY_TREE_CODEBASE_ID)

/** The tree's top rows: the root, or the children of SKIP-ROOT (several top elements), or none. */
function topIndexes(nodes: readonly NavTreeNode[]): number[] {
  const root = nodes[0]
  if (!root) return []
  return isPlaceholderRoot(root) ? root.children : [0]
}

/**
 * The rows the list draws: the tree in document order, the children of closed rows left out. A node
 * with children is open when `isOpen` says so; the top rows' depth is 0.
 */
export function visibleRows(
  nodes: readonly NavTreeNode[],
  isOpen: (id: string, depth: number) => boolean,
): LayerRow[] {
  const rows: LayerRow[] = []
  // Depth first with an explicit stack (pages nest deeper than is safe to recurse on).
  const stack = topIndexes(nodes)
    .map((index) => ({ index, depth: 0 }))
    .reverse()
  while (stack.length > 0) {
    const { index, depth } = stack.pop() as { index: number; depth: number }
    const node = nodes[index]
    if (!node) continue
    const id = rowId(node.key)
    const hasChildren = node.children.length > 0
    const open = hasChildren && isOpen(id, depth)
    rows.push({ index, node, depth, id, hasChildren, open })
    if (open)
      for (let child = node.children.length - 1; child >= 0; child--)
        stack.push({ index: node.children[child] as number, depth: depth + 1 })
  }
  return rows
}

/** Row ids of the node's ancestors, nearest last: the rows to open so that the node shows. */
export function ancestorIds(nodes: readonly NavTreeNode[], index: number): string[] {
  const ids: string[] = []
  let parent = nodes[index]?.parent ?? null
  while (parent !== null) {
    const node = nodes[parent]
    if (!node) break
    if (!isPlaceholderRoot(node)) ids.unshift(rowId(node.key))
    parent = node.parent
  }
  return ids
}

/**
 * The text a row shows after its name: the element's own text (a heading's words, a button's label),
 * so that rows of the same tag can be told apart.
 */
export function rowHint(node: NavTreeNode): string {
  const text = node.literalChildren?.join(' ').replace(/\s+/g, ' ').trim()
  return text ? text.slice(0, 60) : ''
}
