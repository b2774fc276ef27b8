import type { ElementKey } from '../../protocol/element-key.ts'
import type { NavTreeNode, NavTreeProp } from '../../protocol/nav-tree-node.ts'
import { NavTreeWriter } from '../../protocol/nav-tree-writer.ts'
import type { Fiber } from '../react/react-fiber.ts'

/** What a build recorded beside the wire columns, indexed like the writer's nodes. */
export interface BuildRecords {
  writer: NavTreeWriter
  /** The writer's index of the tree's first node (1 when the walk's body placeholder was dropped). */
  first: number
  paths: string[]
  /** A node's element, or a component node's top elements. */
  elements: (Element | Element[])[]
  props: (Readonly<Record<string, NavTreeProp>> | undefined)[]
  texts: (string[] | undefined)[]
  /** The React props object a node's props were read from (a refresh re-reads only changed ones). */
  sources: (object | undefined)[]
  /** A node's fiber: the host fiber of an element node, the component fiber of a component node. */
  fibers: (Fiber | undefined)[]
}

/**
 * The last tree, for the inspector's own lookups, read from the columns the build wrote: node objects
 * are made only for the nodes asked for (a hover asks for one or two, not for the whole page), and the
 * indexes by path, codebase id and children on first use. Indexes here count from the tree's root.
 */
export class TreeStore {
  readonly size: number
  readonly #records: BuildRecords
  readonly #storyboardId: string
  readonly #nodes: (NavTreeNode | undefined)[] = []
  readonly #keys: (ElementKey | undefined)[] = []
  #byPath: Map<string, number> | null = null
  #byCodebaseId: Map<string, number[]> | null = null
  /** Children in one array: node i's are `#childList[#childStart[i]] .. [#childStart[i + 1] - 1]`. */
  #childStart: Int32Array | null = null
  #childList: Int32Array | null = null
  #levels: Int32Array | null = null
  /** Element -> its own node, else the innermost component node it is a top element of. */
  #ofElement: Map<Element, number> | null = null

  constructor(records: BuildRecords, storyboardId: string) {
    this.#records = records
    this.#storyboardId = storyboardId
    this.size = records.writer.size - records.first
  }

  /** What the build recorded (a refresh continues from it). */
  get records(): BuildRecords {
    return this.#records
  }

  static empty(storyboardId: string): TreeStore {
    return new TreeStore(
      {
        writer: new NavTreeWriter(storyboardId, 1),
        first: 0,
        paths: [],
        elements: [],
        props: [],
        texts: [],
        sources: [],
        fibers: [],
      },
      storyboardId,
    )
  }

  /** The key of the node at `index` (made once per build; a hover needs no more of the node). */
  key(index: number): ElementKey {
    let key = this.#keys[index]
    if (!key) {
      const { writer, first, paths } = this.#records
      const slot = index + first
      key = {
        codebaseId: writer.codebaseIdOf(slot),
        storyboardId: this.#storyboardId,
        uniquePath: paths[slot] ?? '',
      }
      this.#keys[index] = key
    }
    return key
  }

  isComponent(index: number): boolean {
    return this.#records.writer.isComponent(index + this.#records.first)
  }

  /** The node at `index` (made once per build). */
  node(index: number): NavTreeNode {
    let node = this.#nodes[index]
    if (node) return node
    const { writer, first, props, texts } = this.#records
    const slot = index + first
    const parent = this.parent(index)
    node = {
      key: this.key(index),
      parent: parent < 0 ? null : parent,
      children: [...this.children(index)],
      name: writer.nameOf(slot),
      elementTagName: writer.tagOf(slot),
      isComponent: writer.isComponent(slot),
      pageBoundingBox: writer.boxOf(slot),
      level: this.#levelsOf()[index] as number,
    }
    const classes = writer.classesOf(slot)
    if (classes !== undefined) node.classList = classes === '' ? [] : classes.split(' ')
    const direct = writer.directClassesOf(slot)
    if (direct !== undefined) node.directlySetClassList = direct === '' ? [] : direct.split(' ')
    const nodeProps = props[slot]
    if (nodeProps) node.props = { ...nodeProps }
    const scope = writer.scopeOf(slot)
    if (scope !== undefined) node.scope = scope
    const nodeTexts = texts[slot]
    if (nodeTexts) node.literalChildren = [...nodeTexts]
    this.#nodes[index] = node
    return node
  }

