import type { ApiResponse } from '../http/types.ts'
import { bodySql, orderSql, rangeSql, type Source, selectListSql, whereSql } from './builder.ts'
import { inTransaction, isPlainObject, type RestContext, readJson } from './context.ts'
import { invalidBody, queryParamError, RestError, singularityError } from './errors.ts'
import { parseFilterParam } from './filters.ts'
import { closestNames } from './fuzzy.ts'
import { parseOrder, parseRange } from './order.ts'
import { appliedPreferences } from './prefer.ts'
import { type PageRow, pageResponse } from './read.ts'
import type { Routine } from './schema-cache.ts'
import { parseSelect } from './select.ts'
import { arrayLiteral, ident, Params, qualified } from './sql.ts'

/**
 * POST /rpc/<fn> with a JSON object of named arguments (or GET /rpc/<fn>?arg=value), called with
 * named notation, each argument converted by Postgres to its declared type:
 *
 *   POST /rpc/set_user_status  {"target": "...", "new_status": "suspended"}
 *   -> WITH pgrst_source AS (SELECT pgrst_call.* FROM json_to_record($1::json) AS pgrst_args("new_status" text, "target" uuid),
 *        LATERAL "public"."set_user_status"("new_status" := pgrst_args."new_status", "target" := pgrst_args."target") pgrst_call)
 *      SELECT ... (json_agg(_t) -> 0) FROM (SELECT pgrst_source.* FROM pgrst_source) _t
 *
 * Answers as PostgREST: a set of rows is an array (which filters, select, order and limit shape), a
 * single composite an object, a scalar its JSON value, void 204 No Content.
 */
