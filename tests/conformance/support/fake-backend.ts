/**
 * Stand-ins for the marketplace's backend, so its real client code runs without a server:
 * - `recordingClient`: a supabase-js-shaped client whose `from(table)` query builders record every
 *   call and answer what `answer` says;
 * - `authServer`: a fetch for the auth API (GoTrue's /auth/v1) that records each request and answers
 *   with the handler the test set, for the app's own supabase-js client.
 */

export interface QueryCall {
  table: string
  /** Each builder method called, with its arguments: `['select', ['name, role']]`, `['eq', ['id', 'u1']]`. */
  steps: [string, unknown[]][]
}

type Answer = { data: unknown; error: unknown }

/** A client whose queries record themselves in `calls` and resolve to `answer(call)`. */
export function recordingClient(answer: (call: QueryCall) => Answer = () => ({ data: null, error: null })) {
  const calls: QueryCall[] = []
  const builder = (call: QueryCall): object =>
    new Proxy(
      {},
      {
        get(_, name) {
          if (name === 'then')
            return (resolve: (value: Answer) => unknown, reject: (error: unknown) => unknown) =>
              Promise.resolve(answer(call)).then(resolve, reject)
          return (...args: unknown[]) => {
            call.steps.push([String(name), args])
            return builder(call)
          }
        },
      },
    )
  const client = {
    from(table: string) {
      const call: QueryCall = { table, steps: [] }
      calls.push(call)
      return builder(call)
    },
  }
  return { client, calls }
}

export interface AuthRequest {
  method: string
  /** Path and query below /auth/v1: `/token?grant_type=password`. */
  path: string
  body: Record<string, unknown> | null
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** An access token supabase-js accepts (it reads the claims; the server checks the signature). */
export function accessToken(userId = 'u1', lifetimeSeconds = 3600): string {
  const now = Math.floor(Date.now() / 1000)
  const claims = {
    sub: userId,
    aud: 'authenticated',
    role: 'authenticated',
    iat: now,
    exp: now + lifetimeSeconds,
  }
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.c2lnbmF0dXJl`
}

export const USER = {
  id: 'u1',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'asha@example.com',
  app_metadata: { provider: 'email' },
  user_metadata: {},
  created_at: '2026-01-01T00:00:00Z',
}

/** GoTrue's session answer. */
export function sessionAnswer(): Record<string, unknown> {
  return {
    access_token: accessToken(),
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    refresh_token: 'refresh-1',
    user: USER,
  }
}

export type AuthHandler = (request: AuthRequest) => { status: number; body: unknown }

/** The auth API's requests so far, and the handler that answers the next ones. */
export const authServer: { requests: AuthRequest[]; handler: AuthHandler } = {
  requests: [],
  handler: () => ({ status: 200, body: {} }),
}

/** A fetch answering /auth/v1 requests through `authServer.handler`; anything else is a test's mistake. */
export async function authFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(String(input instanceof Request ? input.url : input))
  const prefix = '/auth/v1'
  if (!url.pathname.startsWith(prefix)) throw new Error(`Only the auth API is served here, not ${url.href}`)
  const body =
    typeof init.body === 'string' && init.body !== ''
      ? (JSON.parse(init.body) as Record<string, unknown>)
      : null
  const request = {
    method: init.method ?? 'GET',
    path: `${url.pathname.slice(prefix.length)}${url.search}`,
    body,
  }
  authServer.requests.push(request)
  const { status, body: answer } = authServer.handler(request)
  return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } })
}