  /** The key and page box of each node with this codebase id, without making its node. */
  instancesWithCodebaseId(
    codebaseId: string,
  ): Array<{ key: ElementKey; box: NavTreeNode['pageBoundingBox'] }> {
    const { writer, first } = this.#records
    return this.withCodebaseId(codebaseId).map((index) => ({
      key: this.key(index),
      box: writer.boxOf(index + first),
    }))
  }

  /** Every node, in document order (parents first). */
  all(): NavTreeNode[] {
    const nodes: NavTreeNode[] = []
    for (let index = 0; index < this.size; index++) nodes.push(this.node(index))
    return nodes
  }

  parent(index: number): number {
    const { writer, first } = this.#records
    const parent = writer.parentOf(index + first) - first
    return parent < 0 ? -1 : parent
  }

  children(index: number): readonly number[] {
    if (!this.#childStart || !this.#childList) {
      const start = new Int32Array(this.size + 1)
      for (let child = 0; child < this.size; child++) {
        const parent = this.parent(child)
        if (parent >= 0) start[parent + 1] = (start[parent + 1] as number) + 1
      }
      for (let at = 0; at < this.size; at++) start[at + 1] = (start[at + 1] as number) + (start[at] as number)
      const fill = start.slice(0, this.size)
      const list = new Int32Array(this.size)
      for (let child = 0; child < this.size; child++) {
        const parent = this.parent(child)
        if (parent >= 0) {
          const at = fill[parent] as number
          list[at] = child
          fill[parent] = at + 1
        }
      }
      this.#childStart = start
      this.#childList = list
    }
    return Array.from(this.#childList.subarray(this.#childStart[index], this.#childStart[index + 1]))
  }

  /** The node with this unique path, or -1. */
  indexOfPath(path: string): number {
    if (!this.#byPath) {
      const { paths, first } = this.#records
      const byPath = new Map<string, number>()
      for (let index = 0; index < this.size; index++) byPath.set(paths[index + first] as string, index)
      this.#byPath = byPath
    }
    return this.#byPath.get(path) ?? -1
  }

  withCodebaseId(codebaseId: string): readonly number[] {
    if (!this.#byCodebaseId) {
      const { writer, first } = this.#records
      const byCodebaseId = new Map<string, number[]>()
      for (let index = 0; index < this.size; index++) {
        const id = writer.codebaseIdOf(index + first)
        const same = byCodebaseId.get(id)
        if (same) same.push(index)
        else byCodebaseId.set(id, [index])
      }
      this.#byCodebaseId = byCodebaseId
    }
    return this.#byCodebaseId.get(codebaseId) ?? []
  }

  /** The node of an element (its own, else the innermost component node it is a top element of), or -1. */
  indexOfElement(element: Element): number {
    if (!this.#ofElement) {
      // Nodes come in walk order: an element's component nodes outermost first, then its own node, so
      // the last node met for an element is the one it answers to.
      const ofElement = new Map<Element, number>()
      for (let index = 0; index < this.size; index++) {
        const owned = this.elementsOf(index)
        if (Array.isArray(owned)) for (const element of owned) ofElement.set(element, index)
        else if (owned) ofElement.set(owned, index)
      }
      this.#ofElement = ofElement
    }
    return this.#ofElement.get(element) ?? -1
  }

  /**
   * Makes the lookup indexes in idle time after a build, so the next hover does not pay for them:
   * one index per call, so no call is a long task on a large page. False once all are made.
   */
  warm(): boolean {
    if (this.size === 0) return false
    if (!this.#ofElement) this.indexOfElement(this.#records.elements[this.#records.first] as Element)
    else if (!this.#byPath) this.indexOfPath('')
    else if (!this.#childStart) this.children(0)
    else if (!this.#levels) this.node(0)
    else return false
    return true
  }

  elementsOf(index: number): Element | Element[] | undefined {
    return this.#records.elements[index + this.#records.first]
  }

  #levelsOf(): Int32Array {
    if (!this.#levels) {
      const levels = new Int32Array(this.size)
      for (let index = 0; index < this.size; index++) {
        const parent = this.parent(index)
        levels[index] = parent < 0 ? 0 : (levels[parent] as number) + 1
      }
      this.#levels = levels
    }
    return this.#levels
  }
}
