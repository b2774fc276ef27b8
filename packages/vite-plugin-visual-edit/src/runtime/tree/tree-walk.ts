/**
 * One walk of the page for the navigation tree (rules and unique paths: see createNavTree in
 * nav-tree.ts): the elements and React fibers read once, in time slices, written straight into the
 * wire columns. tree-refresh.ts walks only the changed parts of a page with the same walker.
 */
import { CODEBASE_ID_ATTRIBUTE, EMPTY_TREE_CODEBASE_ID, SKIP_ROOT_CODEBASE_ID } from '../../protocol/ids.ts'
import { NavTreeWriter } from '../../protocol/nav-tree-writer.ts'
import type { StringTable } from '../../protocol/string-table.ts'
import type { InspectorContext } from '../core/context.ts'
import { encodeProps, SKIPPED_COMPONENT_PROPS, SKIPPED_HOST_PROPS } from '../react/node-props.ts'
import { type Fiber, fiberOf, propsOf, readingFibers } from '../react/react-fiber.ts'
import { isOverlay, type TaggedComponent } from './element-keys.ts'
import type { BuildRecords } from './tree-store.ts'
import { componentPathSegment, positionSegment, WalkStrings } from './walk-strings.ts'

/** Elements the walk handles between two clock reads. */
const CLOCK_EVERY = 16

/** What one walk of the page needs from the navigation tree that runs it. */
export interface Walk {
  context: InspectorContext
  /** Whether a codebase id belongs in this storyboard's tree. */
  keeps: (codebaseId: string) => boolean
  taggedComponents: (hostFiber: Fiber) => TaggedComponent[] | null
  /** Time slices: the walk yields at `next()` once `spent()`. */
  slices: { spent(): boolean; next(): Promise<void> }
  /** True once the walk is to stop (the tree was stopped meanwhile). */
  cancelled: () => boolean
  /** Nodes to make room for up front (the last tree's size: a rebuild rarely grows its columns). */
  capacity: number
}

/**
 * Empty records whose node 0 is the body, parent of the forest a walk finds (the root rules settle
 * what it becomes). `table`: the string table to continue (a refresh).
 */
export function startRecords(walk: Walk, table?: StringTable): BuildRecords {
  const out = new NavTreeWriter(walk.context.storyboardId, walk.capacity, table)
  out.add(-1, EMPTY_TREE_CODEBASE_ID, '0', 'body', 'body', false, null, null, null)
  return {
    writer: out,
    first: 0,
    paths: ['0'],
    elements: [walk.context.doc.body ?? walk.context.doc.documentElement],
    props: [undefined],
    texts: [undefined],
    sources: [undefined],
    fibers: [undefined],
  }
}

/**
 * Walks the body once, depth first in document order, in slices, writing the wire form as it goes
 * (no node objects); null when stop() cancelled it.
 */
export async function walkPage(walk: Walk): Promise<BuildRecords | null> {
  const records = startRecords(walk)
  const body = walk.context.doc.body
  if (!body) {
    records.writer.box(0, 0, 0, 0, 0)
    return records
  }
  if (!(await createWalker(walk, records).walkChildren(body, '0', 0, ''))) return null
  applyRootRules(walk.context, records)
  return records
}

export interface Walker {
  /**
   * Walks `element` and its subtree, appending their nodes to the records: `path` is the element's
   * unique path, `parent` the node of its nearest kept ancestor and `relative` what `path` adds to
   * that node's path (null when it does not extend it: the parent is a component node). False when
   * the walk was cancelled.
   */
  walk(element: Element, path: string, parent: number, relative: string | null): Promise<boolean>
  /** The same for the element children of `element` (the body, for a whole page). */
  walkChildren(element: Element, path: string, parent: number, relative: string | null): Promise<boolean>
  /** Reads the page's scroll offsets again (after the caller yielded between two walks). */
  rescroll(): void
}

/**
 * The walk itself. Its loop is the hot path of every build: one pass over the children of each
 * element (its element children pushed, a node's own text collected), parents referenced by index,
 * every string written once to the table.
 */
