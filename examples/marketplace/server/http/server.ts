import type { IncomingMessage, ServerResponse } from 'node:http'
import type { BackendConfig } from '../config.ts'
import { type ApiRequest, type ApiResponse, BODY_LIMIT_BYTES, BodyError } from './types.ts'

/** The services behind the gateway, each answering the path below its prefix. */
export interface Services {
  auth: (req: ApiRequest) => Promise<ApiResponse>
  rest: (req: ApiRequest) => Promise<ApiResponse>
  inbox: (req: ApiRequest) => Promise<ApiResponse>
}

const PREFIXES = [
  ['/auth/v1', 'auth'],
  ['/rest/v1', 'rest'],
  ['/inbox', 'inbox'],
] as const

/** Auth routes a browser opens by navigation (mail links, OAuth): Supabase's gateway lets them through without an apikey. */
const OPEN_AUTH_ROUTES = new Set(['/verify', '/callback', '/authorize'])

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, apikey, content-type, content-profile, accept-profile, prefer, range, x-client-info, x-supabase-api-version, x-upsert, accept',
  'access-control-expose-headers': 'content-range, content-location, x-sb-error-code, x-supabase-api-version',
  'access-control-max-age': '86400',
}

/** Which service a URL path belongs to, and the rest of the path; null when it is not the backend's. */
export function routeOf(pathname: string): { service: keyof Services; path: string } | null {
  for (const [prefix, service] of PREFIXES) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) {
      return { service, path: pathname.slice(prefix.length) || '/' }
    }
  }
  return null
}

/**
 * The gateway in front of the services, as Supabase's (Kong) is: CORS, the apikey check (the anon or
 * the service-role key; the mail and OAuth links excepted), the body limit, and errors that never
 * leak a stack. Returns false for a path that is not the backend's (the Vite dev server goes on).
 */
export function createGateway(config: Pick<BackendConfig, 'anonKey' | 'serviceRoleKey'>, services: Services) {
  const apiKeys = new Set([config.anonKey, config.serviceRoleKey])
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`)
    const route = routeOf(url.pathname)
    if (!route) return false
    if (req.method === 'OPTIONS') {
      send(res, { status: 204, headers: CORS_HEADERS })
      return true
    }
    // The inbox shows sign-in links without a key: only for this machine.
    if (route.service === 'inbox' && !isLoopback(req.socket.remoteAddress)) {
      send(res, { status: 403, body: { message: 'The inbox is only served to this machine (loopback).' } })
      return true
    }
    const apikey = header(req, 'apikey') ?? url.searchParams.get('apikey')
    const open = route.service === 'inbox' || (route.service === 'auth' && OPEN_AUTH_ROUTES.has(route.path))
    if (!open && (apikey === null || !apiKeys.has(apikey))) {
      send(res, {
        status: 401,
        body: {
          message: apikey === null ? 'No API key found in request' : 'Invalid API key',
          hint: 'Send the project\'s anon key in the "apikey" header (the local backend prints it when it starts).',
        },
      })
      return true
    }
    const request: ApiRequest = {
      method: req.method ?? 'GET',
      url,
      path: route.path,
      headers: req.headers,
      ip: req.socket.remoteAddress ?? 'unknown',
      json: () => readJson(req),
    }
    let response: ApiResponse
    try {
      response = await services[route.service](request)
    } catch (error) {
      console.error(`[marketplace backend] ${request.method} ${url.pathname} failed:`, error)
      response = {
        status: 500,
        body: {
          code: 'unexpected_failure',
          message: 'The local backend failed on this request; see its log.',
        },
      }
    }
    // An unread body (or the rest of a too-big one) is drained so the connection stays usable.
    req.resume()
    send(res, response)
    return true
  }
}

function isLoopback(address: string | undefined): boolean {
  return (
    address === '::1' || address?.startsWith('127.') === true || address?.startsWith('::ffff:127.') === true
  )
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name]
  return (Array.isArray(value) ? value[0] : value) ?? null
}

const bodies = new WeakMap<IncomingMessage, Promise<unknown>>()

/** The body as JSON (undefined when empty), read once, refused past BODY_LIMIT_BYTES without reading it all. */
function readJson(req: IncomingMessage): Promise<unknown> {
  const known = bodies.get(req)
  if (known) return known
  const reading = new Promise<unknown>((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > BODY_LIMIT_BYTES) {
      reject(new BodyError(413, `The request body is larger than ${BODY_LIMIT_BYTES} bytes`))
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > BODY_LIMIT_BYTES) {
        req.removeAllListeners('data')
        reject(new BodyError(413, `The request body is larger than ${BODY_LIMIT_BYTES} bytes`))
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      if (text.trim() === '') return resolve(undefined)
      try {
        resolve(JSON.parse(text))
      } catch (error) {
        reject(new BodyError(400, (error as Error).message))
      }
    })
    req.on('error', reject)
  })
  bodies.set(req, reading)
  return reading
}

function send(res: ServerResponse, response: ApiResponse): void {
  const headers: Record<string, string> = { ...CORS_HEADERS, ...response.headers }
  let payload: string | undefined
  if (typeof response.body === 'string') {
    payload = response.body
    headers['content-type'] ??= 'text/plain; charset=utf-8'
  } else if (response.body !== undefined) {
    payload = JSON.stringify(response.body)
    headers['content-type'] ??= 'application/json; charset=utf-8'
  }
  res.writeHead(response.status, headers)
  res.end(payload)
}
