import type { ElementKey } from './element-key.ts'
import type { NavTreeWire } from './nav-tree-node.ts'
import type { StyleModifier } from './styling.ts'

/**
 * Messages between the editor page and the inspector running in the previewed page (docs/INSPECTOR.md, Connecting).
 * The editor posts the window message {@link INIT_MESSAGE} with a MessagePort; after that every message
 * goes over that port.
 */
export const INIT_MESSAGE = 'init'

/**
 * The custom HMR event the page sends the dev server after each hot update it applied (the paths
 * updated): the mutate server holds the next write of a file until the page has applied the last one.
 */
export const HOT_APPLIED_EVENT = 'visual-edit:hot-applied'
export interface HotAppliedPayload {
  paths: string[]
}

/** A window message (not on the port) asking the page to log a component's state and props. */
export const GET_STATE_AND_PROPS = 'GET_STATE_AND_PROPS'

/** What replaces objects and functions in logged or replied props and state. */
export const TEMPO_OBJECT_TYPE = 'TEMPO_OBJECT_TYPE'
export const TEMPO_FUNCTION_TYPE = 'TEMPO_FUNCTION_TYPE'

/** Inbound message types (editor -> inspector). */
export const InboundMessageType = {
  INSPECT_ELEMENT: 'inspectElement',
  EXECUTE_FUNCTION: 'executeFunction',
} as const
export type InboundMessageType = (typeof InboundMessageType)[keyof typeof InboundMessageType]

export interface InboundMessage {
  id: string | number
  type: InboundMessageType
  payload: unknown
}

export interface InspectElementPayload {
  componentName?: string
  isComponent?: boolean
  tempoElementID?: string
  componentElementId?: string
}

export interface ExecuteFunctionPayload {
  functionName: string
  /** Arguments as an array, or `compressedArgs`: the JSON of that array, lz-string compressed (base64). */
  args?: unknown[]
  compressedArgs?: string
}

/** Replies carry the id of the request they answer. */
export type Reply = { id: string | number; result: unknown } | { id: string | number; error: string }

/** The fixed replies of inspectElement. */
export const InspectError = {
  NO_COMPONENT_NAME: 'No component name',
  ELEMENT_NOT_FOUND: 'Could not find element',
  COMPONENT_NOT_FOUND: 'Could not find component',
  NO_COMPONENT_FOUND: 'No component found',
} as const

/** Logged (and replied) when executeFunction names a function the inspector does not have. */
export const FUNCTION_NOT_FOUND = 'Function to execute not found'

// The callable functions, with their arguments and results, and the events' payloads by event: port.ts.

/** Outbound events (inspector -> editor), posted on the port as `{ type, payload }`. */
export const OutboundEvent = {
  SELECTED_ELEMENT_KEY: 'SELECTED_ELEMENT_KEY',
  MULTI_SELECTED_ELEMENT_KEYS: 'MULTI_SELECTED_ELEMENT_KEYS',
  HOVERED_ELEMENT_KEY: 'HOVERED_ELEMENT_KEY',
  NAV_TREE: 'NAV_TREE',
  INSTANT_UPDATE_DONE: 'INSTANT_UPDATE_DONE',
  CSS_EVALS: 'CSS_EVALS',
  ELEMENT_CLASS_LIST: 'ELEMENT_CLASS_LIST',
  RULE_MATCH: 'RULE_MATCH',
  MOUSE_MOVE: 'MOUSE_MOVE',
  DRAG_START: 'DRAG_START',
  DRAG_END: 'DRAG_END',
  DRAG_CANCEL: 'DRAG_CANCEL',
  WHEEL: 'WHEEL',
  KEY_DOWN: 'KEY_DOWN',
  KEY_UP: 'KEY_UP',
  CONTEXT_MENU: 'CONTEXT_MENU',
  LATEST_HREF: 'LATEST_HREF',
  HYDRATION_STATUS: 'HYDRATION_STATUS',
  PROCESSED_CSS_RULES: 'PROCESSED_CSS_RULES',
  START_EDITING_TEXT: 'START_EDITING_TEXT',
  EDITED_TEXT: 'EDITED_TEXT',
  EDIT_DYNAMIC_TEXT: 'EDIT_DYNAMIC_TEXT',
  CONTEXT_REQUESTED: 'CONTEXT_REQUESTED',
} as const
export type OutboundEvent = (typeof OutboundEvent)[keyof typeof OutboundEvent]

export interface OutboundMessage<P = unknown> {
  type: OutboundEvent
  payload: P
}

export const HydrationStatus = {
  NO_ERROR: 'no_error',
  ERROR: 'error',
  OTHER_ERROR: 'other_error',
} as const
export type HydrationStatus = (typeof HydrationStatus)[keyof typeof HydrationStatus]

/** HYDRATION_STATUS's payload (and checkIfHydrationError's reply): the status, and what the overlay shows. */
export interface HydrationReport {
  status: HydrationStatus
  description?: string
  label?: string
  body?: string
}

