import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createGateway, requestUrl, routeOf } from './server.ts'
import type { ApiRequest, ApiResponse } from './types.ts'

const KEYS = { anonKey: 'anon-key', serviceRoleKey: 'service-key' }
const seen: { service: string; path: string; body?: unknown; error?: string }[] = []

/** A service that answers with what it was asked, reading the body as JSON. */
const echo =
  (service: string) =>
  async (req: ApiRequest): Promise<ApiResponse> => {
    try {
      const body = await req.json()
      seen.push({ service, path: req.path, body })
      return { status: 200, body: { service, path: req.path, body: body ?? null } }
    } catch (error) {
      seen.push({ service, path: req.path, error: (error as Error).message })
      return {
        status: (error as { status?: number }).status ?? 500,
        body: { error: (error as Error).message },
      }
    }
  }

let server: Server
let base = ''
beforeAll(async () => {
  const gateway = createGateway(KEYS, {
    auth: echo('auth'),
    rest: echo('rest'),
    inbox: async () => ({ status: 200, headers: { 'content-type': 'text/html' }, body: '<h1>Inbox</h1>' }),
    storage: echo('storage'),
  })
  server = createServer((req, res) => {
    gateway(req, res).then((handled) => {
      if (!handled) {
        res.writeHead(418)
        res.end('not the backend')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

test("a request's URL is its path on its Host's origin, whatever the request-target looks like", () => {
  expect(requestUrl('//attacker.example/auth/v1/recover?x=1', 'localhost:5173').href).toBe(
    'http://localhost:5173//attacker.example/auth/v1/recover?x=1',
  )
  expect(requestUrl('http://elsewhere/rest/v1/users?a=b', '127.0.0.1:54321').href).toBe(
    'http://127.0.0.1:54321/rest/v1/users?a=b',
  )
  expect(requestUrl(undefined, undefined).href).toBe('http://localhost/')
  expect(routeOf(requestUrl('//attacker.example/auth/v1/recover', undefined).pathname)).toBeNull()
})

test('routes the three services by prefix, and leaves every other path alone', () => {
  expect(routeOf('/auth/v1/token')).toEqual({ service: 'auth', path: '/token' })
  expect(routeOf('/rest/v1/users')).toEqual({ service: 'rest', path: '/users' })
  expect(routeOf('/rest/v1')).toEqual({ service: 'rest', path: '/' })
  expect(routeOf('/inbox')).toEqual({ service: 'inbox', path: '/' })
  expect(routeOf('/auth')).toBeNull()
  expect(routeOf('/auth/v10/x')).toBeNull()
  expect(routeOf('/inboxes')).toBeNull()
})

test('an API request needs the anon or the service-role key; the mail and OAuth links and the inbox do not', async () => {
  const missing = await fetch(`${base}/rest/v1/users`)
  expect(missing.status).toBe(401)
  expect(await missing.json()).toMatchObject({ message: 'No API key found in request' })
  const wrong = await fetch(`${base}/auth/v1/user`, { headers: { apikey: 'forged' } })
  expect(wrong.status).toBe(401)
  expect(await wrong.json()).toMatchObject({ message: 'Invalid API key' })
  expect((await fetch(`${base}/rest/v1/users`, { headers: { apikey: 'anon-key' } })).status).toBe(200)
  expect((await fetch(`${base}/rest/v1/users?apikey=service-key`)).status).toBe(200)
  for (const open of ['/auth/v1/verify?token=x', '/auth/v1/authorize?provider=google', '/inbox']) {
    expect((await fetch(`${base}${open}`)).status).toBe(200)
  }
  expect((await fetch(`${base}/elsewhere`)).status).toBe(418)
})

test('CORS: preflights answer without a key, and answers expose the error-code headers', async () => {
  const preflight = await fetch(`${base}/auth/v1/token`, {
    method: 'OPTIONS',
    headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
  })
  expect(preflight.status).toBe(204)
  expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey')
  const answer = await fetch(`${base}/auth/v1/settings`, { headers: { apikey: 'anon-key' } })
  expect(answer.headers.get('access-control-expose-headers')).toContain('x-sb-error-code')
})

/** A GET with any Host header (fetch does not let a caller set it). */
function withHost(path: string, host: string, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const { port } = new URL(base)
      const req = request(
        { host: '127.0.0.1', port, path, method, headers: { host, apikey: 'anon-key' } },
        (res) => {
          let body = ''
          res.on('data', (chunk: Buffer) => {
            body += chunk.toString()
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
        },
      )
      req.on('error', reject)
      req.end()
    },
  )
}

test('a Host that is not a loopback name, an address or a configured name is refused on every route, before any service', async () => {
  const port = new URL(base).port
  const before = seen.length
  for (const path of ['/inbox', '/auth/v1/signup', '/rest/v1/users']) {
    const refused = await withHost(path, `rebind.attacker.test:${port}`, path === '/inbox' ? 'GET' : 'POST')
    expect(refused.status).toBe(403)
    const body = JSON.parse(refused.body)
    expect(body.code).toBe('host_not_allowed')
    expect(body.message).toContain('host ("rebind.attacker.test") is not allowed')
  }
  expect(seen.length).toBe(before)
  for (const host of [`localhost:${port}`, `app.localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
    expect((await withHost('/inbox', host)).status).toBe(200)
  }
  expect((await withHost('/inbox', 'a b')).status).toBe(403)
})

test('the inbox has no CORS at all, and its preflight is not one', async () => {
  const read = await fetch(`${base}/inbox`, { headers: { origin: 'http://127.0.0.1:6666' } })
  expect([...read.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([])
  const preflight = await fetch(`${base}/inbox`, {
    method: 'OPTIONS',
    headers: { origin: 'http://127.0.0.1:6666', 'access-control-request-method': 'GET' },
  })
  expect([...preflight.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([])
})

test('a body over 1 MiB is refused with 413 before it reaches a service; a malformed one is a 400 to the service', async () => {
  const big = JSON.stringify({ data: 'x'.repeat(2 * 1024 * 1024) })
  const tooBig = await fetch(`${base}/rest/v1/users`, {
    method: 'POST',
    headers: { apikey: 'anon-key', 'content-type': 'application/json' },
    body: big,
  })
  expect(tooBig.status).toBe(413)
  const malformed = await fetch(`${base}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: 'anon-key', 'content-type': 'application/json' },
    body: '{"email": ',
  })
  expect(malformed.status).toBe(400)
  // The connection stays usable after both.
  const fine = await fetch(`${base}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: 'anon-key', 'content-type': 'application/json' },
    body: '{"email":"a@b.c"}',
  })
  expect(await fine.json()).toEqual({ service: 'auth', path: '/signup', body: { email: 'a@b.c' } })
})

test('a service that throws answers 500 without its stack', async () => {
  const gateway = createGateway(KEYS, {
    auth: async () => {
      throw new Error('secret detail')
    },
    rest: echo('rest'),
    inbox: echo('inbox'),
    storage: echo('storage'),
  })
  const failing = createServer((req, res) => void gateway(req, res))
  await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve))
  const originalError = console.error
  console.error = () => {}
  try {
    const response = await fetch(`http://127.0.0.1:${(failing.address() as AddressInfo).port}/auth/v1/user`, {
      headers: { apikey: 'anon-key' },
    })
    expect(response.status).toBe(500)
    expect(await response.text()).not.toContain('secret detail')
  } finally {
    console.error = originalError
    await new Promise<void>((resolve) => failing.close(() => resolve()))
  }
})
