import type { ApiResponse } from '../http/types.ts'
import { isPlainObject, type RestContext, readJson } from './context.ts'
import { columnNotInCache, invalidBody, queryParamError, RestError } from './errors.ts'
import { refuseReadOptions, runMutation } from './mutation.ts'
import { parseColumnList } from './query-params.ts'
import type { Relation } from './schema-cache.ts'
import { ident, Params, qualified } from './sql.ts'

/**
 * POST /<table>: insert an object or an array of objects; with `Prefer: resolution=...`, an upsert.
 *
 *   POST /users?on_conflict=id  [{"id": "...", "name": "Ann"}]  Prefer: resolution=merge-duplicates
 *   -> INSERT INTO "public"."users" ("id", "name")
 *      SELECT "id", "name" FROM json_populate_recordset(NULL::"public"."users", $1::json)
 *      ON CONFLICT ("id") DO UPDATE SET "id" = EXCLUDED."id", "name" = EXCLUDED."name"
 *
 * Postgres converts each value to its column's type (json_populate_recordset), so a bad value is its
 * own 22P02. The columns are the `columns` parameter's, else the body's keys (every object of an
 * array must then have the same keys); a key the table does not have is PGRST204.
 */
export async function insertInto(ctx: RestContext, relation: Relation): Promise<ApiResponse> {
  refuseReadOptions(ctx, 'POST')
  if (ctx.query.filters.length > 0) {
    const [key, value] = ctx.query.filters[0] ?? ['', '']
    throw queryParamError(
      `failed to parse filter (${key}=${value})`,
      'Filters do not apply to POST (an insert); use PATCH to change rows that match filters.',
    )
  }
  const body = await readJson(ctx.req)
  if (body === undefined) throw invalidBody('Empty or invalid json')
  const rows = Array.isArray(body) ? body : [body]
  if (!rows.every(isPlainObject))
    throw invalidBody('The body must be a JSON object or an array of JSON objects')

  const columns = insertColumns(ctx, relation, rows)
  const params = new Params()
  let statement = insertStatement(
    qualified('public', relation.name),
    columns,
    rows,
    ctx.prefs.missing === 'default',
    params,
  )
  if (ctx.prefs.resolution !== null && rows.length > 0) {
    statement += onConflictSql(ctx, relation, columns)
  }
  return runMutation(ctx, { kind: 'insert', relation, statement, params })
}

/**
 * One parameter for the whole body (json_populate_recordset: a missing key is NULL), or, with
 * `Prefer: missing=default`, one per row so that a missing key can be the column's DEFAULT:
 *
 *   INSERT INTO "public"."users" ("id", "role")
 *   VALUES ((json_populate_record(NULL::"public"."users", $1::json))."id", DEFAULT)
 */
function insertStatement(
  target: string,
  columns: string[],
  rows: Record<string, unknown>[],
  missingDefault: boolean,
  params: Params,
): string {
  const list = columns.map(ident).join(', ')
  if (rows.length === 0) return `INSERT INTO ${target} SELECT WHERE false`
  if (columns.length === 0) {
    return `INSERT INTO ${target} SELECT FROM json_populate_recordset(NULL::${target}, ${params.add(JSON.stringify(rows))}::json)`
  }
  if (!missingDefault) {
    return `INSERT INTO ${target} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${target}, ${params.add(JSON.stringify(rows))}::json)`
  }
  const values = rows.map((row) => {
    const record = `(json_populate_record(NULL::${target}, ${params.add(JSON.stringify(row))}::json))`
    const cells = columns.map((column) =>
      Object.hasOwn(row, column) ? `${record}.${ident(column)}` : 'DEFAULT',
    )
    return `(${cells.join(', ')})`
  })
  return `INSERT INTO ${target} (${list}) VALUES ${values.join(', ')}`
}

function insertColumns(ctx: RestContext, relation: Relation, rows: Record<string, unknown>[]): string[] {
  let columns: string[]
  if (ctx.query.columns !== null) {
    columns = parseColumnList('columns', ctx.query.columns)
  } else {
    columns = Object.keys(rows[0] ?? {})
    const keys = [...columns].sort().join('\u0000')
    if (rows.some((row) => Object.keys(row).sort().join('\u0000') !== keys)) {
      throw invalidBody('All object keys must match')
    }
  }
  for (const column of columns) {
    if (!relation.columns.has(column)) throw columnNotInCache(relation.name, column)
  }
  return [...new Set(columns)]
}

/** `ON CONFLICT (<on_conflict or primary key>) DO UPDATE SET c = EXCLUDED.c ...` or `DO NOTHING`. */
function onConflictSql(ctx: RestContext, relation: Relation, columns: string[]): string {
  const conflict =
    ctx.query.onConflict === null ? relation.primaryKey : parseColumnList('on_conflict', ctx.query.onConflict)
  for (const column of conflict) {
    if (!relation.columns.has(column)) throw new RestError(400, '42703', `column "${column}" does not exist`)
  }
  const target = conflict.length > 0 ? ` (${conflict.map(ident).join(', ')})` : ''
  if (ctx.prefs.resolution === 'ignore-duplicates' || columns.length === 0)
    return ` ON CONFLICT${target} DO NOTHING`
  if (target === '') {
    throw new RestError(
      400,
      '42601',
      'ON CONFLICT DO UPDATE requires inference specification or constraint name',
      null,
      'Name the conflict columns with on_conflict=...',
    )
  }
  return ` ON CONFLICT${target} DO UPDATE SET ${columns.map((column) => `${ident(column)} = EXCLUDED.${ident(column)}`).join(', ')}`
}
