import type { NavTreeNode, NavTreeProp, NavTreeWire } from './nav-tree-node.ts'
import { StringTable } from './string-table.ts'
import { flattenProps } from './wire-props.ts'

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
    this.#write(
      to,
      parent,
      source.#id[index] as number,
      source.#seg[index] as number,
      source.#nm[index] as number,
      source.#tg[index] as number,
      ((source.#f[index] as number) & 1) === 1,
      source.#cl[index] as number,
      source.#dc[index] as number,
      source.#sc[index] as number,
    )
    if (withProps) {
      const [from, end] = source.#entries(source.#propsAt, source.#propsLength, index)
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
    const [from, end] = source.#entries(source.#textsAt, source.#textsLength, index)
    for (let entry = from; entry < end; entry++) this.#addText(to, source.#textValues[entry] as string)
    return to
  }

  /** Where node `index`'s entries are in an entry column: from its start to the next node's. */
  #entries(starts: Int32Array, length: number, index: number): [number, number] {
    return [starts[index] as number, index === this.#size - 1 ? length : (starts[index + 1] as number)]
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
    this.#write(index, parent, codebaseId, segment, name, tag, isComponent, classes, directClasses, scope)
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
    const nameIndex = table.of(name)
    // Neighbours mostly share a scope: it spares a table lookup.
    if (scope !== null && scope !== this.#lastScope) {
      this.#lastScope = scope
      this.#lastScopeIndex = table.of(scope)
    }
    this.#write(
      index,
      parent,
      table.of(codebaseId),
      table.of(segment),
      nameIndex,
      // An element's name is its tag.
      tag === name ? nameIndex : table.of(tag),
      isComponent,
      classes === null ? -1 : table.of(classes),
      directClasses === null ? -1 : table.of(directClasses),
      scope === null ? -1 : this.#lastScopeIndex,
    )
  }

  /** Writes node `index`'s fields, every string as its table index. */
  #write(
    index: number,
    parent: number,
    codebaseId: number,
    segment: number,
    name: number,
    tag: number,
    isComponent: boolean,
    classes: number,
    directClasses: number,
    scope: number,
  ): void {
    this.#parent[index] = parent
    this.#id[index] = codebaseId
    this.#seg[index] = segment
    this.#nm[index] = name
    this.#tg[index] = tag
    this.#f[index] = isComponent ? 1 : 0
    this.#cl[index] = classes
    this.#dc[index] = directClasses
    this.#sc[index] = scope
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
    const flat = flattenProps(props)
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

  /**
   * The wire form of the nodes from `first` on, in arrays of their own (safe to transfer), with the
   * whole string table (see withUsedStrings in nav-tree-wire.ts).
   */
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

  /**
   * Whether this writer holds the same nodes as `other`, a writer of the same string table (a refresh
   * and the build it continued): every field, box, prop and text alike. Strings are compared by their
   * table index, so writers of different tables are never the same.
   */
  sameNodes(other: NavTreeWriter): boolean {
    const size = this.#size
    return (
      other.#table === this.#table &&
      other.#storyboard === this.#storyboard &&
      other.#size === size &&
      sameStart(this.#parent, other.#parent, size) &&
      sameStart(this.#id, other.#id, size) &&
      sameStart(this.#seg, other.#seg, size) &&
      sameStart(this.#nm, other.#nm, size) &&
      sameStart(this.#tg, other.#tg, size) &&
      sameStart(this.#f, other.#f, size) &&
      sameStart(this.#cl, other.#cl, size) &&
      sameStart(this.#dc, other.#dc, size) &&
      sameStart(this.#sc, other.#sc, size) &&
      sameStart(this.#b, other.#b, size * 4) &&
      other.#propsLength === this.#propsLength &&
      sameStart(this.#props, other.#props, this.#propsLength) &&
      sameStart(this.#propValues, other.#propValues, this.#propValues.length) &&
      other.#textsLength === this.#textsLength &&
      sameStart(this.#texts, other.#texts, this.#textsLength) &&
      sameStart(this.#textValues, other.#textValues, this.#textValues.length)
    )
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

/** Whether `a` and `b` hold the same first `length` entries (both are at least that long). */
function sameStart<T>(a: ArrayLike<T>, b: ArrayLike<T>, length: number): boolean {
  if (a.length < length || b.length < length) return false
  for (let index = 0; index < length; index++) if (a[index] !== b[index]) return false
  return true
}
