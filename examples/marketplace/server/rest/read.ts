import type { ApiResponse } from '../http/types.ts'
import { bodySql, orderSql, rangeSql, type Source, selectListSql, whereSql } from './builder.ts'
import { contentRange, inTransaction, type RestContext } from './context.ts'
import { RestError, singularityError } from './errors.ts'
import { parseFilterParam } from './filters.ts'
import { contentType } from './media.ts'
import { parseOrder, parseRange, type RowRange } from './order.ts'
import { appliedPreferences } from './prefer.ts'
import type { Relation } from './schema-cache.ts'
import { parseSelect } from './select.ts'
import { Params, qualified } from './sql.ts'

export interface PageRow {
  total: number | null
  page_total: number
  body: string | null
}

/**
 * GET and HEAD on a table or view, in one statement:
 *
 *   GET /users?select=name,role&id=eq.42
 *   -> SELECT NULL AS total, count(*) AS page_total, coalesce(json_agg(_t), '[]') AS body
 *      FROM (SELECT "public"."users"."name" AS "name", ... FROM "public"."users" WHERE "public"."users"."id" = $1) _t
 */
export async function readRelation(ctx: RestContext, relation: Relation): Promise<ApiResponse> {
  const source: Source = {
    name: relation.name,
    columns: relation.columns,
    qualifier: qualified('public', relation.name),
  }
  const select = parseSelect(ctx.query.select)
  const filters = ctx.query.filters.map(([key, value]) => parseFilterParam(key, value))
  const order = parseOrder(ctx.query.order)
  const range = parseRange(ctx.query.limit, ctx.query.offset, ctx.req.headers)
  const head = ctx.req.method === 'HEAD'

  const params = new Params()
  const where = whereSql(filters, source, params)
  const page = `SELECT ${selectListSql(select, source)} FROM ${source.qualifier}${where}${orderSql(order, source)}${rangeSql(range, params)}`
  const total =
    ctx.prefs.count === null ? 'NULL::int' : `(SELECT count(*) FROM ${source.qualifier}${where})::int`
  const body = head ? 'NULL::text' : bodySql(ctx.media, ctx.media.singular)
  const sql = `SELECT ${total} AS total, count(*)::int AS page_total, ${body} AS body FROM (${page}) _t`

  const [row] = (await inTransaction(ctx, (tx) => tx.query<PageRow>(sql, params.values))).rows
  return pageResponse(ctx, row ?? { total: null, page_total: 0, body: '[]' }, range)
}

/** Status, Content-Range and body of a read (also of a function's rows), as PostgREST answers them. */
export function pageResponse(ctx: RestContext, row: PageRow, range: RowRange): ApiResponse {
  if (ctx.media.singular && row.page_total !== 1) throw singularityError(row.page_total)
  const total = row.total
  if (total !== null && range.offset > total) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${range.offset} was requested, but there are only ${total} rows.`,
    )
  }
  const partial = total !== null && range.limit !== null && range.limit < total
  return {
    status: partial ? 206 : 200,
    headers: {
      'content-type': contentType(ctx.media),
      'content-range': contentRange(range.offset, row.page_total, total),
      ...appliedPreferences(ctx.prefs, ['count']),
    },
    body: ctx.req.method === 'HEAD' ? undefined : (row.body ?? 'null'),
  }
}
