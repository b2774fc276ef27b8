import { undefinedColumn } from './errors.ts'
import type { Condition, Filter, FtsOperator } from './filters.ts'
import type { MediaType } from './media.ts'
import type { OrderTerm, RowRange } from './order.ts'
import type { Column } from './schema-cache.ts'
import type { SelectItem } from './select.ts'
import { arrayLiteral, ident, type Params } from './sql.ts'

/**
 * What a query reads from: a table, a view, or a function's result. Every column a request names is
 * looked up in `columns` (from the schema cache) before it is written, quoted, into the SQL.
 */
export interface Source {
  /** How errors name it: `users`. */
  name: string
  columns: ReadonlyMap<string, Column>
  /** What qualifies its columns in the SQL: `"public"."users"`, `"pgrst_source"`. */
  qualifier: string
}

function columnSql(source: Source, name: string): string {
  if (!source.columns.has(name)) throw undefinedColumn(source.name, name, source.columns.keys())
  return `${source.qualifier}.${ident(name)}`
}

/** `"public"."users"."id", "public"."users"."name" AS "fullName"`, or `"public"."users".*`. */
export function selectListSql(items: readonly SelectItem[], source: Source): string {
  return items
    .map((item) => {
      if (item.kind === 'star') return `${source.qualifier}.*`
      const column = columnSql(source, item.column)
      return `${column} AS ${ident(item.alias ?? item.column)}`
    })
    .join(', ')
}

/** The filters ANDed, as a WHERE clause (empty when there are none). */
export function whereSql(filters: readonly Filter[], source: Source, params: Params): string {
  if (filters.length === 0) return ''
  return ` WHERE ${filters.map((filter) => filterSql(filter, source, params)).join(' AND ')}`
}

function filterSql(filter: Filter, source: Source, params: Params): string {
  if (filter.kind === 'logic') {
    const joined = filter.children
      .map((child) => filterSql(child, source, params))
      .join(filter.op === 'and' ? ' AND ' : ' OR ')
    return filter.negate ? `NOT (${joined})` : `(${joined})`
  }
  const sql = conditionSql(
    columnSql(source, filter.column),
    source.columns.get(filter.column),
    filter.condition,
    params,
  )
  return filter.negate ? `NOT (${sql})` : sql
}

const OPERATOR_SQL = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  isdistinct: 'IS DISTINCT FROM',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
} as const

const IS_SQL = {
  null: 'NULL',
  not_null: 'NOT NULL',
  true: 'TRUE',
  false: 'FALSE',
  unknown: 'UNKNOWN',
} as const

const TSQUERY: Record<FtsOperator, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
}

/** PostgREST's `*` wildcard of like/ilike patterns is SQL's `%`. */
const pattern = (op: string, value: string) =>
  op === 'like' || op === 'ilike' ? value.replaceAll('*', '%') : value

/**
 * One condition. The value is always a parameter whose type Postgres infers from the column, so
 * `id=eq.abc` on a uuid answers Postgres's own 22P02, as PostgREST's unknown-typed literal does.
 */
function conditionSql(
  column: string,
  info: Column | undefined,
  condition: Condition,
  params: Params,
): string {
  switch (condition.op) {
    case 'is':
      return `${column} IS ${IS_SQL[condition.value]}`
    case 'in':
      return `${column} = ANY(${params.add(arrayLiteral(condition.values))})`
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const config = condition.config === null ? '' : `${params.add(condition.config)}, `
      const document = info?.type === 'tsvector' ? column : `to_tsvector(${config}${column})`
      return `${document} @@ ${TSQUERY[condition.op]}(${config}${params.add(condition.value)})`
    }
  }
  const operator = OPERATOR_SQL[condition.op]
  if ('quantifier' in condition) {
    const values = condition.values.map((value) => pattern(condition.op, value))
    return `${column} ${operator} ${condition.quantifier.toUpperCase()}(${params.add(arrayLiteral(values))})`
  }
  return `${column} ${operator} ${params.add(pattern(condition.op, condition.value))}`
}

export function orderSql(terms: readonly OrderTerm[], source: Source): string {
  if (terms.length === 0) return ''
  const sql = terms.map((term) => {
    const direction = term.direction === null ? '' : ` ${term.direction.toUpperCase()}`
    const nulls = term.nulls === null ? '' : ` NULLS ${term.nulls.toUpperCase()}`
    return `${columnSql(source, term.column)}${direction}${nulls}`
  })
  return ` ORDER BY ${sql.join(', ')}`
}

export function rangeSql(range: RowRange, params: Params): string {
  const limit = range.limit === null ? '' : ` LIMIT ${params.add(String(range.limit))}`
  const offset = range.offset === 0 ? '' : ` OFFSET ${params.add(String(range.offset))}`
  return `${limit}${offset}`
}

/**
 * The JSON body Postgres renders from the rows of the subquery `_t` (as PostgREST does, so values
 * read exactly as Postgres writes them: timestamps with their offset, numerics unrounded).
 */
export function bodySql(media: MediaType, singular: boolean): string {
  const row = media.stripNulls ? 'json_strip_nulls(row_to_json(_t))' : '_t'
  return singular
    ? `coalesce((json_agg(${row}) -> 0)::text, 'null')`
    : `coalesce(json_agg(${row}), '[]')::text`
}
