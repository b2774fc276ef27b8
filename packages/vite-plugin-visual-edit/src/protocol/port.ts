import type { CapturedElement } from './agent-limits.ts'
import type { DragCancelPayload, DragEndPayload, PreviewPlacement } from './drag.ts'
import type { ElementKey } from './element-key.ts'
import type { InstantChangeItem, InstantUpdateDonePayload, InstantUpdateReply } from './instant-update.ts'
import type { InspectorLookup } from './lookups.ts'
import type {
  ContextMenuPayload,
  CssEvalsPayload,
  EditDynamicTextPayload,
  EditedTextPayload,
  HydrationReport,
  InspectElementPayload,
  KeyPayload,
  MouseMovePayload,
  NavTreePayload,
  OutboundEvent,
  ProcessedCssRule,
  RuleMatchPayload,
  SelectedElementPayload,
  StartEditingTextPayload,
  StoryboardType,
  WheelPayload,
} from './messages.ts'
import type { ComponentStateAndProps } from './state-and-props.ts'
import type { StateModifier } from './styling.ts'

/**
 * The port between the editor page and the inspector in the app's frame (docs/INSPECTOR.md,
 * Connecting), as one map each way that both ends are typed by: the events the inspector posts, with
 * their payloads, and the functions the editor calls, with their arguments and results. The inspector
 * sends with `InspectorContext.send(event, payload)` and answers from an `InspectorFunctionTable`; the
 * editor listens with `InspectorBridge.on(event, handler)` and calls with `InspectorBridge.call(fn,
 * ...args)`. What goes over the wire is unchanged: `{ type, payload }` for an event, `{ id, type:
 * 'executeFunction', payload: { functionName, args } }` and `{ id, result | error }` for a call.
 */

// --- events (inspector -> editor) ----------------------------------------------------------------

/**
 * Each event and its payload: what the inspector posts and what the editor's handler gets once the
 * event's schema (event-schemas.ts) accepted it. The schemas are checked against this map in both
 * directions (`eventSchemas`), so a field added on one side only fails to compile.
 */
export interface InspectorEventPayloads {
  [OutboundEvent.SELECTED_ELEMENT_KEY]: SelectedElementPayload
  [OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS]: ElementKey[]
  /** Sent only when the hovered key changes. */
  [OutboundEvent.HOVERED_ELEMENT_KEY]: ElementKey | null
  [OutboundEvent.NAV_TREE]: NavTreePayload
  [OutboundEvent.INSTANT_UPDATE_DONE]: InstantUpdateDonePayload
  [OutboundEvent.CSS_EVALS]: CssEvalsPayload | null
  [OutboundEvent.ELEMENT_CLASS_LIST]: string[]
  [OutboundEvent.RULE_MATCH]: RuleMatchPayload
  [OutboundEvent.MOUSE_MOVE]: MouseMovePayload
  /**
   * The inspector sends the spec's drag context (`DragStartPayload` in drag.ts); the editor reads none
   * of it and its schema takes any record, so the frame's scripts cannot make a drag look malformed
   * to hide it from the gesture check.
   */
  [OutboundEvent.DRAG_START]: { elementKey: ElementKey; context: Record<string, unknown> }
  [OutboundEvent.DRAG_END]: DragEndPayload
  [OutboundEvent.DRAG_CANCEL]: DragCancelPayload
  [OutboundEvent.WHEEL]: WheelPayload
  [OutboundEvent.KEY_DOWN]: KeyPayload
  [OutboundEvent.KEY_UP]: KeyPayload
  [OutboundEvent.CONTEXT_MENU]: ContextMenuPayload
  [OutboundEvent.LATEST_HREF]: string
  [OutboundEvent.HYDRATION_STATUS]: HydrationReport
  [OutboundEvent.PROCESSED_CSS_RULES]: ProcessedCssRule[]
  [OutboundEvent.START_EDITING_TEXT]: StartEditingTextPayload
  [OutboundEvent.EDITED_TEXT]: EditedTextPayload
  [OutboundEvent.EDIT_DYNAMIC_TEXT]: EditDynamicTextPayload
  /** The spec's; the inspector never sends it, and the editor takes it as anything. */
  [OutboundEvent.CONTEXT_REQUESTED]: unknown
}

/** One handler per event: a table of these is exhaustive, so an event added to the map must be handled. */
export type InspectorEventHandlers = {
  [Event in OutboundEvent]: (payload: InspectorEventPayloads[Event]) => void
}

// --- functions (editor -> inspector) -------------------------------------------------------------

/** initProject's options: the storyboard, the lookups so far, and whether the first tree carries the page's HTML. */
export interface InitProjectOptions {
  storyboardId?: string
  storyboardType?: StoryboardType
  /** The storyboard component's file, relative to the root (STORY and COMPONENT storyboards). */
  storyboardFile?: string
  originalUrl?: string
  lookups?: Record<string, InspectorLookup>
  /** The tree this call sends also carries the page's HTML (NavTreePayload.html); by default it does not. */
  includeHtml?: boolean
}

/** Pointer input the editor forwards (syntheticMouseOver/Move/Up), in the page's viewport coordinates. */
export interface PointerInput {
  clientX: number
  clientY: number
  shiftKey?: boolean
}

/** The events dispatchEvent makes, by the name of their constructor's kind. */
export type DispatchEventKind =
  | 'event'
  | 'custom'
  | 'keyboard'
  | 'mouse'
  | 'pointer'
  | 'wheel'
  | 'focus'
  | 'input'

