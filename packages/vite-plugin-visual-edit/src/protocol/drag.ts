import type { ElementKey } from './element-key.ts'

/**
 * Dragging an element to move it (docs/INSPECTOR.md, Drag to move): what the inspector records when a
 * pointer goes down on an element, and the DRAG_START, DRAG_END and DRAG_CANCEL events it sends.
 */

/** A drag starts once the pointer has moved this far (x and y distances added), divided by the zoom. */
export const DRAG_THRESHOLD_PX = 20

/** Where triggerDragStart puts the recorded press: off screen, so the first move starts the drag. */
export const OUT_OF_SCREEN_DRAG_START = -10000

/**
 * The mouse drag context of spec section 3, recorded on pointer down. A type, not an interface: it
 * goes where the port takes any record (DRAG_START's `context`, port.ts).
 */
export type MouseDragContext = {
  /** Where the pointer went down, in page coordinates. */
  pageX: number
  pageY: number
  /** The pointer's offset from the pressed element's top-left corner. */
  offsetX: number
  offsetY: number
  /** The key of the pressed element's parent in the navigation tree. */
  parentSelectedElementKey: ElementKey | null
  /** The parent's computed `display` and `flex-direction`. */
  selectedParentDisplay: string
  selectedParentFlexDirection: string
  dragging: boolean
}

/**
 * Where a drop puts the element, as MOVE_JSX names it: into `codebaseIdToMoveTo`, before
 * `beforeCodebaseId` or else after `afterCodebaseId` (neither: at the end).
 */
export interface DropPlacement {
  parentKey: ElementKey
  codebaseIdToMoveTo: string
  beforeCodebaseId?: string
  afterCodebaseId?: string
}

/** Where a drag preview goes (tempMoveElement, tempAddDiv): into `parent`, before `before` or else after `after` (neither: at the end). */
export interface PreviewPlacement {
  parent: ElementKey
  before?: ElementKey | null
  after?: ElementKey | null
}

/** DRAG_START's payload. */
export interface DragStartPayload {
  elementKey: ElementKey
  context: MouseDragContext
}

/**
 * DRAG_END's payload. `drop` is null when the element would land where it is (or nowhere): nothing to
 * change. Otherwise `changeId` is the id of the instant update the inspector already showed for the
 * move (the editor's ledger item takes it, so a refused move can be put back).
 */
export interface DragEndPayload {
  elementKey: ElementKey
  drop: DropPlacement | null
  /** The codebase id of the element's parent when the drag started (MOVE_JSX's expectedCurrentParent). */
  expectedCurrentParentCodebaseId: string | null
  changeId: string | null
}

/** DRAG_CANCEL's payload: why the drag ended without a drop. */
export interface DragCancelPayload {
  elementKey: ElementKey | null
  reason: 'escape' | 'no-buttons' | 'editor' | 'selection'
}
