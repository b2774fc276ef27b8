import type { ApiResponse } from '../http/types.ts'
import { closestNames } from './fuzzy.ts'

/** PostgREST's error body: the SQLSTATE (or a PGRSTxxx code) and Postgres's message, detail and hint. */
export interface RestErrorBody {
  code: string
  details: string | null
  hint: string | null
  message: string
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

/**
 * An answer in PostgREST's error shape. Thrown anywhere below the handler (also inside a request's
 * transaction, which then rolls back) and turned into the response by `index.ts`.
 */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'RestError'
  }

  get body(): RestErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message }
  }

  toResponse(): ApiResponse {
    return {
      status: this.status,
      headers: {
        'content-type': JSON_CONTENT_TYPE,
        'proxy-status': `PostgREST; error=${this.code}`,
        ...this.headers,
      },
      body: JSON.stringify(this.body),
    }
  }
}

/** PGRST100: a part of the query string this server cannot read, or does not implement. */
export const queryParamError = (message: string, details: string) =>
  new RestError(400, 'PGRST100', message, details)

/** PGRST102: a body that is not JSON, or not the JSON this request needs. */
export const invalidBody = (message: string) => new RestError(400, 'PGRST102', message)

/** PGRST204: a key of the body (or of `columns`) that the table does not have. */
export const columnNotInCache = (relation: string, column: string) =>
  new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${relation}' in the schema cache`)

/** PGRST205, with PostgREST's "Perhaps you meant" hint. */
export function tableNotFound(name: string, known: Iterable<string>): RestError {
  const [near] = closestNames(name, known, 0.75)
  return new RestError(
    404,
    'PGRST205',
    `Could not find the table 'public.${name}' in the schema cache`,
    null,
    near ? `Perhaps you meant the table 'public.${near}'` : null,
  )
}

/**
 * What Postgres answers for a column that does not exist (PostgREST lets Postgres say it; the
 * whitelist says it first, in the same words, with Postgres's kind of hint).
 */
export function undefinedColumn(relation: string, column: string, known: Iterable<string>): RestError {
  const near = closestNames(column, known, 0.5, 2)
  const hint =
    near.length === 0
      ? null
      : `Perhaps you meant to reference ${near.map((name) => `the column "${relation}.${name}"`).join(' or ')}.`
  return new RestError(400, '42703', `column ${relation}.${column} does not exist`, null, hint)
}

/** PGRST116: `Accept: application/vnd.pgrst.object+json` and not exactly one row (PostgREST 13's words). */
export const singularityError = (rows: number) =>
  new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  )

/** The HTTP status PostgREST gives a Postgres error (PostgREST's `mapSQLtoHTTP`). */
export function statusForSqlState(code: string, message: string, role: string): number {
  switch (code) {
    case '23503':
    case '23505':
      return 409
    case '25006':
      return 405
    case '21000':
      return message.endsWith('requires a WHERE clause') ? 400 : 500
    case '22023':
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400
    case '53400':
      return 500
    case '57P01':
      return 503
    case 'P0001':
      return 400
    case '42883':
      return message.startsWith('function xmlagg(') ? 406 : 404
    case '42P01':
      return 404
    case '42P17':
      return 500
    case '42501':
      // PostgREST: a request made with the anonymous role is not authenticated (401); any other role is forbidden.
      return role === 'anon' ? 401 : 403
  }
  const custom = /^PT(\d{3})$/.exec(code)
  if (custom) return Number(custom[1])
  switch (code.slice(0, 2)) {
    case '08':
    case '53':
      return 503
    case '0L':
    case '0P':
    case '28':
      return 403
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500
  }
  return 400
}

/** The fields of an error from Postgres (PGlite's DatabaseError) that the answer carries. */
interface PgErrorLike {
  code: string
  message: string
  detail?: string | undefined
  hint?: string | undefined
  severity?: string | undefined
}

export function isPgError(error: unknown): error is PgErrorLike {
  if (!(error instanceof Error) || !('severity' in error) || !('code' in error)) return false
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code)
}

/** A Postgres error as PostgREST answers it: the SQLSTATE as code, the status by its table. */
export function fromPgError(error: PgErrorLike, role: string): RestError {
  const status = statusForSqlState(error.code, error.message, role)
  return new RestError(
    status,
    error.code,
    error.message,
    error.detail ?? null,
    error.hint ?? null,
    status === 401 ? { 'www-authenticate': 'Bearer' } : {},
  )
}
