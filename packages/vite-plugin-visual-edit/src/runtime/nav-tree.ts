import type { ElementKey } from '../protocol/element-key.ts'
import { CODEBASE_ID_ATTRIBUTE, EMPTY_TREE_CODEBASE_ID, SKIP_ROOT_CODEBASE_ID } from '../protocol/ids.ts'
import {
  LOADER_REBUILD_DELAY_MS,
  NAV_TREE_REBUILD_DELAY_MS,
  NAV_TREE_SLICE_MS,
  type NavTreeNode,
  type NavTreePayload,
  OutboundEvent,
  StoryboardType,
} from '../protocol/messages.ts'
import { encodeNavTreeSteps, type NavTreeWire, navTreeTransferables } from '../protocol/nav-tree-wire.ts'
import { type InspectorContext, OVERLAY_ATTRIBUTE } from './context.ts'
import { componentSegment, createElementKeys, isCodebaseId, isOverlay } from './element-keys.ts'
import { encodeProps, SKIPPED_COMPONENT_PROPS, SKIPPED_HOST_PROPS } from './node-props.ts'
import { type Fiber, fiberOf, propsOf, scopeOf } from './react-fiber.ts'

/** The overlay host (outlines.ts) is never in the tree, and its mutations are ignored. */
const OVERLAY_SELECTOR = `[${OVERLAY_ATTRIBUTE}]`

/**
 * Under constant mutations (an animation writing styles every frame) the 300 ms debounce alone would
 * never fire; the tree is then rebuilt at least this often.
 */
const MAX_REBUILD_WAIT_MS = 1000

/** Elements the walk handles between two clock reads. */
const CLOCK_EVERY = 16

const WHITESPACE = /\s+/

export interface NavTree {
  /** Watches the document: a rebuild 300 ms after mutations, and the loader rule for `#__next` pages. */
  start(): void
  stop(): void
  /**
   * Builds the tree in slices of NAV_TREE_SLICE_MS per animation frame, stores it in `nodes` and, when
   * an editor is connected, sends it as NAV_TREE. Calls made while a build runs share one follow-up
   * build (started when the running one ends), so the result always reflects the DOM and the lookups
   * as they were at or after the call.
   */
  rebuild(): Promise<NavTreeNode[]>
  /** The last tree built: flat, document order, parents first (see NavTreeNode). */
  readonly nodes: readonly NavTreeNode[]
  /** The next tree sent carries the page's HTML (once). */
  requestHtml(): void
  /**
   * Runs `callback` after the next build, but only if `context.selectionToken` is the same then as
   * now (the selection did not change meanwhile); the queue is emptied after every build.
   */
  afterBuild(callback: () => void): void
  /** Key of the nearest node at or above `element` (null inside the overlay or outside any node). */
  keyOf(element: Element): ElementKey | null
  /** The element of a DOM node's key; for a component node, the top elements it renders. */
  elementsOf(key: ElementKey): Element[]
  parentOf(key: ElementKey): NavTreeNode | null
  childrenOf(key: ElementKey): NavTreeNode[]
  nodeOf(key: ElementKey): NavTreeNode | null
  /** Every node of the last tree with this codebase id (the same JSX element rendered several times). */
  nodesWithCodebaseId(codebaseId: string): readonly NavTreeNode[]
}

/** What the last build learned about the page, to answer keyOf / elementsOf without walking again. */
interface BuildIndex {
  /** Unique path -> node (a path names one node of a storyboard's tree); made on the first nodeOf() after a build. */
  byPath: Map<string, NavTreeNode> | null
  /** Element -> its own node, else the innermost component node it is a top element of. */
  ofElement: Map<Element, NavTreeNode>
  /** Node -> its element, or a component node's top elements. */
  elements: Map<NavTreeNode, Element | Element[]>
  /** Made on the first nodesWithCodebaseId() after a build. */
  byCodebaseId: Map<string, NavTreeNode[]> | null
}

/** An element's box in page coordinates, rounded: its client rect moved by the scroll offsets. */
function pageBox(rect: DOMRect, scrollX: number, scrollY: number): NavTreeNode['pageBoundingBox'] {
  return {
    pageX: Math.round(rect.left + scrollX),
    pageY: Math.round(rect.top + scrollY),
    width: Math.round(rect.width),
    height: Math.round(rect.height),
  }
}

