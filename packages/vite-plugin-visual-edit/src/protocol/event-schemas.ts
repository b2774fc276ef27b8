import * as v from 'valibot'
import { type ElementKey, isUniquePath } from './element-key.ts'
import {
  EMPTY_TREE_CODEBASE_ID,
  isValidCodebaseId,
  SKIP_ROOT_CODEBASE_ID,
  STORYBOARD_CODEBASE_ID,
} from './ids.ts'
import type { InstantUpdateReply } from './instant-update.ts'
import { HydrationStatus, OutboundEvent } from './messages.ts'
import type { NavTreeWire } from './nav-tree-node.ts'
import type { InspectorEventPayloads } from './port.ts'
import { isStyleModifier } from './styling.ts'

/**
 * What each event of the inspector carries, as a schema: the editor checks every message that comes
 * out of the app's frame against these before it acts on it. The frame runs the app's own scripts,
 * which can post anything on the inspector's port (docs/SECURITY.md): a message that does not match
 * is dropped, and its reason logged. The types of messages.ts and drag.ts are what the inspector
 * sends; these are what the editor accepts, bounded (sizes, numbers) so a message cannot make it
 * allocate without end.
 */

/** The longest text a payload field may hold (an element's text, a class list, a URL). */
const MAX_TEXT = 100_000
/** The longest `outerHTML` or document HTML the editor takes. */
const MAX_HTML = 5_000_000
/** The most elements a list of keys, or a tree, may hold. */
const MAX_NODES = 200_000

const bounded = (max = MAX_TEXT) => v.pipe(v.string(), v.maxLength(max))
const finite = v.pipe(v.number(), v.finite())

/** A codebase id as the inspector reports it: a real one, a placeholder, a page root, a marker, or none. */
const reportedCodebaseId = v.pipe(
  v.string(),
  v.maxLength(200),
  v.check(
    (id) =>
      id === '' ||
      isValidCodebaseId(id) ||
      id === STORYBOARD_CODEBASE_ID ||
      id === EMPTY_TREE_CODEBASE_ID ||
      id === SKIP_ROOT_CODEBASE_ID,
    'a codebase id',
  ),
)

export const elementKeySchema: v.GenericSchema<unknown, ElementKey> = v.object({
  codebaseId: reportedCodebaseId,
  storyboardId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'a storyboard id')),
  uniquePath: v.pipe(v.string(), v.maxLength(MAX_TEXT), v.check(isUniquePath, 'a unique path')),
})

const INT32_COLUMNS = ['p', 'id', 'seg', 'nm', 'tg', 'f', 'cl', 'dc', 'sc'] as const

/**
 * Why `wire` is not a navigation tree the editor can decode safely, or null: the columns are typed
 * arrays of the node count (boxes four per node, props three per prop), every string index is in the
 * table, every parent comes before its child, the texts are strings.
 */
export function navTreeWireProblem(wire: unknown): string | null {
  if (wire === null || typeof wire !== 'object') return 'the tree is not an object'
  const tree = wire as Partial<Record<keyof NavTreeWire, unknown>>
  if (tree.v !== 3) return 'the tree is not of version 3'
  const { s, pv, lt } = tree
  if (!Array.isArray(s) || !s.every((entry) => typeof entry === 'string' && entry.length <= MAX_TEXT))
    return 'the string table is not a list of strings'
  for (const [name, list] of [
    ['pv', pv],
    ['lt', lt],
  ] as const)
    if (!Array.isArray(list) || !list.every((entry) => typeof entry === 'string' && entry.length <= MAX_TEXT))
      return `${name} is not a list of strings`
  const columns: Record<string, Int32Array> = {}
  for (const name of [...INT32_COLUMNS, 'b', 'pr', 'lc'] as const) {
    const column = tree[name]
    if (!(column instanceof Int32Array)) return `${name} is not an Int32Array`
    columns[name] = column
  }
  const count = (columns.p as Int32Array).length
  if (count > MAX_NODES) return `the tree has more than ${MAX_NODES} nodes`
  for (const name of INT32_COLUMNS)
    if ((columns[name] as Int32Array).length !== count) return `${name} does not have one entry per node`
  if ((columns.b as Int32Array).length !== count * 4) return 'b does not have four numbers per node'
  const props = columns.pr as Int32Array
  if (props.length % 3 !== 0 || props.length / 3 !== (pv as string[]).length)
    return 'pr and pv do not describe the same props'
  if ((columns.lc as Int32Array).length !== (lt as string[]).length) return 'lc and lt differ in length'
  const inTable = (index: number) => index >= 0 && index < s.length
  if (!inTable(tree.sb as number)) return 'sb is not in the string table'
  for (let node = 0; node < count; node++) {
    const parent = (columns.p as Int32Array)[node] as number
    if (parent < -1 || parent >= node) return `node ${node} has a parent that does not come before it`
    for (const name of ['id', 'seg', 'nm', 'tg'] as const)
      if (!inTable((columns[name] as Int32Array)[node] as number))
        return `${name} of node ${node} is not in the table`
    for (const name of ['cl', 'dc', 'sc'] as const) {
      const index = (columns[name] as Int32Array)[node] as number
      if (index !== -1 && !inTable(index)) return `${name} of node ${node} is not in the table`
    }
  }
  for (let at = 0; at < props.length; at += 3) {
    const node = props[at] as number
    if (
      node < 0 ||
      node >= count ||
      !inTable(props[at + 1] as number) ||
      ((props[at + 2] as number) & ~3) !== 0
    )
      return 'a prop names no node, no key or no type'
  }
  for (const node of columns.lc as Int32Array) if (node < 0 || node >= count) return 'a text names no node'
  return null
}

