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
import { type NavTreeWire, NavTreeWriter, navTreeTransferables } from '../protocol/nav-tree-wire.ts'
import { type InspectorContext, OVERLAY_ATTRIBUTE } from './context.ts'
import { componentSegment, createElementKeys, isCodebaseId, isOverlay } from './element-keys.ts'
import { memoByString } from './memo.ts'
import { encodeProps, SKIPPED_COMPONENT_PROPS, SKIPPED_HOST_PROPS } from './node-props.ts'
import { type Fiber, fiberOf, propsOf, scopeOf } from './react-fiber.ts'
import { type BuildRecords, TreeStore } from './tree-store.ts'

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
   * Builds the tree in slices of NAV_TREE_SLICE_MS per animation frame, keeps it for the lookups below
   * and, when an editor is connected, sends it as NAV_TREE; resolves with its number of nodes. Calls
   * made while a build runs share one follow-up build (started when the running one ends), so the
   * result always reflects the DOM and the lookups as they were at or after the call.
   */
  rebuild(): Promise<number>
  /** The last tree built: flat, document order, parents first (see NavTreeNode); made when read. */
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
  let store = TreeStore.empty(context.storyboardId)
  /** The last tree as node objects, made when `nodes` is read. */
  let allNodes: NavTreeNode[] | null = null
  let running: Promise<number> | null = null
  let followUp: Promise<number> | null = null
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

  /** Time slices of NAV_TREE_SLICE_MS, one per animation frame, shared by a build and its posting. */
  const slicer = () => {
    let sliceStart = now()
    return {
      spent: () => now() - sliceStart >= NAV_TREE_SLICE_MS,
      async next() {
        await nextFrame()
        sliceStart = now()
      },
    }
  }

  const keeps = (codebaseId: string): boolean => {
    if (context.flags.type === StoryboardType.APPLICATION || !context.storyboardFile) return true
    return context.lookups.get(codebaseId)?.file === context.storyboardFile
  }
  const { taggedComponents, computeOwnKey, resolveKey } = createElementKeys(context, keeps)

  /**
   * Walks the body once, depth first in document order, in slices, writing the wire form as it goes
   * (no node objects); null when stop() cancelled it. The loop is the hot path of every rebuild: one
   * pass over the children of each element (its element children pushed, a node's own text collected),
   * parents referenced by index, every string written once to the table.
   */
  const build = async (slices: ReturnType<typeof slicer>): Promise<BuildRecords | null> => {
    const started = generation
    const body = doc.body
    // Sized like the last tree: a rebuild rarely grows its columns.
    const out = new NavTreeWriter(context.storyboardId, Math.max(1024, store.size + 64))
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
          if (generation !== started) return null
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

    applyRootRules(records, tops)
    return records
  }

  /**
   * The body is never a node of its own, so the walk yields a forest under node 0. One top node
   * becomes the root (node 0 is dropped); none gives the single EMPTY-TREE node; several hang under
   * node 0 as SKIP-ROOT, standing for the body.
   */
  const applyRootRules = (records: BuildRecords, tops: number) => {
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

  const finish = (records: BuildRecords, wire: NavTreeWire | null) => {
    store = new TreeStore(records, context.storyboardId)
    allNodes = null
    const built = store
    // The lookup indexes are made when the page is idle, before the next hover needs them.
    win.requestIdleCallback?.(() => built.warm(), { timeout: 1000 })
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

  const runBuild = async (): Promise<number> => {
    const started = generation
    try {
      const slices = slicer()
      const records = await build(slices)
      if (!records) return store.size
      // Posting (and the page HTML, when asked) gets a slice of its own when this one is used up.
      if (slices.spent()) await slices.next()
      if (generation !== started) return store.size
      // The wire form is already written: sending copies its columns out (a copy, not a pass).
      const wire = context.connected ? records.writer.finish(records.first) : null
      finish(records, wire)
      return store.size
    } catch (error) {
      console.error('Error building nav tree', error)
      throw error
    }
  }

  const rebuild = (): Promise<number> => {
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

  const indexOf = (key: ElementKey): number => {
    const index = store.indexOfPath(key.uniquePath)
    if (index < 0) return -1
    const node = store.node(index)
    return node.key.codebaseId === key.codebaseId && node.key.storyboardId === key.storyboardId ? index : -1
  }

  function nodeOf(key: ElementKey): NavTreeNode | null {
    const index = indexOf(key)
    return index < 0 ? null : store.node(index)
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
      allNodes ??= store.all()
      return allNodes
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
        const known = store.indexOfElement(current)
        if (known >= 0) return store.node(known).key
        // Not in the last build: new since, or untagged. Compute what a build would give it.
        const computed = computeOwnKey(current)
        if (computed) return computed
      }
      return null
    },
    elementsOf(key) {
      const index = indexOf(key)
      const known = index < 0 ? undefined : store.elementsOf(index)
      if (known) {
        const list = Array.isArray(known) ? known : [known]
        if (list.every((element) => element.isConnected)) return [...list]
      }
      return resolveKey(key)
    },
    parentOf(key) {
      const index = indexOf(key)
      const parent = index < 0 ? -1 : store.parent(index)
      return parent < 0 ? null : store.node(parent)
    },
    childrenOf(key) {
      const index = indexOf(key)
      return index < 0 ? [] : store.children(index).map((child) => store.node(child))
    },
    nodeOf,
    nodesWithCodebaseId(codebaseId) {
      return store.withCodebaseId(codebaseId).map((index) => store.node(index))
    },
  }
}
