import {
  type ElementKey,
  elementKeysEqual,
  hasCodebaseIdPrefix,
  type NavTreeNode,
} from 'vite-plugin-visual-edit/protocol'

/**
 * Where an inserted element goes (docs/EDITOR.md, Insert panel), pure: after the selection or into
 * it (a click), or where the pointer is over the page (a drop on the canvas: between the children of
 * the element under it, along the way they are laid out). ADD_JSX's ids: the destination and the
 * sibling it goes before or after.
 */
export interface InsertPlacement {
  codebaseIdToAddTo: string
  beforeCodebaseId?: string
  afterCodebaseId?: string
}

/** The JSX parent the code has for an id (the lookups' parentId), when it differs from the page's. */
export type CodeParentOf = (codebaseId: string) => string | null | undefined

/** Elements that hold no elements (void, or replaced by what they show). */
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
  'area',
  'base',
  'col',
  'embed',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
])

/** Elements that hold text: a drop on the canvas goes beside them, not into them. */
const TEXT_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'span',
  'a',
  'button',
  'label',
  'strong',
  'em',
  'small',
  'b',
  'i',
  'code',
])

/** How far inside an element's edge (page px) a drop must be to go into it rather than beside it. */
const INNER_EDGE_PX = 12

const isTagged = (node: NavTreeNode | undefined): node is NavTreeNode =>
  !!node && hasCodebaseIdPrefix(node.key.codebaseId)

/** Whether an element of the code can take an element inside it. */
const canHold = (node: NavTreeNode) =>
  !LEAF_TAGS.has(node.elementTagName.toLowerCase()) && !(node.isComponent && node.children.length === 0)

/** The nearest ancestor of `index` that is an element of the code. */
function taggedAncestor(nodes: readonly NavTreeNode[], index: number): NavTreeNode | undefined {
  for (let at = nodes[index]?.parent ?? null; at !== null; at = nodes[at]?.parent ?? null)
    if (isTagged(nodes[at])) return nodes[at]
  return undefined
}

/**
 * A click's placement: after the selected element (`after`) or into it as its last child (`inside`);
 * with nothing selected, last in the page's first element of the code. A string says why not.
 */
export function clickPlacement(
  nodes: readonly NavTreeNode[],
  selected: ElementKey | undefined,
  mode: 'after' | 'inside',
  codeParentOf: CodeParentOf = () => undefined,
): InsertPlacement | string {
  if (!selected) {
    const root = nodes.find(isTagged)
    return root
      ? { codebaseIdToAddTo: root.key.codebaseId }
      : 'The page has no element of the code to add to.'
  }
  const index = nodes.findIndex((node) => elementKeysEqual(node.key, selected))
  const node = nodes[index]
  if (!isTagged(node)) return 'The selected element is not in the code: select one that is.'
  if (mode === 'inside') {
    if (!canHold(node))
      return `A <${node.elementTagName}> cannot hold elements: insert after it, or select its parent.`
    return { codebaseIdToAddTo: node.key.codebaseId }
  }
  const parent = codeParentOf(node.key.codebaseId) ?? taggedAncestor(nodes, index)?.key.codebaseId
  if (!parent) return 'The selected element is the page’s first element: insert inside it.'
  return { codebaseIdToAddTo: parent, afterCodebaseId: node.key.codebaseId }
}

/** A box in page coordinates (scroll included), as the tree gives them. */
export interface PageBox {
  x: number
  y: number
  width: number
  height: number
}

export interface CanvasDrop {
  placement: InsertPlacement
  /** The element the new one goes into, and the line that shows where among its children. */
  container: PageBox
  line: PageBox
}

const boxOf = (node: NavTreeNode): PageBox => ({
  x: node.pageBoundingBox.pageX,
  y: node.pageBoundingBox.pageY,
  width: node.pageBoundingBox.width,
  height: node.pageBoundingBox.height,
})

const contains = (box: PageBox, x: number, y: number) =>
  x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height

/** Inside the box by its inner edge (a quarter of a small box's side at most). */
const insideInner = (box: PageBox, x: number, y: number) => {
  const edge = Math.min(INNER_EDGE_PX, box.width / 4, box.height / 4)
  return x > box.x + edge && x < box.x + box.width - edge && y > box.y + edge && y < box.y + box.height - edge
}

/** Children laid out side by side (a flex row, inline blocks): the second starts right of the first, on its line. */
function isRow(children: readonly PageBox[]): boolean {
  const [first, second] = children
  if (!first || !second) return false
  return second.x >= first.x + first.width - 1 && second.y < first.y + first.height
}

/**
 * A drop at page point (x, y): into the deepest element of the code under it that can hold elements
 * (not one that holds text, and well inside it: near its edge the drop is beside it, in its parent),
 * before the first child whose middle is past the point (along x for children side by side, else y),
 * else last. Null where there is no such element.
 *
 *   <div flex row>[A][B]|[C]</div>, the point between B and C -> into the div, before C
 */
export function canvasDropAt(
  nodes: readonly NavTreeNode[],
  x: number,
  y: number,
  codeParentOf: CodeParentOf = () => undefined,
): CanvasDrop | null {
  let target: NavTreeNode | undefined
  for (const node of nodes) {
    if (!isTagged(node) || !canHold(node) || TEXT_TAGS.has(node.elementTagName.toLowerCase())) continue
    if (target && node.level < target.level) continue
    const box = boxOf(node)
    // The outermost element takes a drop anywhere in it; a nested one only well inside its edge.
    if (target ? insideInner(box, x, y) : contains(box, x, y)) target = node
  }
  if (!target) return null
  const children = target.children
    .map((child) => nodes[child])
    .filter((child): child is NavTreeNode => isTagged(child) && child.pageBoundingBox.width > 0)
  const boxes = children.map(boxOf)
  const row = isRow(boxes)
  let index = boxes.findIndex((box) => (row ? x < box.x + box.width / 2 : y < box.y + box.height / 2))
  if (index < 0) index = boxes.length
  const before = children[index]
  const after = children[index - 1]
  const container = boxOf(target)
  const reference = (before ?? after)?.key.codebaseId
  const placement: InsertPlacement = {
    codebaseIdToAddTo: (reference ? codeParentOf(reference) : undefined) ?? target.key.codebaseId,
    ...(before
      ? { beforeCodebaseId: before.key.codebaseId }
      : after
        ? { afterCodebaseId: after.key.codebaseId }
        : {}),
  }
  const near = boxes[index] ?? boxes[index - 1]
  let line: PageBox
  if (!near)
    line = {
      x: container.x + 2,
      y: container.y + container.height / 2 - 1,
      width: container.width - 4,
      height: 2,
    }
  else if (row) {
    const edge = boxes[index] ? near.x - 1 : near.x + near.width + 1
    line = { x: edge - 1, y: near.y, width: 2, height: near.height }
  } else {
    const edge = boxes[index] ? near.y - 1 : near.y + near.height + 1
    line = { x: near.x, y: edge - 1, width: near.width, height: 2 }
  }
  return { placement, container, line }
}
