import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'
import { MAX_BODY_BYTES, TOKEN_HEADER } from '../../protocol/mutate-api.ts'
import { MutateError } from '../edit/mutate-error.ts'
import { tokensEqual } from './session-token.ts'

export interface GateOptions {
  token: string
  allowedHosts: readonly string[]
  allowedOrigins: readonly string[]
  allowRemote: boolean
  /** 'https' when the dev server runs TLS. */
  protocol: 'http' | 'https'
}

/** Deeper JSON than this is refused before parsing (no request of the API nests more than a few levels). */
const MAX_JSON_DEPTH = 32

/** A request header's value (the first, when sent twice). */
export function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** `localhost:5173` -> `localhost`, `[::1]:5173` -> `::1`; null when the header is not a host. */
export function hostnameOf(hostHeader: string): string | null {
  const match = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9.-]+))(?::(\d{1,5}))?$/i.exec(hostHeader.trim())
  if (!match) return null
  return (match[1] ?? match[2] ?? '').toLowerCase()
}

export function isLoopbackName(hostname: string): boolean {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true
  if (isIP(hostname) === 4) return hostname.startsWith('127.')
  return hostname === '::1'
}

/** Peer addresses on this machine: 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'))
}

/**
 * `Host` must be loopback or explicitly allowed, whatever Vite's `allowedHosts` says: a page on an
 * attacker's domain that re-resolves to 127.0.0.1 (DNS rebinding) still sends its own name here.
 * Returns the validated Host header.
 */
export function checkHost(request: IncomingMessage, options: GateOptions): string {
  const host = header(request, 'host')
  const hostname = host ? hostnameOf(host) : null
  if (!host || !hostname || !(isLoopbackName(hostname) || options.allowedHosts.includes(hostname))) {
    throw new MutateError(
      'FORBIDDEN_HOST',
      `Host '${host ?? ''}' is not allowed. Open the editor through localhost or 127.0.0.1, or add the name to visualEdit({ allowedHosts }).`,
    )
  }
  return host
}

export function checkPeer(request: IncomingMessage, options: GateOptions): void {
  if (options.allowRemote || isLoopbackAddress(request.socket.remoteAddress)) return
  throw new MutateError(
    'FORBIDDEN_PEER',
    'Requests from other machines are refused. Run the editor on this machine, or set visualEdit({ allowRemote: true }) on a network you trust.',
  )
}

/**
 * A browser sends `Origin` with every POST; it must be the dev server's own origin or an allowed one.
 * `null` (sandboxed frames, file: pages) and look-alikes (`http://localhost:5173.evil.example`) fail
 * the exact comparison. A request without `Origin` did not come from a web page; the token gates it.
 */
export function checkOrigin(request: IncomingMessage, host: string, options: GateOptions): void {
  const origin = header(request, 'origin')
  if (origin === undefined) return
  const own = `${options.protocol}://${host.toLowerCase()}`
  if (origin.toLowerCase() === own || options.allowedOrigins.includes(origin)) return
  throw new MutateError(
    'FORBIDDEN_ORIGIN',
    `Origin '${origin}' may not edit this project. Use the editor served by this dev server, or add the origin to visualEdit({ allowedOrigins }).`,
  )
}

export function checkToken(request: IncomingMessage, options: GateOptions): void {
  const token = header(request, TOKEN_HEADER)
  if (token !== undefined && tokensEqual(token, options.token)) return
  throw new MutateError(
    'FORBIDDEN_TOKEN',
    `Missing or wrong ${TOKEN_HEADER} header. The editor gets the token in the URL visual-edit printed when it started; open that URL again (a restarted visual-edit prints a new one).`,
  )
}

export function checkContentType(request: IncomingMessage): void {
  const type = header(request, 'content-type')?.split(';')[0]?.trim().toLowerCase()
  if (type === 'application/json') return
  throw new MutateError(
    'UNSUPPORTED_MEDIA_TYPE',
    "Send the body as JSON with 'Content-Type: application/json'.",
  )
}

/** Maximum nesting of arrays and objects in a JSON text, strings skipped; stops counting past `limit`. */
function jsonDepth(text: string, limit: number = MAX_JSON_DEPTH): number {
  let depth = 0
  let max = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index)
    if (inString) {
      if (char === 92 /* \ */) index += 1
      else if (char === 34 /* " */) inString = false
    } else if (char === 34) {
      inString = true
    } else if (char === 123 /* { */ || char === 91 /* [ */) {
      depth += 1
      if (depth > max) max = depth
      if (max > limit) return max
    } else if (char === 125 /* } */ || char === 93 /* ] */) {
      depth -= 1
    }
  }
  return max
}

const tooLarge = (limit: number) =>
  new MutateError(
    'PAYLOAD_TOO_LARGE',
    `The body is larger than ${limit / 1024} KiB; send one change per request.`,
  )

/**
 * Reads the body as JSON: at most 256 KiB (a larger `Content-Length` is refused before reading, a
 * chunked body as soon as it passes the limit), strict UTF-8, bounded nesting, valid JSON.
 */
export async function readJsonBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(header(request, 'content-length') ?? Number.NaN)
  if (declared > limit) throw tooLarge(limit)

  const chunks: Buffer[] = []
  let received = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    received += chunk.length
    if (received > limit) throw tooLarge(limit)
    chunks.push(chunk)
  }

  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks))
  } catch {
    throw new MutateError('INVALID_JSON', 'The body is not valid UTF-8 JSON.')
  }
  if (text.trim() === '') return {}
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw new MutateError('INVALID_JSON', `The body nests deeper than ${MAX_JSON_DEPTH} levels.`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new MutateError('INVALID_JSON', `The body is not valid JSON (${(error as Error).message}).`)
  }
}
