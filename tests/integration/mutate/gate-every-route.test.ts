import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { OPERATIONS } from '../../../packages/vite-plugin-visual-edit/src/server/mutate/index.ts'
import { type MutateTestServer, startMutateServer } from '../../helpers/mutate-server.ts'

/** Every route the server answers: each mutate operation, both activities and the history's read. */
const ROUTES = [
  ...[...OPERATIONS.keys()].map((name) => `mutate/${name}`),
  'activities/undoChangeToFiles',
  'activities/redoChangeToFiles',
  'activities/listChangeHistory',
]

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
      for (const [response, status, code] of refused) {
        expect(response.status, `${route} ${code}`).toBe(status)
        expect(response.json()).toMatchObject({ error: { code } })
        expect(response.headers['access-control-allow-origin']).toBeUndefined()
      }
    },
  )
})
