import type { FilterPattern } from 'vite'
import { VisualEditError } from './errors.ts'
import { MIN_TOKEN_LENGTH } from './server/gate/session-token.ts'

export interface VisualEditOptions {
  /**
   * Modules to tag, as picomatch globs (relative to the project root) or regular expressions matched
   * against absolute paths. Only `.jsx` and `.tsx` files under the root are ever tagged.
   * @default ['**\/*.jsx', '**\/*.tsx']
   */
  include?: FilterPattern
  /**
   * Modules never to tag, on top of `node_modules`, which is always excluded.
   * @default []
   */
  exclude?: FilterPattern
  /**
   * Secret every mutate request must carry in the `x-visual-edit-token` header.
   * @default process.env.VISUAL_EDIT_TOKEN, else 32 random bytes per process
   */
  token?: string
  /**
   * Host names, besides loopback ones (localhost, *.localhost, 127.0.0.1, ::1), that the mutate API
   * answers. Checked whatever Vite's own `server.allowedHosts` says, against DNS rebinding.
   * @default []
   */
  allowedHosts?: string[]
  /**
   * Origins, besides the dev server's own, whose pages may call the mutate API (for example an editor
   * served from another port).
   * @default []
   */
  allowedOrigins?: string[]
  /**
   * Accept mutate requests from peers that are not on this machine. Only with a strong token and on a
   * network you trust.
   * @default false
   */
  allowRemote?: boolean
  /**
   * Undo entries kept per canvas; the oldest is dropped beyond this.
   * @default 100
   */
  historyLimit?: number
}

export interface ResolvedVisualEditOptions {
  include: FilterPattern
  exclude: FilterPattern
  token: string | undefined
  allowedHosts: string[]
  allowedOrigins: string[]
  allowRemote: boolean
  historyLimit: number
}

const KNOWN_OPTIONS = [
  'include',
  'exclude',
  'token',
  'allowedHosts',
  'allowedOrigins',
  'allowRemote',
  'historyLimit',
] as const satisfies readonly (keyof VisualEditOptions)[]

/** Undo entries kept per canvas at most (each holds the bytes of the files it touched). */
const MAX_HISTORY_LIMIT = 10_000

function invalid(option: string, expected: string, got: unknown): VisualEditError {
  const shown = typeof got === 'number' || typeof got === 'boolean' ? String(got) : JSON.stringify(got)
  return new VisualEditError(
    'VISUAL_EDIT_INVALID_OPTIONS',
    `visualEdit({ ${option} }) must be ${expected} (got ${shown ?? typeof got}). Fix it in vite.config.`,
  )
}

function isFilterPattern(value: unknown): value is FilterPattern {
  const one = (entry: unknown) => typeof entry === 'string' || entry instanceof RegExp
  return value === null || one(value) || (Array.isArray(value) && value.every(one))
}

function stringList(option: string, value: unknown): string[] {
  if (value === undefined) return []
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string'))
    throw invalid(option, 'an array of strings', value)
  return value
}

/**
 * `http://localhost:4000` as the browser sends it in `Origin`; a trailing slash is dropped, anything
 * else that is not an origin (a path, a query, no scheme) is refused.
 */
function origin(entry: string): string {
  let url: URL
  try {
    url = new URL(entry)
  } catch {
    throw invalid('allowedOrigins', 'origins such as http://localhost:4000', entry)
  }
  if (url.origin === 'null' || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    throw invalid('allowedOrigins', 'origins such as http://localhost:4000, without a path', entry)
  return url.origin
}

/**
 * The options with their defaults, checked once when the plugin is created: a wrong option stops the
 * dev server with a message that says which and what it must be, rather than a gate that silently
 * never matches or a history that never ends.
 */
export function resolveOptions(options: VisualEditOptions = {}): ResolvedVisualEditOptions {
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw invalid('options', 'an object', options)
  const unknown = Object.keys(options).filter((key) => !(KNOWN_OPTIONS as readonly string[]).includes(key))
  if (unknown.length > 0) {
    throw new VisualEditError(
      'VISUAL_EDIT_INVALID_OPTIONS',
      `visualEdit() has no option ${unknown.map((key) => `'${key}'`).join(', ')}. Its options are ${KNOWN_OPTIONS.join(', ')}.`,
    )
  }
  const { include, exclude, token, allowRemote, historyLimit } = options
  if (include !== undefined && !isFilterPattern(include))
    throw invalid('include', 'globs or regular expressions', include)
  if (exclude !== undefined && !isFilterPattern(exclude))
    throw invalid('exclude', 'globs or regular expressions', exclude)
  if (token !== undefined && (typeof token !== 'string' || token.length < MIN_TOKEN_LENGTH))
    throw invalid('token', `a string of at least ${MIN_TOKEN_LENGTH} characters`, '…')
  if (allowRemote !== undefined && typeof allowRemote !== 'boolean')
    throw invalid('allowRemote', 'true or false', allowRemote)
  if (
    historyLimit !== undefined &&
    !(Number.isInteger(historyLimit) && historyLimit >= 1 && historyLimit <= MAX_HISTORY_LIMIT)
  )
    throw invalid('historyLimit', `a whole number from 1 to ${MAX_HISTORY_LIMIT}`, historyLimit)
  const allowedHosts = stringList('allowedHosts', options.allowedHosts).map((host) => {
    if (!/^[a-z0-9.-]+$/i.test(host) || host.startsWith('.'))
      throw invalid('allowedHosts', 'host names such as my-box.local, without a scheme or port', host)
    return host.toLowerCase()
  })
  return {
    include: include ?? ['**/*.jsx', '**/*.tsx'],
    exclude: exclude ?? [],
    token,
    allowedHosts,
    allowedOrigins: stringList('allowedOrigins', options.allowedOrigins).map(origin),
    allowRemote: allowRemote ?? false,
    historyLimit: historyLimit ?? 100,
  }
}
