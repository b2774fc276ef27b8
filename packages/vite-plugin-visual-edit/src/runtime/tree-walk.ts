/**
 * One walk of the page for the navigation tree (rules and unique paths: see createNavTree in
 * nav-tree.ts): the elements and React fibers read once, in time slices, written straight into the
 * wire columns.
 */
import { CODEBASE_ID_ATTRIBUTE, EMPTY_TREE_CODEBASE_ID, SKIP_ROOT_CODEBASE_ID } from '../protocol/ids.ts'
import { NavTreeWriter } from '../protocol/nav-tree-wire.ts'
import type { InspectorContext } from './context.ts'
import { componentSegment, isCodebaseId, isOverlay, type TaggedComponent } from './element-keys.ts'
import { memoByString } from './memo.ts'
import { encodeProps, SKIPPED_COMPONENT_PROPS, SKIPPED_HOST_PROPS } from './node-props.ts'
import { type Fiber, fiberOf, propsOf, scopeOf } from './react-fiber.ts'
import type { BuildRecords } from './tree-store.ts'

/** Elements the walk handles between two clock reads. */
const CLOCK_EVERY = 16

const WHITESPACE = /\s+/

/** Class attributes as the wire's single-space lists (a page repeats a few class strings many times). */
const normalizeClasses = memoByString((raw) => raw.trim().split(WHITESPACE).join(' '))

/** `-0`, `-1`, ...: what a child adds to its parent's unique path, one string per position. */
const positionSegments: string[] = []
const positionSegment = (position: number): string => {
  let segment = positionSegments[position]
  if (segment === undefined) {
    segment = `-${position}`
    positionSegments[position] = segment
  }
  return segment
}

/** `-Card`: what a component usage adds to the unique path, one string per name. */
const dashedComponentSegment = memoByString((name) => `-${componentSegment(name)}`)

/** Server-known class lists joined for the wire, once per list. */
const joinedClasses = new WeakMap<readonly string[], string>()

