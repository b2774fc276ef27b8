import type { AgentSelectedElement } from 'vite-plugin-visual-edit/protocol'
import { expect, test } from 'vitest'
import { AGENT_HTML_CHARS, agentContext, trimmedHtml } from './agent-context.ts'

const h1: AgentSelectedElement = {
  codebaseId: 'tempo-1',
  file: 'src/pages/Listing.tsx',
  line: 42,
  column: 7,
  tag: 'h1',
  componentStack: ['App', 'ListingPage'],
  classes: [{ name: 'text-2xl', css: '.text-2xl{}' }, { name: 'font-bold' }],
  text: { kind: 'static', value: 'Spacious 2BHK' },
  props: {},
  styles: {},
  outerHTML: '<h1 data-tempo-id="tempo-1" class="text-2xl font-bold">\n  Spacious 2BHK\n</h1>',
  png: 'data:image/png;base64,AAAA',
}

test('one element: where it is, its components, classes, text and trimmed html, the route; no ids or picture', () => {
  expect(agentContext({ route: '/listing/L1001', elements: [h1] })).toBe(
    [
      'Selected element in the running app (route /listing/L1001):',
      '- <h1> at src/pages/Listing.tsx:42:7',
      '  components: App > ListingPage',
      '  classes: text-2xl font-bold',
      '  text: "Spacious 2BHK"',
      '  html: <h1 class="text-2xl font-bold"> Spacious 2BHK </h1>',
      '',
    ].join('\n'),
  )
})

test('several elements, dynamic text, an element with no code, no classes and no html', () => {
  const dynamic = { ...h1, codebaseId: 'tempo-2', tag: 'p', text: { kind: 'dynamic' as const }, classes: [] }
  const outside = {
    ...h1,
    codebaseId: 'tempo-3',
    file: null,
    line: null,
    column: null,
    componentStack: [],
    outerHTML: null,
    text: { kind: 'none' as const },
  }
  const text = agentContext({ route: '', elements: [dynamic, outside] })
  expect(text).toContain('Selected elements (2) in the running app (route /):')
  expect(text).toContain(
    '- <p> at src/pages/Listing.tsx:42:7\n  components: App > ListingPage\n  text: (from an expression in the code)',
  )
  expect(text).toContain('- <h1> at not in the project’s code (a package’s element)\n  classes:')
  expect(text).not.toContain('html: null')
})

test('long html is cut with an ellipsis, and visual-edit attributes never reach it', () => {
  const long = `<div data-tempo-id="tempo-9" data-visual-edit-overlay>${'x'.repeat(2000)}</div>`
  const trimmed = trimmedHtml(long)
  expect(trimmed).toHaveLength(AGENT_HTML_CHARS)
  expect(trimmed.endsWith('…')).toBe(true)
  expect(trimmed).not.toContain('tempo')
  expect(trimmed).not.toContain('visual-edit')
})

test('dynamic text says where it comes from when the lookup has its code', () => {
  const greeting = { ...h1, text: { kind: 'dynamic' as const, source: 'Hi {user.name}' } }
  expect(agentContext({ route: '/', elements: [greeting] })).toContain(
    '  text: from the code Hi {user.name}\n',
  )
})

test("a tagged element whose lookup has not come yet is the project's, its place not known", () => {
  const pending = {
    ...h1,
    codebaseId: 'tempo-0f8fad5b-d9cb-469f-a165-70867728950e',
    file: null,
    line: null,
    column: null,
    text: { kind: 'none' as const },
  }
  const text = agentContext({ route: '/', elements: [pending] })
  expect(text).toContain(
    '- <h1> at a place in the project’s code not known yet (the editor has no lookup for it)\n',
  )
  expect(text).not.toContain('package')
  expect(text).not.toContain('text:')
})

test('nothing of the session: no token, no editor address, no ids of the tagger or the inspector', () => {
  const token = 'f3b1c2d4e5a6978812345678abcdef01'
  const marked = {
    ...h1,
    outerHTML: `<h1 data-tempo-id="tempo-1" data-visual-edit-session="${token}" data-visual-edit-selected class="a">Hi</h1>`,
  }
  const text = agentContext({ route: '/listing/L1001', elements: [marked] })
  expect(text).toContain('  html: <h1 class="a">Hi</h1>\n')
  for (const secret of [token, '__visual-edit', 'data-tempo-id', 'data-visual-edit', 'tempo-1'])
    expect(text).not.toContain(secret)
})

test("the app's own attributes stay, and an attribute cut by the inspector goes whole", () => {
  expect(
    trimmedHtml('<a data-testid="buy" data-tempo-instant="c1 c2" data-visual-edit-overlay href="/x">x</a>'),
  ).toBe('<a data-testid="buy" href="/x">x</a>')
  expect(trimmedHtml('<div class="p-4" data-tempo-id="tempo-12')).toBe('<div class="p-4"')
})

test('the cut never splits a character made of two code units', () => {
  const html = `<p>${'x'.repeat(AGENT_HTML_CHARS - 5)}😀😀😀</p>`
  const trimmed = trimmedHtml(html)
  expect(trimmed.endsWith('…')).toBe(true)
  // A lone high surrogate at the end (half of 😀) is what a blind cut leaves.
  expect(trimmed).not.toMatch(/[\uD800-\uDBFF]…$/)
  expect(trimmed).toBe(`${html.slice(0, AGENT_HTML_CHARS - 2)}…`)
})
