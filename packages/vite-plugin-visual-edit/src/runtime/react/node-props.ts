import { CODEBASE_ID_ATTRIBUTE } from '../../protocol/ids.ts'
import { type NavTreeProp, PropType } from '../../protocol/nav-tree-node.ts'
import { PROP_TYPES, rememberFlatProps } from '../../protocol/wire-props.ts'
import { describeReactElement, isReactElement } from './react-fiber.ts'

/** Props that the tree shows elsewhere (classList, the tree itself, the key) or that are not props. */
export const SKIPPED_HOST_PROPS: ReadonlySet<string> = new Set([
  'children',
  'className',
  CODEBASE_ID_ATTRIBUTE,
  'ref',
  'key',
])
export const SKIPPED_COMPONENT_PROPS: ReadonlySet<string> = new Set([CODEBASE_ID_ATTRIBUTE, 'ref', 'key'])

const MAX_JSON_DEPTH = 3
/** Values (at any depth) a JSON_OBJECT prop may hold before the rest is summarised. */
const MAX_JSON_VALUES = 24
const MAX_STRING_LENGTH = 80

const cut = (text: string) =>
  text.length > MAX_STRING_LENGTH ? `${text.slice(0, MAX_STRING_LENGTH)}…` : text

/** The walk of one boundedJson call: values left to show, and the objects being shown (cycles). */
interface JsonWalk {
  budget: number
  ancestors: object[]
}

/** A JSON string literal of `text`. */
const quote = (text: string): string => JSON.stringify(text)

/** One value as bounded JSON text, written directly (no simplified copy for JSON.stringify to walk). */
function json(input: unknown, depth: number, walk: JsonWalk): string {
  walk.budget--
  switch (typeof input) {
    case 'string':
      return quote(cut(input))
    case 'number':
      return Number.isFinite(input) ? String(input) : quote(String(input))
    case 'boolean':
      return input ? 'true' : 'false'
    case 'undefined':
      return 'null'
    case 'function':
      return quote(`[Function ${(input as { name?: string }).name || 'anonymous'}]`)
    case 'bigint':
    case 'symbol':
      return quote(String(input))
  }
  if (input === null) return 'null'
  const object = input as object
  if (isReactElement(object)) return quote(describeReactElement(object))
  // At most MAX_JSON_DEPTH ancestors: a list is quicker than a set.
  if (walk.ancestors.includes(object)) return '"[Circular]"'
  const node = object as { nodeType?: unknown; nodeName?: unknown }
  if (typeof node.nodeType === 'number' && typeof node.nodeName === 'string') {
    return quote(`[${node.nodeName.toLowerCase()}]`)
  }
  if (object instanceof Date) {
    return Number.isNaN(object.getTime()) ? '"Invalid Date"' : quote(object.toISOString())
  }
  if (object instanceof RegExp) return quote(String(object))
  if (object instanceof Map || object instanceof Set)
    return quote(`[${object.constructor.name}(${object.size})]`)
  if (typeof (object as { then?: unknown }).then === 'function') return '"[Promise]"'
  if (depth >= MAX_JSON_DEPTH || walk.budget <= 0) {
    return Array.isArray(object) ? quote(`[Array(${object.length})]`) : '"[Object]"'
  }
  walk.ancestors.push(object)
  try {
    if (Array.isArray(object)) {
      let out = '['
      for (let index = 0; index < object.length; index++) {
        if (index > 0) out += ','
        if (walk.budget <= 0) {
          out += quote(`… ${object.length - index} more`)
          break
        }
        out += json(object[index], depth + 1, walk)
      }
      return `${out}]`
    }
    let out = '{'
    const keys = Object.keys(object)
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index] as string
      if (index > 0) out += ','
      if (walk.budget <= 0) {
        out += `"…":${quote(`${keys.length - index} more`)}`
        break
      }
      let entry: unknown
      try {
        entry = (object as Record<string, unknown>)[key]
      } catch {
        entry = '[Unreadable]'
      }
      out += `${quote(cut(key))}:${json(entry, depth + 1, walk)}`
    }
    return `${out}}`
  } finally {
    walk.ancestors.pop()
  }
}

