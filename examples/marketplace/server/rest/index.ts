import type { ApiRequest, ApiResponse, BackendContext } from '../http/types.ts'
import { ANON_CLAIMS, requestClaims } from './auth.ts'
import type { RestContext } from './context.ts'
import { deleteFrom } from './delete.ts'
import { fromPgError, isPgError, queryParamError, RestError, tableNotFound } from './errors.ts'
import { insertInto } from './insert.ts'
import { negotiate } from './media.ts'
import { parsePrefer } from './prefer.ts'
import { splitQuery } from './query-params.ts'
import { readRelation } from './read.ts'
import { callRoutine } from './rpc.ts'
import { EXPOSED_SCHEMA, loadSchemaCache, type SchemaCache } from './schema-cache.ts'
import { updateRelation } from './update.ts'

/** The `/rest/v1` handler: PostgREST's API over `public`, as far as the marketplace needs it. */
export interface RestHandler {
  (req: ApiRequest): Promise<ApiResponse>
  /** Reads the catalog again (after a migration): what PostgREST does on `NOTIFY pgrst, 'reload schema'`. */
  reloadSchemaCache(): Promise<void>
  /** Settles when the schema cache read at creation is loaded; rejects if it could not be read. */
  readonly ready: Promise<void>
}

const TABLE_METHODS = 'OPTIONS,GET,HEAD,POST,PATCH,DELETE'

/**
 * Answers a request below `/rest/v1` (`req.path` is the rest: `/users`, `/rpc/set_user_status`).
 * The schema cache is read now and kept; every request then costs one transaction: the role and
 * claims (`Database.asRequest`) and one statement.
 */
export function createRestHandler(ctx: BackendContext): RestHandler {
  let cache = loadSchemaCache(ctx.db)
  const ready = cache.then(() => undefined)
  ready.catch(() => {})

  async function schemaCache(): Promise<SchemaCache> {
    try {
      return await cache
    } catch {
      cache = loadSchemaCache(ctx.db)
      throw new RestError(503, 'PGRST002', 'Could not query the database for the schema cache. Retrying.')
    }
  }

  async function handle(req: ApiRequest): Promise<ApiResponse> {
    let role: string = ANON_CLAIMS.role
    try {
      const claims = await requestClaims(req, ctx.config.jwtSecret)
      role = claims.role
      checkProfile(req)
      const route = parsePath(req.path)
      const rest: RestContext = {
        req,
        db: ctx.db,
        claims,
        cache: await schemaCache(),
        prefs: parsePrefer(req.headers.prefer),
        media: negotiate(req.headers.accept),
        query: splitQuery(req.url.searchParams),
      }
      if (route.kind === 'rpc') return await callRoutine(rest, route.name)
      return await handleTable(rest, route.name)
    } catch (error) {
      if (error instanceof RestError) return error.toResponse()
      if (isPgError(error)) return fromPgError(error, role).toResponse()
      throw error
    }
  }

  const handler = handle as RestHandler
  handler.reloadSchemaCache = async () => {
    const next = loadSchemaCache(ctx.db)
    await next
    cache = next
  }
  Object.defineProperty(handler, 'ready', { value: ready })
  return handler
}

async function handleTable(ctx: RestContext, name: string): Promise<ApiResponse> {
  const relation = ctx.cache.relations.get(name)
  if (!relation) throw tableNotFound(name, ctx.cache.relations.keys())
  switch (ctx.req.method) {
    case 'GET':
    case 'HEAD':
      return readRelation(ctx, relation)
    case 'POST':
      return insertInto(ctx, relation)
    case 'PATCH':
      return updateRelation(ctx, relation)
    case 'DELETE':
      return deleteFrom(ctx, relation)
    case 'OPTIONS':
      return { status: 200, headers: { allow: TABLE_METHODS } }
    case 'PUT':
      throw queryParamError(
        'PUT is not supported by this server',
        'Upsert with POST and "Prefer: resolution=merge-duplicates" (supabase-js: .upsert()).',
      )
    default:
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${ctx.req.method}`)
  }
}

type Route = { kind: 'table'; name: string } | { kind: 'rpc'; name: string }

function parsePath(path: string): Route {
  let segments: string[]
  try {
    segments = path.split('/').slice(1).map(decodeURIComponent)
  } catch {
    throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL')
  }
  const [first = '', second] = segments
  if (segments.length === 1 && first === '')
    throw new RestError(404, 'PGRST126', 'Root endpoint metadata is disabled')
  if (segments.length === 1) return { kind: 'table', name: first }
  if (segments.length === 2 && first === 'rpc' && second) return { kind: 'rpc', name: second }
  throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL')
}

/** supabase-js names the schema in Accept-Profile (reads) or Content-Profile (writes); only `public` is exposed. */
function checkProfile(req: ApiRequest): void {
  const header = req.method === 'GET' || req.method === 'HEAD' ? 'accept-profile' : 'content-profile'
  const profile = req.headers[header]
  if (typeof profile === 'string' && profile !== '' && profile !== EXPOSED_SCHEMA) {
    throw new RestError(
      406,
      'PGRST106',
      `Invalid schema: ${profile}`,
      null,
      `Only the following schemas are exposed: ${EXPOSED_SCHEMA}`,
    )
  }
}
