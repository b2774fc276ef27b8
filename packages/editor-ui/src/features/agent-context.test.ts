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
