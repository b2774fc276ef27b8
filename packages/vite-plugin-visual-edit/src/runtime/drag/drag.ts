import {
  DRAG_THRESHOLD_PX,
  type DragCancelPayload,
  type DragEndPayload,
  type DragStartPayload,
  type DropPlacement,
  type MouseDragContext,
  OUT_OF_SCREEN_DRAG_START,
} from '../../protocol/drag.ts'
import { type ElementKey, elementKeysEqual } from '../../protocol/element-key.ts'
import { isTaggedCodebaseId } from '../../protocol/ids.ts'
import { OutboundEvent } from '../../protocol/messages.ts'
import type { NavTreeNode } from '../../protocol/nav-tree-node.ts'
import type { PointerInput } from '../../protocol/port.ts'
import { OUTLINE_COLORS } from '../core/constants.ts'
import { type InspectorContext, OVERLAY_ATTRIBUTE } from '../core/context.ts'
import type { Outlines } from '../overlay/outlines.ts'
import type { ClientBox } from '../overlay/shapes.ts'
import { eventTarget, type Selection } from '../selection/selection.ts'
import type { NavTree } from '../tree/nav-tree.ts'
import { createDragPreview, type DragPreview } from './drag-preview.ts'
import { type Flow, flowOf, indicatorBox, insertionIndex, insideInner } from './drop-target.ts'

/** What the drag needs from the navigation tree. */
export type DragTree = Pick<NavTree, 'keyOf' | 'elementsOf' | 'parentOf' | 'childrenOf'>

/** What the drag needs from the selection. */
export type DragSelection = Pick<
  Selection,
  'selected' | 'multiSelected' | 'driveMode' | 'keyOfTarget' | 'setSelected'
>

/** Shows the move at once (instant-update.ts): returns the change id it was shown under, or null. */
export type InstantMove = (move: {
  codebaseIdToMove: string
  codebaseIdToMoveTo: string
  beforeCodebaseId?: string
  afterCodebaseId?: string
  expectedCurrentParentCodebaseId?: string
}) => string | null

export interface Drag {
  start(): void
  stop(): void
  /** Whether a drag is under way (past the threshold). */
  readonly dragging: boolean
  /** The editor's forwarded pointer (syntheticMouseMove): returns whether the drag took it. */
  pointerMove(input: PointerInput & { buttons?: number }): boolean
  /** The editor's forwarded pointer up (syntheticMouseUp): returns whether it ended a drag. */
  pointerUp(input: PointerInput): boolean
  /** triggerDragStart: records a press on `key` (else the selection) off screen, so the next move drags it. */
  triggerStart(key?: ElementKey | null): boolean
  /** triggerDragCancel: ends a press or drag without a drop. */
  triggerCancel(): boolean
  /** The selection's click guard: true (once) for the click a drop, or a cancelled drag's release, brings. */
  takesClick(): boolean
  /** The input forwarding's: Escape during a drag is the drag's, not the editor's. */
  ownsKey(event: KeyboardEvent): boolean
  readonly preview: DragPreview
}

/** Tags a drop can go into, besides any element that already has children. */
const CONTAINER_TAGS: ReadonlySet<string> = new Set([
  'div',
  'section',
  'main',
  'article',
  'aside',
  'header',
  'footer',
  'nav',
  'ul',
  'ol',
  'li',
  'form',
  'fieldset',
  'figure',
  'details',
  'dialog',
])
/** How far inside a container's edge (page px at 100%) the pointer must be for a drop into it. */
const INNER_EDGE_PX = 12
/** The drop indicator's thickness at 100% zoom. */
const INDICATOR_PX = 2

interface Press {
  key: ElementKey
  element: Element
  /** Where the press was, in client coordinates (for the move outline) and as the drag context. */
  clientX: number
  clientY: number
  context: MouseDragContext
  parentCodebaseId: string | null
}

interface Target {
  drop: DropPlacement | null
  indicator: ClientBox | null
  container: ClientBox | null
}

