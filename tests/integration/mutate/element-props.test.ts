import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import {
  ELEMENT_PROPS_PATH,
  type ElementPropsResponse,
} from '../../../packages/vite-plugin-visual-edit/src/protocol/element-props.ts'
import { type MutateTestServer, startMutateServer } from '../../helpers/mutate-server.ts'

let app: MutateTestServer
beforeEach(async () => {
  app = await startMutateServer()
  await app.load('src/App.tsx')
})
afterEach(() => app.close())

const ask = (id: string, headers = {}) => app.post(ELEMENT_PROPS_PATH, { id }, headers)

describe('the element-props endpoint', () => {
  test("a component's props as written, its declared props, the file's components", async () => {
    const [card] = app.idsOf('src/App.tsx', 'Card')
    const response = await ask(card as string)
    expect(response.status, response.body).toBe(200)
    const body = response.json() as ElementPropsResponse
    expect(body).toEqual({
      id: card,
      tagName: 'Card',
      isComponent: true,
      at: { file: 'src/App.tsx', line: 10, column: 6 },
      written: [
        { name: 'title', kind: 'literal', value: 'Plans', at: { file: 'src/App.tsx', line: 10, column: 12 } },
        { name: 'size', kind: 'literal', value: 2, at: { file: 'src/App.tsx', line: 10, column: 26 } },
        { name: 'disabled', kind: 'literal', value: true, at: { file: 'src/App.tsx', line: 10, column: 35 } },
      ],
      declared: {
        component: 'Card',
        at: { file: 'src/Card.tsx', line: 3, column: 42 },
        props: [
          { name: 'title', optional: false, kind: 'string', type: 'string' },
          { name: 'size', optional: true, kind: 'number', type: 'number' },
          { name: 'disabled', optional: true, kind: 'boolean', type: 'boolean' },
          { name: 'children', optional: false, kind: 'other', type: 'ReactNode' },
        ],
      },
      componentsInScope: ['Card'],
    })
    expect(response.body).not.toContain(app.dir)
  })

  test('an expression is code, with where it is; an HTML element declares nothing', async () => {
    const [button] = app.idsOf('src/App.tsx', 'button')
    const body = (await ask(button as string)).json() as ElementPropsResponse
    expect(body.declared).toBeNull()
    expect(body.written).toEqual([
      expect.objectContaining({ name: 'type', kind: 'literal', value: 'button' }),
      expect.objectContaining({
        name: 'onClick',
        kind: 'expression',
        source: "() => console.log('clicked')",
      }),
      expect.objectContaining({
        name: 'aria-label',
        kind: 'expression',
        source: 'user.name',
        at: expect.objectContaining({ line: 13 }),
      }),
    ])
  })

  test('a props type in a module outside the project is not read, and says why', async () => {
    // A link inside src/ to a module outside the root: the server reads nothing outside the project.
    const outside = mkdtempSync(path.join(tmpdir(), 'outside-'))
    writeFileSync(
      path.join(outside, 'Card.tsx'),
      'export function Card(props: { secret: "a" | "b" }) { return null }\n',
    )
    symlinkSync(outside, app.file('src/linked'))
    writeFileSync(
      app.file('src/Linked.tsx'),
      'import { Card } from \'./linked/Card\'\nexport const Linked = () => <Card secret="a" />\n',
    )
    await app.load('src/Linked.tsx')
    const [card] = app.idsOf('src/Linked.tsx', 'Card')
    const response = await ask(card as string)
    expect(response.status, response.body).toBe(200)
    const body = response.json() as ElementPropsResponse
    expect(body.declared).toBeNull()
    expect(body.declaredNote).toMatch(/outside the project root/)
    expect(response.body).not.toContain(outside)
    rmSync(outside, { recursive: true, force: true })
  })

  test('an unknown id is 404; a file changed on disk is 409', async () => {
    const unknown = await ask('tempo-00000000-0000-4000-8000-000000000000')
    expect(unknown.status).toBe(404)
    expect(unknown.json()).toMatchObject({ error: { code: 'UNKNOWN_ELEMENT' } })
    const [h1] = app.idsOf('src/App.tsx', 'h1')
    writeFileSync(app.file('src/App.tsx'), '// edited elsewhere\nexport const App = () => null\n')
    const changed = await ask(h1 as string)
    expect(changed.status).toBe(409)
    expect(changed.json()).toMatchObject({ error: { code: 'FILE_CHANGED' } })
  })

  test.each([
    ['no token', { 'x-visual-edit-token': '' }, 403, 'FORBIDDEN_TOKEN'],
    ['another origin', { origin: 'http://localhost:3999' }, 403, 'FORBIDDEN_ORIGIN'],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }, 403, 'FORBIDDEN_ORIGIN'],
  ])('refuses %s', async (_what, headers, status, code) => {
    const response = await ask(app.idsOf('src/App.tsx', 'h1')[0] as string, headers)
    expect(response.status).toBe(status)
    expect(response.json()).toMatchObject({ error: { code } })
  })

  test('a body without a codebase id is 400', async () => {
    const response = await app.post(ELEMENT_PROPS_PATH, { id: '../../etc/passwd' })
    expect(response.status).toBe(400)
    expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } })
  })
})
