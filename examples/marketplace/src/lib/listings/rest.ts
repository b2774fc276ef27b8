/**
 * The smallest PostgREST client, for the public pages' reads (issue 29): a visitor's search, listing
 * and counts are anonymous reads, so they need neither supabase-js (its chunk is fetched only for a
 * signed-in user) nor a session. The same URL and anon key supabase-js is given (lib/supabase.ts).
 */
export interface RestApi {
  /** The backend's origin: the app's own (the local backend), or a Supabase project's. */
  url: string
  anonKey: string
}

/** The build's API: VITE_SUPABASE_URL (a Supabase project) or this origin, and the anon key. */
export function buildRestApi(): RestApi {
  const anonKey: unknown = import.meta.env.VITE_SUPABASE_ANON_KEY
  if (typeof anonKey !== 'string' || anonKey === '') {
    throw new Error(
      '[SUPABASE_ANON_KEY_MISSING] VITE_SUPABASE_ANON_KEY is not set. Start the marketplace through its Vite config (the local backend plugin provides the key), or set it in examples/marketplace/.env.local with VITE_SUPABASE_URL.',
    )
  }
  return { url: import.meta.env.VITE_SUPABASE_URL || window.location.origin, anonKey }
}

/** A PostgREST error answer's message (with its code), or the HTTP status when it sent none. */
async function restError(response: Response, doing: string): Promise<Error> {
  const text = await response.text()
  let message = ''
  try {
    const body = JSON.parse(text) as { message?: unknown }
    if (typeof body.message === 'string') message = body.message
  } catch {
    // Not JSON (a proxy's page): the status says what happened.
  }
  return new Error(
    `${doing}: ${message || `the server answered ${response.status} ${response.statusText}`.trim()}`,
  )
}

async function request<T>(api: RestApi, path: string, init: RequestInit, doing: string): Promise<T> {
  let response: Response
  try {
    response = await fetch(`${api.url}/rest/v1/${path}`, {
      ...init,
      headers: {
        apikey: api.anonKey,
        authorization: `Bearer ${api.anonKey}`,
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
    })
  } catch (error) {
    throw new Error(`${doing}: the server could not be reached (${(error as Error).message}).`)
  }
  if (!response.ok) throw await restError(response, doing)
  return (await response.json()) as T
}

/** Calls the database function `name` with `args` as the anonymous role. */
export function rpc<T>(api: RestApi, name: string, args: object, doing: string): Promise<T> {
  return request<T>(api, `rpc/${name}`, { method: 'POST', body: JSON.stringify(args) }, doing)
}

/** Reads rows of `table` as the anonymous role; `query` is PostgREST's (select, filters, order, limit). */
export function select<T>(api: RestApi, table: string, query: URLSearchParams, doing: string): Promise<T[]> {
  return request<T[]>(api, `${table}?${query}`, { method: 'GET' }, doing)
}
