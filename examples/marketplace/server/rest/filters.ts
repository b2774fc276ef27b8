import { queryParamError } from './errors.ts'
import { splitTopLevel, unquote } from './syntax.ts'

/**
 * Horizontal filtering, parsed as PostgREST reads it:
 *
 *   `?age=gte.18&name=not.ilike.*ann*`          -> two conditions, ANDed
 *   `?or=(role.eq.admin,and(id.eq.1,name.is.null))` -> a logic tree
 */
export type Filter =
  | { kind: 'condition'; column: string; negate: boolean; condition: Condition }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: Filter[] }

export type Condition =
  | { op: ComparisonOperator | PatternOperator | OtherOperator; value: string }
  | { op: ComparisonOperator | PatternOperator; quantifier: 'any' | 'all'; values: string[] }
  | { op: 'is'; value: IsValue }
  | { op: 'in'; values: string[] }
  | { op: FtsOperator; config: string | null; value: string }

type ComparisonOperator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte'
type PatternOperator = 'like' | 'ilike' | 'match' | 'imatch'
type OtherOperator = 'isdistinct' | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxl' | 'nxr' | 'adj'
export type FtsOperator = 'fts' | 'plfts' | 'phfts' | 'wfts'
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown'

const QUANTIFIABLE = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'])
const OTHER = new Set(['isdistinct', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj'])
const FTS = new Set(['fts', 'plfts', 'phfts', 'wfts'])
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown'])
const OPERATORS = [...QUANTIFIABLE, 'is', 'in', ...OTHER, ...FTS]

/** The query-string keys that hold a logic tree rather than a column's condition. */
export const LOGIC_KEYS = new Set(['or', 'and', 'not.or', 'not.and'])

/** One `column=operator.value` pair of the query string. */
export function parseFilterParam(key: string, value: string): Filter {
  if (LOGIC_KEYS.has(key)) {
    const negate = key.startsWith('not.')
    const op = negate ? key.slice(4) : key
    return parseLogic(op as 'and' | 'or', negate, value, `${key}=${value}`)
  }
  const column = parseFilterColumn(key, `${key}=${value}`)
  return {
    kind: 'condition',
    column,
    negate: value.startsWith('not.'),
    condition: parseCondition(value, false),
  }
}

/** A filter's column: a plain or double-quoted name; JSON paths and embedded resources are refused. */
function parseFilterColumn(key: string, raw: string): string {
  if (key.startsWith('"')) {
    const name = unquote(key)
    if (name !== key) return name
  }
  if (key.includes('->')) {
    throw queryParamError(
      `failed to parse filter (${raw})`,
      `JSON path filters ('${key}') are not supported by this server: filter on a column.`,
    )
  }
  const dot = key.indexOf('.')
  if (dot >= 0) {
    throw queryParamError(
      `failed to parse filter (${raw})`,
      `Filters on embedded resources ('${key.slice(0, dot)}') are not supported by this server: resource embedding is not implemented.`,
    )
  }
  return key
}

const OPERATOR_PATTERN = /^(not\.)?([a-z_]+)(?:\(([^)]*)\))?\.([\s\S]*)$/

/**
 * `[not.]operator[(any|all|config)].value`. In a logic tree a value may be double-quoted (to hold
 * commas or parentheses); at the top level the value is taken as it is.
 */
function parseCondition(expression: string, inLogicTree: boolean): Condition {
  const fail = (details: string) => queryParamError(`failed to parse filter (${expression})`, details)
  const match = OPERATOR_PATTERN.exec(expression)
  if (!match) {
    throw fail(
      `Expected "operator.value" with an operator among ${OPERATORS.join(', ')}, optionally prefixed by "not.".`,
    )
  }
  const [, , op = '', modifier, rawValue = ''] = match
  const value = inLogicTree ? unquote(rawValue) : rawValue
  if (QUANTIFIABLE.has(op)) {
    const operator = op as ComparisonOperator | PatternOperator
    if (modifier === undefined) return { op: operator, value }
    if (modifier !== 'any' && modifier !== 'all')
      throw fail(`Unknown modifier "(${modifier})": use (any) or (all).`)
    const values = parseList(rawValue, '{', '}')
    if (!values) throw fail(`The values of ${op}(${modifier}) are a list in braces: {a,b,"c,d"}.`)
    return { op: operator, quantifier: modifier, values }
  }
  if (modifier !== undefined && !FTS.has(op))
    throw fail(`The operator "${op}" takes no "(${modifier})" modifier.`)
  if (op === 'is') {
    const normalized = value.toLowerCase()
    if (!IS_VALUES.has(normalized))
      throw fail(`"is" takes null, not_null, true, false or unknown, not "${value}".`)
    return { op: 'is', value: normalized as IsValue }
  }
  if (op === 'in') {
    const values = parseList(rawValue, '(', ')')
    if (!values) throw fail('The values of "in" are a list in parentheses: in.(a,b,"c,d").')
    return { op: 'in', values }
  }
  if (OTHER.has(op)) return { op: op as OtherOperator, value }
  if (FTS.has(op)) return { op: op as FtsOperator, config: modifier ?? null, value }
  throw fail(`Unknown operator "${op}": use one of ${OPERATORS.join(', ')}, optionally prefixed by "not.".`)
}

/** `(a,"b,c")` -> [`a`, `b,c`]; `()` -> []. Null when it is not such a list. */
function parseList(text: string, open: string, close: string): string[] | null {
  if (!text.startsWith(open) || !text.endsWith(close) || text.length < 2) return null
  const inner = text.slice(1, -1)
  if (inner === '') return []
  const items = splitTopLevel(inner)
  return items?.map(unquote) ?? null
}

/** `(a.eq.1,or(b.gt.2,c.is.null))` as the tree of an `and`/`or`. */
function parseLogic(op: 'and' | 'or', negate: boolean, value: string, raw: string): Filter {
  const fail = (details: string) => queryParamError(`failed to parse logic tree (${raw})`, details)
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw fail(`A logic tree is a list in parentheses: ${op}=(a.eq.1,b.gt.2).`)
  }
  const items = splitTopLevel(value.slice(1, -1))
  if (!items || items.some((item) => item === ''))
    throw fail('Unbalanced parentheses or quotes, or an empty item.')
  return { kind: 'logic', op, negate, children: items.map((item) => parseLogicItem(item, fail)) }
}

function parseLogicItem(item: string, fail: (details: string) => Error): Filter {
  const nested = /^(not\.)?(and|or)\(([\s\S]*)\)$/.exec(item)
  if (nested) {
    const [, not, op, inner = ''] = nested
    const items = splitTopLevel(inner)
    if (!items || items.some((child) => child === '')) throw fail(`Cannot read "${item}".`)
    return {
      kind: 'logic',
      op: op as 'and' | 'or',
      negate: not !== undefined,
      children: items.map((child) => parseLogicItem(child, fail)),
    }
  }
  let column: string
  let rest: string
  if (item.startsWith('"')) {
    const close = item.indexOf('"', 1)
    if (close < 0 || item[close + 1] !== '.') throw fail(`Cannot read the column of "${item}".`)
    column = item.slice(1, close)
    rest = item.slice(close + 2)
  } else {
    const dot = item.indexOf('.')
    if (dot <= 0) throw fail(`"${item}" is not "column.operator.value".`)
    column = item.slice(0, dot)
    rest = item.slice(dot + 1)
    if (column.includes('->')) throw fail(`JSON path filters ('${column}') are not supported by this server.`)
  }
  return { kind: 'condition', column, negate: rest.startsWith('not.'), condition: parseCondition(rest, true) }
}
