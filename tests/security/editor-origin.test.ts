import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PROJECT_PATH, TOKEN_HEADER } from '../../packages/vite-plugin-visual-edit/src/protocol/mutate-api.ts'
import { type MutateTestServer, mutateClient, startMutateServer } from '../helpers/mutate-server.ts'
import { plantCanary, snapshotTree, treeChanges } from './fs-guard.ts'

/**
 * The editor's origin over HTTP (issue 26, attacks 3 and 4; docs/SECURITY.md): the token is handed out
 * by no endpoint of either origin, whoever asks; the API answers only on the editor's origin; every
 * answer there forbids framing; the app's pages may be framed by the editor alone; DNS-rebinding
 * names get nothing; a Vite restart keeps the editor's origin and token. Before the editor moved to
 * an origin of its own, `GET /__visual-edit/session` on the app's origin answered the token to any
 * local process, and nothing forbade framing either page.
 */
let app: MutateTestServer
const canary = plantCanary()
let before: Map<string, string>

beforeAll(async () => {
  app = await startMutateServer()
  await app.load('src/App.tsx')
  before = snapshotTree(app.dir)
})
afterAll(async () => {
  await app?.close()
  canary.remove()
})

const ROUTES = [
  '/',
  '/__visual-edit',
  '/__visual-edit/',
  '/__visual-edit/session',
  '/__visual-edit/token',
  PROJECT_PATH,
  '/__visual-edit/lookups',
  '/__visual-edit/class-css',
  '/__visual-edit/class-suggestions',
  '/__visual-edit/design-tokens',
  '/__visual-edit/app-routes',
  '/canvases/x/parseAndMutate/activities/undoChangeToFiles',
  '/canvases/x/parseAndMutate/mutate/editText',
  '/src/App.tsx',
  '/@id/virtual:visual-edit-inspector',
]

/** How a page, another local process or a DNS-rebound page may ask: every header set but the token. */
const ASKERS = (origin: string): Record<string, string>[] => [
  {},
  { 'sec-fetch-site': 'same-origin' },
  { origin, 'sec-fetch-site': 'same-origin' },
  { origin: 'http://127.0.0.1:1', 'sec-fetch-site': 'same-site' },
  { origin: 'null' },
  { host: 'evil.example', origin: 'http://evil.example' },
]

describe('no endpoint hands out the token', () => {
  test.each(['GET', 'POST', 'HEAD', 'OPTIONS'])(
    '%s of every route, on both origins, by every asker',
    async (method) => {
      for (const base of [app.url, app.apiUrl]) {
        const client = mutateClient(base, 'not-the-token-0123456789')
        for (const route of ROUTES)
          for (const headers of ASKERS(new URL(base).origin)) {
            const answer = await client.raw({
              method,
              path: route,
              headers: { 'content-type': 'application/json', ...headers },
              ...(method === 'POST' ? { body: '{}' } : {}),
            })
            const seen = `${method} ${base}${route} ${JSON.stringify(headers)}`
            expect(answer.body, seen).not.toContain(app.token)
            expect(JSON.stringify(answer.headers), seen).not.toContain(app.token)
            expect(canary.leakedIn(answer.body), seen).toBe(false)
            if (base === app.apiUrl)
              expect(answer.headers['access-control-allow-origin'], seen).toBeUndefined()
          }
      }
      expect(treeChanges(app.dir, before)).toEqual([])
    },
  )
})

