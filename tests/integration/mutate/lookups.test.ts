import { readFileSync, writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import {
  LOOKUPS_PATH,
  type LookupsResponse,
} from '../../../packages/vite-plugin-visual-edit/src/protocol/lookups.ts'
import { type MutateTestServer, startMutateServer } from '../../helpers/mutate-server.ts'

let app: MutateTestServer
beforeEach(async () => {
  app = await startMutateServer()
  writeFileSync(
    app.file('src/Styled.tsx'),
    'const styles = { box: "x" }\nexport const Styled = () => <div className={styles.box}>Boxed</div>\n',
  )
  for (const file of ['src/App.tsx', 'src/Styled.tsx']) await app.load(file)
})
afterEach(() => app.close())

const ask = (ids: string[], headers = {}) => app.post(LOOKUPS_PATH, { ids }, headers)

describe('the lookups endpoint', () => {
  test('answers what the code says about each id, files relative to the root', async () => {
    const [h1] = app.idsOf('src/App.tsx', 'h1')
    const [p] = app.idsOf('src/App.tsx', 'p')
    const [card] = app.idsOf('src/App.tsx', 'Card')
    const [main] = app.idsOf('src/App.tsx', 'main')
    const [styled] = app.idsOf('src/Styled.tsx', 'div')
    const unknown = 'tempo-00000000-0000-4000-8000-000000000000'
    const response = await ask([h1, p, card, styled, unknown] as string[])
    expect(response.status, response.body).toBe(200)
    const body = response.json() as LookupsResponse
    expect(body.stylingFramework).toBe('Tailwind')
    expect(Object.keys(body.lookups).sort()).toEqual([h1, p, card, styled].sort())
    expect(body.lookups[h1 as string]).toEqual({
      file: 'src/App.tsx',
      line: 6,
      column: 6,
      tagName: 'h1',
      isComponent: false,
      parentId: main,
      text: 'static',
      staticText: 'Welcome back',
      classes: ['text-3xl', 'font-bold'],
      classesEditable: true,
    })
    expect(body.lookups[p as string]).toMatchObject({ text: 'dynamic', classes: [], classesEditable: true })
    expect(body.lookups[p as string]?.staticText).toBeUndefined()
    // Where a dynamic text comes from: its children's code, for a coding agent.
    expect(body.lookups[p as string]?.textSource).toBe('Signed in as <b>{user.name}</b>')
    expect(body.lookups[h1 as string]?.textSource).toBeUndefined()
    expect(body.lookups[card as string]).toMatchObject({ tagName: 'Card', isComponent: true })
    expect(body.lookups[styled as string]).toMatchObject({
      file: 'src/Styled.tsx',
      parentId: null,
      classes: [],
      classesEditable: false,
    })
    expect(response.body).not.toContain(app.dir)
  })

  test('leaves out the ids of a file that changed on disk since it was indexed', async () => {
    const [h1] = app.idsOf('src/App.tsx', 'h1')
    const [styled] = app.idsOf('src/Styled.tsx', 'div')
    writeFileSync(
      app.file('src/App.tsx'),
      `// edited elsewhere\n${readFileSync(app.file('src/App.tsx'), 'utf8')}`,
    )
    const body = (await ask([h1, styled] as string[])).json() as LookupsResponse
    expect(Object.keys(body.lookups)).toEqual([styled])
  })

  test.each([
    ['no token', { 'x-visual-edit-token': '' }, 403, 'FORBIDDEN_TOKEN'],
    ['another origin', { origin: 'http://localhost:3999' }, 403, 'FORBIDDEN_ORIGIN'],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }, 403, 'FORBIDDEN_ORIGIN'],
    ['a spoofed Host', { host: 'evil.example' }, 403, 'FORBIDDEN_HOST'],
  ])('refuses %s', async (_what, headers, status, code) => {
    const response = await ask(app.idsOf('src/App.tsx', 'h1'), headers)
    expect(response.status).toBe(status)
    expect(response.json()).toMatchObject({ error: { code } })
  })

  test('answers POST only, and names a bad body', async () => {
    const get = await app.raw({ method: 'GET', path: LOOKUPS_PATH })
    expect(get.status).toBe(405)
    expect(get.headers.allow).toBe('POST')
    const bad = await app.post(LOOKUPS_PATH, { ids: ['../etc/passwd'] })
    expect(bad.status).toBe(400)
    expect(bad.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Codebase ID contains invalid chars' },
    })
    const notArray = await app.post(LOOKUPS_PATH, { ids: 'x' })
    expect(notArray.json()).toMatchObject({
      error: { message: 'lookups: ids must be an array of codebase ids.' },
    })
  })
})