const NO_TARGET: Target = { drop: null, indicator: null, container: null }

function boxOf(elements: readonly Element[]): ClientBox | null {
  let left = Number.POSITIVE_INFINITY
  let top = Number.POSITIVE_INFINITY
  let right = Number.NEGATIVE_INFINITY
  let bottom = Number.NEGATIVE_INFINITY
  for (const element of elements) {
    if (!element.isConnected) continue
    const box = element.getBoundingClientRect()
    left = Math.min(left, box.left)
    top = Math.min(top, box.top)
    right = Math.max(right, box.right)
    bottom = Math.max(bottom, box.bottom)
  }
  return left === Number.POSITIVE_INFINITY ? null : { left, top, width: right - left, height: bottom - top }
}

/**
 * Drag to move (docs/INSPECTOR.md, Drag to move; spec sections 3-4). A pointer down on an element
 * records the drag context; moving 20 px divided by the zoom (x and y distances added) starts the drag
 * (DRAG_START, the element selected first if it was not); while dragging the move outline follows the pointer and a drop indicator shows where
 * the element would land: between the children of the container under the pointer, along its flex
 * direction or grid flow, or into it when the pointer is well inside an element that holds elements.
 * Pointer up drops (DRAG_END with the placement, the move shown at once through `instantMove`); a
 * move with no button pressed, Escape or the editor's triggerDragCancel cancels (DRAG_CANCEL).
 */
