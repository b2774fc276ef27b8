import type { IncomingHttpHeaders } from 'node:http'
import type { BackendConfig } from '../config.ts'
import type { Database } from '../db/database.ts'

/** A request as the auth and REST handlers see it: the body is read (and limited) only when asked for. */
export interface ApiRequest {
  method: string
  /** The full URL as the client used it (origin from the Host header). */
  url: URL
  /** The path below the service's prefix: `/token` for `/auth/v1/token`, `/users` for `/rest/v1/users`. */
  path: string
  headers: IncomingHttpHeaders
  /** The client's address: what rate limits count by. */
  ip: string
  /** The body parsed as JSON; throws BodyError when it is too big (413) or not JSON (400). An empty body is undefined. */
  json(): Promise<unknown>
  /** The body's bytes, up to `limit` (a larger one throws BodyError 413 without being read whole): uploads. */
  body(limit: number): Promise<Buffer>
}

/** What a handler answers; the server writes it with CORS headers. A string or Buffer body is sent as it is. */
export interface ApiResponse {
  status: number
  headers?: Record<string, string>
  body?: unknown
}

/** The largest body any endpoint reads, as GoTrue's and PostgREST's defaults behind Supabase's gateway. */
export const BODY_LIMIT_BYTES = 1024 * 1024

export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message)
  }
}

/** What every handler gets: the configuration and the database. */
export interface BackendContext {
  config: BackendConfig
  db: Database
}
