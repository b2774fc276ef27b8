import type { ElementKey } from '../../protocol/element-key.ts'
import { type NavTreePayload, OutboundEvent, StoryboardType } from '../../protocol/messages.ts'
import type { NavTreeNode, NavTreeWire } from '../../protocol/nav-tree-node.ts'
import { navTreeTransferables, withUsedStrings } from '../../protocol/nav-tree-wire.ts'
import type { NavTreeWriter } from '../../protocol/nav-tree-writer.ts'
import { NAV_TREE_SLICE_MS } from '../core/constants.ts'
import type { InspectorContext } from '../core/context.ts'
import { createElementKeys, isOverlay } from './element-keys.ts'
import { createRebuildScheduler } from './rebuild-scheduler.ts'
import { DirtyElements, refreshPage } from './tree-refresh.ts'
import { type BuildRecords, TreeStore } from './tree-store.ts'
import { type Walk, walkPage } from './tree-walk.ts'

/**
 * A refresh continues the last table (strings no longer used stay in it); once the table has grown
 * past this factor of the last whole walk's, the next build walks the whole page and starts afresh.
 */
const MAX_TABLE_GROWTH = 2

/**
 * How long a build waits for the next animation frame before it goes on without one. A cross-origin
 * frame out of the editor's view (a storyboard scrolled off the canvas) gets no frames at all, as
 * Chromium stops rendering it; its tree must still be built. A visible page's frame comes first.
 */
export const FRAME_WAIT_MS = 50

/** The User Timing measure each build leaves (`detail`: kind, nodes, slices, workMs). */
export const NAV_TREE_MEASURE = 'visual-edit nav tree'

export interface NavTree {
  /**
   * Watches the document: a rebuild 300 ms after mutations (a refresh that walks only the changed
   * parts, tree-refresh.ts), and the loader rule for `#__next` pages.
   */
  start(): void
  stop(): void
  /**
   * Walks the whole page in slices of NAV_TREE_SLICE_MS per animation frame, keeps the tree for the lookups below
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
  /**
   * The key of `key`'s parent node: the last build's, or, for a key it does not have or a page changed
   * since (a key `keyOf` computed), the nearest key above its element in the page as it is.
   */
  parentKeyOf(key: ElementKey): ElementKey | null
  childrenOf(key: ElementKey): NavTreeNode[]
  nodeOf(key: ElementKey): NavTreeNode | null
  /** Whether the key's node in the last tree is a component's (no node object is made). */
  isComponent(key: ElementKey): boolean
  /** Every node of the last tree with this codebase id (the same JSX element rendered several times). */
  nodesWithCodebaseId(codebaseId: string): readonly NavTreeNode[]
  /**
   * The key and page box of every node of the last tree with this codebase id, without making the
   * node objects: a list item's thousand instances cost a frame's budget to make.
   */
  instancesWithCodebaseId(
    codebaseId: string,
  ): ReadonlyArray<{ key: ElementKey; box: NavTreeNode['pageBoundingBox'] }>
}

// ---------------------------------------------------------------------------------------------------
// The tree

