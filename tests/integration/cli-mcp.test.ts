import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Ajv } from 'ajv'
import { afterEach, describe, expect, test } from 'vitest'
import { connectMcp } from '../helpers/mcp-client.ts'
import { copyFixture } from '../helpers/temp-project.ts'

/**
 * `visual-edit mcp [dir]` (issue 32), the built binary driven by the MCP SDK's own client over stdio,
 * on a copy of tests/fixtures/mutate-app with no editor running (files mode).
 */
const REPO = path.resolve(import.meta.dirname, '../..')

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function connect(project?: string) {
  let dir = project
  if (!dir) {
    const copy = copyFixture('mutate-app')
    cleanups.push(copy.remove)
    dir = copy.dir
  }
  const { client, call } = await connectMcp(dir)
  cleanups.push(() => client.close())
  const app = path.join(dir, 'src/App.tsx')
  return { client, call, dir, app, source: () => readFileSync(app, 'utf8') }
}

describe('visual-edit mcp, files mode', () => {
  test('lists its tools, each with a description and an input schema that compiles', async () => {
    const { client } = await connect()
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual([
      'get_selection',
      'find_elements',
      'describe_element',
      'apply_changes',
      'undo',
      'redo',
      'history',
      'design_tokens',
    ])
    const ajv = new Ajv({ strict: false })
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(40)
      expect(tool.inputSchema.type).toBe('object')
      expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow()
    }
    // apply_changes' schema is the protocol's: an editText body is valid, a body without its element is not.
    const apply = tools.find((tool) => tool.name === 'apply_changes')
    const validate = ajv.compile(apply?.inputSchema ?? {})
    const editText = (element: unknown) => ({
      changes: [{ operation: 'editText', body: { element, oldText: 'a', newText: 'b' } }],
    })
    expect(validate(editText({ codebaseId: 'tempo-1' }))).toBe(true)
    expect(validate(editText({ file: 'src/App.tsx', line: 6 }))).toBe(true)
    expect(validate({ changes: [{ operation: 'editText', body: { oldText: 'a', newText: 'b' } }] })).toBe(
      false,
    )
    expect(validate({ changes: [{ operation: 'rewriteEverything', body: {} }] })).toBe(false)
  })

  test("find_elements by route: the elements of the page component the app's route renders", async () => {
    // Read only: the marketplace itself, whose routes are route objects of createBrowserRouter.
    const { call } = await connect(path.join(REPO, 'examples/marketplace'))
    const found = await call('find_elements', { route: '/listing/L1001', limit: 200 })
    expect(found.isError).toBe(false)
    expect(found.value.route).toMatchObject({
      declared: '/listing/:id',
      file: 'src/App.tsx',
      components: ['ListingDetailPage'],
    })
    const files = new Set(found.value.elements.map((element: { file: string }) => element.file))
    expect(files).toContain('src/pages/ListingDetailPage.tsx')
    expect(
      found.value.elements.every((element: { matched: string[] }) => element.matched.includes('route')),
    ).toBe(true)
    // With another criterion: the route's elements that also match it.
    const headings = await call('find_elements', {
      route: '/listing/L1001',
      component: 'ListingDetailPage',
      limit: 5,
    })
    expect(headings.value.total).toBeGreaterThan(0)
    const unknown = await call('find_elements', { route: '/no/such/page/here' })
    expect(unknown.value.error.code).toBe('VISUAL_EDIT_INVALID_TOOL_INPUT')
    expect(unknown.value.error.message).toMatch(
      /No route .* matches \/no\/such\/page\/here\. Its routes: \/, .*\/listing\/:id/,
    )
    const relative = await call('find_elements', { route: 'listing/L1001' })
    expect(relative.value.error.code).toBe('VISUAL_EDIT_INVALID_TOOL_INPUT')
  }, 30_000)

  test('find_elements by text, component, class and file:line; describe_element', async () => {
    const { call } = await connect()
    const byText = await call('find_elements', { text: 'welcome' })
    expect(byText.value.mode).toBe('files')
    expect(byText.value.elements).toMatchObject([
      {
        tag: 'h1',
        file: 'src/App.tsx',
        line: 6,
        column: 7,
        text: 'Welcome back',
        classes: ['text-3xl', 'font-bold'],
      },
    ])
    expect(byText.value.elements[0].declaredIn).toBe('App')
    const usages = await call('find_elements', { component: 'Card' })
    expect(usages.value.elements.map((found: { tag: string }) => found.tag)).toContain('Card')
    const byClass = await call('find_elements', { class: 'max-w-3xl' })
    expect(byClass.value.elements.map((found: { tag: string }) => found.tag)).toEqual(['main'])
    const atLine = await call('find_elements', { file: 'src/App.tsx', line: 13 })
    expect(atLine.value.elements.map((found: { tag: string }) => found.tag)).toEqual(['button'])

    const described = await call('describe_element', { file: 'src/App.tsx', line: 10 })
    expect(described.value.element.tag).toBe('Card')
    expect(described.value.parent.tag).toBe('main')
    expect(described.value.children.map((child: { tag: string }) => child.tag)).toEqual(['span'])
    expect(described.value.declaredAt).toEqual([{ file: 'src/Card.tsx', line: expect.any(Number) }])

    // Inputs are parsed with the protocol's schema (AGENT_TOOL_INPUTS), which says what is wrong.
    const wrongType = await call('find_elements', { text: 'welcome', limit: 'all' })
    expect(wrongType.value.error).toEqual({
      code: 'VISUAL_EDIT_INVALID_TOOL_INPUT',
      message: expect.stringMatching(/^find_elements: limit must be a number of results/),
    })
    const unknownKey = await call('describe_element', { element: 'h1' })
    expect(unknownKey.value.error.code).toBe('VISUAL_EDIT_INVALID_TOOL_INPUT')
    const nothing = await call('find_elements', {})
    expect(nothing.value.error.message).toMatch(/Say what to find/)
  })

  test('apply_changes: a wrong precondition is refused with nothing written; the right one lands with its diff', async () => {
    const { call, source } = await connect()
    const before = source()
    const h1 = { file: 'src/App.tsx', line: 6 }
    const wrong = await call('apply_changes', {
      changes: [{ operation: 'editText', body: { element: h1, oldText: 'Welcome home', newText: 'Hello' } }],
    })
    expect(wrong.isError).toBe(true)
    expect(wrong.value.error.code).toBe('TEXT_MISMATCH')
    expect(wrong.value.error.message).toMatch(/Nothing was written/)
    expect(source()).toBe(before)

    const dry = await call('apply_changes', {
      changes: [{ operation: 'editText', body: { element: h1, oldText: 'Welcome back', newText: 'Hello' } }],
      dry_run: true,
    })
    expect(dry.value.dryRun).toBe(true)
    expect(dry.value.diff).toContain('-      <h1 className="text-3xl font-bold">Welcome back</h1>')
    expect(source()).toBe(before)

    const right = await call('apply_changes', {
      changes: [
        { operation: 'editText', body: { element: h1, oldText: 'Welcome back', newText: 'Hello' } },
        { operation: 'addClass', body: { reactElement: h1, className: 'text-blue-600' } },
      ],
    })
    expect(right.isError).toBe(false)
    expect(right.value.files).toEqual(['src/App.tsx'])
    expect(right.value.diff).toContain('+      <h1 className="text-3xl font-bold text-blue-600">Hello</h1>')
    expect(source()).toContain('<h1 className="text-3xl font-bold text-blue-600">Hello</h1>')
    const history = await call('history')
    expect(history.value.entries).toEqual([
      {
        id: right.value.historyId,
        operations: ['editText', 'addClass'],
        files: ['src/App.tsx'],
        undone: false,
      },
    ])
  })

  test('undo gives every byte back, redo writes it again, and a file changed since is not overwritten', async () => {
    const { call, source, app } = await connect()
    const before = source()
    const h1 = { file: 'src/App.tsx', line: 6 }
    await call('apply_changes', {
      changes: [{ operation: 'editText', body: { element: h1, oldText: 'Welcome back', newText: 'Hi' } }],
    })
    const after = source()
    const undone = await call('undo')
    expect(undone.value.undone.files).toEqual(['src/App.tsx'])
    expect(source()).toBe(before)
    expect((await call('undo')).value.error.code).toBe('VISUAL_EDIT_NOTHING_TO_UNDO')
    await call('redo')
    expect(source()).toBe(after)
    // The user saves the file in their code editor: undo refuses rather than lose that.
    writeFileSync(app, `${after}\n// mine\n`)
    const refused = await call('undo')
    expect(refused.value.error.code).toBe('FILE_CHANGED')
    expect(source()).toBe(`${after}\n// mine\n`)
  })

  test("design_tokens: the project's theme and its own utilities; get_selection answers in files mode", async () => {
    const { call, dir } = await connect()
    writeFileSync(
      path.join(dir, 'src/extra.css'),
      '@utility card-shadow {\n  box-shadow: 0 1px 2px #0003;\n}\n@layer components {\n  .btn-primary { color: white; }\n}\n',
    )
    const tokens = await call('design_tokens')
    expect(tokens.value).toMatchObject({ mode: 'files', tailwind: 4 })
    expect(tokens.value.colors).toContainEqual({ name: 'blue-600', value: expect.any(String) })
    expect(tokens.value.spacing.length).toBeGreaterThan(0)
    expect(tokens.value.customUtilities).toEqual([
      { name: 'card-shadow', file: 'src/extra.css' },
      { name: 'btn-primary', file: 'src/extra.css' },
    ])
    const selection = await call('get_selection')
    expect(selection.value).toMatchObject({ mode: 'files', selection: [] })
    expect(selection.value.note).toMatch(/visual-edit edit/)
  })
})
