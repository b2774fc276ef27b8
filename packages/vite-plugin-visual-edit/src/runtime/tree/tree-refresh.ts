/**
 * A rebuild after DOM mutations that walks only what changed. The mutation records name the elements
 * whose children, class, codebase id or text changed; everything outside them is copied from the last
 * build (its strings, props and texts as they were) with its box read again, since any mutation can
 * move anything. What React re-rendered without touching the DOM shows as a new props object and is
 * encoded again. The result is the tree a whole walk would give (tree-refresh.test.ts checks that
 * against walkPage on random mutations); when that cannot be told cheaply the refresh answers 'full'.
 */
import { CODEBASE_ID_ATTRIBUTE } from '../../protocol/ids.ts'
import type { NavTreeProp } from '../../protocol/nav-tree-node.ts'
import { OVERLAY_ATTRIBUTE } from '../core/context.ts'
import { encodeProps, SKIPPED_COMPONENT_PROPS, SKIPPED_HOST_PROPS } from '../react/node-props.ts'
import {
  codebaseIdOfFiber,
  committedProps,
  type Fiber,
  fiberOf,
  parentFiber,
  propsOf,
  readingFibers,
} from '../react/react-fiber.ts'
import { isOverlay } from './element-keys.ts'
import type { BuildRecords, TreeStore } from './tree-store.ts'
import { applyRootRules, createWalker, startRecords, type Walk } from './tree-walk.ts'

/** More changed subtrees than this, and a whole walk is about as quick. */
const MAX_DIRTY_ROOTS = 64

/** Nodes copied between two clock reads. */
const CLOCK_EVERY = 32

export interface Refresh {
  /** The last build, and its store (whose element index finds the parents of changed parts). */
  previous: BuildRecords
  store: TreeStore
  /** Elements whose subtree may differ from the last build (see dirtyElementOf). */
  dirty: Iterable<Element>
  /** The element-child index path of an element from the body (the overlay left out). */
  domPath: (element: Element) => string | null
}

/** A changed part of the page: walked again whole, in place of its old nodes. */
interface DirtyRoot {
  element: Element
  path: string
}

/** Attributes the tree shows: a change to any other only moves boxes, which every refresh re-reads. */
const TREE_ATTRIBUTES: ReadonlySet<string> = new Set(['class', CODEBASE_ID_ATTRIBUTE])

/** Changed elements noted for one refresh beyond which the next build walks the whole page. */
const MAX_DIRTY_ELEMENTS = 1024

const OVERLAY_SELECTOR = `[${OVERLAY_ATTRIBUTE}]`

/**
 * The elements whose subtrees mutations changed since the last build began, from the records of a
 * MutationObserver on the document; the overlay's own mutations are not the page's.
 */
export class DirtyElements {
  /** Null: the next build walks the whole page (the first one, or too much changed). */
  #elements: Set<Element> | null = null