export function createWalker(walk: Walk, records: BuildRecords): Walker {
  const { context, keeps, taggedComponents, slices } = walk
  const { win } = context
  const body = context.doc.body
  const out = records.writer
  const { paths, elements, props, texts, sources, fibers } = records
  /** Component fiber -> index of its node (fragments: later top elements find it). */
  const componentNodes = new Map<Fiber, number>()
  let scrollX = win.scrollX
  let scrollY = win.scrollY

  const table = out.table
  const strings = new WalkStrings(table, context, keeps)

  /**
   * The rest of node `index`, just added: the records beside the columns, its box, and its props
   * read from its fiber (the props shown elsewhere skipped).
   */
  const record = (
    index: number,
    path: string,
    element: Element,
    fiber: Fiber | undefined,
    rect: DOMRect,
    skipped: ReadonlySet<string>,
  ) => {
    out.box(index, rect.x + scrollX, rect.y + scrollY, rect.width, rect.height)
    const source = fiber ? propsOf(fiber) : undefined
    const encoded = source ? encodeProps(source, skipped) : undefined
    if (encoded) out.props(index, encoded)
    paths.push(path)
    elements.push(element)
    props.push(encoded)
    texts.push(undefined)
    sources.push(source)
    fibers.push(fiber)
  }

  // Pending elements: the element, its unique path, the index of its nearest kept ancestor and what
  // its path adds to that ancestor's (null: it does not extend it, the ancestor being a component
  // node whose path ends in the component's name).
  const stackElements: Element[] = []
  const stackPaths: string[] = []
  const stackParents: number[] = []
  const stackRelatives: (string | null)[] = []
  /** The element's position among its parent's children when its relative path is just that (else -1). */
  const stackPositions: number[] = []
  /** Pushes the element children (first on top) and returns the element's own trimmed texts. */
  const visitChildren = (
    element: Element,
    path: string,
    parent: number,
    relative: string | null,
    wantText: boolean,
  ) => {
    const from = stackElements.length
    let position = 0
    let found: string[] | undefined
    // The overlay hangs off the document element or (in tests) the body, never deeper.
    const overlayPossible = element === body
    const push = (child: Element) => {
      if (overlayPossible && isOverlay(child)) return
      const segment = positionSegment(position)
      stackElements.push(child)
      stackPaths.push(path + segment)
      stackParents.push(parent)
      stackRelatives.push(relative === null ? null : relative === '' ? segment : relative + segment)
      stackPositions.push(relative === '' ? position : -1)
      position++
    }
    if (!wantText) {
      // Most walked elements are not nodes: their text is not collected, only their element children.
      for (let child = element.firstElementChild; child; child = child.nextElementSibling) push(child)
    } else {
      for (let child = element.firstChild; child; child = child.nextSibling) {
        const type = child.nodeType
        if (type === 1) push(child as Element)
        else if (type === 3) {
          const text = (child.nodeValue as string).trim()
          if (!text) continue
          found ??= []
          found.push(text)
        }
      }
    }
    for (let low = from, high = stackElements.length - 1; low < high; low++, high--) {
      const swapElement = stackElements[low] as Element
      stackElements[low] = stackElements[high] as Element
      stackElements[high] = swapElement
      const swapPath = stackPaths[low] as string
      stackPaths[low] = stackPaths[high] as string
      stackPaths[high] = swapPath
      const swapParent = stackParents[low] as number
      stackParents[low] = stackParents[high] as number
      stackParents[high] = swapParent
      const swapRelative = stackRelatives[low] as string | null
      stackRelatives[low] = stackRelatives[high] as string | null
      stackRelatives[high] = swapRelative
      const swapPosition = stackPositions[low] as number
      stackPositions[low] = stackPositions[high] as number
      stackPositions[high] = swapPosition
    }
    return found
  }

  /**
   * Walks pending elements until none is left (true) or the slice is spent (false). Synchronous, so
   * that V8 optimizes its loop while it runs (an async function's loop stays in the interpreter).
   */
  const drain = (): boolean => {
    let sinceClock = 0
    while (stackElements.length > 0) {
      if (++sinceClock >= CLOCK_EVERY) {
        sinceClock = 0
        if (slices.spent()) return false
      }
      const element = stackElements.pop() as Element
      const path = stackPaths.pop() as string
      let parent = stackParents.pop() as number
      const relative = stackRelatives.pop() as string | null
      const position = stackPositions.pop() as number
      const stackParent = parent
      let rect: DOMRect | null = null
      const fiber = fiberOf(element)

      const chain = fiber ? taggedComponents(fiber) : null
      if (chain) {
        let componentPath = path
        /** What componentPath adds to the current parent's path (null: it does not extend it). */
        let extending = relative
        for (const { fiber: componentFiber, id, name } of chain) {
          const segment = componentPathSegment(name)
          componentPath += segment
          extending = extending === null ? null : extending + segment
          const known =
            componentNodes.get(componentFiber) ??
            (componentFiber.alternate ? componentNodes.get(componentFiber.alternate) : undefined)
          if (known !== undefined) {
            // A fragment's next top element: the same component node, its box grown to cover it.
            rect ??= element.getBoundingClientRect()
            out.growBox(known, rect.x + scrollX, rect.y + scrollY, rect.width, rect.height)
            const owned = elements[known] as Element | Element[]
            if (Array.isArray(owned)) owned.push(element)
            else elements[known] = [owned, element]
            parent = known
            extending = null
            continue
          }
          if (!keeps(id)) continue
          rect ??= element.getBoundingClientRect()
          parent = out.addIndexed(
            parent,
            table.of(id),
            table.of(extending ?? `=${componentPath}`),
            table.of(name),
            strings.tag(element.localName),
            true,
            -1,
            -1,
            strings.scopeOf(componentFiber),
          )
          record(parent, componentPath, element, componentFiber, rect, SKIPPED_COMPONENT_PROPS)
          extending = ''
          componentNodes.set(componentFiber, parent)
        }
      }

      let own = -1
      const id = element.getAttribute(CODEBASE_ID_ATTRIBUTE)
      const entry = id === null ? null : strings.codebaseId(id)
      if (entry) {
        rect ??= element.getBoundingClientRect()
        // A host fiber's type is its tag name: a property read instead of a binding call.
        const tag = strings.tag(fiber && typeof fiber.type === 'string' ? fiber.type : element.localName)
        // One attribute read instead of the DOMTokenList, which costs a binding call per class.
        const raw = element.getAttribute('class')
        own = out.addIndexed(
          parent,
          entry.id,
          parent !== stackParent
            ? table.of(`=${path}`)
            : position >= 0
              ? strings.position(position)
              : table.of(relative ?? `=${path}`),
          tag,
          tag,
          false,
          raw ? strings.classes(raw) : -1,
          entry.direct,
          fiber ? strings.scopeOf(fiber) : -1,
        )
        record(own, path, element, fiber ?? undefined, rect, SKIPPED_HOST_PROPS)
        parent = own
      }
      const found = visitChildren(
        element,
        path,
        parent,
        own >= 0 ? '' : parent === stackParent ? relative : null,
        own >= 0,
      )
      if (own >= 0 && found) {
        texts[own] = found
        for (const text of found) out.text(own, text)
      }
    }
    return true
  }

  const run = async (): Promise<boolean> => {
    // React cannot commit during a slice: its current fibers are settled once per slice.
    while (!readingFibers(drain)) {
      await slices.next()
      if (walk.cancelled()) return false
      scrollX = win.scrollX
      scrollY = win.scrollY
    }
    return true
  }

  return {
    walk(element, path, parent, relative) {
      stackElements.push(element)
      stackPaths.push(path)
      stackParents.push(parent)
      stackRelatives.push(relative)
      stackPositions.push(-1)
      return run()
    },
    walkChildren(element, path, parent, relative) {
      visitChildren(element, path, parent, relative, false)
      return run()
    },
    rescroll() {
      scrollX = win.scrollX
      scrollY = win.scrollY
    },
  }
}

/**
 * The body is never a node of its own, so the walk yields a forest under node 0. One top node
 * becomes the root (node 0 is dropped); none gives the single EMPTY-TREE node; several hang under
 * node 0 as SKIP-ROOT, standing for the body.
 */
export function applyRootRules(context: InspectorContext, records: BuildRecords): void {
  const { doc, win } = context
  const out = records.writer
  let tops = 0
  for (let index = 1; index < out.size; index++) if (out.parentOf(index) === 0) tops++
  records.first = 0
  if (tops === 1) {
    records.first = 1
    // The root's path no longer extends a parent's.
    out.setSegment(1, records.paths[1] as string)
    return
  }
  const rect = doc.body?.getBoundingClientRect()
  out.set(
    0,
    -1,
    tops === 0 ? EMPTY_TREE_CODEBASE_ID : SKIP_ROOT_CODEBASE_ID,
    '0',
    'body',
    'body',
    false,
    null,
    null,
    null,
  )
  out.box(
    0,
    (rect?.left ?? 0) + win.scrollX,
    (rect?.top ?? 0) + win.scrollY,
    rect?.width ?? 0,
    rect?.height ?? 0,
  )
}
