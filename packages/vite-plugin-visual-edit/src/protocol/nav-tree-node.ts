import type { ElementKey } from './element-key.ts'

/**
 * The navigation tree's shape: its nodes as the editor reads them and the compact wire form they travel
 * in (nav-tree-wire.ts encodes and decodes it, nav-tree-writer.ts writes it during the walk).
 */

/** How a prop value is sent in the nav tree. */
export const PropType = {
  LITERAL: 'LITERAL',
  FUNCTION: 'FUNCTION',
  JSON_OBJECT: 'JSON_OBJECT',
} as const
export type PropType = (typeof PropType)[keyof typeof PropType]

export interface NavTreeProp {
  type: PropType
  /** The literal, a JSON text for objects, the function's name for functions. */
  value: string | number | boolean | null
}

/**
 * One node of the navigation tree. The tree is sent flat, in document order, parents first:
 * `parent` and `children` are indexes into the array, so the message holds each node once.
 */
export interface NavTreeNode {
  key: ElementKey
  parent: number | null
  children: number[]
  name: string
  elementTagName: string
  isComponent: boolean
  classList?: string[]
  /** The classes the code sets directly on the element (from the lookups), when known. */
  directlySetClassList?: string[]
  props?: Record<string, NavTreeProp>
  /** Text the element renders directly. */
  literalChildren?: string[]
  /** Name of the component whose code renders this element. */
  scope?: string
  /** Page coordinates (scroll included). */
  pageBoundingBox: { pageX: number; pageY: number; width: number; height: number }
  level: number
}

/**
 * The navigation tree as it travels from the inspector to the editor: one typed array per field
 * instead of one object per node, every string once in a table, unique paths as the suffix a node adds
 * to its parent's path, boxes as one integer array, and nothing that can be derived (children, levels).
 * The arrays' buffers are transferred, not cloned, so posting a 6,800-element page's tree costs little
 * more than its string table. Every number column is an Int32Array.
 */
export interface NavTreeWire {
  v: 3
  /** The string table; `s[0]` is the empty string. */
  s: string[]
  /** Storyboard id shared by every key (index into s). */
  sb: number
  /** Parent index of each node, -1 for the root. Parents come before their children. */
  p: Int32Array
  /** Codebase id (index into s; 0 for none). */
  id: Int32Array
  /** What the node's unique path adds to its parent's (`-3-0`, `-Card`); `=` + the whole path otherwise. */
  seg: Int32Array
  /** Name, element tag name. */
  nm: Int32Array
  tg: Int32Array
  /** Bit 1: is a component. */
  f: Int32Array
  /** classList joined by spaces; -1 when absent. */
  cl: Int32Array
  /** directlySetClassList joined by spaces; -1 when absent. */
  dc: Int32Array
  /** Scope; -1 when absent. */
  sc: Int32Array
  /** pageX, pageY, width, height of each node, rounded. */
  b: Int32Array
  /** Props, three numbers each: node, key (index into s), type (0 LITERAL, 1 FUNCTION, 2 JSON_OBJECT). */
  pr: Int32Array
  /**
   * Each prop's value, in the order of pr: as JSON, except a JSON_OBJECT's, which is its JSON text
   * itself. Not in the table: values are mostly distinct, and a table lookup each costs more than
   * the bytes it saves.
   */
  pv: string[]
  /** Literal children: the node of each text in lt. */
  lc: Int32Array
  /** The texts of lc, in order (not in the table, for the same reason as pv). */
  lt: string[]
}
