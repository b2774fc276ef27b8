import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  APP_ROUTES_PATH,
  type AppRoutesResponse,
} from '../../../packages/vite-plugin-visual-edit/src/protocol/app-routes.ts'
import { type MutateTestServer, mutateClient, startMutateServer } from '../../helpers/mutate-server.ts'

/**
 * The command palette's routes endpoint over HTTP (issue 31), on a dev server of the mutate-app
 * fixture with a react-router tree and a route array added: what it answers, and its gate.
 */
let app: MutateTestServer
beforeAll(async () => {
  app = await startMutateServer()
  mkdirSync(path.join(app.dir, 'src/router'), { recursive: true })
  writeFileSync(
    path.join(app.dir, 'src/router/AppRoutes.tsx'),
    `export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Layout />}>
        <Route path="listing/:id" element={<Listing />} />
      </Route>
    </Routes>
  )
}
`,
  )
  writeFileSync(
    path.join(app.dir, 'src/router/admin.ts'),
    "export default [{ path: '/admin', component: Admin }]\n",
  )
})
afterAll(() => app.close())

describe('the app-routes endpoint', () => {
  test("answers the routes the project's code declares, nested paths joined", async () => {
    const response = await app.post(APP_ROUTES_PATH, {})
    expect(response.status, response.body).toBe(200)
    const answer = response.json() as AppRoutesResponse
    expect(answer.routes).toEqual([
      { path: '/', file: 'src/router/AppRoutes.tsx', line: 4 },
      { path: '/listing/:id', file: 'src/router/AppRoutes.tsx', line: 5 },
      { path: '/admin', file: 'src/router/admin.ts', line: 1 },
    ])
    expect(answer.skipped).toEqual([])
  })

  test('refuses a body that is not an object with 400 BAD_REQUEST', async () => {
    const response = await app.post(APP_ROUTES_PATH, '"routes"')
    expect(response.status).toBe(400)
    expect(response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The body of app-routes must be a JSON object.' },
    })
  })

  test('is gated like the lookups: no token, another origin, GET, the app’s origin are refused', async () => {
    const noToken = await app.post(APP_ROUTES_PATH, {}, { 'x-visual-edit-token': '' })
    expect(noToken.status).toBe(403)
    expect(noToken.json()).toMatchObject({ error: { code: 'FORBIDDEN_TOKEN' } })
    const otherOrigin = await app.post(APP_ROUTES_PATH, {}, { origin: 'http://localhost:3999' })
    expect(otherOrigin.json()).toMatchObject({ error: { code: 'FORBIDDEN_ORIGIN' } })
    const get = await app.raw({ method: 'GET', path: APP_ROUTES_PATH })
    expect(get.status).toBe(405)
    const onApp = await mutateClient(app.url, app.token).post(APP_ROUTES_PATH, {})
    expect(onApp.status).toBe(404)
  })
})
