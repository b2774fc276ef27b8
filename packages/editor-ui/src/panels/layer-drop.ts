import { CODEBASE_ID_PREFIX, type DropPlacement, type NavTreeNode } from 'vite-plugin-visual-edit/protocol'
import type { LayerRow } from './layer-rows.ts'

/** Where a layer dropped on a row goes: above it, below it, or into it as its last child. */
export type LayerDropMode = 'before' | 'after' | 'into'

export interface LayerDrop {
  /** The row position the indicator is drawn at: a line at its top or bottom edge, indented to `depth`, or a box around it. */
  position: number
  edge: 'top' | 'bottom' | 'box'
  depth: number
  mode: LayerDropMode
  /** What MOVE_JSX gets; null when the layer would stay where it is. */
  drop: DropPlacement | null
}

/** Tags that hold text or nothing: a layer dropped on one goes beside it, never into it. */
const LEAF_TAGS = new Set([
  'img',
  'input',
  'br',
  'hr',
  'textarea',
  'select',
  'video',
  'audio',
  'canvas',
  'iframe',
  'svg',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'span',
  'a',
  'button',
  'label',
  'strong',
  'em',
  'small',
])

const isTagged = (node: NavTreeNode | undefined) =>
  !!node && node.key.codebaseId.startsWith(CODEBASE_ID_PREFIX)

/** Whether the node at `index` is `ancestor` or inside it. */
function within(nodes: readonly NavTreeNode[], index: number, ancestor: number): boolean {
  for (let at: number | null = index; at !== null; at = nodes[at]?.parent ?? null)
    if (at === ancestor) return true
  return false
}

/**
 * Where the layer `dragged` (a node index) lands when the pointer is at `fraction` (0 top, 1 bottom)
 * of the row at `position`: the top quarter puts it before that row's node, the bottom quarter after
 * it (into an open row, as its first child), the middle into it as its last child when it can hold
 * elements (else before or after, by the half). Null when the row cannot take it: the layer itself, a
 * row inside it, or a parent that is not an element of the code.
 */
export function layerDropAt(
  nodes: readonly NavTreeNode[],
  rows: readonly LayerRow[],
  dragged: number,
  position: number,
  fraction: number,
  /** The JSX parent the code has for an id (the lookups' parentId), when it differs from the page's. */
  codeParentOf: (codebaseId: string) => string | null | undefined = () => undefined,
): LayerDrop | null {
  const row = rows[position]
  if (!row || within(nodes, row.index, dragged)) return null
  const node = row.node
  // An element with text of its own and no element children takes a layer beside it, not into it.
  const ownText = node.literalChildren?.some((text) => text.trim() !== '') === true
  const container = row.hasChildren || (!LEAF_TAGS.has(node.elementTagName.toLowerCase()) && !ownText)
  let mode: LayerDropMode
  if (fraction < 0.25) mode = 'before'
  else if (fraction > 0.75) mode = row.open ? 'into' : 'after'
  else mode = container ? 'into' : fraction < 0.5 ? 'before' : 'after'
  if (mode === 'into' && node.isComponent && !row.hasChildren) mode = fraction < 0.5 ? 'before' : 'after'

  const parentIndex = mode === 'into' ? row.index : node.parent
  const parent = parentIndex === null ? undefined : nodes[parentIndex]
  if (parentIndex === null || !isTagged(parent) || within(nodes, parentIndex, dragged)) return null
  const siblings = (parent as NavTreeNode).children.filter((child) => child !== dragged)
  let index: number
  if (mode === 'before') index = siblings.indexOf(row.index)
  else if (mode === 'after') index = siblings.indexOf(row.index) + 1
  // Into an open row: at the top, just under it, where the indicator is; into a closed one: at the end.
  else index = row.open && fraction > 0.75 ? 0 : siblings.length
  const before = siblings[index]
  const after = siblings[index - 1]
  const current = nodes[dragged]
  const own = parent?.children.indexOf(dragged) ?? -1
  const samePlace =
    current?.parent === parentIndex &&
    own >= 0 &&
    (parent as NavTreeNode).children[own - 1] === after &&
    (parent as NavTreeNode).children[own + 1] === before
  const codebaseIdOf = (at: number | undefined) => (at === undefined ? undefined : nodes[at]?.key.codebaseId)
  const beforeId = codebaseIdOf(before)
  const afterId = codebaseIdOf(after)
  const parentId = (parent as NavTreeNode).key.codebaseId
  const referenceId = beforeId ?? afterId
  const moveTo = (referenceId ? codeParentOf(referenceId) : undefined) ?? parentId
  const firstChild = mode === 'into' && row.open && fraction > 0.75
  return {
    position,
    edge: mode === 'before' ? 'top' : mode === 'after' || firstChild ? 'bottom' : 'box',
    depth: firstChild ? row.depth + 1 : row.depth,
    mode,
    drop: samePlace
      ? null
      : {
          parentKey: (parent as NavTreeNode).key,
          codebaseIdToMoveTo: moveTo,
          ...(beforeId ? { beforeCodebaseId: beforeId } : afterId ? { afterCodebaseId: afterId } : {}),
        },
  }
}