describe("the API answers on the editor's origin only", () => {
  test("the app's origin answers no API route, even with the token and its own Origin", async () => {
    const onApp = mutateClient(app.url, app.token)
    for (const route of [PROJECT_PATH, '/__visual-edit/lookups', 'activities/undoChangeToFiles']) {
      const answer = await onApp.post(route, route === '/__visual-edit/lookups' ? { ids: [] } : {})
      expect(answer.status, route).toBe(404)
      expect(answer.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
    }
  })

  test("the editor's origin answers it with the token, and refuses the app's Origin", async () => {
    expect((await app.post(PROJECT_PATH, {})).status).toBe(200)
    const fromApp = await app.post(PROJECT_PATH, {}, { origin: new URL(app.url).origin })
    expect([fromApp.status, fromApp.json()]).toEqual([
      403,
      { error: { code: 'FORBIDDEN_ORIGIN', message: expect.any(String) } },
    ])
  })

  test("a preflight from the app's origin is not approved", async () => {
    const answer = await app.raw({
      method: 'OPTIONS',
      path: PROJECT_PATH,
      headers: {
        origin: new URL(app.url).origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': `content-type,${TOKEN_HEADER}`,
      },
    })
    expect(answer.status).toBe(405)
    expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([])
  })
})

describe('framing', () => {
  test("every answer of the editor's origin forbids framing by anyone, errors included", async () => {
    for (const route of ROUTES) {
      const answer = await app.raw({ method: 'GET', path: route })
      expect(answer.headers['content-security-policy'], route).toContain("frame-ancestors 'none'")
      expect(answer.headers['x-frame-options'], route).toBe('DENY')
      expect(answer.headers['cross-origin-resource-policy'], route).toBe('same-origin')
    }
    const rebound = await app.raw({ method: 'GET', path: '/', headers: { host: 'evil.example' } })
    expect(rebound.status).toBe(403)
    expect(rebound.headers['x-frame-options']).toBe('DENY')
  })

  test("the app's pages may be framed by the editor's origin as the browser reaches it, and no other", async () => {
    const onApp = mutateClient(app.url, app.token)
    const editorPort = new URL(app.apiUrl).port
    const page = await onApp.raw({ method: 'GET', path: '/' })
    expect(page.headers['content-security-policy']).toBe(
      `frame-ancestors 'self' http://127.0.0.1:${editorPort}`,
    )
    const viaLocalhost = await onApp.raw({
      method: 'GET',
      path: '/',
      headers: { host: `localhost:${new URL(app.url).port}` },
    })
    expect(viaLocalhost.headers['content-security-policy']).toBe(
      `frame-ancestors 'self' http://localhost:${editorPort}`,
    )
    // A DNS-rebound name is not the editor: only the app itself may frame what it gets.
    const rebound = await onApp.raw({ method: 'GET', path: '/', headers: { host: 'evil.example' } })
    expect(rebound.headers['content-security-policy']).toBe("frame-ancestors 'self'")
  })
})

describe('DNS rebinding', () => {
  test("a page under another name gets nothing of the editor's origin: not the page, not the API", async () => {
    for (const host of [
      'evil.example',
      `evil.example:${new URL(app.apiUrl).port}`,
      'localhost.evil.example',
    ]) {
      for (const route of ['/', '/__visual-edit/', PROJECT_PATH]) {
        const answer = await app.raw({ method: 'GET', path: route, headers: { host } })
        expect([route, host, answer.status]).toEqual([route, host, 403])
        expect(answer.json()).toMatchObject({ error: { code: 'FORBIDDEN_HOST' } })
      }
      const post = await app.post(PROJECT_PATH, {}, { host, origin: `http://${host}` })
      expect(post.status).toBe(403)
    }
  })
})

describe('a Vite restart (vite.config or .env changed)', () => {
  test("keeps the editor's origin and the token, so the open editor goes on working", async () => {
    const restarted = await startMutateServer()
    try {
      const port = restarted.context.editor?.port
      const token = restarted.token
      await restarted.server.restart()
      const { findVisualEditContext } = await import('../../packages/vite-plugin-visual-edit/src/index.ts')
      const context = findVisualEditContext(restarted.server.config.plugins)
      expect(context?.editor?.port).toBe(port)
      expect(context?.token).toBe(token)
      const answer = await restarted.post(PROJECT_PATH, {})
      expect(answer.status).toBe(200)
    } finally {
      await restarted.close()
    }
  })

  test("closing the dev server closes the editor's origin", async () => {
    const closing = await startMutateServer()
    const apiUrl = closing.apiUrl
    await closing.close()
    await expect(fetch(`${apiUrl}/`)).rejects.toThrow()
  })
})
