/**
 * Finding JSX in a Babel tree the way a reprinting editor does: by walking it. Elements are named by
 * their ordinal (their place among the tree's JSX elements and fragments in source order), which
 * survives printing and re-parsing: generator and prettier change the text around JSX, never which
 * elements there are or their order. So an edit made on one tree can be taken back on the tree parsed
 * from its printed text (the reprint's undo).
 */
import { types as t } from '@babel/core'

type JsxNode = t.JSXElement | t.JSXFragment

/** Where a node sits: its parent and the parent's key (and index, for a list) holding it. */
export interface Slot {
  node: t.Node
  parent: t.Node
  key: string
  index: number | null
}

const isNode = (value: unknown): value is t.Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'

/** Every node under `root` with its slot, in source order (parents before their children). */
function* walk(root: t.Node): Generator<Slot> {
  const stack: Slot[] = []
  const push = (parent: t.Node) => {
    const found: Slot[] = []
    for (const key of t.VISITOR_KEYS[parent.type] ?? []) {
      const value = (parent as unknown as Record<string, unknown>)[key]
      if (Array.isArray(value)) {
        value.forEach((child, index) => {
          if (isNode(child)) found.push({ node: child, parent, key, index })
        })
      } else if (isNode(value)) found.push({ node: value, parent, key, index: null })
    }
    stack.push(...found.reverse())
  }
  push(root)
  for (let slot = stack.pop(); slot; slot = stack.pop()) {
    yield slot
    push(slot.node)
  }
}

const isJsx = (node: t.Node): node is JsxNode => node.type === 'JSXElement' || node.type === 'JSXFragment'

/** The JSX elements and fragments of the tree, in source order, with their slots. */
function jsxSlots(root: t.Node): Slot[] {
  return [...walk(root)].filter((slot) => isJsx(slot.node))
}

/** The ordinal of `node` (a JSX element or fragment) in the tree. */
export function ordinalOf(root: t.Node, node: t.Node): number {
  const ordinal = jsxSlots(root).findIndex((slot) => slot.node === node)
  if (ordinal === -1) throw new Error(`The ${node.type} is not in the tree`)
  return ordinal
}

/** The slot of the JSX node at `ordinal`. */
export function slotAt(root: t.Node, ordinal: number): Slot {
  const slot = jsxSlots(root)[ordinal]
  if (!slot) throw new Error(`The tree has no JSX node ${ordinal}`)
  return slot
}

/** The JSX element at `ordinal`. */
export function elementAt(root: t.Node, ordinal: number): t.JSXElement {
  const { node } = slotAt(root, ordinal)
  if (node.type !== 'JSXElement') throw new Error(`JSX node ${ordinal} is a ${node.type}, not an element`)
  return node
}

/** The slot of the JSX element that starts at `start` in the parsed text. */
export function elementSlotAtOffset(root: t.Node, start: number): Slot & { node: t.JSXElement } {
  const slot = jsxSlots(root).find((candidate) => candidate.node.start === start)
  if (slot?.node.type !== 'JSXElement') throw new Error(`No JSX element starts at offset ${start}`)
  return slot as Slot & { node: t.JSXElement }
}

/** The slot of any node in the tree. */
export function slotOf(root: t.Node, node: t.Node): Slot {
  for (const slot of walk(root)) if (slot.node === node) return slot
  throw new Error(`The ${node.type} is not in the tree`)
}

/** Puts `replacement` where the slot's node is. */
export function replaceAt(slot: Slot, replacement: t.Node): void {
  const holder = (slot.parent as unknown as Record<string, unknown>)[slot.key]
  if (slot.index === null) (slot.parent as unknown as Record<string, unknown>)[slot.key] = replacement
  else (holder as t.Node[])[slot.index] = replacement
}

/** Whether a JSX child renders nothing: whitespace text with a line break, or a `{/* comment *\/}`. */
function isInert(node: t.Node): boolean {
  if (node.type === 'JSXText') return node.value.trim() === '' && /[\r\n]/.test(node.value)
  return node.type === 'JSXExpressionContainer' && node.expression.type === 'JSXEmptyExpression'
}

/** The children that render something (text, elements, expressions), which printing keeps in order. */
export function meaningfulChildren(parent: JsxNode): t.Node[] {
  return parent.children.filter((child) => !isInert(child))
}

/** Inserts `node` among `parent`'s children, preceded by a line break as an editor would. */
export function insertChild(
  parent: JsxNode,
  node: t.JSXElement['children'][number],
  position: { after: t.Node } | { before: t.Node } | 'last',
): void {
  const children = parent.children
  let at = children.length
  if (position !== 'last') {
    const anchor = 'after' in position ? position.after : position.before
    const index = children.indexOf(anchor as (typeof children)[number])
    if (index === -1) throw new Error('The sibling is not a child of the destination')
    at = 'after' in position ? index + 1 : index
  }
  children.splice(at, 0, t.jsxText('\n'), node)
}

/** Inserts `node` so it becomes the `index`-th meaningful child of `parent` (the inverse of a removal). */
export function insertAtMeaningfulIndex(
  parent: JsxNode,
  node: t.JSXElement['children'][number],
  index: number,
): void {
  const meaningful = meaningfulChildren(parent)
  const next = meaningful[index]
  insertChild(parent, node, next ? { before: next } : 'last')
}

/** Takes `node` out of `parent`'s children; its index among the meaningful children before. */
export function removeChild(parent: JsxNode, node: t.Node): number {
  const index = meaningfulChildren(parent).indexOf(node)
  const at = parent.children.indexOf(node as (typeof parent.children)[number])
  if (at === -1 || index === -1) throw new Error(`The ${node.type} is not a child of its parent`)
  parent.children.splice(at, 1)
  return index
}

/** Whether `node` is a JSX element or fragment (a parent of JSX children). */
export function isJsxParent(node: t.Node | undefined): node is JsxNode {
  return node !== undefined && isJsx(node)
}