  /** Notes what the records changed; false when none of them concerns the page. */
  note(records: readonly MutationRecord[]): boolean {
    let relevant = false
    for (const record of records) {
      const target = record.target
      const element = target.nodeType === 1 ? (target as Element) : target.parentElement
      if (element?.closest(OVERLAY_SELECTOR)) continue
      if (record.type === 'childList') {
        const changed = [...Array.from(record.addedNodes), ...Array.from(record.removedNodes)]
        if (changed.every((node) => node.nodeType === 1 && isOverlay(node as Element))) continue
      }
      relevant = true
      if (!this.#elements) continue
      const dirty = dirtyElementOf(record)
      if (dirty === 'full') this.#elements = null
      else if (dirty) {
        this.#elements.add(dirty)
        if (this.#elements.size > MAX_DIRTY_ELEMENTS) this.#elements = null
      }
    }
    return relevant
  }

  /** What changed since the last take (null: walk the whole page); noting starts afresh. */
  take(): Set<Element> | null {
    const taken = this.#elements
    this.#elements = new Set()
    return taken
  }

  /** The next build walks the whole page (mutations may have gone unseen). */
  forget(): void {
    this.#elements = null
  }
}

/**
 * The element whose subtree a mutation record changed, null when the tree cannot have changed
 * (another attribute), or 'full' when only a whole walk will do (the document itself changed).
 */
function dirtyElementOf(record: MutationRecord): Element | null | 'full' {
  if (record.type === 'attributes') {
    return record.attributeName && TREE_ATTRIBUTES.has(record.attributeName)
      ? (record.target as Element)
      : null
  }
  const target = record.target
  if (record.type === 'characterData') return target.parentElement
  return target.nodeType === 1 ? (target as Element) : 'full'
}

/**
 * Where the element of a dirty root stands against a node, both given by unique path: the node is
 * `under` the root (its element is the root or inside it), or the root comes `before` or `after` the
 * node in document order. A component node's path is its first element's plus its name segments; its
 * element part is what counts (its node comes before that element's).
 */
export function placement(root: string, path: string): 'under' | 'before' | 'after' {
  let at = 0
  let pathAt = 0
  for (;;) {
    if (at >= root.length) return 'under'
    // A component name segment never starts with a digit: the node's element path ends there.
    const code = path.charCodeAt(pathAt)
    if (pathAt >= path.length || code < 48 || code > 57) return 'after'
    let rootEnd = at
    while (rootEnd < root.length && root.charCodeAt(rootEnd) !== 45) rootEnd++
    let pathEnd = pathAt
    while (pathEnd < path.length && path.charCodeAt(pathEnd) !== 45) pathEnd++
    if (rootEnd - at !== pathEnd - pathAt) return rootEnd - at < pathEnd - pathAt ? 'before' : 'after'
    for (let offset = 0; offset < rootEnd - at; offset++) {
      const difference = root.charCodeAt(at + offset) - path.charCodeAt(pathAt + offset)
      if (difference !== 0) return difference < 0 ? 'before' : 'after'
    }
    at = rootEnd + 1
    pathAt = pathEnd + 1
  }
}

/**
 * The dirty elements as the roots to walk again, in document order, none inside another; 'full'
 * when the body itself changed or there are too many. A root is never the first element of a tagged
 * component (the component node would then start outside the walked part): such an element stands
 * for its parent.
 */
function dirtyRoots(walk: Walk, refresh: Refresh): DirtyRoot[] | 'full' {
  const { doc } = walk.context
  const body = doc.body
  if (!body) return 'full'
  const found: Element[] = []
  for (const dirty of refresh.dirty) {
    let element: Element | null = dirty
    if (!element.isConnected) continue
    if (!body.contains(element)) {
      if (doc.head?.contains(element)) continue
      return 'full'
    }
    for (; element && element !== body; element = element.parentElement) {
      const fiber = fiberOf(element)
      if (!fiber || !walk.taggedComponents(fiber)) break
    }
    if (!element || element === body) return 'full'
    found.push(element)
  }
  found.sort((a, b) => (a === b ? 0 : a.compareDocumentPosition(b) & 4 ? -1 : 1))
  const roots: DirtyRoot[] = []
  for (const element of found) {
    const last = roots[roots.length - 1]
    if (last?.element.contains(element)) continue
    const path = refresh.domPath(element)
    // Inside the overlay: never in the tree.
    if (path === null) continue
    roots.push({ element, path })
  }
  return roots.length > MAX_DIRTY_ROOTS ? 'full' : roots
}

/**
 * The component fiber of a copied component node as React has it now: its node's fiber or that
 * fiber's alternate, met walking up from the current fiber of its first element (as a walk would).
 */
function currentComponentFiber(previous: BuildRecords, index: number): Fiber | null {
  const stored = previous.fibers[index]
  const owned = previous.elements[index]
  const first = Array.isArray(owned) ? owned[0] : owned
  if (!stored || !first) return null
  const host = fiberOf(first)
  for (let fiber = host && parentFiber(host); fiber; fiber = parentFiber(fiber)) {
    if (fiber === stored || fiber === stored.alternate) return fiber
  }
  return null
}

/**
 * Refreshes the last build (see the module comment); null when cancelled, 'full' when a whole walk
 * must decide (the body changed, too many changed parts, a component that moved without a mutation).
 */
export async function refreshPage(walk: Walk, refresh: Refresh): Promise<BuildRecords | null | 'full'> {
  const { context, slices } = walk
  const { previous, store } = refresh
  const roots = readingFibers(() => dirtyRoots(walk, refresh))
  if (roots === 'full') return 'full'
  const old = previous.writer
  // The copies keep their string indexes: the new writer continues the old table.
  const records = startRecords(walk, old.table)
  const out = records.writer
  const walker = createWalker(walk, records)
  const { paths, elements, props, texts, sources, fibers } = records
  /** Old node -> its copy (-1: dropped or walked again). The body placeholder stays node 0. */
  const moved = new Int32Array(old.size).fill(-1)
  moved[0] = 0
  let scrollX = context.win.scrollX
  let scrollY = context.win.scrollY
  /** Consecutive nodes (a component and its element) share one rect read. */
  let rectOf: Element | null = null
  let rect: DOMRect | null = null
  const read = (element: Element): DOMRect => {
    if (element !== rectOf || !rect) {
      rect = element.getBoundingClientRect()
      rectOf = element
    }
    return rect
  }

  /** Walks a root again under its nearest kept ancestor's copy; false when that cannot be found. */
  const emit = async (root: DirtyRoot): Promise<boolean | null> => {
    let parentOld = 0
    for (let ancestor = root.element.parentElement; ancestor; ancestor = ancestor.parentElement) {
      if (ancestor === context.doc.body) break
      const known = store.indexOfElement(ancestor)
      if (known >= 0) {
        parentOld = known + previous.first
        break
      }
    }
    const parent = moved[parentOld] as number
    if (parent < 0) return false
    const parentPath = previous.paths[parentOld] as string
    const relative =
      parentOld === 0
        ? root.path.slice(1)
        : old.isComponent(parentOld)
          ? null
          : root.path.startsWith(`${parentPath}-`)
            ? root.path.slice(parentPath.length)
            : null
    const walked = await walker.walk(root.element, root.path, parent, relative)
    if (!walked) return null
    rectOf = null
    return true
  }

  const oldPaths = previous.paths
  const oldElements = previous.elements
  const oldProps = previous.props
  const oldTexts = previous.texts
  const oldSources = previous.sources
  const oldFibers = previous.fibers
  const size = old.size
  /** The next old node to copy, the next root to walk, and the root whose old nodes are skipped. */
  let index = 1
  let next = 0
  let inside: DirtyRoot | null = null
  /** Where the next root stands against old node `index`, when copySome stopped for it. */
  let due = 'before' as 'under' | 'before'

  /**
   * Copies old nodes until they are all copied ('done'), the slice is spent ('yield'), the next root
   * is to be walked before node `index` ('root'), or a copy shows the refresh cannot tell ('full').
   * Synchronous, so that V8 optimizes its loop while it runs.
   */
  const copySome = (): 'done' | 'yield' | 'root' | 'full' => {
    let sinceClock = 0
    for (; index < size; index++) {
      if (++sinceClock >= CLOCK_EVERY) {
        sinceClock = 0
        if (slices.spent()) return 'yield'
      }
      const path = oldPaths[index] as string
      if (inside) {
        if (placement(inside.path, path) === 'under') continue
        inside = null
      }
      if (next < roots.length) {
        const where = placement((roots[next] as DirtyRoot).path, path)
        if (where !== 'after') {
          due = where
          return 'root'
        }
      }

      const oldParent = old.parentOf(index)
      const parent = moved[oldParent] as number
      if (parent < 0) return 'full'
      const owned = oldElements[index] as Element | Element[]
      let fiber = oldFibers[index]
      let source = oldSources[index]
      const before = oldProps[index]
      let encoded: Readonly<Record<string, NavTreeProp>> | undefined = before
      // Props React rendered since, without a DOM change.
      if (old.isComponent(index)) {
        const current = currentComponentFiber(previous, index)
        if (!current) return 'full'
        fiber = current
        const now = propsOf(current)
        if (now !== source) {
          if (codebaseIdOfFiber(current) !== old.codebaseIdOf(index)) return 'full'
          source = now
          encoded = encodeProps(now, SKIPPED_COMPONENT_PROPS)
        }
      } else if (fiber && committedProps(owned as Element) !== source) {
        const current = fiberOf(owned as Element)
        if (!current) return 'full'
        fiber = current
        const now = propsOf(current)
        if (now !== source) {
          source = now
          encoded = encodeProps(now, SKIPPED_HOST_PROPS)
        }
      }
      const changed = encoded !== before
      const to = out.copy(old, index, parent, !changed)
      if (changed && encoded) out.props(to, encoded)
      moved[index] = to
      paths.push(path)
      elements.push(owned)
      props.push(encoded)
      texts.push(oldTexts[index])
      sources.push(source)
      fibers.push(fiber)
      // A top node's segment extends the body's path (the root rules may have made it the whole path).
      if (oldParent === 0) out.setSegment(to, path.slice(1))
      if (Array.isArray(owned)) {
        // A fragment's component: its box covers every top element.
        for (let at = 0; at < owned.length; at++) {
          const box = read(owned[at] as Element)
          if (at === 0) out.box(to, box.x + scrollX, box.y + scrollY, box.width, box.height)
          else out.growBox(to, box.x + scrollX, box.y + scrollY, box.width, box.height)
        }
      } else {
        const box = read(owned)
        const width = box.width
        const height = box.height
        // A copied element no longer in the page means a mutation went unseen: walk it all.
        if (width === 0 && height === 0 && !owned.isConnected) return 'full'
        out.box(to, box.x + scrollX, box.y + scrollY, width, height)
      }
    }
    return 'done'
  }

  for (;;) {
    // React cannot commit during a slice: its current fibers are settled once per slice.
    const status = readingFibers(copySome)
    if (status === 'full') return 'full'
    if (status === 'done') break
    if (status === 'yield') {
      await slices.next()
      if (walk.cancelled()) return null
      walker.rescroll()
      scrollX = context.win.scrollX
      scrollY = context.win.scrollY
      rectOf = null
      continue
    }
    const root = roots[next++] as DirtyRoot
    const emitted = await emit(root)
    if (emitted === null) return null
    if (!emitted) return 'full'
    if (due === 'under') inside = root
  }
  for (; next < roots.length; next++) {
    const emitted = await emit(roots[next] as DirtyRoot)
    if (emitted === null) return null
    if (!emitted) return 'full'
  }
  applyRootRules(context, records)
  return records
}
