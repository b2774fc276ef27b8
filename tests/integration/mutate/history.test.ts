import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { HistoryResponse } from '../../../packages/vite-plugin-visual-edit/src/protocol/history.ts'
import { type MutateTestServer, startMutateServer } from '../../helpers/mutate-server.ts'

let app: MutateTestServer
const read = () => readFileSync(app.file('src/App.tsx'), 'utf8')
const list = (headers = {}, canvas = 'test-canvas') =>
  app.post(`/canvases/${canvas}/parseAndMutate/activities/listChangeHistory`, {}, headers)

beforeEach(async () => {
  app = await startMutateServer()
  await app.load('src/App.tsx')
})
afterEach(() => app.close())

/** Edits the h1's text from `from` to `to` and checks it was written. */
async function editHeading(from: string, to: string): Promise<void> {
  const [h1] = app.idsOf('src/App.tsx', 'h1')
  const response = await app.post('mutate/editText', {
    element: { codebaseId: h1 },
    oldText: from,
    newText: to,
  })
  expect(response.status, response.body).toBe(200)
}

describe('the history route', () => {
  test('lists the canvas entries oldest first, applied then undone, with relative paths and diffs', async () => {
    const original = read()
    await editHeading('Welcome back', 'One')
    await editHeading('One', 'Two')
    await editHeading('Two', 'Three')
    expect((await app.post('activities/undoChangeToFiles', {})).status).toBe(200)

    const response = await list()
    expect(response.status, response.body).toBe(200)
    const body = response.json() as HistoryResponse
    expect(body.applied).toBe(2)
    expect(body.limit).toBeGreaterThan(0)
    expect(body.entries.map((entry) => entry.type)).toEqual(['EDIT_TEXT', 'EDIT_TEXT', 'EDIT_TEXT'])
    const ids = body.entries.map((entry) => entry.id)
    expect(new Set(ids).size).toBe(3)
    const [first, , last] = body.entries
    expect(first?.files).toEqual([
      {
        path: 'src/App.tsx',
        change: 'modified',
        added: 1,
        removed: 1,
        diff: expect.stringContaining('--- a/src/App.tsx\n+++ b/src/App.tsx\n@@ '),
      },
    ])
    expect(first?.files[0]?.diff).toContain('-      <h1 className="text-3xl font-bold">Welcome back</h1>')
    expect(first?.files[0]?.diff).toContain('+      <h1 className="text-3xl font-bold">One</h1>')
    // The undone entry is the last one, and keeps its id through a redo.
    expect(last?.files[0]?.diff).toContain('+      <h1 className="text-3xl font-bold">Three</h1>')
    expect(response.body).not.toContain(app.dir)

    expect((await app.post('activities/redoChangeToFiles', {})).status).toBe(200)
    const redone = (await list()).json() as HistoryResponse
    expect(redone.applied).toBe(3)
    expect(redone.entries.map((entry) => entry.id)).toEqual(ids)
    expect(read()).toBe(original.replace('Welcome back', 'Three'))
  })

  test('another canvas has a history of its own, empty until it edits', async () => {
    await editHeading('Welcome back', 'One')
    const other = (await list({}, 'other-canvas')).json() as HistoryResponse
    expect(other).toMatchObject({ entries: [], applied: 0 })
  })

  test.each([
    ['no token', { 'x-visual-edit-token': '' }, 403, 'FORBIDDEN_TOKEN'],
    ['a wrong token', { 'x-visual-edit-token': 'not-the-token-0123456789' }, 403, 'FORBIDDEN_TOKEN'],
    ['another origin', { origin: 'http://localhost:3999' }, 403, 'FORBIDDEN_ORIGIN'],
    ['a spoofed Host', { host: 'evil.example' }, 403, 'FORBIDDEN_HOST'],
    ['a form body', { 'content-type': 'application/x-www-form-urlencoded' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ])('refuses %s and lists nothing', async (_what, headers, status, code) => {
    await editHeading('Welcome back', 'Secret')
    const response = await list(headers)
    expect(response.status).toBe(status)
    expect(response.json()).toMatchObject({ error: { code } })
    expect(response.body).not.toContain('Secret')
  })

  test('answers POST only', async () => {
    const response = await app.raw({
      method: 'GET',
      path: '/canvases/test-canvas/parseAndMutate/activities/listChangeHistory',
      headers: { origin: app.apiUrl, 'x-visual-edit-token': app.token },
    })
    expect(response.status).toBe(405)
  })
})
