import type { NavTreeNode, NavTreeProp, PropType } from './messages.ts'

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

const PROP_TYPES: readonly PropType[] = ['LITERAL', 'FUNCTION', 'JSON_OBJECT']

/** Every string of a tree once; a refresh of the tree continues its predecessor's table. */
export class StringTable {
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

/** A props record flattened for the wire (key, type index, value as JSON per prop), once per record. */
const flatProps = new WeakMap<object, readonly (string | number)[]>()

/** Gives `flatten` a record's entries made elsewhere (the encoder writes them in the same pass). */
export function rememberFlatProps(
  props: Readonly<Record<string, NavTreeProp>>,
  entries: readonly (string | number)[],
): void {
  flatProps.set(props, entries)
}

function flatten(props: Readonly<Record<string, NavTreeProp>>): readonly (string | number)[] {
  let flat = flatProps.get(props)
  if (!flat) {
    const entries: (string | number)[] = []
    for (const key in props) {
      const prop = props[key] as NavTreeProp
      const type = PROP_TYPES.indexOf(prop.type)
      // A JSON_OBJECT's value is already JSON text.
      entries.push(key, type, type === 2 ? String(prop.value) : JSON.stringify(prop.value))
    }
    flat = entries
    flatProps.set(props, flat)
  }
  return flat
}

const grown = (column: Int32Array, size: number): Int32Array => {
  const next = new Int32Array(size)
  next.set(column)
  return next
}

/**
 * Writes the wire form node by node, so a walk of the page can produce it without making a node
 * object per element. Nodes are added parents first; `finish(first)` copies out the nodes from
 * `first` on (the ones before are dropped, their children become roots). The writer keeps its own
 * columns, which the inspector reads for its lookups after the copies are transferred.
 */
export class NavTreeWriter {
  readonly #table: StringTable
  readonly #storyboard: number
  #size = 0
  #parent: Int32Array
  #id: Int32Array
  #seg: Int32Array
  #nm: Int32Array
  #tg: Int32Array
  #f: Int32Array
  #cl: Int32Array
  #dc: Int32Array
  #sc: Int32Array
  #b: Int32Array
  #lastScope: string | null = null
  #lastScopeIndex = -1
  /** Props (node, key, type: three numbers each, used up to #propsLength) and their values. */
  #props: Int32Array = new Int32Array(384)
  #propsLength = 0
  readonly #propValues: string[] = []
  /** Texts: the node of each (used up to #textsLength), and the texts. */
  #texts: Int32Array = new Int32Array(256)
  #textsLength = 0
  readonly #textValues: string[] = []
  /** Where each node's props and texts entries start (a node's entries follow it, before the next node). */
  #propsAt: Int32Array
  #textsAt: Int32Array

  /** `table`: a table to continue (a refresh's writer shares its predecessor's strings). */
  constructor(storyboardId: string, capacity = 256, table = new StringTable()) {
    this.#table = table
    this.#storyboard = this.#table.of(storyboardId)
    this.#parent = new Int32Array(capacity)
    this.#id = new Int32Array(capacity)
    this.#seg = new Int32Array(capacity)
    this.#nm = new Int32Array(capacity)
    this.#tg = new Int32Array(capacity)
    this.#f = new Int32Array(capacity)
    this.#cl = new Int32Array(capacity)
    this.#dc = new Int32Array(capacity)
    this.#sc = new Int32Array(capacity)
    this.#b = new Int32Array(capacity * 4)
    this.#propsAt = new Int32Array(capacity)
    this.#textsAt = new Int32Array(capacity)
  }

  get size(): number {
    return this.#size
  }

  get strings(): readonly string[] {
    return this.#table.strings
  }

  get table(): StringTable {
    return this.#table
  }

  /**
   * Adds a node and returns its index. `segment` is what its unique path adds to its parent's, or
   * `=` + the whole path when it does not extend it (a root's segment is its whole path). Classes are
   * joined by single spaces; null leaves a field out.
   */
  add(
    parent: number,
    codebaseId: string,
    segment: string,
    name: string,
    tag: string,
    isComponent: boolean,
    classes: string | null,
    directClasses: string | null,
    scope: string | null,
  ): number {
    const index = this.#start()
    this.set(index, parent, codebaseId, segment, name, tag, isComponent, classes, directClasses, scope)
    return index
  }

