import type { Database, RequestClaims, Transaction } from '../db/database.ts'
import { type ApiRequest, BodyError } from '../http/types.ts'
import { invalidBody, RestError } from './errors.ts'
import type { MediaType } from './media.ts'
import type { Preferences } from './prefer.ts'
import type { QueryParts } from './query-params.ts'
import type { SchemaCache } from './schema-cache.ts'

/** Everything a table or RPC handler needs about one request, read once by `index.ts`. */
export interface RestContext {
  req: ApiRequest
  db: Database
  claims: RequestClaims
  cache: SchemaCache
  prefs: Preferences
  media: MediaType
  query: QueryParts
}

const ROLLBACK = Symbol('tx=rollback')

/**
 * Runs `work` in the request's transaction (as its role, with its claims: row-level security decides).
 * A RestError thrown inside rolls everything back; so does `Prefer: tx=rollback`, which still answers
 * what the work returned.
 */
export async function inTransaction<T>(ctx: RestContext, work: (tx: Transaction) => Promise<T>): Promise<T> {
  if (ctx.prefs.tx !== 'rollback') return ctx.db.asRequest(ctx.claims, work)
  let result: { value: T } | undefined
  try {
    await ctx.db.asRequest(ctx.claims, async (tx) => {
      result = { value: await work(tx) }
      throw ROLLBACK
    })
  } catch (error) {
    if (error !== ROLLBACK || result === undefined) throw error
  }
  return (result as { value: T }).value
}

/** The JSON body, with PostgREST's PGRST102 for anything that is not JSON. */
export async function readJson(req: ApiRequest): Promise<unknown> {
  const type = req.headers['content-type']
  if (type !== undefined && type !== '' && !/^application\/([a-z.+-]*\+)?json\b/i.test(type)) {
    throw new RestError(
      406,
      'PGRST107',
      `None of these media types are available: ${type.split(';')[0]}`,
      'This server reads JSON bodies only (Content-Type: application/json).',
    )
  }
  try {
    return await req.json()
  } catch (error) {
    if (!(error instanceof BodyError)) throw error
    if (error.status === 413) {
      // Supabase's gateway answers 413 before PostgREST sees such a body; the code is PostgREST's for a bad body.
      throw new RestError(413, 'PGRST102', 'Request size limit exceeded', error.message)
    }
    throw invalidBody('Empty or invalid json')
  }
}

/** PostgREST's `Content-Range`: `0-9/42`, `0-9/*` without a count, `*\/0` when empty. */
export function contentRange(offset: number, rows: number, total: number | null): string {
  const count = total === null ? '*' : String(total)
  return rows > 0 ? `${offset}-${offset + rows - 1}/${count}` : `*/${count}`
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
