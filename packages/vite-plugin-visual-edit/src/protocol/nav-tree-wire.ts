import type { NavTreeNode, NavTreeProp, NavTreeWire } from './nav-tree-node.ts'
import { NavTreeWriter } from './nav-tree-writer.ts'
import { PROP_TYPES } from './wire-props.ts'

/** Encodes a tree built as NavTreeNode objects (document order, parents first). */
export function encodeNavTree(nodes: readonly NavTreeNode[]): NavTreeWire {
  const writer = new NavTreeWriter(nodes[0]?.key.storyboardId ?? '', Math.max(1, nodes.length))
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index] as NavTreeNode
    const parent = node.parent === null ? undefined : nodes[node.parent]
    const path = node.key.uniquePath
    const parentPath = parent?.key.uniquePath
    const segment =
      parentPath === undefined
        ? path
        : path.startsWith(parentPath)
          ? path.slice(parentPath.length)
          : `=${path}`
    writer.add(
      node.parent ?? -1,
      node.key.codebaseId,
      segment,
      node.name,
      node.elementTagName,
      node.isComponent,
      node.classList ? node.classList.join(' ') : null,
      node.directlySetClassList ? node.directlySetClassList.join(' ') : null,
      node.scope ?? null,
    )
    const box = node.pageBoundingBox
    writer.box(index, box.pageX, box.pageY, box.width, box.height)
    if (node.props) writer.props(index, node.props)
    if (node.literalChildren) for (const text of node.literalChildren) writer.text(index, text)
  }
  return writer.finish()
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
  for (let at = 0; at < wire.pr.length; at += 3) {
    const node = nodes[wire.pr[at] as number]
    if (!node) continue
    const type = wire.pr[at + 2] as number
    const text = wire.pv[at / 3] ?? 'null'
    const prop: NavTreeProp = {
      type: PROP_TYPES[type] ?? 'LITERAL',
      value: type === 2 ? text : (JSON.parse(text) as NavTreeProp['value']),
    }
    node.props ??= {}
    node.props[s[wire.pr[at + 1] as number] ?? ''] = prop
  }
  for (let at = 0; at < wire.lc.length; at++) {
    const node = nodes[wire.lc[at] as number]
    if (!node) continue
    node.literalChildren ??= []
    node.literalChildren.push(wire.lt[at] ?? '')
  }
  return nodes
}

/**
 * Past this share of strings no node uses, a tree is sent with a table of its own strings only. A
 * refresh continues the last build's table, which keeps the strings of what changed since (old
 * classes, removed elements' paths) until the next whole walk.
 */
const MAX_UNUSED_SHARE = 1 / 8

/**
 * `wire` with only the strings its nodes use, renumbered in its own columns, when the table holds
 * more than MAX_UNUSED_SHARE unused; as it is otherwise. The columns are the wire's own copies: the
 * writer keeps its table and indexes.
 */
export function withUsedStrings(wire: NavTreeWire): NavTreeWire {
  const { s: strings, pr } = wire
  const columns = [wire.id, wire.seg, wire.nm, wire.tg, wire.cl, wire.dc, wire.sc]
  const used = new Uint8Array(strings.length)
  used[0] = 1
  used[wire.sb] = 1
  for (const column of columns) {
    for (let at = 0; at < column.length; at++) {
      const index = column[at] as number
      if (index >= 0) used[index] = 1
    }
  }
  for (let at = 1; at < pr.length; at += 3) used[pr[at] as number] = 1
  let count = 0
  for (let index = 0; index < used.length; index++) count += used[index] as number
  if (strings.length - count <= strings.length * MAX_UNUSED_SHARE) return wire
  const renumbered = new Int32Array(strings.length)
  const kept: string[] = []
  for (let index = 0; index < strings.length; index++) {
    if (used[index] === 0) continue
    renumbered[index] = kept.length
    kept.push(strings[index] as string)
  }
  for (const column of columns) {
    for (let at = 0; at < column.length; at++) {
      const index = column[at] as number
      if (index >= 0) column[at] = renumbered[index] as number
    }
  }
  for (let at = 1; at < pr.length; at += 3) pr[at] = renumbered[pr[at] as number] as number
  return { ...wire, s: kept, sb: renumbered[wire.sb] as number }
}