/**
 * A prop value as a JSON text that stays small whatever the value: at most MAX_JSON_DEPTH levels and
 * MAX_JSON_VALUES values, long strings cut, cycles as "[Circular]", React elements as "<Name />",
 * functions as "[Function name]", DOM nodes as "[div]".
 */
export function boundedJson(value: unknown): string {
  return json(value, 0, { budget: MAX_JSON_VALUES, ancestors: [] })
}

type EncodedProps = Record<string, NavTreeProp>

/** Each prop type's number on the wire (PROP_TYPES read the other way). */
const WIRE_PROP_TYPES: Readonly<Record<string, number>> = Object.fromEntries(
  PROP_TYPES.map((type, index) => [type, index]),
)

/**
 * Encoded props per props object (one cache per skipped set). React keeps a fiber's props object
 * until the fiber renders again, so a rebuild after a change encodes only the props of what
 * re-rendered. A value mutated in place under the same props object keeps its old encoding, as React
 * keeps its old output.
 */
const encodedBySkipped = new WeakMap<ReadonlySet<string>, WeakMap<object, EncodedProps | null>>()

/**
 * The props of a node, typed for the editor; undefined when none is left (the field is then omitted).
 * The result is shared by every build that meets the same props object: read it, never change it.
 */
export function encodeProps(
  props: Record<string, unknown>,
  skipped: ReadonlySet<string>,
): EncodedProps | undefined {
  // Most host elements show no props (className and children are shown elsewhere): a scan answers
  // them without the cache, whose entries cost more than the scan.
  if (!showsAny(props, skipped)) return undefined
  let cache = encodedBySkipped.get(skipped)
  if (!cache) {
    cache = new WeakMap()
    encodedBySkipped.set(skipped, cache)
  }
  const known = cache.get(props)
  if (known !== undefined) return known ?? undefined
  const encoded = encodeNow(props, skipped)
  cache.set(props, encoded ?? null)
  return encoded
}

/** Whether encodeNow would keep any prop. */
function showsAny(props: Record<string, unknown>, skipped: ReadonlySet<string>): boolean {
  for (const name in props) {
    if (skipped.has(name)) continue
    const value = props[name]
    if (value === undefined) continue
    if (name === 'children' && typeof value === 'object' && value !== null) continue
    return true
  }
  return false
}

function encodeNow(props: Record<string, unknown>, skipped: ReadonlySet<string>): EncodedProps | undefined {
  let out: EncodedProps | undefined
  /** The wire's entries of the same props, made in the same pass (see flatProps). */
  let wire: (string | number)[] | undefined
  for (const name in props) {
    if (skipped.has(name)) continue
    const value = props[name]
    let prop: NavTreeProp
    switch (typeof value) {
      case 'undefined':
        continue
      case 'string':
      case 'number':
      case 'boolean':
        prop = { type: PropType.LITERAL, value }
        break
      case 'bigint':
      case 'symbol':
        prop = { type: PropType.LITERAL, value: String(value) }
        break
      case 'function':
        prop = { type: PropType.FUNCTION, value: (value as { name?: string }).name || 'anonymous' }
        break
      default:
        if (value === null) {
          prop = { type: PropType.LITERAL, value: null }
          break
        }
        // Element children are the tree's own children; only text children are worth repeating.
        if (name === 'children') continue
        prop = { type: PropType.JSON_OBJECT, value: boundedJson(value) }
    }
    out ??= {}
    out[name] = prop
    wire ??= []
    wire.push(
      name,
      WIRE_PROP_TYPES[prop.type] as number,
      prop.type === PropType.JSON_OBJECT ? (prop.value as string) : JSON.stringify(prop.value),
    )
  }
  if (out && wire) rememberFlatProps(out, wire)
  return out
}
