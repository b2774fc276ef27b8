/**
 * Read-only access to React's fiber tree (React 18 and 19) from the DOM, for the nav tree and the
 * state-and-props inspection. Nothing here relies on `_debugSource` (React 19 removed it): components
 * are found walking up from an element's fiber, each step settled to React's current tree (see
 * currentFiber), and an element's code identity comes from its `data-tempo-id`, which the transform
 * also puts in the props of every component usage (see codebaseIdOfFiber for node_modules components).
 */
import { CODEBASE_ID_ATTRIBUTE, COMPONENT_IDS_REGISTRY } from '../../protocol/ids.ts'

/** The fields of a React fiber this module reads. Internal to React, so everything is optional-ish. */
export interface Fiber {
  tag: number
  type: unknown
  elementType: unknown
  stateNode: unknown
  return: Fiber | null
  child: Fiber | null
  sibling: Fiber | null
  alternate: Fiber | null
  memoizedProps: unknown
  memoizedState: unknown
  /** React 19 dev builds: the stack captured where its element was created (kept by cloneElement). */
  _debugStack?: unknown
  /** React 18 dev builds: the element's `_source` (kept by cloneElement). */
  _debugSource?: unknown
  /** Dev builds: the fiber (or, React 19, server component info) whose render created this one. */
  _debugOwner?: Fiber | { name?: unknown } | null
}

/** React's work tags (ReactWorkTags.js); the same numbers in React 18 and 19. */
export const FiberTag = {
  FunctionComponent: 0,
  ClassComponent: 1,
  /** React 18: a function component before its first render decided what it is. */
  IndeterminateComponent: 2,
  HostRoot: 3,
  HostPortal: 4,
  HostComponent: 5,
  HostText: 6,
  ForwardRef: 11,
  MemoComponent: 14,
  SimpleMemoComponent: 15,
  /** React 19: `<link>`, `<meta>`, `<title>`... hoisted to the head. */
  HostHoistable: 26,
  /** React 19: `<html>`, `<head>`, `<body>`. */
  HostSingleton: 27,
} as const

const FIBER_KEY_PREFIX = '__reactFiber$'
/** React 16's name for the same expando. */
const LEGACY_FIBER_KEY_PREFIX = '__reactInternalInstance$'
const PROPS_KEY_PREFIX = '__reactProps$'
const CONTAINER_KEY_PREFIX = '__reactContainer$'

const COMPONENT_TAGS: ReadonlySet<number> = new Set([
  FiberTag.FunctionComponent,
  FiberTag.ClassComponent,
  FiberTag.IndeterminateComponent,
  FiberTag.ForwardRef,
  FiberTag.MemoComponent,
  FiberTag.SimpleMemoComponent,
])
const HOST_TAGS: ReadonlySet<number> = new Set([
  FiberTag.HostComponent,
  FiberTag.HostHoistable,
  FiberTag.HostSingleton,
])

export function isComponentFiber(fiber: Fiber): boolean {
  return COMPONENT_TAGS.has(fiber.tag)
}

function isHostFiber(fiber: Fiber): boolean {
  return HOST_TAGS.has(fiber.tag)
}

/** A fiber that ends the walk up from a host element: another host element, a portal or the root. */
function isHostBoundary(fiber: Fiber): boolean {
  return HOST_TAGS.has(fiber.tag) || fiber.tag === FiberTag.HostRoot || fiber.tag === FiberTag.HostPortal
}

// Each copy of react-dom names its expandos with one random suffix; remember the last one seen so the
// common case is one property read instead of a scan of the node's keys.
let knownFiberKey: string | null = null
/** `__reactProps$…` of the same React instance as knownFiberKey (built once: keys built per call cost a lookup each). */
let knownPropsKey: string | null = null

function expandoKey(node: object, prefix: string): string | null {
  for (const key of Object.keys(node)) {
    if (key.startsWith(prefix)) return key
  }
  return null
}

/**
 * The host fiber of a DOM node in React's current tree, or null when React did not render it. React
 * stores the fiber created at mount on the node, which after updates may be the stale alternate:
 * currentFiber settles which of the two is current.
 */
export function fiberOf(node: Node): Fiber | null {
  const record = node as unknown as Record<string, Fiber | undefined>
  let fiber = knownFiberKey ? record[knownFiberKey] : undefined
  if (!fiber) {
    const key = expandoKey(node, FIBER_KEY_PREFIX) ?? expandoKey(node, LEGACY_FIBER_KEY_PREFIX)
    fiber = key ? record[key] : undefined
    if (!fiber || !key) return null
    if (key.startsWith(FIBER_KEY_PREFIX)) {
      knownFiberKey = key
      knownPropsKey = PROPS_KEY_PREFIX + key.slice(FIBER_KEY_PREFIX.length)
    }
  }
  return currentFiber(fiber)
}