export function createDrag(
  context: InspectorContext,
  tree: DragTree,
  selection: DragSelection,
  outlines: Pick<Outlines, 'setMoveOutline' | 'addLayer'>,
  instantMove: InstantMove = () => null,
): Drag {
  const { win, doc } = context
  let controller: AbortController | null = null
  let press: Press | null = null
  let target: Target = NO_TARGET
  let indicator: HTMLDivElement | null = null
  let containerOutline: HTMLDivElement | null = null
  let removeLayer = () => {}
  /** The click that follows a drop is the drop's, not a selection; so is the one after a cancelled drag. */
  let swallowClick = false
  /** A drag was cancelled with the button still held: its release is not a click either. */
  let cancelledHeld = false
  let frame = 0
  let last: { clientX: number; clientY: number } | null = null
  const preview = createDragPreview(doc, tree)
  const zoom = () => (context.zoom > 0 ? context.zoom : 1)

  const parentNodeOf = (key: ElementKey): NavTreeNode | null => tree.parentOf(key)
  /**
   * The JSX element `codebaseId` is written inside, as the server's lookup says; else `fallback` (the
   * page's parent). They differ for children passed to a component: the page puts them in the
   * component's element, the code in the component's usage.
   */
  const codeParentOf = (codebaseId: string, fallback: string | null): string | null =>
    context.lookups.get(codebaseId)?.parentId ?? fallback

  const record = (key: ElementKey, element: Element, clientX: number, clientY: number): Press => {
    const parent = parentNodeOf(key)
    const parentElement = parent ? tree.elementsOf(parent.key)[0] : element.parentElement
    const style = parentElement ? win.getComputedStyle(parentElement) : null
    const box = element.getBoundingClientRect()
    return {
      key,
      element,
      clientX,
      clientY,
      parentCodebaseId: codeParentOf(key.codebaseId, parent?.key.codebaseId ?? null),
      context: {
        pageX: clientX + win.scrollX,
        pageY: clientY + win.scrollY,
        offsetX: clientX - box.left,
        offsetY: clientY - box.top,
        parentSelectedElementKey: parent?.key ?? null,
        selectedParentDisplay: style?.display ?? '',
        selectedParentFlexDirection: style?.flexDirection ?? '',
        dragging: false,
      },
    }
  }

  /**
   * The element a press drags: the tagged element pressed, or the selection when that element is what
   * the selection renders (a component selected in the layers drags its usage, not its root element).
   */
  const pressedAt = (event: Event): { key: ElementKey; element: Element } | null => {
    const key = selection.keyOfTarget(event)
    const element = key ? tree.elementsOf(key)[0] : undefined
    if (!key || !element) return null
    const selected = selection.multiSelected.length === 0 ? selection.selected : null
    if (selected && tree.elementsOf(selected).includes(element)) return { key: selected, element }
    return { key, element }
  }

  const movable = (key: ElementKey) => isTaggedCodebaseId(key.codebaseId)

  // -- where it would land ------------------------------------------------------------------------

  /** The tagged element under the point that is not the dragged one or inside it. */
  const hitAt = (x: number, y: number, dragged: Element): ElementKey | null => {
    for (const node of doc.elementsFromPoint(x, y)) {
      if (node.hasAttribute(OVERLAY_ATTRIBUTE) || dragged.contains(node)) continue
      const key = tree.keyOf(node)
      if (key) return key
    }
    return null
  }

  /** Holds elements, or is an empty box that could: a drop well inside it goes into it. */
  const isContainer = (key: ElementKey, element: Element) => {
    if (tree.childrenOf(key).length > 0) return true
    if (!CONTAINER_TAGS.has(element.localName)) return false
    for (const child of element.childNodes)
      if (child.nodeType === 3 && child.textContent?.trim()) return false
    return true
  }

  const flowOfElement = (element: Element): Flow => {
    const style = win.getComputedStyle(element)
    return flowOf(style.display, style.flexDirection, style.flexWrap)
  }

  const targetAt = (x: number, y: number, dragging: Press): Target => {
    const hit = hitAt(x, y, dragging.element)
    if (!hit) return NO_TARGET
    const hitElement = tree.elementsOf(hit)[0]
    if (!hitElement) return NO_TARGET
    const hitBox = hitElement.getBoundingClientRect()
    const into = isContainer(hit, hitElement) && insideInner(hitBox, x, y, INNER_EDGE_PX / zoom())
    const parent = into ? { key: hit } : parentNodeOf(hit)
    if (!parent || !movable(parent.key) || elementKeysEqual(parent.key, dragging.key)) return NO_TARGET
    const parentElement = tree.elementsOf(parent.key)[0]
    if (!parentElement || dragging.element.contains(parentElement)) return NO_TARGET
    const siblings = tree.childrenOf(parent.key)
    const others = siblings.filter((node) => !elementKeysEqual(node.key, dragging.key))
    const boxes: ClientBox[] = []
    const placed: NavTreeNode[] = []
    for (const node of others) {
      const box = boxOf(tree.elementsOf(node.key))
      if (box) {
        boxes.push(box)
        placed.push(node)
      }
    }
    const flow = flowOfElement(parentElement)
    const index = insertionIndex(flow, boxes, x, y)
    const before = placed[index]
    const after = placed[index - 1]
    const containerBox = parentElement.getBoundingClientRect()
    const line = indicatorBox(flow, boxes, index, containerBox, INDICATOR_PX / zoom())
    const own = siblings.findIndex((node) => elementKeysEqual(node.key, dragging.key))
    const samePlace =
      elementKeysEqual(parent.key, dragging.context.parentSelectedElementKey) &&
      own >= 0 &&
      elementKeysEqual(siblings[own - 1]?.key ?? null, after?.key ?? null) &&
      elementKeysEqual(siblings[own + 1]?.key ?? null, before?.key ?? null)
    const reference = before ?? after
    const drop: DropPlacement | null = samePlace
      ? null
      : {
          parentKey: parent.key,
          codebaseIdToMoveTo: reference
            ? (codeParentOf(reference.key.codebaseId, parent.key.codebaseId) ?? parent.key.codebaseId)
            : parent.key.codebaseId,
          ...(before
            ? { beforeCodebaseId: before.key.codebaseId }
            : after
              ? { afterCodebaseId: after.key.codebaseId }
              : {}),
        }
    return { drop, indicator: samePlace ? null : line, container: into ? containerBox : null }
  }

  // -- drawing --------------------------------------------------------------------------------------

  const drawIndicator = (root: ShadowRoot, origin: ClientBox | null) => {
    const color = context.aiContext ? OUTLINE_COLORS.AI_PRIMARY : OUTLINE_COLORS.PRIMARY
    const show = (div: HTMLDivElement | null, box: ClientBox | null, css: string) => {
      if (!box || !origin) {
        if (div) div.hidden = true
        return div
      }
      const made = div ?? doc.createElement('div')
      if (made.parentNode !== root) root.appendChild(made)
      made.hidden = false
      made.style.cssText = `${css};left:${box.left - origin.left}px;top:${box.top - origin.top}px;width:${box.width}px;height:${box.height}px`
      return made
    }
    indicator = show(indicator, target.indicator, `z-index:2000000004;background:${color}`)
    indicator?.setAttribute('data-kind', 'drop-indicator')
    containerOutline = show(
      containerOutline,
      target.container,
      `z-index:2000000003;box-shadow:inset 0 0 0 ${INDICATOR_PX / zoom()}px ${color}`,
    )
    containerOutline?.setAttribute('data-kind', 'drop-container')
  }

  const redraw = () => {
    frame = 0
    if (!press?.context.dragging || !last) return
    target = targetAt(last.clientX, last.clientY, press)
    const box = press.element.getBoundingClientRect()
    outlines.setMoveOutline({
      left: last.clientX - press.context.offsetX,
      top: last.clientY - press.context.offsetY,
      width: box.width,
      height: box.height,
    })
  }

  // -- the press's life -----------------------------------------------------------------------------

  const reset = () => {
    press = null
    target = NO_TARGET
    last = null
    if (frame) win.cancelAnimationFrame(frame)
    frame = 0
    outlines.setMoveOutline(null)
  }

  const cancel = (reason: DragCancelPayload['reason']): boolean => {
    if (!press) return false
    const was = press
    reset()
    preview.clear()
    if (was.context.dragging) {
      cancelledHeld = reason !== 'no-buttons'
      const payload: DragCancelPayload = { elementKey: was.key, reason }
      context.send(OutboundEvent.DRAG_CANCEL, payload)
    }
    return true
  }

  const move = (input: { clientX: number; clientY: number; buttons?: number }): boolean => {
    if (!press) return false
    if (input.buttons === 0) {
      cancel('no-buttons')
      return true
    }
    last = { clientX: input.clientX, clientY: input.clientY }
    if (!press.context.dragging) {
      const distance =
        Math.abs(input.clientX + win.scrollX - press.context.pageX) +
        Math.abs(input.clientY + win.scrollY - press.context.pageY)
      if (distance < DRAG_THRESHOLD_PX / zoom()) return false
      press.context.dragging = true
      // Dragging an element selects it (as a click would have), so the editor shows what moves.
      if (!elementKeysEqual(selection.selected, press.key) || selection.multiSelected.length > 0)
        context.send(OutboundEvent.SELECTED_ELEMENT_KEY, selection.setSelected(press.key))
      const payload: DragStartPayload = { elementKey: press.key, context: { ...press.context } }
      context.send(OutboundEvent.DRAG_START, payload)
    }
    frame ||= win.requestAnimationFrame(redraw)
    return true
  }

  /** The click the release about to happen brings, if any, comes in this task; after it a click is a click again. */
  const swallowNextClick = () => {
    swallowClick = true
    win.setTimeout(() => {
      swallowClick = false
    }, 0)
  }

  const drop = (input: { clientX: number; clientY: number }): boolean => {
    if (cancelledHeld) {
      cancelledHeld = false
      swallowNextClick()
      return true
    }
    if (!press) return false
    const was = press
    if (!was.context.dragging) {
      reset()
      return false
    }
    const final = targetAt(input.clientX, input.clientY, was)
    reset()
    preview.clear()
    swallowNextClick()
    let changeId: string | null = null
    if (final.drop) {
      changeId = instantMove({
        codebaseIdToMove: was.key.codebaseId,
        codebaseIdToMoveTo: final.drop.codebaseIdToMoveTo,
        ...(final.drop.beforeCodebaseId ? { beforeCodebaseId: final.drop.beforeCodebaseId } : {}),
        ...(final.drop.afterCodebaseId ? { afterCodebaseId: final.drop.afterCodebaseId } : {}),
        ...(was.parentCodebaseId ? { expectedCurrentParentCodebaseId: was.parentCodebaseId } : {}),
      })
    }
    const payload: DragEndPayload = {
      elementKey: was.key,
      drop: final.drop,
      expectedCurrentParentCodebaseId: was.parentCodebaseId,
      changeId,
    }
    context.send(OutboundEvent.DRAG_END, payload)
    return true
  }

  const listen = (signal: AbortSignal) => {
    const capture = { capture: true, signal }
    win.addEventListener(
      'pointerdown',
      (event) => {
        const pointer = event as PointerEvent
        cancelledHeld = false
        if (selection.driveMode || pointer.button !== 0 || !pointer.isPrimary) return
        // Pressing inside the text being edited places the caret.
        if ((eventTarget(event) as HTMLElement | null)?.isContentEditable) return
        const pressed = pressedAt(event)
        if (!pressed || !movable(pressed.key)) return
        press = record(pressed.key, pressed.element, pointer.clientX, pointer.clientY)
      },
      capture,
    )
    win.addEventListener('pointermove', (event) => move(event as PointerEvent), {
      capture: true,
      passive: true,
      signal,
    })
    win.addEventListener('pointerup', (event) => drop(event as PointerEvent), capture)
    win.addEventListener('pointercancel', () => cancel('no-buttons'), capture)
    win.addEventListener(
      'keydown',
      (event) => {
        if ((event as KeyboardEvent).key !== 'Escape' || !press?.context.dragging) return
        event.preventDefault()
        event.stopImmediatePropagation()
        cancel('escape')
      },
      capture,
    )
    // Everything under the pointer while it moves the element is the drag's: no text selection.
    win.addEventListener(
      'selectstart',
      (event) => {
        if (press?.context.dragging) event.preventDefault()
      },
      capture,
    )
  }

  return {
    get dragging() {
      return press?.context.dragging === true
    },
    preview,

    start() {
      if (controller) return
      const own = context.moduleController()
      controller = own
      listen(own.signal)
      removeLayer = outlines.addLayer(drawIndicator)
    },

    stop() {
      cancel('editor')
      controller?.abort()
      controller = null
      removeLayer()
      indicator?.remove()
      containerOutline?.remove()
      indicator = null
      containerOutline = null
    },

    pointerMove(input) {
      return move({ clientX: input.clientX, clientY: input.clientY, buttons: input.buttons ?? 1 })
    },

    pointerUp(input) {
      return drop(input)
    },

    triggerStart(key) {
      const chosen = key ?? (selection.multiSelected.length === 0 ? selection.selected : null)
      const element = chosen ? tree.elementsOf(chosen)[0] : undefined
      if (!chosen || !element || selection.driveMode || !movable(chosen)) return false
      const recorded = record(chosen, element, 0, 0)
      recorded.context.pageX = OUT_OF_SCREEN_DRAG_START
      recorded.context.pageY = OUT_OF_SCREEN_DRAG_START
      // The pointer will pick the element up at its middle.
      const box = element.getBoundingClientRect()
      recorded.context.offsetX = box.width / 2
      recorded.context.offsetY = box.height / 2
      press = recorded
      return true
    },

    triggerCancel() {
      return cancel('editor')
    },

    takesClick() {
      if (!swallowClick) return false
      swallowClick = false
      return true
    },

    ownsKey(event) {
      return event.key === 'Escape' && press?.context.dragging === true
    },
  }
}
