import { CODEBASE_ID_ATTRIBUTE } from '../../protocol/ids.ts'
import {
  type InspectElementPayload,
  InspectError,
  TEMPO_FUNCTION_TYPE,
  TEMPO_OBJECT_TYPE,
} from '../../protocol/messages.ts'
import type { ComponentStateAndProps } from '../../protocol/state-and-props.ts'
import type { InspectorContext } from '../core/context.ts'
import {
  codebaseIdOfFiber,
  type Fiber,
  FiberTag,
  fiberOf,
  findRootFibers,
  isComponentFiber,
  componentName as nameOf,
  parentFiber,
  propsOf,
  readingFibers,
  stateOf,
  walkFibers,
} from './react-fiber.ts'

/** One mounted component instance, as replied and logged: objects and functions replaced by markers. */
type ComponentSnapshot = ComponentStateAndProps

/** Objects (arrays, elements, dates...) become TEMPO_OBJECT_TYPE, functions TEMPO_FUNCTION_TYPE. */
function sanitize(value: unknown): unknown {
  if (typeof value === 'function') return TEMPO_FUNCTION_TYPE
  if (typeof value === 'object' && value !== null) return TEMPO_OBJECT_TYPE
  // Symbols cannot cross a MessagePort; the editor takes primitives only (checkComponentStateAndProps).
  if (typeof value === 'symbol' || typeof value === 'bigint') return String(value)
  return value
}

function snapshot(fiber: Fiber): ComponentSnapshot {
  const props: Record<string, unknown> = {}
  const raw = propsOf(fiber)
  for (const key of Object.keys(raw)) {
    if (key === CODEBASE_ID_ATTRIBUTE) continue
    props[key] = sanitize(raw[key])
  }
  const id = codebaseIdOfFiber(fiber)
  const state = stateOf(fiber)
  let cleanState: ComponentSnapshot['state'] = null
  if (Array.isArray(state)) cleanState = state.map(sanitize)
  else if (state) {
    cleanState = {}
    for (const key of Object.keys(state)) cleanState[key] = sanitize(state[key])
  }
  return { id: typeof id === 'string' ? id : null, props, state: cleanState }
}

const isTaggedWith = (fiber: Fiber, id: string) => codebaseIdOfFiber(fiber) === id

/**
 * Every mounted component instance (the current tree of every React root of the page). A memo()
 * wrapper fiber is left out: the fiber inside it is the same instance, with the same props, and holds
 * the state.
 */
function* mountedComponents(context: InspectorContext): Generator<Fiber> {
  for (const root of findRootFibers(context.doc)) {
    for (const fiber of walkFibers(root)) {
      if (isComponentFiber(fiber) && fiber.tag !== FiberTag.MemoComponent) yield fiber
    }
  }
}

/**
 * The fibers an id designates: the fiber of every DOM element carrying it, or, when none does (a
 * component usage: the id is only in the component's props), every component fiber with it in its
 * props. Empty when nothing mounted has the id.
 */
function fibersWithId(context: InspectorContext, id: string): { found: boolean; fibers: Fiber[] } {
  const elements = Array.from(context.doc.querySelectorAll(`[${CODEBASE_ID_ATTRIBUTE}]`)).filter(
    (element) => element.getAttribute(CODEBASE_ID_ATTRIBUTE) === id,
  )
  if (elements.length > 0) {
    return {
      found: true,
      fibers: elements.map((element) => fiberOf(element)).filter((fiber) => fiber !== null),
    }
  }
  const fibers: Fiber[] = []
  for (const fiber of mountedComponents(context)) if (isTaggedWith(fiber, id)) fibers.push(fiber)
  return { found: fibers.length > 0, fibers }
}

/** The fiber itself or its nearest ancestor that is a component called `name` (and tagged `usageId`). */
function enclosingComponent(fiber: Fiber, name: string, usageId: string | undefined): Fiber | null {
  for (let current: Fiber | null = fiber; current; current = parentFiber(current)) {
    if (!isComponentFiber(current) || nameOf(current) !== name) continue
    if (usageId === undefined || isTaggedWith(current, usageId)) return current
  }
  return null
}

/**
 * The editor's inspectElement request: the props and state of the component instance `componentName`
 * that renders the element `tempoElementID` (or the component usage with that id when `isComponent`),
 * optionally narrowed to the usage `componentElementId`. Logged to the console and returned as
 * `{ id, props, state }`. Throws, for the bridge to reply:
 * - 'No component name': `componentName` is missing or empty.
 * - 'Could not find element': an id was given (`tempoElementID`, else `componentElementId`) and no
 *   mounted DOM element nor component usage carries it.
 * - 'No component found': the element exists but React did not render it (no fiber), or no id was
 *   given and the page has no React root.
 * - 'Could not find component': React renders the element, but neither it nor any of its ancestors is
 *   a component called `componentName` (tagged `componentElementId` when given); without an id, no
 *   mounted component has that name.
 */
export function inspectElement(context: InspectorContext, payload: InspectElementPayload): ComponentSnapshot {
  // One settling of React's current tree for every lookup below.
  return readingFibers(() => {
    const { componentName: name, tempoElementID, componentElementId, isComponent } = payload
    if (typeof name !== 'string' || !name) throw new Error(InspectError.NO_COMPONENT_NAME)
    const anchorId = tempoElementID || componentElementId
    const usageId = tempoElementID && componentElementId ? componentElementId : undefined
    let target: Fiber | null = null

    if (anchorId) {
      const { found, fibers } = fibersWithId(context, anchorId)
      if (!found) throw new Error(InspectError.ELEMENT_NOT_FOUND)
      if (fibers.length === 0) throw new Error(InspectError.NO_COMPONENT_FOUND)
      // For a component usage, its own fiber (the one carrying the id in props) is the first candidate.
      const starts = isComponent
        ? [...fibers.flatMap((fiber) => usageFibers(fiber, anchorId)), ...fibers]
        : fibers
      for (const start of starts) {
        target = enclosingComponent(start, name, usageId)
        if (target) break
      }
    } else {
      const roots = findRootFibers(context.doc)
      if (roots.length === 0) throw new Error(InspectError.NO_COMPONENT_FOUND)
      for (const fiber of mountedComponents(context)) {
        if (nameOf(fiber) === name) {
          target = fiber
          break
        }
      }
    }
    if (!target) throw new Error(InspectError.COMPONENT_NOT_FOUND)
    const result = snapshot(target)
    console.log(`[visual-edit] ${name}`, result)
    return result
  })
}

/** The component fibers above `fiber` (itself included) that carry `id` in their props. */
function usageFibers(fiber: Fiber, id: string): Fiber[] {
  const out: Fiber[] = []
  for (let current: Fiber | null = fiber; current; current = parentFiber(current)) {
    if (isComponentFiber(current) && isTaggedWith(current, id)) out.push(current)
  }
  return out
}

/**
 * The GET_STATE_AND_PROPS window message: logs `{ id, props, state }` of every mounted instance of the
 * component called `componentName`, and returns them.
 */
export function logStateAndProps(context: InspectorContext, componentName: string): ComponentSnapshot[] {
  const instances: ComponentSnapshot[] = []
  for (const fiber of mountedComponents(context)) {
    if (nameOf(fiber) === componentName) instances.push(snapshot(fiber))
  }
  for (const instance of instances) console.log(`[visual-edit] ${componentName}`, instance)
  if (instances.length === 0) console.log(`[visual-edit] no mounted instance of ${componentName}`)
  return instances
}