/**
 * During a readingFibers call (null outside one): the fibers known to be in React's current tree,
 * and the current fibers whose children all are.
 */
let settled: { current: Set<Fiber>; listed: Set<Fiber> } | null = null

/**
 * Runs `read` with React's current tree settled once for all the fiber lookups it makes (see
 * currentFiber). `read` must be synchronous and must not make React render: what is settled holds
 * until React next commits. Nested calls share the outermost one's; a lookup outside any settles
 * for itself alone.
 */
export function readingFibers<T>(read: () => T): T {
  if (settled) return read()
  settled = { current: new Set(), listed: new Set() }
  try {
    return read()
  } finally {
    settled = null
  }
}

/**
 * The version of a fiber in React's current tree: the fiber or its alternate. Neither the fiber
 * stored on a DOM node nor a fiber's `return` is reliably current: a subtree React did not render
 * again keeps its old parent pointers, and React 18 leaves a node's props (`__reactProps$…`) as they
 * were when an update changed nothing in the DOM. A current fiber's `child` and `sibling` links are
 * current, though, so the current parent's children decide, from the root (whose `stateNode.current`
 * names it) down; each parent's children are listed once per readingFibers call.
 */
function currentFiber(fiber: Fiber): Fiber {
  const alternate = fiber.alternate
  // Never rendered again since it mounted: the only version.
  if (!alternate) return fiber
  if (!settled) return readingFibers(() => currentFiber(fiber))
  const { current, listed } = settled
  if (current.has(fiber)) return fiber
  if (current.has(alternate)) return alternate
  if (fiber.tag === FiberTag.HostRoot) {
    const root = (fiber.stateNode as { current?: Fiber } | null)?.current === alternate ? alternate : fiber
    current.add(root)
    return root
  }
  const parent = fiber.return ?? alternate.return
  if (!parent) return fiber
  const currentParent = currentFiber(parent)
  if (!listed.has(currentParent)) {
    listed.add(currentParent)
    for (let child = currentParent.child; child; child = child.sibling) current.add(child)
  }
  // Neither among the current children: the fiber is being unmounted; it stays as it was.
  return current.has(alternate) ? alternate : fiber
}

/** A current fiber's parent in the current tree (its `return` may be the stale version). */
export function parentFiber(fiber: Fiber): Fiber | null {
  return fiber.return ? currentFiber(fiber.return) : null
}

/**
 * The props React last committed to a DOM element it rendered (`__reactProps$…`), undefined when
 * unknown: one property read, for telling whether an element rendered again since.
 */
export function committedProps(element: Element): unknown {
  return knownPropsKey ? (element as unknown as Record<string, unknown>)[knownPropsKey] : undefined
}

/**
 * One step of the walk up from a host fiber to the fibers whose output starts at it (see
 * componentFibersAbove): `fiber` ends the walk, is the portal it passes, or is one more of them.
 */
function stepUp(fiber: Fiber, pastPortal: boolean): 'end' | 'portal' | 'in' {
  if (fiber.tag === FiberTag.HostPortal) return pastPortal ? 'end' : 'portal'
  if (isHostBoundary(fiber)) return 'end'
  // Past a portal, only what shows nothing where it is used.
  return pastPortal && rendersInPlace(fiber) ? 'end' : 'in'
}

/**
 * The component fibers whose output starts at a host fiber, outermost first: those between it and
 * its nearest host ancestor (or portal, or root). For `<main><Card><section/></Card></main>`, the
 * section's list is `[Card]`.
 *
 * A portal is passed up to the components whose output is nothing but portals: a Modal returning
 * `createPortal(...)`, or a dialog whose overlay and content are portaled each on its own, owns
 * their elements, which are then its elements too (see hostElementsOf). A component that also
 * renders something in place (a dropdown's button beside its portaled menu) does not.
 */
export function componentFibersAbove(hostFiber: Fiber): Fiber[] {
  const chain: Fiber[] = []
  let pastPortal = false
  for (let fiber = parentFiber(hostFiber); fiber; fiber = parentFiber(fiber)) {
    const step = stepUp(fiber, pastPortal)
    if (step === 'end') break
    if (step === 'portal') pastPortal = true
    else if (isComponentFiber(fiber)) chain.push(fiber)
  }
  return chain.reverse()
}

