import type { ApiResponse } from '../http/types.ts'

/** The API version GoTrue answers in; auth-js reads an error's `code` only when this header is present. */
const API_VERSION = '2024-01-01'

/** What every auth response carries: the API version and no caching (bodies hold tokens). */
const COMMON_HEADERS = {
  'x-supabase-api-version': API_VERSION,
  'cache-control': 'no-store',
} as const

/** A JSON answer. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): ApiResponse {
  return { status, headers: { ...COMMON_HEADERS, ...headers }, body }
}

/** 204, as GoTrue's logout answers. */
export function noContent(): ApiResponse {
  return { status: 204, headers: { ...COMMON_HEADERS } }
}

/** 303 See Other, as GoTrue's browser-facing endpoints (verify, authorize) redirect. */
export function redirect(location: string): ApiResponse {
  return { status: 303, headers: { ...COMMON_HEADERS, location } }
}
