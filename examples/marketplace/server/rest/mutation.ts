import type { ApiResponse } from '../http/types.ts'
import { bodySql, type Source, selectListSql } from './builder.ts'
import { contentRange, inTransaction, type RestContext } from './context.ts'
import { queryParamError, RestError, singularityError } from './errors.ts'
import { contentType } from './media.ts'
import { appliedPreferences } from './prefer.ts'
import type { Relation } from './schema-cache.ts'
import { parseSelect } from './select.ts'
import { ident, type Params, qualified } from './sql.ts'

export interface Mutation {
  kind: 'insert' | 'update' | 'delete'
  relation: Relation
  /** The INSERT, UPDATE or DELETE, without RETURNING. */
  statement: string
  params: Params
}

interface MutationRow {
  page_total: number
  body: string | null
}

/** PATCH and DELETE change what their filters select; limits, offsets and orders are refused loudly. */
export function refuseReadOptions(ctx: RestContext, method: string): void {
  for (const [name, value] of [
    ['limit', ctx.query.limit],
    ['offset', ctx.query.offset],
    ['order', ctx.query.order],
  ] as const) {
    if (value !== null) {
      throw queryParamError(
        `failed to parse ${name} parameter (${value})`,
        `'${name}' on ${method} is not supported by this server: select the rows with filters.`,
      )
    }
  }
}

/**
 * Runs a write and answers as PostgREST does for `Prefer: return=...`:
 *
 *   representation: WITH pgrst_source AS (<statement> RETURNING "public"."users".*)
 *                   SELECT count(*), coalesce(json_agg(_t), '[]') FROM (SELECT <select> FROM pgrst_source) _t
 *   headers-only:   the primary key of an inserted row only, for Location
 *   minimal:        the statement alone (no RETURNING, so no SELECT policy is needed)
 *
 * `.single()` with not exactly one row, or more rows than `max-affected` under `handling=strict`,
 * rolls the write back.
 */
export async function runMutation(ctx: RestContext, mutation: Mutation): Promise<ApiResponse> {
  const { relation, statement, params } = mutation
  const returning = ctx.prefs.return ?? 'minimal'
  const target = qualified('public', relation.name)
  let sql = statement
  if (returning === 'representation') {
    const source: Source = {
      name: relation.name,
      columns: relation.columns,
      qualifier: ident('pgrst_source'),
    }
    const select = selectListSql(parseSelect(ctx.query.select), source)
    sql = `WITH pgrst_source AS (${statement} RETURNING ${target}.*) SELECT count(*)::int AS page_total, ${bodySql(ctx.media, ctx.media.singular)} AS body FROM (SELECT ${select} FROM pgrst_source) _t`
  } else if (returning === 'headers-only' && mutation.kind === 'insert' && relation.primaryKey.length > 0) {
    const key = relation.primaryKey.map((column) => `${target}.${ident(column)}`).join(', ')
    sql = `WITH pgrst_source AS (${statement} RETURNING ${key}) SELECT count(*)::int AS page_total, (json_agg(pgrst_source) -> 0)::text AS body FROM pgrst_source`
  }
  const wrapped = sql !== statement

  const row = await inTransaction(ctx, async (tx) => {
    const result = await tx.query<MutationRow>(sql, params.values)
    const affected: MutationRow = wrapped
      ? (result.rows[0] ?? { page_total: 0, body: null })
      : { page_total: result.affectedRows ?? 0, body: null }
    if (ctx.media.singular && affected.page_total !== 1) throw singularityError(affected.page_total)
    const max = ctx.prefs.maxAffected
    if (ctx.prefs.handling === 'strict' && max !== null && affected.page_total > max) {
      throw new RestError(
        400,
        'PGRST124',
        'Query result exceeds max-affected preference constraint',
        `The query affects ${affected.page_total} rows`,
      )
    }
    return affected
  })

  const headers: Record<string, string> = {
    'content-range': contentRange(0, row.page_total, ctx.prefs.count === null ? null : row.page_total),
    ...appliedPreferences(ctx.prefs, [
      'return',
      'count',
      'resolution',
      'missing',
      'handling',
      'maxAffected',
      'tx',
    ]),
  }
  if (returning === 'headers-only' && row.body !== null && row.page_total === 1) {
    headers.location = location(relation, JSON.parse(row.body) as Record<string, unknown>)
  }
  const created = mutation.kind === 'insert'
  if (returning !== 'representation') return { status: created ? 201 : 204, headers }
  return {
    status: created ? 201 : 200,
    headers: { ...headers, 'content-type': contentType(ctx.media) },
    body: row.body ?? (ctx.media.singular ? 'null' : '[]'),
  }
}

/** `/users?id=eq.42`: where PostgREST says an inserted row lives. */
function location(relation: Relation, key: Record<string, unknown>): string {
  const query = relation.primaryKey
    .map((column) => `${encodeURIComponent(column)}=eq.${encodeURIComponent(String(key[column]))}`)
    .join('&')
  return `/${encodeURIComponent(relation.name)}?${query}`
}