/** Whether a fiber renders a host node outside portals; stops at the first one. */
function rendersInPlace(fiber: Fiber): boolean {
  const stack: Fiber[] = [fiber]
  while (stack.length > 0) {
    const current = stack.pop() as Fiber
    if (isHostFiber(current)) return true
    if (current.tag === FiberTag.HostPortal && current !== fiber) continue
    for (let child = current.child; child; child = child.sibling) stack.push(child)
  }
  return false
}

const nameCache = new WeakMap<object, string | null>()

/**
 * The name React DevTools would show for a component type: `displayName`, else the function's
 * `name`; for `forwardRef` the render function's name; for `memo` the wrapped type's name. Null when
 * the component is anonymous.
 */
export function typeName(type: unknown): string | null {
  if ((typeof type !== 'function' && typeof type !== 'object') || type === null) return null
  const cached = nameCache.get(type)
  if (cached !== undefined) return cached
  const record = type as { displayName?: unknown; name?: unknown; render?: unknown; type?: unknown }
  let name: string | null = null
  if (typeof record.displayName === 'string' && record.displayName) name = record.displayName
  else if (typeof type === 'function')
    name = typeof record.name === 'string' && record.name ? record.name : null
  else if (record.render !== undefined) name = typeName(record.render)
  else if (record.type !== undefined) name = typeName(record.type)
  nameCache.set(type, name)
  return name
}

/** A component fiber's name (memo wrappers and forwardRef resolved), or null when anonymous. */
export function componentName(fiber: Fiber): string | null {
  // SimpleMemoComponent keeps the memo() object in elementType and the function in type: the memo's
  // displayName, when set, is the one the author chose.
  if (fiber.tag === FiberTag.SimpleMemoComponent) return typeName(fiber.elementType) ?? typeName(fiber.type)
  return typeName(fiber.type)
}

function isFiber(value: unknown): value is Fiber {
  return typeof value === 'object' && value !== null && typeof (value as Fiber).tag === 'number'
}

/**
 * The component that rendered a fiber: `_debugOwner` in development builds, else (production, or an
 * owner React does not record) the nearest component ancestor.
 */
export function ownerOf(fiber: Fiber): Fiber | null {
  const owner = fiber._debugOwner
  if (isFiber(owner)) return owner
  for (let ancestor = parentFiber(fiber); ancestor; ancestor = parentFiber(ancestor)) {
    if (isComponentFiber(ancestor)) return ancestor
  }
  return null
}

/** The name of the component whose code renders this fiber (its scope), when known. */
export function scopeOf(fiber: Fiber): string | null {
  const owner = fiber._debugOwner
  if (owner && !isFiber(owner) && typeof owner.name === 'string') return owner.name
  const found = ownerOf(fiber)
  return found ? componentName(found) : null
}

const EMPTY_PROPS: Readonly<Record<string, unknown>> = Object.freeze({})

const REGISTRY = Symbol.for(COMPONENT_IDS_REGISTRY)

/**
 * The codebase id of a component usage: its `data-tempo-id` prop, or, for a component from
 * node_modules (which gets no such prop), what the transform's helper recorded in the page's
 * registry against its props object, else against its element's debug stack or source (a clone of
 * the element has other props but the same of those). Undefined for an untagged fiber.
 */
export function codebaseIdOfFiber(fiber: Fiber): string | undefined {
  const props = propsOf(fiber)
  const id = props[CODEBASE_ID_ATTRIBUTE]
  if (typeof id === 'string') return id
  if (props === EMPTY_PROPS) return undefined
  const registry = (globalThis as Record<symbol, unknown>)[REGISTRY]
  if (!(registry instanceof WeakMap)) return undefined
  for (const key of [props, fiber._debugStack, fiber._debugSource]) {
    if (key === null || typeof key !== 'object') continue
    const found = registry.get(key) as string | undefined
    if (found) return found
  }
  return undefined
}

/** A fiber's props as last rendered (empty for text fibers and fibers without props). */
export function propsOf(fiber: Fiber): Record<string, unknown> {
  const props = fiber.memoizedProps
  return typeof props === 'object' && props !== null ? (props as Record<string, unknown>) : EMPTY_PROPS
}

/**
 * The top host elements a fiber renders: the host nodes of its subtree that have no host ancestor
 * inside it, in order (one for most components, several for a fragment, none for `null`). Portals'
 * contents live elsewhere in the page and are left out, unless the fiber shows nothing in place (see
 * componentFibersAbove): then its portals' top elements are its elements.
 */
