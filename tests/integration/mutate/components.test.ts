import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  COMPONENTS_PATH,
  type ComponentsResponse,
} from '../../../packages/vite-plugin-visual-edit/src/protocol/components.ts'
import { type MutateTestServer, mutateClient, startMutateServer } from '../../helpers/mutate-server.ts'

/**
 * The Insert panel's components endpoint over HTTP (issue 31), on a dev server of the mutate-app
 * fixture with a file of components added: what it lists (the index's files' exported components, with
 * file:line and declared props), and its gate.
 */
let app: MutateTestServer
beforeAll(async () => {
  app = await startMutateServer()
  writeFileSync(
    path.join(app.dir, 'src/Badge.tsx'),
    `import { memo } from 'react'

type Tone = 'info' | 'warn'
interface BadgeProps {
  label: string
  count: number
  tone: Tone
  pill?: boolean
}

export function Badge({ label }: BadgeProps) {
  return <span>{label}</span>
}

export const Dot = memo(function Dot() {
  return <i />
})

function Hidden() {
  return <b />
}

export default function Banner() {
  return <div>{Hidden.name}</div>
}

export const MAX_ROWS = 4
`,
  )
  await app.load('src/App.tsx')
  await app.load('src/Card.tsx')
  await app.load('src/Badge.tsx')
})
afterAll(() => app.close())

describe('the components endpoint', () => {
  test('lists the exported components of the tagged files with file:line and declared props', async () => {
    const response = await app.post(COMPONENTS_PATH, {})
    expect(response.status, response.body).toBe(200)
    const answer = response.json() as ComponentsResponse
    const summary = answer.components.map(({ name, exportKind, file, line }) => ({
      name,
      exportKind,
      file,
      line,
    }))
    expect(summary).toEqual([
      { name: 'App', exportKind: 'named', file: 'src/App.tsx', line: 3 },
      { name: 'Badge', exportKind: 'named', file: 'src/Badge.tsx', line: 11 },
      { name: 'Banner', exportKind: 'default', file: 'src/Badge.tsx', line: 23 },
      { name: 'Card', exportKind: 'named', file: 'src/Card.tsx', line: 3 },
      { name: 'Dot', exportKind: 'named', file: 'src/Badge.tsx', line: 15 },
    ])
    const badge = answer.components.find((component) => component.name === 'Badge')
    expect(badge?.props).toEqual([
      { name: 'label', optional: false, kind: 'string', type: 'string' },
      { name: 'count', optional: false, kind: 'number', type: 'number' },
      { name: 'tone', optional: false, kind: 'union', members: ['info', 'warn'], type: 'Tone' },
      { name: 'pill', optional: true, kind: 'boolean', type: 'boolean' },
    ])
    expect(JSON.stringify(answer)).not.toContain(app.dir)
  })

  test('refuses a body that is not an object with 400 BAD_REQUEST', async () => {
    const response = await app.post(COMPONENTS_PATH, '"all"')
    expect(response.status).toBe(400)
    expect(response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The body of components must be a JSON object.' },
    })
  })

  test('is gated like the lookups: no token, another origin, GET, the app’s origin are refused', async () => {
    const noToken = await app.post(COMPONENTS_PATH, {}, { 'x-visual-edit-token': '' })
    expect(noToken.status).toBe(403)
    expect(noToken.json()).toMatchObject({ error: { code: 'FORBIDDEN_TOKEN' } })
    const wrongToken = await app.post(COMPONENTS_PATH, {}, { 'x-visual-edit-token': 'x'.repeat(43) })
    expect(wrongToken.status).toBe(403)
    const otherOrigin = await app.post(COMPONENTS_PATH, {}, { origin: 'http://localhost:3999' })
    expect(otherOrigin.json()).toMatchObject({ error: { code: 'FORBIDDEN_ORIGIN' } })
    const get = await app.raw({ method: 'GET', path: COMPONENTS_PATH })
    expect(get.status).toBe(405)
    const onApp = await mutateClient(app.url, app.token).post(COMPONENTS_PATH, {})
    expect(onApp.status).toBe(404)
  })
})