  /**
   * Adds a copy of node `index` of `source` (a writer of the same string table) under `parent`:
   * its fields, its texts and, with `withProps`, its props. The box is left to the caller.
   */
  copy(source: NavTreeWriter, index: number, parent: number, withProps: boolean): number {
    const to = this.#start()
    this.#parent[to] = parent
    this.#id[to] = source.#id[index] as number
    this.#seg[to] = source.#seg[index] as number
    this.#nm[to] = source.#nm[index] as number
    this.#tg[to] = source.#tg[index] as number
    this.#f[to] = source.#f[index] as number
    this.#cl[to] = source.#cl[index] as number
    this.#dc[to] = source.#dc[index] as number
    this.#sc[to] = source.#sc[index] as number
    const last = index === source.#size - 1
    if (withProps) {
      const from = source.#propsAt[index] as number
      const end = last ? source.#propsLength : (source.#propsAt[index + 1] as number)
      if (end > from) {
        this.#reserveProps(end - from)
        const out = this.#props
        let at = this.#propsLength
        for (let entry = from; entry < end; entry += 3) {
          out[at] = to
          out[at + 1] = source.#props[entry + 1] as number
          out[at + 2] = source.#props[entry + 2] as number
          this.#propValues.push(source.#propValues[entry / 3] as string)
          at += 3
        }
        this.#propsLength = at
      }
    }
    const from = source.#textsAt[index] as number
    const end = last ? source.#textsLength : (source.#textsAt[index + 1] as number)
    for (let entry = from; entry < end; entry++) this.#addText(to, source.#textValues[entry] as string)
    return to
  }

  /**
   * add() with its strings already in the table: their indexes (see `table`), -1 leaving classes,
   * direct classes or scope out. For a walk that looks each string up once for many nodes.
   */
  addIndexed(
    parent: number,
    codebaseId: number,
    segment: number,
    name: number,
    tag: number,
    isComponent: boolean,
    classes: number,
    directClasses: number,
    scope: number,
  ): number {
    const index = this.#start()
    this.#parent[index] = parent
    this.#id[index] = codebaseId
    this.#seg[index] = segment
    this.#nm[index] = name
    this.#tg[index] = tag
    this.#f[index] = isComponent ? 1 : 0
    this.#cl[index] = classes
    this.#dc[index] = directClasses
    this.#sc[index] = scope
    return index
  }

  /** Rewrites node `index` (a placeholder added before its contents were known). */
  set(
    index: number,
    parent: number,
    codebaseId: string,
    segment: string,
    name: string,
    tag: string,
    isComponent: boolean,
    classes: string | null,
    directClasses: string | null,
    scope: string | null,
  ): void {
    const table = this.#table
    this.#parent[index] = parent
    this.#id[index] = table.of(codebaseId)
    this.#seg[index] = table.of(segment)
    const nameIndex = table.of(name)
    this.#nm[index] = nameIndex
    // An element's name is its tag; neighbours mostly share a scope: both spare a table lookup.
    this.#tg[index] = tag === name ? nameIndex : table.of(tag)
    this.#f[index] = isComponent ? 1 : 0
    this.#cl[index] = classes === null ? -1 : table.of(classes)
    this.#dc[index] = directClasses === null ? -1 : table.of(directClasses)
    if (scope === null) this.#sc[index] = -1
    else {
      if (scope !== this.#lastScope) {
        this.#lastScope = scope
        this.#lastScopeIndex = table.of(scope)
      }
      this.#sc[index] = this.#lastScopeIndex
    }
  }

  setSegment(index: number, segment: string): void {
    this.#seg[index] = this.#table.of(segment)
  }

  /** Sets node `index`'s page box (rounded). */
  box(index: number, pageX: number, pageY: number, width: number, height: number): void {
    const at = index * 4
    this.#b[at] = Math.round(pageX)
    this.#b[at + 1] = Math.round(pageY)
    this.#b[at + 2] = Math.round(width)
    this.#b[at + 3] = Math.round(height)
  }

  /** Grows node `index`'s box to also cover this one (a component rendering several elements). */
  growBox(index: number, pageX: number, pageY: number, width: number, height: number): void {
    const b = this.#b
    const at = index * 4
    const left = Math.round(pageX)
    const top = Math.round(pageY)
    const right = Math.max((b[at] as number) + (b[at + 2] as number), left + Math.round(width))
    const bottom = Math.max((b[at + 1] as number) + (b[at + 3] as number), top + Math.round(height))
    b[at] = Math.min(b[at] as number, left)
    b[at + 1] = Math.min(b[at + 1] as number, top)
    b[at + 2] = right - (b[at] as number)
    b[at + 3] = bottom - (b[at + 1] as number)
  }

  /** Adds props to node `index`, the last node added (a node's entries follow it). */
  props(index: number, props: Readonly<Record<string, NavTreeProp>>): void {
    this.#checkLast(index)
    const flat = flatten(props)
    const table = this.#table
    this.#reserveProps(flat.length)
    const out = this.#props
    let at = this.#propsLength
    for (let from = 0; from < flat.length; from += 3) {
      out[at++] = index
      out[at++] = table.of(flat[from] as string)
      out[at++] = flat[from + 1] as number
      this.#propValues.push(flat[from + 2] as string)
    }
    this.#propsLength = at
  }