/** A finished walk: the nodes (root rules applied) and the index to look them up by. */
interface Built {
  nodes: NavTreeNode[]
  index: BuildIndex
}

function emptyIndex(): BuildIndex {
  return { byPath: null, ofElement: new Map(), elements: new Map(), byCodebaseId: null }
}

// ---------------------------------------------------------------------------------------------------
// The tree

/**
 * The navigation tree of the page (spec section 4): one node per tagged DOM element (`data-tempo-id`)
 * and per component usage (a component fiber whose props carry `data-tempo-id`, placed between its
 * host parent and the elements it renders). Untagged elements are left out and their tagged
 * descendants attach to the nearest kept ancestor; the inspector's overlay is never walked.
 *
 * Unique paths: a DOM element's path is its chain of element-child indexes from the body (`0-1-3`,
 * the overlay host never counted). A component node's path is the path of the first element it
 * renders plus one segment per tagged component from the outermost down to it
 * (`<main><Card><section/></Card></main>`: section `0-0-2`, Card `0-0-2-Card`; `memo(Row)` inside
 * `List` at the same element: `0-0-2-List-Row`), so sibling usages of one component never collide and
 * a key can be computed from the element alone.
 */
export function createNavTree(context: InspectorContext): NavTree {
  const { win, doc } = context
  let nodes: NavTreeNode[] = []
  let index = emptyIndex()
  let running: Promise<NavTreeNode[]> | null = null
  let followUp: Promise<NavTreeNode[]> | null = null
  /** Bumped by stop(): a build from before it ends without storing or sending anything. */
  let generation = 0
  let buildCount = 0
  let htmlRequested = false
  let queued: { callback: () => void; token: string }[] = []
  let observer: MutationObserver | null = null
  let debounceTimer: ReturnType<typeof setTimeout> | undefined
  let firstPendingMutation: number | null = null
  let loaderTimer: ReturnType<typeof setTimeout> | undefined

  const now = () => win.performance.now()
  const nextFrame = () =>
    new Promise<void>((resolve) => {
      // Hidden documents get no animation frames; a timer keeps the build going.
      if (doc.visibilityState === 'hidden' || typeof win.requestAnimationFrame !== 'function') {
        win.setTimeout(resolve, 0)
      } else {
        win.requestAnimationFrame(() => resolve())
      }
    })

  /** Time slices of NAV_TREE_SLICE_MS, one per animation frame, shared by a build and its encoding. */
  const slicer = () => {
    let sliceStart = now()
    let count = 1
    return {
      get count() {
        return count
      },
      spent: () => now() - sliceStart >= NAV_TREE_SLICE_MS,
      async next() {
        await nextFrame()
        count++
        sliceStart = now()
      },
    }
  }

  const keeps = (codebaseId: string): boolean => {
    if (context.flags.type === StoryboardType.APPLICATION || !context.storyboardFile) return true
    return context.lookups.get(codebaseId)?.file === context.storyboardFile
  }
  const { taggedComponents, computeOwnKey, resolveKey, makeKey } = createElementKeys(context, keeps)

  /**
   * Walks the body once, depth first in document order, in slices; null when stop() cancelled it.
   * The loop is the hot path of every rebuild: one pass over the child nodes of each element (its
   * element children pushed, its own text collected), parents referenced by index, and every lookup
   * table a Map filled as the nodes are made.
   */
  const build = async (slices: ReturnType<typeof slicer>): Promise<Built | null> => {
    const started = generation
    const built: NavTreeNode[] = []
    const next = emptyIndex()
    const { ofElement, elements } = next
    /** Component fiber -> index of its node (fragments: later top elements find it). */
    const componentNodes = new Map<Fiber, number>()
    const body = doc.body
    if (!body) return { nodes: [emptyRoot(EMPTY_TREE_CODEBASE_ID)], index: next }
    const { storyboardId } = context
    let scrollX = win.scrollX
    let scrollY = win.scrollY

    const add = (node: NavTreeNode, parent: number, owned: Element): number => {
      const position = built.length
      built.push(node)
      if (parent >= 0) {
        const parentNode = built[parent] as NavTreeNode
        node.parent = parent
        node.level = parentNode.level + 1
        parentNode.children.push(position)
      }
      elements.set(node, owned)
      return position
    }

    // Pending elements: the element, its unique path, the index of its nearest kept ancestor (-1: none).
    const stackElements: Element[] = []
    const stackPaths: string[] = []
    const stackParents: number[] = []
    /** Pushes the element children (first on top) and returns the element's own trimmed texts. */
    const visitChildren = (element: Element, path: string, parent: number, wantText: boolean) => {
      const from = stackElements.length
      let position = 0
      let texts: string[] | undefined
      const push = (child: Element) => {
        if (isOverlay(child)) return
        stackElements.push(child)
        stackPaths.push(`${path}-${position++}`)
        stackParents.push(parent)
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
            texts ??= []
            texts.push(text)
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
      }
      return texts
    }
    visitChildren(body, '0', -1, false)

    let sinceClock = 0
    while (stackElements.length > 0) {
      if (++sinceClock >= CLOCK_EVERY) {
        sinceClock = 0
        if (slices.spent()) {
          await slices.next()
          if (generation !== started) return null
          scrollX = win.scrollX
          scrollY = win.scrollY
        }
      }
      const element = stackElements.pop() as Element
      const path = stackPaths.pop() as string
      let parent = stackParents.pop() as number
      let rect: DOMRect | null = null
      const fiber = fiberOf(element)

      const chain = fiber ? taggedComponents(fiber) : null
      if (chain) {
        let componentPath = path
        let innermost = -1
        for (const { fiber: componentFiber, id, name } of chain) {
          componentPath = `${componentPath}-${componentSegment(name)}`
          const known =
            componentNodes.get(componentFiber) ??
            (componentFiber.alternate ? componentNodes.get(componentFiber.alternate) : undefined)
          if (known !== undefined) {
            // A fragment's next top element: the same component node, its box grown to cover it.
            const node = built[known] as NavTreeNode
            rect ??= element.getBoundingClientRect()
            const box = node.pageBoundingBox
            const left = Math.round(rect.left + scrollX)
            const top = Math.round(rect.top + scrollY)
            const right = Math.max(box.pageX + box.width, left + Math.round(rect.width))
            const bottom = Math.max(box.pageY + box.height, top + Math.round(rect.height))
            box.pageX = Math.min(box.pageX, left)
            box.pageY = Math.min(box.pageY, top)
            box.width = right - box.pageX
            box.height = bottom - box.pageY
            const owned = elements.get(node) as Element | Element[]
            if (Array.isArray(owned)) owned.push(element)
            else elements.set(node, [owned, element])
            parent = known
            innermost = known
            continue
          }
          if (!keeps(id)) continue
          rect ??= element.getBoundingClientRect()
          const node: NavTreeNode = {
            key: { codebaseId: id, storyboardId, uniquePath: componentPath },
            parent: null,
            children: [],
            name,
            elementTagName: element.localName,
            isComponent: true,
            pageBoundingBox: pageBox(rect, scrollX, scrollY),
            level: 0,
          }
          const props = encodeProps(propsOf(componentFiber), SKIPPED_COMPONENT_PROPS)
          if (props) node.props = props
          const scope = scopeOf(componentFiber)
          if (scope) node.scope = scope
          parent = add(node, parent, element)
          componentNodes.set(componentFiber, parent)
          innermost = parent
        }
        if (innermost >= 0) ofElement.set(element, built[innermost] as NavTreeNode)
      }

      let own: NavTreeNode | null = null
      const id = element.getAttribute(CODEBASE_ID_ATTRIBUTE)
      if (isCodebaseId(id) && keeps(id)) {
        rect ??= element.getBoundingClientRect()
        const tag = element.localName
        own = {
          key: { codebaseId: id, storyboardId, uniquePath: path },
          parent: null,
          children: [],
          name: tag,
          elementTagName: tag,
          isComponent: false,
          pageBoundingBox: pageBox(rect, scrollX, scrollY),
          level: 0,
        }
        // One attribute read instead of the DOMTokenList, which costs a binding call per class.
        const classes = element.getAttribute('class')?.trim()
        if (classes) own.classList = classes.split(WHITESPACE)
        const direct = context.lookups.get(id)?.classes
        if (direct && direct.length > 0) own.directlySetClassList = direct
        if (fiber) {
          const props = encodeProps(propsOf(fiber), SKIPPED_HOST_PROPS)
          if (props) own.props = props
          const scope = scopeOf(fiber)
          if (scope) own.scope = scope
        }
        parent = add(own, parent, element)
        ofElement.set(element, own)
      }
      const texts = visitChildren(element, path, parent, own !== null)
      if (own && texts) own.literalChildren = texts
    }

    return { nodes: applyRootRules(built, next), index: next }
  }

  const emptyRoot = (codebaseId: string): NavTreeNode => {
    const rect = doc.body?.getBoundingClientRect()
    return {
      key: makeKey(codebaseId, '0'),
      parent: null,
      children: [],
      name: 'body',
      elementTagName: 'body',
      isComponent: false,
      pageBoundingBox: {
        pageX: Math.round((rect?.left ?? 0) + win.scrollX),
        pageY: Math.round((rect?.top ?? 0) + win.scrollY),
        width: Math.round(rect?.width ?? 0),
        height: Math.round(rect?.height ?? 0),
      },
      level: 0,
    }
  }

  /**
   * The body is never a node, so the walk yields a forest. One top node becomes the root; none gives
   * the single EMPTY-TREE node; several hang under a SKIP-ROOT node standing for the body.
   */
  const applyRootRules = (built: NavTreeNode[], next: BuildIndex): NavTreeNode[] => {
    let tops = 0
    for (const node of built) if (node.parent === null) tops++
    if (tops === 1) return built
    const root = emptyRoot(tops === 0 ? EMPTY_TREE_CODEBASE_ID : SKIP_ROOT_CODEBASE_ID)
    if (doc.body) next.elements.set(root, doc.body)
    if (tops === 0) return [root]
    for (let position = 0; position < built.length; position++) {
      const node = built[position] as NavTreeNode
      node.level++
      node.children = node.children.map((child) => child + 1)
      if (node.parent === null) {
        node.parent = 0
        root.children.push(position + 1)
      } else {
        node.parent++
      }
    }
    return [root, ...built]
  }

  const finish = (result: Built, wire: NavTreeWire | null) => {
    nodes = result.nodes
    index = result.index
    buildCount++
    if (context.connected && wire) {
      const payload: NavTreePayload = { tree: wire }
      if (htmlRequested) {
        payload.html = doc.documentElement.outerHTML
        htmlRequested = false
      }
      // The columns' buffers move to the editor instead of being copied.
      context.send(OutboundEvent.NAV_TREE, payload, navTreeTransferables(wire))
    }
    context.emit('tree')
    const callbacks = queued
    queued = []
    for (const { callback, token } of callbacks) {
      if (token !== context.selectionToken) continue
      try {
        callback()
      } catch (error) {
        console.error('[visual-edit] after-build callback failed', error)
      }
    }
  }

  const runBuild = async (): Promise<NavTreeNode[]> => {
    const started = generation
    try {
      const slices = slicer()
      const result = await build(slices)
      if (!result) return nodes
      // The wire form is encoded in the same slices, so no frame does more than one slice of work.
      let wire: NavTreeWire | null = null
      if (context.connected) {
        const steps = encodeNavTreeSteps(result.nodes)
        for (let step = steps.next(); ; step = steps.next()) {
          if (step.done) {
            wire = step.value
            break
          }
          if (slices.spent()) {
            await slices.next()
            if (generation !== started) return nodes
          }
        }
      }
      // Posting (and the page HTML, when asked) gets a slice of its own when this one is used up.
      if (slices.spent()) await slices.next()
      if (generation !== started) return nodes
      finish(result, wire)
      return nodes
    } catch (error) {
      console.error('Error building nav tree', error)
      throw error
    }
  }

  const rebuild = (): Promise<NavTreeNode[]> => {
    if (!running) {
      running = runBuild().finally(() => {
        running = null
      })
      return running
    }
    followUp ??= running
      .catch(() => undefined)
      .then(() => {
        followUp = null
        return rebuild()
      })
    return followUp
  }

  const rebuildOnChange = () => {
    rebuild().catch((error) => console.error('Could not re-create nav tree on DOM change', error))
  }

  const scheduleRebuild = () => {
    const at = now()
    firstPendingMutation ??= at
    clearTimeout(debounceTimer)
    const delay = Math.min(NAV_TREE_REBUILD_DELAY_MS, firstPendingMutation + MAX_REBUILD_WAIT_MS - at)
    debounceTimer = setTimeout(
      () => {
        debounceTimer = undefined
        firstPendingMutation = null
        rebuildOnChange()
      },
      Math.max(0, delay),
    )
  }

  const insideOverlay = (node: Node): boolean => {
    const element = node.nodeType === 1 ? (node as Element) : node.parentElement
    return element?.closest(OVERLAY_SELECTOR) != null
  }

  const onMutations = (records: MutationRecord[]) => {
    for (const record of records) {
      if (insideOverlay(record.target)) continue
      if (record.type === 'childList') {
        const changed = [...Array.from(record.addedNodes), ...Array.from(record.removedNodes)]
        if (changed.every((node) => node.nodeType === 1 && isOverlay(node as Element))) continue
      }
      scheduleRebuild()
      return
    }
  }

  function nodeOf(key: ElementKey): NavTreeNode | null {
    if (!index.byPath) {
      const byPath = new Map<string, NavTreeNode>()
      for (const node of nodes) byPath.set(node.key.uniquePath, node)
      index.byPath = byPath
    }
    const node = index.byPath.get(key.uniquePath)
    return node && node.key.codebaseId === key.codebaseId && node.key.storyboardId === key.storyboardId
      ? node
      : null
  }

  return {
    start() {
      if (observer) return
      const Observer = (win as Window & typeof globalThis).MutationObserver
      observer = new Observer(onMutations)
      observer.observe(doc, { childList: true, subtree: true, attributes: true, characterData: true })
      // Loader-based frameworks (Next.js) may render after the first build without a mutation the
      // first tree could have waited for: one more build after a second, unless one ran meanwhile.
      if (doc.getElementById('__next')) {
        const buildsAtStart = buildCount
        loaderTimer = setTimeout(() => {
          loaderTimer = undefined
          if (buildCount === buildsAtStart) rebuildOnChange()
        }, LOADER_REBUILD_DELAY_MS)
      }
    },
    stop() {
      observer?.disconnect()
      observer = null
      clearTimeout(debounceTimer)
      clearTimeout(loaderTimer)
      debounceTimer = undefined
      loaderTimer = undefined
      firstPendingMutation = null
      generation++
      queued = []
    },
    rebuild,
    get nodes() {
      return nodes
    },
    requestHtml() {
      htmlRequested = true
    },
    afterBuild(callback) {
      queued.push({ callback, token: context.selectionToken })
    },
    keyOf(element) {
      for (let current: Element | null = element; current; current = current.parentElement) {
        if (current === doc.body || current === doc.documentElement) return null
        if (isOverlay(current)) return null
        const known = index.ofElement.get(current)
        if (known) return known.key
        // Not in the last build: new since, or untagged. Compute what a build would give it.
        const computed = computeOwnKey(current)
        if (computed) return computed
      }
      return null
    },
    elementsOf(key) {
      const node = nodeOf(key)
      const known = node ? index.elements.get(node) : undefined
      if (known) {
        const list = Array.isArray(known) ? known : [known]
        if (list.every((element) => element.isConnected)) return [...list]
      }
      return resolveKey(key)
    },
    parentOf(key) {
      const node = nodeOf(key)
      return node && node.parent !== null ? (nodes[node.parent] ?? null) : null
    },
    childrenOf(key) {
      const node = nodeOf(key)
      return node ? node.children.map((child) => nodes[child] as NavTreeNode) : []
    },
    nodeOf,
    nodesWithCodebaseId(codebaseId) {
      if (!index.byCodebaseId) {
        const byCodebaseId = new Map<string, NavTreeNode[]>()
        for (const node of nodes) {
          const same = byCodebaseId.get(node.key.codebaseId)
          if (same) same.push(node)
          else byCodebaseId.set(node.key.codebaseId, [node])
        }
        index.byCodebaseId = byCodebaseId
      }
      return index.byCodebaseId.get(codebaseId) ?? []
    },
  }
}
