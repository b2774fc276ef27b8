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

/**
 * The node's path from its top row down to itself (the node last), as node indexes: the selection's
 * breadcrumb. SKIP-ROOT is not on it (it has no row).
 */
export function pathTo(nodes: readonly NavTreeNode[], index: number): number[] {
  const path: number[] = []
  let at: number | null = nodes[index] ? index : null
  while (at !== null) {
    const node = nodes[at]
    if (!node) break
    if (!isPlaceholderRoot(node)) path.push(at)
    at = node.parent
  }
  return path.reverse()
}

/** Row ids of the node's ancestors, nearest last: the rows to open so that the node shows. */
export function ancestorIds(nodes: readonly NavTreeNode[], index: number): string[] {
  return pathTo(nodes, index)
    .slice(0, -1)
    .map((at) => rowId((nodes[at] as NavTreeNode).key))
}

/** Rows of the list, in CSS pixels (EDITOR-UX: 24-28 px). */
export const ROW_PX = 24
/** One level of indentation. */
export const INDENT_PX = 12
/**
 * What a row takes besides its indentation and name: left padding, chevron, gaps, icon, right padding,
 * and the list's scrollbar (a classic one; an overlay scrollbar leaves that to the name).
 */
const ROW_CHROME_PX = 4 + 16 + 4 + 12 + 4 + 8 + 15
/** The room a name keeps at any depth: ten characters of the panel's 12 px type, in a wide font. */
export const NAME_MIN_PX = 80

/**
 * The deepest indentation, in levels, of a list `width` px wide (its scrollbar included): rows deeper
 * than this stay at it (and show their level instead), so that the chevron, the icon and ten
 * characters of the name always fit. At least one level, so that the top row and its children still
 * read as such in the narrowest panel.
 *
 *   indentCap(240) === 8   (the default panel)
 *   indentCap(160) === 1   (the narrowest)
 */
export function indentCap(width: number): number {
  return Math.max(1, Math.floor((width - ROW_CHROME_PX - NAME_MIN_PX) / INDENT_PX))
}

/**
 * The text a row shows after its name: the element's own text (a heading's words, a button's label),
 * so that rows of the same tag can be told apart.
 */
export function rowHint(node: NavTreeNode): string {
  const text = node.literalChildren?.join(' ').replace(/\s+/g, ' ').trim()
  return text ? text.slice(0, 60) : ''
}