export async function callRoutine(ctx: RestContext, name: string): Promise<ApiResponse> {
  const method = ctx.req.method
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
    throw new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`)
  }
  const candidates = ctx.cache.routines.get(name) ?? []
  const { args, filterParams } = await readArguments(ctx, candidates)
  const routine = chooseRoutine(ctx, name, candidates, Object.keys(args), method === 'POST')

  const params = new Params()
  const given = routine.params.filter((param) => Object.hasOwn(args, param.name))
  const call = `${qualified('public', routine.name)}(${given
    .map((param) => `${ident(param.name)} := pgrst_args.${ident(param.name)}`)
    .join(', ')})`
  const argsFrom =
    given.length > 0
      ? `json_to_record(${params.add(JSON.stringify(args))}::json) AS pgrst_args(${given
          .map((param) => `${ident(param.name)} ${param.type}`)
          .join(', ')})`
      : null
  const filters = filterParams.map(([key, value]) => parseFilterParam(key, value))
  const order = parseOrder(ctx.query.order)
  const range = parseRange(ctx.query.limit, ctx.query.offset, ctx.req.headers)
  const head = method === 'HEAD'

  const result = routine.result
  let sql: string
  if (result.kind === 'composite') {
    const from = argsFrom === null ? `${call} pgrst_call` : `${argsFrom}, LATERAL ${call} pgrst_call`
    const source: Source = { name: routine.name, columns: result.columns, qualifier: ident('pgrst_source') }
    const where = whereSql(filters, source, params)
    const page = `SELECT ${selectListSql(parseSelect(ctx.query.select), source)} FROM pgrst_source${where}${orderSql(order, source)}${rangeSql(range, params)}`
    const total = ctx.prefs.count === null ? 'NULL::int' : `(SELECT count(*) FROM pgrst_source${where})::int`
    const body = head ? 'NULL::text' : bodySql(ctx.media, ctx.media.singular || !routine.setOf)
    sql = `WITH pgrst_source AS (SELECT pgrst_call.* FROM ${from}) SELECT ${total} AS total, count(*)::int AS page_total, ${body} AS body FROM (${page}) _t`
  } else {
    refuseShaping(ctx, routine, filterParams, result.kind)
    const from = argsFrom === null ? '' : ` FROM ${argsFrom}`
    if (result.kind === 'void') sql = `SELECT ${call}${from}`
    else if (!routine.setOf)
      sql = `SELECT NULL::int AS total, 1 AS page_total, coalesce(to_json(${call})::text, 'null') AS body${from}`
    else {
      const page = `SELECT pgrst_call.pgrst_scalar FROM ${argsFrom === null ? '' : `${argsFrom}, LATERAL `}${call} pgrst_call(pgrst_scalar)${rangeSql(range, params)}`
      sql = `SELECT NULL::int AS total, count(*)::int AS page_total, coalesce(json_agg(_t.pgrst_scalar), '[]')::text AS body FROM (${page}) _t`
    }
  }

  const row = await inTransaction(ctx, async (tx) => {
    // As PostgREST: GET is safe, so a function called with GET cannot write (25006 -> 405).
    if (method !== 'POST' && routine.volatile) await tx.query('SET TRANSACTION READ ONLY')
    const [page] = (await tx.query<PageRow>(sql, params.values)).rows
    // `.single()` on a set of rows that is not one row rolls the call back, as PostgREST does.
    if (ctx.media.singular && routine.setOf && page?.page_total !== 1) {
      throw singularityError(page?.page_total ?? 0)
    }
    return page
  })
  if (result.kind === 'void') return { status: 204, headers: appliedPreferences(ctx.prefs, ['tx']) }
  const page = row ?? { total: null, page_total: 0, body: null }
  if (routine.setOf) return pageResponse(ctx, page, range)
  // A single value (a composite or a scalar) is the body itself, whatever its rows.
  return pageResponse({ ...ctx, media: { ...ctx.media, singular: false } }, { ...page, page_total: 1 }, range)
}

/** POST: the body's object. GET/HEAD: the query parameters named like an argument (the rest filter the result). */
async function readArguments(
  ctx: RestContext,
  candidates: readonly Routine[],
): Promise<{ args: Record<string, unknown>; filterParams: [string, string][] }> {
  if (ctx.req.method === 'POST') {
    const body = await readJson(ctx.req)
    if (body === undefined) return { args: {}, filterParams: ctx.query.filters }
    if (!isPlainObject(body)) throw invalidBody('The arguments of a function call are a JSON object')
    return { args: body, filterParams: ctx.query.filters }
  }
  const names = new Set(candidates.flatMap((routine) => routine.params.map((param) => param.name)))
  const values = new Map<string, string[]>()
  const filterParams: [string, string][] = []
  for (const [key, value] of ctx.query.filters) {
    if (names.has(key)) values.set(key, [...(values.get(key) ?? []), value])
    else filterParams.push([key, value])
  }
  // A repeated argument is an array, as PostgREST reads `?ids=1&ids=2`.
  const args = Object.fromEntries(
    [...values].map(([key, list]) => [key, list.length === 1 ? list[0] : arrayLiteral(list)]),
  )
  return { args, filterParams }
}

/** The overload whose named arguments cover the given keys and all its required ones (PGRST202/203 otherwise). */
function chooseRoutine(
  ctx: RestContext,
  name: string,
  candidates: readonly Routine[],
  keys: string[],
  isPost: boolean,
): Routine {
  const matches = candidates.filter((routine) => {
    if (!routine.namedCallable) return false
    const names = new Set(routine.params.map((param) => param.name))
    return (
      keys.every((key) => names.has(key)) &&
      routine.params.every((param) => !param.required || keys.includes(param.name))
    )
  })
  const [only] = matches
  if (only && matches.length === 1) return only
  const sorted = [...keys].sort()
  if (matches.length > 1) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches
        .map(
          (routine) =>
            `public.${name}(${routine.params.map((param) => `${param.name} => ${param.type}`).join(', ')})`,
        )
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    )
  }
  const withParams =
    sorted.length === 0
      ? ' without parameters'
      : ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`
  const signature = sorted.length === 0 ? ' without parameters' : `(${sorted.join(', ')})`
  let hint: string | null = null
  if (candidates.length > 0) {
    const [first] = candidates
    hint = `Perhaps you meant to call the function public.${name}(${(first?.params ?? [])
      .map((param) => param.name)
      .sort()
      .join(', ')})`
  } else {
    const [near] = closestNames(name, ctx.cache.routines.keys(), 0.75)
    if (near) hint = `Perhaps you meant to call the function public.${near}`
  }
  throw new RestError(
    404,
    'PGRST202',
    `Could not find the function public.${name}${signature} in the schema cache`,
    `Searched for the function public.${name}${withParams}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    hint,
  )
}

/** A scalar or void result has no columns to filter, order or select. */
function refuseShaping(
  ctx: RestContext,
  routine: Routine,
  filterParams: [string, string][],
  kind: string,
): void {
  const [filter] = filterParams
  const part = filter
    ? `filter (${filter[0]}=${filter[1]})`
    : ctx.query.order !== null
      ? `order (${ctx.query.order})`
      : ctx.query.select !== null && ctx.query.select !== '*'
        ? `select parameter (${ctx.query.select})`
        : null
  if (part !== null) {
    throw queryParamError(
      `failed to parse ${part}`,
      `public.${routine.name} returns ${kind === 'void' ? 'void' : 'a scalar'}: filters, order and select apply to functions that return rows.`,
    )
  }
}
