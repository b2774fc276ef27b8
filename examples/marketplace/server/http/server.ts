import type { IncomingMessage, ServerResponse } from 'node:http'
import type { BackendConfig } from '../config.ts'
import {
  type AllowedHosts,
  hostRefusalMessage,
  isHostAllowed,
  isInboxHostAllowed,
  isLoopbackAddress,
} from './host-check.ts'
import { type ApiRequest, type ApiResponse, BODY_LIMIT_BYTES, BodyError } from './types.ts'

/** The services behind the gateway, each answering the path below its prefix. */
export interface Services {
  auth: (req: ApiRequest) => Promise<ApiResponse>
  rest: (req: ApiRequest) => Promise<ApiResponse>
  inbox: (req: ApiRequest) => Promise<ApiResponse>
  storage: (req: ApiRequest) => Promise<ApiResponse>
}

const PREFIXES = [
  ['/auth/v1', 'auth'],
  ['/rest/v1', 'rest'],
  ['/inbox', 'inbox'],
  ['/storage/v1', 'storage'],
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
 * The URL a request names: its path and query on the origin of its Host. The request-target is read
 * as a path even when it looks like more: `new URL('//attacker.example/auth/v1/recover', base)` would
 * take `attacker.example` for the host, and the backend would mail links, and redirect, there. An
 * absolute-form target (a proxy's `http://host/path`) gives its path only.
 *
 *   ('//attacker.example/auth/v1/recover', 'localhost:5173')  ->  http://localhost:5173//attacker.example/auth/v1/recover
 *   ('http://elsewhere/rest/v1/users', '127.0.0.1:54321')      ->  http://127.0.0.1:54321/rest/v1/users
 */
export function requestUrl(target: string | undefined, host: string | undefined): URL {
  const origin = `http://${host ?? 'localhost'}`
  if (target === undefined || target === '') return new URL('/', origin)
  if (target.startsWith('/')) return new URL(`${origin}${target}`)
  const absolute = URL.canParse(target) ? new URL(target) : null
  return new URL(`${origin}${absolute ? absolute.pathname + absolute.search : '/'}`)
}

export interface GatewayOptions {
  /** Names answered besides loopback ones and IP addresses (host-check.ts); default none. */
  allowedHosts?: AllowedHosts
}

/**
 * The gateway in front of the services, as Supabase's (Kong) is: the Host check, CORS for the API,
 * the apikey check (the anon or the service-role key; the mail and OAuth links excepted), the body
 * limit, and errors that never leak a stack. The inbox is this machine's only: a loopback peer, a
 * loopback (or configured) Host, and no CORS at all, so no other origin reads it. Returns false for a
 * path that is not the backend's (the Vite dev server goes on).
 */
export function createGateway(
  config: Pick<BackendConfig, 'anonKey' | 'serviceRoleKey'>,
  services: Services,
  options: GatewayOptions = {},
) {
  const apiKeys = new Set([config.anonKey, config.serviceRoleKey])
  const allowedHosts = options.allowedHosts ?? []
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const route = routeOf(requestUrl(req.url, undefined).pathname)
    if (!route) return false
    const inbox = route.service === 'inbox'
    const cors = !inbox
    const host = req.headers.host
    // Checked before anything is read or written: a refused request changes nothing.
    if (!(inbox ? isInboxHostAllowed(host, allowedHosts) : isHostAllowed(host, allowedHosts))) {
      send(res, { status: 403, body: { code: 'host_not_allowed', message: hostRefusalMessage(host) } }, cors)
      return true
    }
    if (inbox && !isLoopbackAddress(req.socket.remoteAddress)) {
      send(
        res,
        {
          status: 403,
          body: {
            code: 'inbox_loopback_only',
            message: 'The inbox is only served to this machine (loopback).',
          },
        },
        false,
      )
      return true
    }
    if (cors && req.method === 'OPTIONS') {
      send(res, { status: 204 }, true)
      return true
    }
    const url = requestUrl(req.url, host)
    const apikey = header(req, 'apikey') ?? url.searchParams.get('apikey')
    // A public bucket's object is read by URL (an <img>), with no key, as on Supabase.
    const publicObject =
      route.service === 'storage' &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      route.path.startsWith('/object/public/')
    const open = inbox || publicObject || (route.service === 'auth' && OPEN_AUTH_ROUTES.has(route.path))
    if (!open && (apikey === null || !apiKeys.has(apikey))) {
      send(
        res,
        {
          status: 401,
          body: {
            message: apikey === null ? 'No API key found in request' : 'Invalid API key',
            hint: 'Send the project\'s anon key in the "apikey" header (the local backend prints it when it starts).',
          },
        },
        cors,
      )
      return true
    }
    const request: ApiRequest = {
      method: req.method ?? 'GET',
      url,
      path: route.path,
      headers: req.headers,
      ip: req.socket.remoteAddress ?? 'unknown',
      json: () => readJson(req),
      body: (limit) => readBytes(req, limit),
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
    send(res, response, cors)
    return true
  }
}

/**
 * Answers a request whose Host is refused (host-check.ts), for the paths the gateway does not own
 * (the standalone backend checks every request).
 */
export function refuseHost(req: IncomingMessage, res: ServerResponse, allowedHosts: AllowedHosts): boolean {
  if (isHostAllowed(req.headers.host, allowedHosts)) return false
  send(
    res,
    { status: 403, body: { code: 'host_not_allowed', message: hostRefusalMessage(req.headers.host) } },
    false,
  )
  return true
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name]
  return (Array.isArray(value) ? value[0] : value) ?? null
}

const bodies = new WeakMap<IncomingMessage, Promise<Buffer>>()

/** The body's bytes, read once, refused past `limit` without reading it all. */
function readBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  const known = bodies.get(req)
  if (known) return known
  const reading = new Promise<Buffer>((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > limit) {
      reject(new BodyError(413, `The request body is larger than ${limit} bytes`))
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        req.removeAllListeners('data')
        reject(new BodyError(413, `The request body is larger than ${limit} bytes`))
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
  bodies.set(req, reading)
  return reading
}

/** The body as JSON (undefined when empty), read once, refused past BODY_LIMIT_BYTES without reading it all. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = (await readBytes(req, BODY_LIMIT_BYTES)).toString('utf8')
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new BodyError(400, (error as Error).message)
  }
}

/**
 * Writes a response; with `cors` the API's CORS headers, without it none at all, not even those an
 * earlier middleware set (Vite's, when a config turns its CORS on).
 */
function send(res: ServerResponse, response: ApiResponse, cors: boolean): void {
  if (!cors) {
    for (const name of res.getHeaderNames()) if (name.startsWith('access-control-')) res.removeHeader(name)
  }
  const headers: Record<string, string> = { ...(cors ? CORS_HEADERS : {}), ...response.headers }
  let payload: string | Buffer | undefined
  if (Buffer.isBuffer(response.body)) {
    payload = response.body
    headers['content-type'] ??= 'application/octet-stream'
  } else if (typeof response.body === 'string') {
    payload = response.body
    headers['content-type'] ??= 'text/plain; charset=utf-8'
  } else if (response.body !== undefined) {
    payload = JSON.stringify(response.body)
    headers['content-type'] ??= 'application/json; charset=utf-8'
  }
  res.writeHead(response.status, headers)
  res.end(payload)
}