/**
 * The navigation tree of the page (docs/INSPECTOR.md, The navigation tree on the wire, Building it): one node per tagged DOM element (`data-tempo-id`)
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
  /** Whether the follow-up build walks the whole page (an explicit rebuild) or refreshes. */
  let followUpWhole = false
  /** Elements changed since the last build began. */
  const dirty = new DirtyElements()
  /**
   * Page changes noted, and how many of them the stored build has seen: while they differ, the page
   * moved on from the build (a hot update, an instant update, the app's own rendering) and a key read
   * from it (`keyOf`) is computed from the page as it is, not taken from the build.
   */
  let changesNoted = 0
  let changesBuilt = 0
  /** Strings in the table after the last whole walk. */
  let tableAtWalk = 0
  /** Bumped by stop(): a build from before it ends without storing or sending anything. */
  let generation = 0
  let buildCount = 0
  let htmlRequested = false
  /** The writer of the last tree sent (its nodes are what the editor has), and to which connection. */
  let sent: { writer: NavTreeWriter; connection: number } | null = null
  let queued: { callback: () => void; token: string }[] = []
  let observer: MutationObserver | null = null

  const now = () => win.performance.now()
  const nextFrame = () =>
    new Promise<void>((resolve) => {
      // Hidden documents get no animation frames; a timer keeps the build going.
      if (doc.visibilityState === 'hidden' || typeof win.requestAnimationFrame !== 'function') {
        win.setTimeout(resolve, 0)
        return
      }
      // Neither is a frame whose rendering the browser stopped (see FRAME_WAIT_MS).
      const go = () => {
        win.cancelAnimationFrame(frame)
        win.clearTimeout(timer)
        resolve()
      }
      const frame = win.requestAnimationFrame(go)
      const timer = win.setTimeout(go, FRAME_WAIT_MS)
    })

  /** Time slices of NAV_TREE_SLICE_MS, one per animation frame, shared by a build and its posting. */
  const slicer = () => {
    const began = now()
    let sliceStart = began
    let slices = 1
    let work = 0
    return {
      spent: () => now() - sliceStart >= NAV_TREE_SLICE_MS,
      async next() {
        work += now() - sliceStart
        await nextFrame()
        sliceStart = now()
        slices++
      },
      /** A User Timing measure of the build (DevTools shows it): its time, slices and time worked. */
      measure(kind: string, nodes: number) {
        const end = now()
        try {
          win.performance.measure(NAV_TREE_MEASURE, {
            start: began,
            end,
            detail: { kind, nodes, slices, workMs: work + end - sliceStart },
          })
        } catch {
          // No User Timing (an old or test DOM): the build itself is unaffected.
        }
      },
    }
  }

  const keeps = (codebaseId: string): boolean => {
    if (context.flags.type === StoryboardType.APPLICATION || !context.storyboardFile) return true
    return context.lookups.get(codebaseId)?.file === context.storyboardFile
  }
  const { taggedComponents, computeOwnKey, resolveKey, domPath } = createElementKeys(context, keeps)

  const finish = (records: BuildRecords, wire: NavTreeWire | null) => {
    store = new TreeStore(records, context.storyboardId)
    allNodes = null
    const built = store
    // The lookup indexes are made when the page is idle, before the next hover needs them.
    const warm = () => {
      // Only the tree still in use: a newer build warms its own.
      if (store === built && built.warm()) win.requestIdleCallback?.(warm, { timeout: 1000 })
    }
    win.requestIdleCallback?.(warm, { timeout: 1000 })
    buildCount++
    if (context.connected && wire) {
      const payload: NavTreePayload = { tree: wire }
      if (htmlRequested) {
        payload.html = doc.documentElement.outerHTML
        htmlRequested = false
      }
      // The columns' buffers move to the editor instead of being copied.
      context.send(OutboundEvent.NAV_TREE, payload, navTreeTransferables(wire))
      sent = { writer: records.writer, connection: context.connection }
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

  /**
   * A whole walk of the page, or (`whole` false, after mutations) a refresh of the last build that
   * walks only the changed parts; the refresh falls back to a whole walk whenever it cannot tell.
   */
  const runBuild = async (whole: boolean): Promise<number> => {
    const started = generation
    try {
      // Mutations made before this build began are in it: the next refresh need not walk them.
      if (observer) notePageChanges(observer.takeRecords())
      const changed = dirty.take()
      const seen = changesNoted
      const slices = slicer()
      const walk: Walk = {
        context,
        keeps,
        taggedComponents,
        slices,
        cancelled: () => generation !== started,
        // The last tree's size; before the first, the page's element count (one pass in the browser).
        capacity:
          store.size > 0
            ? store.size + 64
            : Math.max(1024, Math.ceil((doc.body?.getElementsByTagName('*').length ?? 0) * 1.25)),
      }
      let records: BuildRecords | null | 'full' = 'full'
      const previous = store.records
      const refreshable =
        !whole &&
        changed !== null &&
        previous.writer.size > 0 &&
        previous.writer.strings.length <= MAX_TABLE_GROWTH * tableAtWalk + 1024
      if (refreshable) {
        try {
          records = await refreshPage(walk, { previous, store, dirty: changed, domPath })
        } catch (error) {
          console.error('[visual-edit] the nav tree refresh failed; walking the whole page', error)
          records = 'full'
        }
      }
      const kind = records === 'full' ? 'walk' : 'refresh'
      if (records === 'full') {
        records = await walkPage(walk)
        if (records) tableAtWalk = records.writer.strings.length
      }
      if (!records) return store.size
      // Posting (and the page HTML, when asked) gets a slice of its own when this one is used up.
      if (slices.spent()) await slices.next()
      if (generation !== started) return store.size
      // A refresh that changed nothing the editor has is not sent again: the window scrolled with no
      // fixed or sticky element in the page, an attribute changed that moved nothing.
      const unchanged =
        kind === 'refresh' &&
        !htmlRequested &&
        sent?.writer === previous.writer &&
        sent.connection === context.connection &&
        // The same nodes give the same root (`first` follows from them).
        records.writer.sameNodes(previous.writer)
      // The wire form is already written: sending copies its columns out (a copy, not a pass).
      // Sent with the strings its nodes use: a refresh's table keeps those of what changed since the last walk.
      const wire =
        context.connected && !unchanged ? withUsedStrings(records.writer.finish(records.first)) : null
      if (unchanged) sent = { writer: records.writer, connection: context.connection }
      finish(records, wire)
      changesBuilt = seen
      slices.measure(kind, store.size)
      return store.size
    } catch (error) {
      console.error('Error building nav tree', error)
      throw error
    }
  }

  const rebuild = (whole: boolean): Promise<number> => {
    if (!running) {
      running = runBuild(whole).finally(() => {
        running = null
      })
      return running
    }
    followUpWhole ||= whole
    followUp ??= running
      .catch(() => undefined)
      .then(() => {
        followUp = null
        const wholeFollowUp = followUpWhole
        followUpWhole = false
        return rebuild(wholeFollowUp)
      })
    return followUp
  }

  const rebuildOnChange = (whole = false) => {
    rebuild(whole).catch((error) => console.error('Could not re-create nav tree on DOM change', error))
  }

  const scheduler = createRebuildScheduler(
    {
      now,
      setTimeout: (callback, ms) => win.setTimeout(callback, ms),
      clearTimeout: (handle) => win.clearTimeout(handle as number),
    },
    rebuildOnChange,
  )

  /** Notes mutation records; whether any of them changed the page (not only the overlay). */
  const notePageChanges = (records: MutationRecord[]): boolean => {
    if (!dirty.note(records)) return false
    changesNoted++
    return true
  }

  const onMutations = (records: MutationRecord[]) => {
    if (notePageChanges(records)) scheduler.change()
  }

  /** Whether the page changed since the stored build read it (the observer's queue included). */
  const changedSinceBuild = (): boolean => {
    if (observer) onMutations(observer.takeRecords())
    return changesNoted !== changesBuilt
  }

  /**
   * Layout that moves boxes without a DOM mutation: the viewport resized (the editor previews another
   * width), the page or an element scrolled (the page's scroll moves the page boxes of fixed and
   * sticky elements), an image or a font loaded. The tree's page boxes would stay stale until the
   * next mutation; it is refreshed as after one, a scroll or resize once it settles (nothing walked
   * again, every box read again), and sent only if a box changed.
   */
  let layoutWatch: AbortController | null = null
  const watchLayout = (): AbortController => {
    const own = context.moduleController()
    const options = { passive: true, signal: own.signal }
    // Capture: scroll and load events do not bubble.
    const captured = { ...options, capture: true }
    const settling = () => scheduler.settle()
    const loaded = () => scheduler.change()
    win.addEventListener('resize', settling, options)
    doc.addEventListener('scroll', settling, captured)
    doc.addEventListener('load', loaded, captured)
    doc.fonts?.addEventListener('loadingdone', loaded, options)
    return own
  }

  const indexOf = (key: ElementKey): number => {
    const index = store.indexOfPath(key.uniquePath)
    if (index < 0) return -1
    const known = store.key(index)
    return known.codebaseId === key.codebaseId && known.storyboardId === key.storyboardId ? index : -1
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
      layoutWatch = watchLayout()
      if (doc.getElementById('__next')) scheduler.afterLoader(() => buildCount)
    },
    stop() {
      observer?.disconnect()
      observer = null
      layoutWatch?.abort()
      layoutWatch = null
      scheduler.cancel()
      // A build after a restart has missed the mutations meanwhile: it walks the whole page, and
      // until then the last build is not trusted for keys.
      dirty.forget()
      changesNoted++
      generation++
      queued = []
    },
    rebuild: () => rebuild(true),
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
      // A page changed since the build may have moved or renamed the element (its path, its id).
      const trusted = !changedSinceBuild()
      for (let current: Element | null = element; current; current = current.parentElement) {
        if (current === doc.body || current === doc.documentElement) return null
        if (isOverlay(current)) return null
        const known = trusted ? store.indexOfElement(current) : -1
        if (known >= 0) return store.key(known)
        // Not in the last build (new since, or untagged), or the page changed since it: compute
        // what a build would give it.
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
    parentKeyOf(key) {
      const index = changedSinceBuild() ? -1 : indexOf(key)
      if (index >= 0) {
        const parent = store.parent(index)
        return parent < 0 ? null : store.key(parent)
      }
      const element = this.elementsOf(key)[0]
      const above = element?.parentElement
      return above ? this.keyOf(above) : null
    },
    childrenOf(key) {
      const index = indexOf(key)
      return index < 0 ? [] : store.children(index).map((child) => store.node(child))
    },
    nodeOf,
    isComponent(key) {
      const index = indexOf(key)
      return index >= 0 && store.isComponent(index)
    },
    nodesWithCodebaseId(codebaseId) {
      return store.withCodebaseId(codebaseId).map((index) => store.node(index))
    },
    instancesWithCodebaseId(codebaseId) {
      return store.instancesWithCodebaseId(codebaseId)
    },
  }
}
