import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { OPERATIONS } from '../../../packages/vite-plugin-visual-edit/src/server/mutate/index.ts'
import { type MutateTestServer, type RawResponse, startMutateServer } from '../../helpers/mutate-server.ts'

/** Every route the server answers: each mutate operation, both activities and the history's read. */
const ROUTES = [
  ...[...OPERATIONS.keys()].map((name) => `mutate/${name}`),
  'activities/undoChangeToFiles',
  'activities/redoChangeToFiles',
  'activities/listChangeHistory',
]

/** Each answer is the refusal listed beside it, and never opens the API to another origin. */
function expectRefused(what: string, refused: readonly (readonly [RawResponse, number, string])[]): void {
  for (const [response, status, code] of refused) {
    expect(response.status, `${what} ${code}`).toBe(status)
    expect(response.json()).toMatchObject({ error: { code } })
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
  }
}

let app: MutateTestServer
beforeAll(async () => {
  app = await startMutateServer()
})
afterAll(() => app.close())

describe('one gate in front of every route', () => {
  test('the routes under test are the ones the server implements', () => {
    expect(ROUTES).toEqual(
      expect.arrayContaining(['mutate/editText', 'mutate/styling', 'mutate/updateClasses']),
    )
    expect(ROUTES.length).toBeGreaterThanOrEqual(9)
  })

  test.each(ROUTES)(
    '%s refuses a missing token, a foreign Origin, a foreign Host, GET and a non-JSON body',
    async (route) => {
      const path = `/canvases/gate/parseAndMutate/${route}`
      const refused = [
        [await app.post(route, {}, { 'x-visual-edit-token': '' }), 403, 'FORBIDDEN_TOKEN'],
        [await app.post(route, {}, { origin: 'https://evil.example' }), 403, 'FORBIDDEN_ORIGIN'],
        [await app.post(route, {}, { host: 'evil.example' }), 403, 'FORBIDDEN_HOST'],
        [
          await app.raw({
            method: 'GET',
            path,
            headers: { origin: app.apiUrl, 'x-visual-edit-token': app.token },
          }),
          405,
          'METHOD_NOT_ALLOWED',
        ],
        [
          await app.post(route, 'x=1', { 'content-type': 'application/x-www-form-urlencoded' }),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        ],
      ] as const
      expectRefused(route, refused)
    },
  )
})

/** The agent bridge's endpoints (protocol/agent.ts): the same gate as every route. */
const AGENT_PATHS = [
  '/__visual-edit/agent/status',
  '/__visual-edit/agent/call',
  '/__visual-edit/agent/next',
  '/__visual-edit/agent/answer',
  '/__visual-edit/agent/presence',
]

describe("the agent bridge's endpoints", () => {
  test.each(AGENT_PATHS)(
    '%s refuses a missing token, a foreign Origin, a foreign Host, a cross-site fetch and GET',
    async (path) => {
      const refused = [
        [await app.post(path, {}, { 'x-visual-edit-token': '' }), 403, 'FORBIDDEN_TOKEN'],
        [await app.post(path, {}, { origin: 'https://evil.example' }), 403, 'FORBIDDEN_ORIGIN'],
        [await app.post(path, {}, { host: 'evil.example' }), 403, 'FORBIDDEN_HOST'],
        [await app.post(path, {}, { 'sec-fetch-site': 'cross-site' }), 403, 'FORBIDDEN_ORIGIN'],
        [
          await app.raw({
            method: 'GET',
            path,
            headers: { origin: app.apiUrl, 'x-visual-edit-token': app.token },
          }),
          405,
          'METHOD_NOT_ALLOWED',
        ],
      ] as const
      expectRefused(path, refused)
    },
  )

  test('with the token: no editor page open, so a question is refused NO_EDITOR; a bad question names what is allowed', async () => {
    const status = await app.post('/__visual-edit/agent/status', {})
    expect(status.json()).toEqual({ canvasId: null, agents: 0 })
    const call = await app.post('/__visual-edit/agent/call', { question: 'get_selection' })
    expect(call.status).toBe(409)
    expect(call.json()).toMatchObject({ error: { code: 'NO_EDITOR' } })
    const bad = await app.post('/__visual-edit/agent/call', { question: 'read_token' })
    expect(bad.status).toBe(400)
    expect(bad.json()).toMatchObject({
      error: { message: expect.stringMatching(/get_selection, undo, redo/) },
    })
  })
})