const navTreeWire = v.custom<NavTreeWire>((wire) => navTreeWireProblem(wire) === null, 'a navigation tree')

const keyPayload = v.object({
  key: bounded(100),
  code: bounded(100),
  altKey: v.boolean(),
  ctrlKey: v.boolean(),
  metaKey: v.boolean(),
  shiftKey: v.boolean(),
  repeat: v.boolean(),
})

const dropPlacement = v.object({
  parentKey: elementKeySchema,
  codebaseIdToMoveTo: reportedCodebaseId,
  beforeCodebaseId: v.optional(reportedCodebaseId),
  afterCodebaseId: v.optional(reportedCodebaseId),
})

const processedCssRule = v.object({
  filename: v.nullable(bounded(4096)),
  selector: bounded(),
  styles: v.record(bounded(200), bounded()),
  applied: v.boolean(),
  allowChanges: v.boolean(),
  removable: v.boolean(),
  inherited: v.boolean(),
  modifiers: v.array(v.pipe(v.string(), v.guard(isStyleModifier, 'a style modifier'))),
  classParsed: v.nullable(bounded()),
  cssText: bounded(),
  codebaseId: v.nullable(reportedCodebaseId),
  eligibleToApply: v.boolean(),
})

const cssEvals = v.object({
  styles: v.record(bounded(200), bounded()),
  parent: v.nullable(v.object({ display: bounded(200), 'flex-direction': bounded(200) })),
  darkEnabledInParent: v.boolean(),
})

/**
 * A schema for `Payload` (an event's, port.ts): what it outputs and the payload accept each other, and
 * it takes every payload the inspector may send. Anything else is `never`, so the entry fails to compile.
 */
type SchemaFor<Payload, Schema> =
  Schema extends v.GenericSchema<infer Input, infer Output>
    ? [Payload] extends [Input]
      ? [Payload] extends [Output]
        ? [Output] extends [Payload]
          ? Schema
          : never
        : never
      : never
    : never

/** Checks each event's schema against its payload in the port's map (port.ts); at run time it is the table itself. */
const eventSchemas = <
  const Schemas extends {
    [Event in OutboundEvent]: SchemaFor<InspectorEventPayloads[Event], Schemas[Event]>
  },
>(
  schemas: Schemas,
): Schemas => schemas

/**
 * Every outbound event's payload schema, one per event of the port's map: an event added to
 * messages.ts without one, or a schema that drifted from its payload's type, fails to compile.
 */