function joinClasses(classes: readonly string[]): string {
  let joined = joinedClasses.get(classes)
  if (joined === undefined) {
    joined = classes.join(' ')
    joinedClasses.set(classes, joined)
  }
  return joined
}

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
 * Walks the body once, depth first in document order, in slices, writing the wire form as it goes
 * (no node objects); null when stop() cancelled it. The loop is the hot path of every rebuild: one
 * pass over the children of each element (its element children pushed, a node's own text collected),
 * parents referenced by index, every string written once to the table.
 */
export async function walkPage(walk: Walk): Promise<BuildRecords | null> {
  const { context, keeps, taggedComponents, slices } = walk
  const { doc, win } = context
  const body = doc.body
  const out = new NavTreeWriter(context.storyboardId, walk.capacity)
  const records: BuildRecords = {
    writer: out,
    first: 0,
    paths: ['0'],
    elements: [],
    props: [undefined],
    texts: [undefined],
  }
  const { paths, elements, props, texts } = records
  // Node 0 is the body, parent of the forest the walk finds; the root rules below settle what it is.
  out.add(-1, EMPTY_TREE_CODEBASE_ID, '0', 'body', 'body', false, null, null, null)
  if (!body) {
    out.box(0, 0, 0, 0, 0)
    return records
  }
  elements.push(body)
  /** Component fiber -> index of its node (fragments: later top elements find it). */
  const componentNodes = new Map<Fiber, number>()
  let scrollX = win.scrollX
  let scrollY = win.scrollY
  let tops = 0

  /** `segment`: what `path` adds to the parent's path, or `=` + `path` when it does not extend it. */
  const add = (
    parent: number,
    codebaseId: string,
    path: string,
    segment: string,
    name: string,
    tag: string,
    isComponent: boolean,
    classes: string | null,
    directClasses: string | null,
    scope: string | null,
    element: Element,
  ): number => {
    const position = out.add(
      parent,
      codebaseId,
      segment,
      name,
      tag,
      isComponent,
      classes,
      directClasses,
      scope,
    )
    if (parent === 0) tops++
    paths.push(path)
    elements.push(element)
    props.push(undefined)
    texts.push(undefined)
    return position
  }

  // Pending elements: the element, its unique path, the index of its nearest kept ancestor (0: body)
  // and what its path adds to that ancestor's (null: it does not extend it, the ancestor being a
  // component node whose path ends in the component's name).
  const stackElements: Element[] = []
  const stackPaths: string[] = []
  const stackParents: number[] = []
  const stackRelatives: (string | null)[] = []
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
    const push = (child: Element) => {
      if (isOverlay(child)) return
      const segment = positionSegment(position++)
      stackElements.push(child)
      stackPaths.push(path + segment)
      stackParents.push(parent)
      stackRelatives.push(relative === null ? null : relative === '' ? segment : relative + segment)
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
    }
    return found
  }
  visitChildren(body, '0', 0, '', false)

  let sinceClock = 0
  while (stackElements.length > 0) {
    if (++sinceClock >= CLOCK_EVERY) {
      sinceClock = 0
      if (slices.spent()) {
        await slices.next()
        if (walk.cancelled()) return null
        scrollX = win.scrollX
        scrollY = win.scrollY
      }
    }
    const element = stackElements.pop() as Element
    const path = stackPaths.pop() as string
    let parent = stackParents.pop() as number
    const relative = stackRelatives.pop() as string | null
    const stackParent = parent
    let rect: DOMRect | null = null
    const fiber = fiberOf(element)

    const chain = fiber ? taggedComponents(fiber) : null
    if (chain) {
      let componentPath = path
      /** What componentPath adds to the current parent's path (null: it does not extend it). */
      let extending = relative
      for (const { fiber: componentFiber, id, name } of chain) {
        const segment = dashedComponentSegment(name)
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
        const scope = scopeOf(componentFiber) || null
        parent = add(
          parent,
          id,
          componentPath,
          extending ?? `=${componentPath}`,
          name,
          element.localName,
          true,
          null,
          null,
          scope,
          element,
        )
        extending = ''
        out.box(parent, rect.x + scrollX, rect.y + scrollY, rect.width, rect.height)
        const encoded = encodeProps(propsOf(componentFiber), SKIPPED_COMPONENT_PROPS)
        if (encoded) {
          out.props(parent, encoded)
          props[parent] = encoded
        }
        componentNodes.set(componentFiber, parent)
      }
    }

    let own = -1
    const id = element.getAttribute(CODEBASE_ID_ATTRIBUTE)
    if (isCodebaseId(id) && keeps(id)) {
      rect ??= element.getBoundingClientRect()
      // A host fiber's type is its tag name: a property read instead of a binding call.
      const tag = fiber && typeof fiber.type === 'string' ? fiber.type : element.localName
      // One attribute read instead of the DOMTokenList, which costs a binding call per class.
      const raw = element.getAttribute('class')
      const classes = raw ? normalizeClasses(raw) : ''
      const direct = context.lookups.get(id)?.classes
      own = add(
        parent,
        id,
        path,
        parent === stackParent ? (relative ?? `=${path}`) : `=${path}`,
        tag,
        tag,
        false,
        classes === '' ? null : classes,
        direct && direct.length > 0 ? joinClasses(direct) : null,
        fiber ? scopeOf(fiber) || null : null,
        element,
      )
      out.box(own, rect.x + scrollX, rect.y + scrollY, rect.width, rect.height)
      if (fiber) {
        const encoded = encodeProps(propsOf(fiber), SKIPPED_HOST_PROPS)
        if (encoded) {
          out.props(own, encoded)
          props[own] = encoded
        }
      }
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

  applyRootRules(context, records, tops)
  return records
}

/**
 * The body is never a node of its own, so the walk yields a forest under node 0. One top node
 * becomes the root (node 0 is dropped); none gives the single EMPTY-TREE node; several hang under
 * node 0 as SKIP-ROOT, standing for the body.
 */
function applyRootRules(context: InspectorContext, records: BuildRecords, tops: number): void {
  const { doc, win } = context
  const out = records.writer
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
