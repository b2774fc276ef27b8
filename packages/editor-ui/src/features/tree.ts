import {
  decodeNavTree,
  type ElementKey,
  elementKeysEqual,
  type NavTreeNode,
  type NavTreePayload,
} from 'vite-plugin-visual-edit/protocol'
import type { Slice, SliceStore } from './slice.ts'

export interface TreeState {
  /** The inspector's last navigation tree, decoded: flat, in document order, parents first. */
  nodes: readonly NavTreeNode[]
}

/** The page's elements as the inspector last reported them (NAV_TREE), and the lookups of a key in them. */
export class Tree {
  readonly #slice: Slice<TreeState>

  constructor(store: SliceStore<unknown>) {
    this.#slice = store.slice<TreeState>({ nodes: [] })
  }

  get state(): TreeState {
    return this.#slice.state
  }

  /** NAV_TREE: the new tree, decoded. */
  received(payload: NavTreePayload): readonly NavTreeNode[] {
    const nodes = decodeNavTree(payload.tree)
    this.#slice.set({ nodes })
    return nodes
  }

  nodeOf(key: ElementKey | null | undefined): NavTreeNode | undefined {
    return key ? this.state.nodes.find((node) => elementKeysEqual(node.key, key)) : undefined
  }

  parentOf(key: ElementKey): NavTreeNode | undefined {
    const parent = this.nodeOf(key)?.parent
    return parent === null || parent === undefined ? undefined : this.state.nodes[parent]
  }

  areSiblings(a: ElementKey, b: ElementKey): boolean {
    const parentA = this.nodeOf(a)?.parent
    return parentA !== undefined && parentA === this.nodeOf(b)?.parent
  }

  /** The first node of a codebase id: where an element is after a full reload (its path may have moved). */
  firstWithCodebaseId(codebaseId: string): NavTreeNode | undefined {
    return this.state.nodes.find((node) => node.key.codebaseId === codebaseId)
  }
}