export const OUTBOUND_EVENT_SCHEMAS = eventSchemas({
  [OutboundEvent.SELECTED_ELEMENT_KEY]: v.object({
    elementKey: v.nullable(elementKeySchema),
    outerHTML: v.nullable(bounded(MAX_HTML)),
  }),
  [OutboundEvent.MULTI_SELECTED_ELEMENT_KEYS]: v.pipe(v.array(elementKeySchema), v.maxLength(MAX_NODES)),
  [OutboundEvent.HOVERED_ELEMENT_KEY]: v.nullable(elementKeySchema),
  [OutboundEvent.NAV_TREE]: v.object({ tree: navTreeWire, html: v.optional(bounded(MAX_HTML)) }),
  [OutboundEvent.INSTANT_UPDATE_DONE]: v.object({
    success: v.boolean(),
    error: v.optional(bounded()),
    changeId: bounded(200),
  }),
  [OutboundEvent.CSS_EVALS]: v.nullable(cssEvals),
  [OutboundEvent.ELEMENT_CLASS_LIST]: v.pipe(v.array(bounded(1000)), v.maxLength(10_000)),
  [OutboundEvent.RULE_MATCH]: v.object({ selector: bounded(), matches: v.boolean() }),
  [OutboundEvent.MOUSE_MOVE]: v.object({
    clientX: finite,
    clientY: finite,
    pageX: finite,
    pageY: finite,
    buttons: finite,
  }),
  [OutboundEvent.DRAG_START]: v.object({
    elementKey: elementKeySchema,
    context: v.record(v.string(), v.unknown()),
  }),
  [OutboundEvent.DRAG_END]: v.object({
    elementKey: elementKeySchema,
    drop: v.nullable(dropPlacement),
    expectedCurrentParentCodebaseId: v.nullable(reportedCodebaseId),
    changeId: v.nullable(bounded(200)),
  }),
  [OutboundEvent.DRAG_CANCEL]: v.object({
    elementKey: v.nullable(elementKeySchema),
    reason: v.picklist(['escape', 'no-buttons', 'editor', 'selection']),
  }),
  [OutboundEvent.WHEEL]: v.object({
    deltaX: finite,
    deltaY: finite,
    deltaMode: finite,
    clientX: finite,
    clientY: finite,
    ctrlKey: v.boolean(),
    metaKey: v.boolean(),
    shiftKey: v.boolean(),
    altKey: v.boolean(),
  }),
  [OutboundEvent.KEY_DOWN]: keyPayload,
  [OutboundEvent.KEY_UP]: keyPayload,
  [OutboundEvent.CONTEXT_MENU]: v.object({
    clientX: finite,
    clientY: finite,
    pageX: finite,
    pageY: finite,
    elementKey: v.nullable(elementKeySchema),
  }),
  [OutboundEvent.LATEST_HREF]: bounded(),
  [OutboundEvent.HYDRATION_STATUS]: v.object({
    status: v.picklist(Object.values(HydrationStatus)),
    description: v.optional(bounded()),
    label: v.optional(bounded()),
    body: v.optional(bounded()),
  }),
  [OutboundEvent.PROCESSED_CSS_RULES]: v.pipe(v.array(processedCssRule), v.maxLength(10_000)),
  [OutboundEvent.START_EDITING_TEXT]: v.object({ elementKey: elementKeySchema, oldText: bounded() }),
  [OutboundEvent.EDITED_TEXT]: v.object({
    elementKey: elementKeySchema,
    newText: bounded(),
    oldText: bounded(),
  }),
  [OutboundEvent.EDIT_DYNAMIC_TEXT]: v.object({ elementKey: elementKeySchema }),
  [OutboundEvent.CONTEXT_REQUESTED]: v.unknown(),
})

/** An event of the inspector that matched its schema: its payload is the port's (port.ts). */
export type CheckedEvent = {
  [Event in OutboundEvent]: { type: Event; payload: InspectorEventPayloads[Event] }
}[OutboundEvent]

/**
 * Checks a message from the frame's port: an outbound event whose payload matches its schema, or why
 * not (the first issue, with its path). `{ type: 'NAV_TREE', payload: 5 }` -> 'NAV_TREE: the payload
 * must be an object'.
 */
export function checkOutboundEvent(type: unknown, payload: unknown): CheckedEvent | { problem: string } {
  if (typeof type !== 'string' || !Object.hasOwn(OUTBOUND_EVENT_SCHEMAS, type))
    return { problem: `unknown event type ${JSON.stringify(String(type)).slice(0, 100)}` }
  const event = type as OutboundEvent
  const schema = OUTBOUND_EVENT_SCHEMAS[event] as v.GenericSchema
  const parsed = v.safeParse(schema, payload, { abortEarly: true })
  if (parsed.success) return { type: event, payload: parsed.output } as CheckedEvent
  const issue = parsed.issues[0]
  const where = issue?.path?.map((item) => String(item.key)).join('.') || 'the payload'
  return { problem: `${event}: ${where}: ${issue?.message ?? 'does not match'}`.slice(0, 500) }
}

const instantUpdateReply = v.object({ success: v.boolean(), error: v.optional(bounded()) })

/** applyChangeItemToDocument's reply, checked like an event: anything else is a failed instant update. */
export function checkInstantUpdateReply(reply: unknown): InstantUpdateReply {
  const parsed = v.safeParse(instantUpdateReply, reply)
  return parsed.success
    ? parsed.output
    : { success: false, error: "The app's frame answered applyChangeItemToDocument with something else" }
}
