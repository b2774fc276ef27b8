import type { NavTreeNode, NavTreeProp, PropType } from './messages.ts'

/**
 * The navigation tree as it travels from the inspector to the editor: one typed array per field
 * instead of one object per node, every string once in a table, unique paths as the suffix a node adds
 * to its parent's path, boxes as one integer array, and nothing that can be derived (children, levels).
 * The arrays' buffers are transferred, not cloned, so posting a 6,800-element page's tree costs little
 * more than its string table. Every number column is an Int32Array.
 */
export interface NavTreeWire {
  v: 2
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
  /** Props, four numbers each: node, key, type (0 LITERAL, 1 FUNCTION, 2 JSON_OBJECT), value as JSON. */
  pr: Int32Array
  /** Literal children, two numbers each: node, text. */
  lc: Int32Array
}

const PROP_TYPES: readonly PropType[] = ['LITERAL', 'FUNCTION', 'JSON_OBJECT']

/** Nodes encoded between two checks of the caller's clock (see encodeNavTreeSteps). */
export const NAV_TREE_ENCODE_STEP = 256

class StringTable {
  readonly strings: string[] = ['']
  readonly #index = new Map<string, number>([['', 0]])

  of(value: string): number {
    let index = this.#index.get(value)
    if (index === undefined) {
      index = this.strings.length
      this.strings.push(value)
      this.#index.set(value, index)
    }
    return index
  }
}

/** Encodes a tree built as NavTreeNode objects (document order, parents first) in one go. */
export function encodeNavTree(nodes: readonly NavTreeNode[]): NavTreeWire {
  const steps = encodeNavTreeSteps(nodes)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/**
 * The same encoding, resumable: yields after every NAV_TREE_ENCODE_STEP nodes so a caller working in
 * time slices can stop between two of them, and returns the wire form.
 */
export function* encodeNavTreeSteps(nodes: readonly NavTreeNode[]): Generator<void, NavTreeWire> {
  const table = new StringTable()
  const n = nodes.length
  const wire: NavTreeWire = {
    v: 2,
    s: table.strings,
    sb: table.of(nodes[0]?.key.storyboardId ?? ''),
    p: new Int32Array(n),
    id: new Int32Array(n),
    seg: new Int32Array(n),
    nm: new Int32Array(n),
    tg: new Int32Array(n),
    f: new Int32Array(n),
    cl: new Int32Array(n),
    dc: new Int32Array(n),
    sc: new Int32Array(n),
    b: new Int32Array(n * 4),
    pr: new Int32Array(0),
    lc: new Int32Array(0),
  }
  const props: number[] = []
  const texts: number[] = []
  for (let index = 0; index < n; index++) {
    if (index > 0 && index % NAV_TREE_ENCODE_STEP === 0) yield
    const node = nodes[index] as NavTreeNode
    const parent = node.parent === null ? undefined : nodes[node.parent]
    const path = node.key.uniquePath
    const parentPath = parent?.key.uniquePath
    const segment =
      parentPath !== undefined && path.startsWith(parentPath) ? path.slice(parentPath.length) : path
    wire.p[index] = node.parent ?? -1
    wire.id[index] = table.of(node.key.codebaseId)
    wire.seg[index] = table.of(parent && segment === path ? `=${path}` : segment)
    wire.nm[index] = table.of(node.name)
    wire.tg[index] = table.of(node.elementTagName)
    wire.f[index] = node.isComponent ? 1 : 0
    wire.cl[index] = node.classList ? table.of(node.classList.join(' ')) : -1
    wire.dc[index] = node.directlySetClassList ? table.of(node.directlySetClassList.join(' ')) : -1
    wire.sc[index] = node.scope === undefined ? -1 : table.of(node.scope)
    const box = node.pageBoundingBox
    wire.b[index * 4] = Math.round(box.pageX)
    wire.b[index * 4 + 1] = Math.round(box.pageY)
    wire.b[index * 4 + 2] = Math.round(box.width)
    wire.b[index * 4 + 3] = Math.round(box.height)
    if (node.props) {
      for (const key in node.props) {
        const prop = node.props[key] as NavTreeProp
        props.push(index, table.of(key), PROP_TYPES.indexOf(prop.type), table.of(JSON.stringify(prop.value)))
      }
    }
    if (node.literalChildren) for (const text of node.literalChildren) texts.push(index, table.of(text))
  }
  wire.pr = Int32Array.from(props)
  wire.lc = Int32Array.from(texts)
  return wire
}

/** The buffers of a wire tree's arrays, to transfer with postMessage instead of copying them. */
export function navTreeTransferables(wire: NavTreeWire): ArrayBuffer[] {
  return [
    wire.p,
    wire.id,
    wire.seg,
    wire.nm,
    wire.tg,
    wire.f,
    wire.cl,
    wire.dc,
    wire.sc,
    wire.b,
    wire.pr,
    wire.lc,
  ].map((column) => column.buffer as ArrayBuffer)
}

const split = (joined: string) => (joined === '' ? [] : joined.split(' '))

/** Decodes the wire form back into NavTreeNode objects, children and levels included. */
export function decodeNavTree(wire: NavTreeWire): NavTreeNode[] {
  const { s } = wire
  const storyboardId = s[wire.sb] ?? ''
  const nodes: NavTreeNode[] = []
  for (let index = 0; index < wire.p.length; index++) {
    const parentIndex = wire.p[index] as number
    const parent = parentIndex < 0 ? undefined : nodes[parentIndex]
    const segment = s[wire.seg[index] as number] ?? ''
    const uniquePath = segment.startsWith('=')
      ? segment.slice(1)
      : `${parent?.key.uniquePath ?? ''}${segment}`
    const node: NavTreeNode = {
      key: { codebaseId: s[wire.id[index] as number] ?? '', storyboardId, uniquePath },
      parent: parent ? parentIndex : null,
      children: [],
      name: s[wire.nm[index] as number] ?? '',
      elementTagName: s[wire.tg[index] as number] ?? '',
      isComponent: ((wire.f[index] as number) & 1) === 1,
      pageBoundingBox: {
        pageX: wire.b[index * 4] as number,
        pageY: wire.b[index * 4 + 1] as number,
        width: wire.b[index * 4 + 2] as number,
        height: wire.b[index * 4 + 3] as number,
      },
      level: parent ? parent.level + 1 : 0,
    }
    const classList = wire.cl[index] as number
    if (classList >= 0) node.classList = split(s[classList] ?? '')
    const direct = wire.dc[index] as number
    if (direct >= 0) node.directlySetClassList = split(s[direct] ?? '')
    const scope = wire.sc[index] as number
    if (scope >= 0) node.scope = s[scope] ?? ''
    parent?.children.push(index)
    nodes.push(node)
  }
  for (let at = 0; at < wire.pr.length; at += 4) {
    const node = nodes[wire.pr[at] as number]
    if (!node) continue
    const prop: NavTreeProp = {
      type: PROP_TYPES[wire.pr[at + 2] as number] ?? 'LITERAL',
      value: JSON.parse(s[wire.pr[at + 3] as number] ?? 'null') as NavTreeProp['value'],
    }
    node.props ??= {}
    node.props[s[wire.pr[at + 1] as number] ?? ''] = prop
  }
  for (let at = 0; at < wire.lc.length; at += 2) {
    const node = nodes[wire.lc[at] as number]
    if (!node) continue
    node.literalChildren ??= []
    node.literalChildren.push(s[wire.lc[at + 1] as number] ?? '')
  }
  return nodes
}
