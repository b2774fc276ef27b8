import type { ApiResponse } from '../http/types.ts'
import { type Source, whereSql } from './builder.ts'
import type { RestContext } from './context.ts'
import { parseFilterParam } from './filters.ts'
import { refuseReadOptions, runMutation } from './mutation.ts'
import type { Relation } from './schema-cache.ts'
import { Params, qualified } from './sql.ts'

/**
 * DELETE /<table>?<filters>: delete every row the filters (and row-level security) select.
 *
 *   DELETE /users?id=eq.42  ->  DELETE FROM "public"."users" WHERE "public"."users"."id" = $1
 */
export async function deleteFrom(ctx: RestContext, relation: Relation): Promise<ApiResponse> {
  refuseReadOptions(ctx, 'DELETE')
  const target = qualified('public', relation.name)
  const source: Source = { name: relation.name, columns: relation.columns, qualifier: target }
  const filters = ctx.query.filters.map(([key, value]) => parseFilterParam(key, value))
  const params = new Params()
  const statement = `DELETE FROM ${target}${whereSql(filters, source, params)}`
  return runMutation(ctx, { kind: 'delete', relation, statement, params })
}