/** Storyboard types: the app at a route, or a story / component preview. */
export const StoryboardType = {
  APPLICATION: 'APPLICATION',
  STORY: 'STORY',
  COMPONENT: 'COMPONENT',
} as const
export type StoryboardType = (typeof StoryboardType)[keyof typeof StoryboardType]

/** The NAV_TREE event: the tree in its compact wire form (decode with decodeNavTree). */
export interface NavTreePayload {
  tree: NavTreeWire
  /** The document's HTML, only when the editor asked for it. */
  html?: string
}

// Payloads of the selection and input events (inspector/selection.ts).

/** SELECTED_ELEMENT_KEY's payload (and the reply of setSelectedElement). */
export interface SelectedElementPayload {
  elementKey: ElementKey | null
  outerHTML: string | null
}

/** MOUSE_MOVE's payload. */
export interface MouseMovePayload {
  clientX: number
  clientY: number
  pageX: number
  pageY: number
  buttons: number
}

/** WHEEL's payload: the deltas summed over the throttle window, so no scroll distance is lost. */
export interface WheelPayload {
  deltaX: number
  deltaY: number
  deltaMode: number
  clientX: number
  clientY: number
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}

/** KEY_DOWN's and KEY_UP's payload. */
export interface KeyPayload {
  key: string
  code: string
  altKey: boolean
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  repeat: boolean
}

/** CONTEXT_MENU's payload. */
export interface ContextMenuPayload {
  clientX: number
  clientY: number
  pageX: number
  pageY: number
  elementKey: ElementKey | null
}

// Payloads of the text editing events (inspector/text-edit.ts).

/** START_EDITING_TEXT's payload: the element now edited in place, and its text before the edit. */
export interface StartEditingTextPayload {
  elementKey: ElementKey
  oldText: string
}

/**
 * EDITED_TEXT's payload, sent when editing ends by Enter, blur or a selection elsewhere (also when the
 * text did not change: it tells the editor that editing ended). `newText` and `oldText` are the
 * element's text content, line breaks as `\n`.
 */
export interface EditedTextPayload {
  elementKey: ElementKey
  newText: string
  oldText: string
}

/** EDIT_DYNAMIC_TEXT's payload: the selected element whose text comes from code. */
export interface EditDynamicTextPayload {
  elementKey: ElementKey
}

// Payloads of the CSS rule functions (inspector/css-functions.ts; docs/INSPECTOR.md, CSS rules).

/**
 * One CSS rule for an element: PROCESSED_CSS_RULES's payload (and processRulesForSelectedElement's
 * reply) is an array of these, the element's own rules in the order of the sheets, then the rules it
 * inherits from.
 */
export interface ProcessedCssRule {
  /**
   * The sheet's file: the `data-vite-dev-id` of a `<style>` Vite injected (the file's absolute path),
   * or a linked sheet's URL path (`src/styles.css`); null for an inline `<style>` or a constructed sheet.
   */
  filename: string | null
  /** The full selector (a nested rule's `&` resolved), escaped as in CSS. */
  selector: string
  /** Property -> value as the sheet has it (shorthands kept); an important one ends in ` !important`. */
  styles: Record<string, string>
  /** It styles the element now: its selector matches (a forced state counts) and its conditions hold. */
  applied: boolean
  /** Its declarations are the project's to edit: from a project file, not inherited, not Tailwind's generated layers. */
  allowChanges: boolean
  /** Its class (classParsed) is one of the element's, which REMOVE_CLASS can take off. */
  removable: boolean
  /** It styles an ancestor and sets an inheritable property (`styles` holds only those). */
  inherited: boolean
  /** The state pseudo-classes, breakpoints (sm..2xl) and dark mode the rule waits for. */
  modifiers: StyleModifier[]
  /** The class the rule is for, unescaped (`md:hover:bg-red-500`); null when its subject has none. */
  classParsed: string | null
  /** The rule as CSS on its own: its layer and conditions around `selector { declarations }`. */
  cssText: string
  /** The codebase id of the element (for an inherited rule, of the ancestor) it was matched on. */
  codebaseId: string | null
  /** It applies now, or would once its modifiers are on (no other state or condition stands in the way). */
  eligibleToApply: boolean
}

/** CSS_EVALS's payload (and getCssEvals's reply): computed values of the element and of its parent. */
export interface CssEvalsPayload {
  /** About 70 computed values, by property name (CSS_EVAL_PROPERTIES). */
  styles: Record<string, string>
  /** The parent's layout: null for the root element. */
  parent: { display: string; 'flex-direction': string } | null
  /** Some ancestor of the element, html included, has the class `dark`. */
  darkEnabledInParent: boolean
}

/** RULE_MATCH's payload (and ruleMatchesElement's reply); an invalid selector does not match. */
export interface RuleMatchPayload {
  selector: string
  matches: boolean
}
