import { childUniquePath, type ElementKey, encodePathSegment } from '../../protocol/element-key.ts'
import { CODEBASE_ID_ATTRIBUTE, EMPTY_TREE_CODEBASE_ID, SKIP_ROOT_CODEBASE_ID } from '../../protocol/ids.ts'
import { type InspectorContext, OVERLAY_ATTRIBUTE } from '../core/context.ts'
import {
  codebaseIdOfFiber,
  componentFibersAbove,
  componentName,
  type Fiber,
  fiberOf,
  hostElementsOf,
  readingFibers,
} from '../react/react-fiber.ts'
import { memoByString } from './memo.ts'

const CODEBASE_ID_CHARS = /^[A-Za-z0-9_-]+$/
/** Ids already checked: a list renders one JSX element's id once per row. */
const validId = memoByString((id) => CODEBASE_ID_CHARS.test(id), 50_000)

/** Whether `id` is a codebase id of allowed characters only (docs/GLOSSARY.md, Codebase id). */
export function isCodebaseId(id: unknown): id is string {
  return typeof id === 'string' && id !== '' && validId(id)
}

export interface TaggedComponent {
  fiber: Fiber
  id: string
  name: string
}

/** A component name as a unique path segment: word tokens for special characters, never digits first. */
export const componentSegment = memoByString((name) => {
  const encoded = encodePathSegment(name)
  return /^[0-9]/.test(encoded) ? `_${encoded}` : encoded
})

export function isOverlay(element: Element): boolean {
  return element.hasAttribute(OVERLAY_ATTRIBUTE)
}

/**
 * The element keys of the navigation tree (see createNavTree for the unique path rules), computed
 * from the DOM and React's fibers without a build: for elements the last build did not see, and for
 * keys whose elements it no longer has. `keeps` says which codebase ids the storyboard shows.
 */
export function createElementKeys(context: InspectorContext, keeps: (codebaseId: string) => boolean) {
  const { doc } = context

  /**
   * The tagged component usages whose output starts at this host fiber (see componentFibersAbove),
   * outermost first. A memo() or forwardRef() wrapper and the component inside share the usage's
   * props: they count once, under the outer fiber.
   */
  const taggedComponents = (hostFiber: Fiber): TaggedComponent[] | null => {
    const components = componentFibersAbove(hostFiber)
    let chain: TaggedComponent[] | null = null
    let innerId: string | null = null
    // Innermost first, so that a wrapper takes the place of the component inside it.
    for (let at = components.length - 1; at >= 0; at--) {
      const fiber = components[at] as Fiber
      const id = codebaseIdOfFiber(fiber)
      if (!isCodebaseId(id)) continue
      const name = componentName(fiber) ?? context.lookups.get(id)?.tagName ?? 'Anonymous'
      chain ??= []
      if (id === innerId) chain[chain.length - 1] = { fiber, id, name }
      else chain.push({ fiber, id, name })
      innerId = id
    }
    return chain?.reverse() ?? null
  }

  /** Element-child index path from the body, the overlay left out; null outside the body. */
  const domPath = (element: Element): string | null => {
    const indexes: number[] = []
    let current: Element | null = element
    while (current && current !== doc.body) {
      if (isOverlay(current)) return null
      let position = 0
      for (let sibling = current.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
        if (!isOverlay(sibling)) position++
      }
      indexes.push(position)
      current = current.parentElement
    }
    if (!current) return null
    let path = '0'
    for (let at = indexes.length - 1; at >= 0; at--) path = childUniquePath(path, indexes[at] as number)
    return path
  }

  const makeKey = (codebaseId: string, uniquePath: string): ElementKey => ({
    codebaseId,
    storyboardId: context.storyboardId,
    uniquePath,
  })

  const sameFiber = (a: Fiber, b: Fiber) => a === b || a.alternate === b

  /** The key of a component usage computed from the fibers, as a build would give it. */
  const componentKey = (fiber: Fiber, id: string): ElementKey | null => {
    const first = hostElementsOf(fiber)[0]
    const firstFiber = first ? fiberOf(first) : null
    const hostPath = first ? domPath(first) : null
    if (!firstFiber || hostPath === null) return null
    let path = hostPath
    for (const entry of taggedComponents(firstFiber) ?? []) {
      path = childUniquePath(path, componentSegment(entry.name))
      if (sameFiber(entry.fiber, fiber)) return makeKey(id, path)
    }
    return null
  }

  /** The key a build would give to the nearest node at `element` itself (not its ancestors). */
  const computeOwnKey = (element: Element): ElementKey | null => {
    const id = element.getAttribute(CODEBASE_ID_ATTRIBUTE)
    if (isCodebaseId(id) && keeps(id)) {
      const path = domPath(element)
      return path === null ? null : makeKey(id, path)
    }
    const fiber = fiberOf(element)
    const chain = fiber ? taggedComponents(fiber) : null
    if (!chain) return null
    for (let at = chain.length - 1; at >= 0; at--) {
      const entry = chain[at] as TaggedComponent
      if (keeps(entry.id)) return componentKey(entry.fiber, entry.id)
    }
    return null
  }

  /** The elements of a key that is not (or no longer) in the last build, found from its path. */
  const resolveKey = (key: ElementKey): Element[] => {
    if (key.codebaseId === SKIP_ROOT_CODEBASE_ID || key.codebaseId === EMPTY_TREE_CODEBASE_ID) {
      return doc.body ? [doc.body] : []
    }
    const segments = key.uniquePath.split('-')
    if (segments[0] !== '0' || !doc.body) return []
    let element: Element = doc.body
    let at = 1
    for (; at < segments.length && /^[0-9]+$/.test(segments[at] as string); at++) {
      let position = Number(segments[at])
      let child = element.firstElementChild
      for (; child; child = child.nextElementSibling) {
        if (isOverlay(child)) continue
        if (position-- === 0) break
      }
      if (!child) return []
      element = child
    }
    if (at === segments.length) {
      return element.getAttribute(CODEBASE_ID_ATTRIBUTE) === key.codebaseId ? [element] : []
    }
    const fiber = fiberOf(element)
    const chain = fiber ? taggedComponents(fiber) : null
    if (!chain) return []
    let entry: TaggedComponent | undefined
    for (const candidate of chain) {
      if (at === segments.length || componentSegment(candidate.name) !== segments[at]) return []
      entry = candidate
      at++
      if (at === segments.length) break
    }
    return entry && at === segments.length && entry.id === key.codebaseId ? hostElementsOf(entry.fiber) : []
  }

  return {
    // The walk and the refresh settle the current fibers for a whole slice; these are one-off lookups.
    taggedComponents,
    computeOwnKey: (element: Element) => readingFibers(() => computeOwnKey(element)),
    resolveKey: (key: ElementKey) => readingFibers(() => resolveKey(key)),
    makeKey,
    domPath,
  }
}