/** dispatchEvent's argument. */
export interface DispatchEventRequest {
  /** The event's type: `keydown`, `click`, `my-app:refresh`. */
  type: string
  /** Which event to make (default `event`). */
  kind?: DispatchEventKind
  /** Its init dictionary: bubbles, key, clientX, detail (custom events: any JSON value), ... */
  init?: Record<string, unknown>
  /** Where: an element by key, `window`, `document`; by default the focused element, else the document. */
  target?: ElementKey | 'window' | 'document'
}

/**
 * Each callable function (executeFunction's functionName; docs/INSPECTOR.md lists what each does):
 * its arguments, and the result the inspector answers with (a function that returns nothing answers
 * null). The editor reads a result only through a check of the protocol's (checkInstantUpdateReply):
 * the app's scripts share the frame and can answer in the inspector's place.
 */
export interface InspectorFunctions {
  initProject: { args: [options?: InitProjectOptions]; result: { nodes: number } }
  enableDriveMode: { args: []; result: boolean }
  disableDriveMode: { args: []; result: boolean }
  setNewLookups: { args: [lookups: Record<string, InspectorLookup>]; result: boolean }
  setHoveredElement: { args: [key: ElementKey | null]; result: ElementKey | null }
  setSelectedElement: { args: [key: ElementKey | null]; result: SelectedElementPayload }
  setMultiselectedElementKeys: { args: [keys: ElementKey[]]; result: ElementKey[] }
  processRulesForSelectedElement: { args: [key?: ElementKey | null]; result: ProcessedCssRule[] }
  setModifiersForSelectedElement: { args: [modifiers: string[]]; result: StateModifier[] }
  getCssEvals: { args: [key?: ElementKey | null]; result: CssEvalsPayload | null }
  ruleMatchesElement: { args: [selector: string, key?: ElementKey | null]; result: RuleMatchPayload }
  getElementClassList: { args: [key: ElementKey]; result: string[] }
  /** An element's outerHTML and a PNG of it, for a coding agent (protocol/agent.ts). */
  captureElement: { args: [key: ElementKey, options?: { picture?: boolean }]; result: CapturedElement }
  applyChangeItemToDocument: { args: [item: InstantChangeItem]; result: InstantUpdateReply }
  updateCodebaseIds: {
    args: [prevIdToNewIdMap: Readonly<Record<string, string>>]
    /**
     * The selection after the rename. `selectionRenamed` false: it was chosen in the code a hot update
     * of the save brought (its ids are the new ones already), so the page kept it as it was.
     */
    result: { selected: ElementKey | null; multiSelected: ElementKey[]; selectionRenamed: boolean }
  }
  dispatchEvent: { args: [request: DispatchEventRequest]; result: boolean }
  /**
   * Shows the page dark the way its project turns dark ('class': `dark` on <html>; 'media': its
   * prefers-color-scheme dark rules applied), or as it was (null); answers the strategy shown.
   */
  setDarkMode: { args: [strategy: 'class' | 'media' | null]; result: 'class' | 'media' | null }
  updateOutlines: { args: []; result: null }
  goBack: { args: []; result: boolean }
  goForward: { args: []; result: boolean }
  refresh: { args: []; result: boolean }
  syntheticMouseOver: { args: [input: PointerInput]; result: ElementKey | null }
  syntheticMouseMove: { args: [input: PointerInput & { buttons?: number }]; result: ElementKey | null }
  syntheticMouseUp: { args: [input: PointerInput]; result: ElementKey | null }
  clearHoveredOutlines: { args: []; result: boolean }
  /** Scrolls the page, as little as it takes, until the element shows (false: no such element on the page). */
  revealElement: { args: [key: ElementKey]; result: boolean }
  /** How far the page is scrolled (CSS px): the Insert panel's drop on the canvas turns the pointer into page coordinates. */
  pageScroll: { args: []; result: { x: number; y: number } }
  setZoomPerc: { args: [percent: number]; result: boolean }
  setAiContext: { args: [on: boolean]; result: boolean }
  /**
   * This page mirrors the selection of another frame (an extra breakpoint frame): every selected
   * element is drawn with the secondary outline alone, no primary outline, badges or child outlines.
   */
  setMirroredSelection: { args: [mirrored: boolean]; result: boolean }
  tempMoveElement: { args: [key: ElementKey, placement: PreviewPlacement]; result: boolean }
  tempAddDiv: {
    args: [placement: PreviewPlacement, size?: { width?: number; height?: number }]
    result: boolean
  }
  tempMoveToNewParent: { args: [key: ElementKey, placement: PreviewPlacement]; result: boolean }
  checkIfHydrationError: { args: []; result: HydrationReport }
  triggerDragStart: { args: [key?: ElementKey | null]; result: boolean }
  triggerDragCancel: { args: []; result: boolean }
  setIsFlushing: { args: [flushing: boolean]; result: boolean }
  startEditingText: { args: []; result: boolean }
}

/**
 * inspectElement: a request of its own type on the port (`{ id, type: 'inspectElement', payload }`),
 * not a function; it answers the props and state of the component instance that renders the element
 * (runtime/react/state-and-props.ts), or an error of InspectError. The editor reads the answer through
 * checkComponentStateAndProps.
 */
export interface InspectElementRequest {
  payload: InspectElementPayload
  result: ComponentStateAndProps
}

/** The name of a callable function. */
export type CallableFunction = keyof InspectorFunctions

/** What the function answers, or a promise of it; one whose result is null may return nothing. */
type Answer<Result> = Result | Promise<Result> | (null extends Result ? void | Promise<void> : never)

/** The inspector's table of callable functions: one implementation per function of the map. */
export type InspectorFunctionTable = {
  [Name in CallableFunction]: (
    ...args: InspectorFunctions[Name]['args']
  ) => Answer<InspectorFunctions[Name]['result']>
}