  /** Adds a literal child to node `index`, the last node added. */
  text(index: number, text: string): void {
    this.#checkLast(index)
    this.#addText(index, text)
  }

  #addText(index: number, text: string): void {
    if (this.#textsLength === this.#texts.length) this.#texts = grown(this.#texts, this.#texts.length * 2)
    this.#texts[this.#textsLength++] = index
    this.#textValues.push(text)
  }

  parentOf(index: number): number {
    return this.#parent[index] as number
  }

  codebaseIdOf(index: number): string {
    return this.#table.strings[this.#id[index] as number] ?? ''
  }

  nameOf(index: number): string {
    return this.#table.strings[this.#nm[index] as number] ?? ''
  }

  tagOf(index: number): string {
    return this.#table.strings[this.#tg[index] as number] ?? ''
  }

  isComponent(index: number): boolean {
    return ((this.#f[index] as number) & 1) === 1
  }

  /** Optional string fields: classes (joined), direct classes (joined), scope; undefined when absent. */
  classesOf(index: number): string | undefined {
    return this.#optional(this.#cl[index] as number)
  }

  directClassesOf(index: number): string | undefined {
    return this.#optional(this.#dc[index] as number)
  }

  scopeOf(index: number): string | undefined {
    return this.#optional(this.#sc[index] as number)
  }

  boxOf(index: number): NavTreeNode['pageBoundingBox'] {
    const at = index * 4
    const b = this.#b
    return {
      pageX: b[at] as number,
      pageY: b[at + 1] as number,
      width: b[at + 2] as number,
      height: b[at + 3] as number,
    }
  }

  /** The wire form of the nodes from `first` on, in arrays of their own (safe to transfer). */
  finish(first = 0): NavTreeWire {
    const from = Math.min(first, this.#size)
    const end = this.#size
    const p = this.#parent.slice(from, end)
    if (from > 0)
      for (let index = 0; index < p.length; index++) p[index] = Math.max(-1, (p[index] as number) - from)
    /**
     * Entries of nodes from `from` on, their node numbers moved down by `from`. Nodes before `from`
     * are at the start (entries follow their nodes), so the values are a suffix too.
     */
    const shifted = (entries: Int32Array, length: number, width: number, values: string[]) => {
      let skipped = 0
      while (skipped < length && (entries[skipped] as number) < from) skipped += width
      const out = entries.slice(skipped, length)
      if (from > 0) for (let at = 0; at < out.length; at += width) out[at] = (out[at] as number) - from
      return { entries: out, values: values.slice(skipped / width) }
    }
    const props = shifted(this.#props, this.#propsLength, 3, this.#propValues)
    const texts = shifted(this.#texts, this.#textsLength, 1, this.#textValues)
    return {
      v: 3,
      s: this.#table.strings,
      sb: this.#storyboard,
      p,
      id: this.#id.slice(from, end),
      seg: this.#seg.slice(from, end),
      nm: this.#nm.slice(from, end),
      tg: this.#tg.slice(from, end),
      f: this.#f.slice(from, end),
      cl: this.#cl.slice(from, end),
      dc: this.#dc.slice(from, end),
      sc: this.#sc.slice(from, end),
      b: this.#b.slice(from * 4, end * 4),
      pr: props.entries,
      pv: props.values,
      lc: texts.entries,
      lt: texts.values,
    }
  }

  /** Makes room for one more node and returns its index. */
  #start(): number {
    const index = this.#size
    if (index === this.#parent.length) this.#grow()
    this.#size++
    this.#propsAt[index] = this.#propsLength
    this.#textsAt[index] = this.#textsLength
    return index
  }

  #reserveProps(count: number): void {
    const needed = this.#propsLength + count
    if (needed > this.#props.length)
      this.#props = grown(this.#props, Math.max(this.#props.length * 2, needed))
  }

  #checkLast(index: number): void {
    if (index !== this.#size - 1)
      throw new Error(`entries are added to the last node (${this.#size - 1}), not ${index}`)
  }

  #optional(index: number): string | undefined {
    return index < 0 ? undefined : (this.#table.strings[index] ?? '')
  }

  #grow(): void {
    const size = this.#parent.length * 2
    this.#parent = grown(this.#parent, size)
    this.#id = grown(this.#id, size)
    this.#seg = grown(this.#seg, size)
    this.#nm = grown(this.#nm, size)
    this.#tg = grown(this.#tg, size)
    this.#f = grown(this.#f, size)
    this.#cl = grown(this.#cl, size)
    this.#dc = grown(this.#dc, size)
    this.#sc = grown(this.#sc, size)
    this.#b = grown(this.#b, size * 4)
    this.#propsAt = grown(this.#propsAt, size)
    this.#textsAt = grown(this.#textsAt, size)
  }
}

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
