import type { ApiResponse } from '../http/types.ts'
import { type Source, whereSql } from './builder.ts'
import { isPlainObject, type RestContext, readJson } from './context.ts'
import { columnNotInCache, invalidBody, singularityError } from './errors.ts'
import { parseFilterParam } from './filters.ts'
import { contentType } from './media.ts'
import { refuseReadOptions, runMutation } from './mutation.ts'
import { parseColumnList } from './query-params.ts'
import type { Relation } from './schema-cache.ts'
import { ident, Params, qualified } from './sql.ts'

/**
 * PATCH /<table>?<filters>: set the body's columns on every row the filters (and row-level
 * security) select.
 *
 *   PATCH /users?id=eq.42  {"name": "Ann"}
 *   -> UPDATE "public"."users" SET "name" = pgrst_body."name"
 *      FROM (SELECT * FROM json_populate_record(NULL::"public"."users", $1::json)) pgrst_body
 *      WHERE "public"."users"."id" = $2
 */
export async function updateRelation(ctx: RestContext, relation: Relation): Promise<ApiResponse> {
  refuseReadOptions(ctx, 'PATCH')
  const target = qualified('public', relation.name)
  const source: Source = { name: relation.name, columns: relation.columns, qualifier: target }
  const filters = ctx.query.filters.map(([key, value]) => parseFilterParam(key, value))
  const body = await readJson(ctx.req)
  if (body === undefined) throw invalidBody('Empty or invalid json')
  if (!isPlainObject(body)) throw invalidBody('The body of a PATCH must be a JSON object')

  const columns =
    ctx.query.columns === null ? Object.keys(body) : parseColumnList('columns', ctx.query.columns)
  for (const column of columns) {
    if (!relation.columns.has(column)) throw columnNotInCache(relation.name, column)
  }
  const params = new Params()
  const record = params.add(JSON.stringify(body))
  const where = whereSql(filters, source, params)
  if (columns.length === 0) {
    // As PostgREST: an empty body changes nothing, and no row is returned.
    if (ctx.media.singular) throw singularityError(0)
    if (ctx.prefs.return !== 'representation') return { status: 204, headers: { 'content-range': '*/*' } }
    return {
      status: 200,
      headers: { 'content-type': contentType(ctx.media), 'content-range': '*/*' },
      body: '[]',
    }
  }
  const assignments = columns.map((column) => `${ident(column)} = pgrst_body.${ident(column)}`).join(', ')
  const statement = `UPDATE ${target} SET ${assignments} FROM (SELECT * FROM json_populate_record(NULL::${target}, ${record}::json)) pgrst_body${where}`
  return runMutation(ctx, { kind: 'update', relation, statement, params })
}