export function hostElementsOf(fiber: Fiber): Element[] {
  if (isHostFiber(fiber)) return fiber.stateNode instanceof Element ? [fiber.stateNode] : []
  const elements: Element[] = []
  const portals: Fiber[] = []
  // As rendersInPlace has it: any host fiber outside portals, an element or not.
  let inPlace = false
  const stack: Fiber[] = []
  for (let child = fiber.child; child; child = child.sibling) stack.push(child)
  stack.reverse()
  while (stack.length > 0) {
    const current = stack.pop() as Fiber
    if (isHostFiber(current)) {
      inPlace = true
      if (current.stateNode instanceof Element) elements.push(current.stateNode)
      continue
    }
    if (current.tag === FiberTag.HostPortal) {
      portals.push(current)
      continue
    }
    const children: Fiber[] = []
    for (let child = current.child; child; child = child.sibling) children.push(child)
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index] as Fiber)
  }
  if (inPlace || fiber.tag === FiberTag.HostPortal) return elements
  return portals.flatMap(hostElementsOf)
}

/**
 * The current HostRoot fiber of every React root whose container is in the document: from the
 * containers' `__reactContainer$…` expandos, found through the rendered elements.
 */
export function findRootFibers(doc: Document): Fiber[] {
  const roots = new Map<object, Fiber>()
  const containers: Node[] = []
  const consider = (node: Node) => {
    if (containers.some((container) => container.contains(node))) return
    const fiber = fiberOf(node)
    if (!fiber) return
    let top: Fiber = fiber
    while (top.return) top = top.return
    if (top.tag !== FiberTag.HostRoot) return
    const fiberRoot = top.stateNode as { current?: Fiber; containerInfo?: Node } | null
    if (!fiberRoot?.current) return
    roots.set(fiberRoot, fiberRoot.current)
    if (fiberRoot.containerInfo) containers.push(fiberRoot.containerInfo)
  }
  const walker = doc.createTreeWalker(doc.documentElement, 1 /* NodeFilter.SHOW_ELEMENT */)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const containerKey = expandoKey(node, CONTAINER_KEY_PREFIX)
    if (containerKey) {
      const container = (node as unknown as Record<string, Fiber | undefined>)[containerKey]
      const fiberRoot = container?.stateNode as { current?: Fiber } | undefined
      if (fiberRoot?.current && !roots.has(fiberRoot)) {
        roots.set(fiberRoot, fiberRoot.current)
        containers.push(node)
      }
      continue
    }
    consider(node)
  }
  return [...roots.values()]
}

/** Every fiber under `root` (itself included), depth first, children in order. */
export function* walkFibers(root: Fiber): Generator<Fiber> {
  const stack: Fiber[] = [root]
  while (stack.length > 0) {
    const fiber = stack.pop() as Fiber
    yield fiber
    const children: Fiber[] = []
    for (let child = fiber.child; child; child = child.sibling) children.push(child)
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index] as Fiber)
  }
}

interface Hook {
  memoizedState: unknown
  queue: { lastRenderedReducer?: unknown } | null
  next: Hook | null
}

/**
 * A component's state: a class instance's `state`, or, for function components, the values of their
 * `useState` and `useReducer` hooks in call order (the hooks whose update queue has a reducer; effects,
 * refs and memos have none). Null for components without state.
 */
export function stateOf(fiber: Fiber): Record<string, unknown> | unknown[] | null {
  if (fiber.tag === FiberTag.ClassComponent) {
    const state = (fiber.stateNode as { state?: unknown } | null)?.state
    return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : null
  }
  if (!isComponentFiber(fiber)) return null
  const values: unknown[] = []
  let hook = fiber.memoizedState as Hook | null
  for (let guard = 0; hook && typeof hook === 'object' && 'next' in hook && guard < 1000; guard++) {
    if (hook.queue && typeof hook.queue.lastRenderedReducer === 'function') values.push(hook.memoizedState)
    hook = hook.next
  }
  return values.length > 0 ? values : null
}

const REACT_ELEMENT_TYPES: ReadonlySet<symbol> = new Set([
  Symbol.for('react.transitional.element'),
  Symbol.for('react.element'),
])

/** A React element (`<Card />` as a value), from React 19 or 18. */
export function isReactElement(value: unknown): value is { type: unknown; props: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    REACT_ELEMENT_TYPES.has((value as { $$typeof?: symbol }).$$typeof as symbol)
  )
}

/** `<Card />`, `<div />`: how an element value is shown in props. */
export function describeReactElement(element: { type: unknown }): string {
  const name = typeof element.type === 'string' ? element.type : (typeName(element.type) ?? 'Anonymous')
  return `<${name} />`
}
