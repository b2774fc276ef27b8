import type { ElementKey, NavTreeNode } from 'vite-plugin-visual-edit/protocol'
import { expect, test, vi } from 'vitest'
import { AGENT_STYLE_PROPERTIES, AgentBridge, type AgentBridgeDeps, checkedCapture } from './agent-bridge.ts'
import { SliceStore } from './slice.ts'

const PNG = `data:image/png;base64,${'iVBORw0KGgo'.padEnd(40, 'A')}=`

test("the page's capture passes only as the inspector makes it: a PNG data URL and outerHTML of its size", () => {
  expect(checkedCapture({ outerHTML: '<h1>Hi</h1>', png: PNG })).toEqual({
    outerHTML: '<h1>Hi</h1>',
    png: PNG,
  })
  // The app's scripts share the frame: a script URL, SVG, or a giant string is not taken.
  expect(checkedCapture({ outerHTML: 1, png: 'javascript:alert(1)' })).toEqual({ outerHTML: null, png: null })
  expect(checkedCapture({ png: 'data:image/svg+xml;base64,PHN2Zz4=' }).png).toBeNull()
  expect(checkedCapture({ outerHTML: 'x'.repeat(30_000) }).outerHTML).toBeNull()
  expect(checkedCapture(null)).toEqual({ outerHTML: null, png: null })
  expect(checkedCapture({ png: null, pngError: 'tainted' })).toEqual({
    outerHTML: null,
    png: null,
    pngError: 'tainted',
  })
})

const key: ElementKey = { codebaseId: 'tempo-h1', storyboardId: 'app', uniquePath: '0-0-1' }
const node = (over: Partial<NavTreeNode>): NavTreeNode =>
  ({
    key,
    parent: null,
    children: [],
    name: 'div',
    elementTagName: 'div',
    isComponent: false,
    level: 0,
    ...over,
  }) as NavTreeNode

function bridge(over: Partial<AgentBridgeDeps> = {}) {
  const nodes = [
    node({ key: { ...key, codebaseId: 'tempo-app', uniquePath: '0-App' }, name: 'App', isComponent: true }),
    node({ key: { ...key, codebaseId: 'tempo-main', uniquePath: '0-0' }, parent: 0, name: 'main' }),
    node({
      key: { ...key, codebaseId: 'tempo-card', uniquePath: '0-0-Card' },
      parent: 1,
      name: 'Card',
      isComponent: true,
    }),
    node({
      parent: 2,
      name: 'h1',
      props: { id: { type: 'LITERAL', value: 'title' } } as NavTreeNode['props'],
    }),
  ]
  const deps: AgentBridgeDeps = {
    api: {
      agentNext: vi.fn(),
      agentAnswer: vi.fn(),
      classCss: vi.fn(async () => ({ css: { 'text-2xl': '.text-2xl { font-size: 1.5rem }', mine: null } })),
    } as unknown as AgentBridgeDeps['api'],
    bridge: {
      call: vi.fn(async (name: string) =>
        name === 'getCssEvals'
          ? {
              styles: { display: 'block', 'font-size': '24px', cursor: 'auto' },
              parent: null,
              darkEnabledInParent: false,
            }
          : { outerHTML: '<h1 id="title">Hello</h1>', png: PNG },
      ),
    } as unknown as AgentBridgeDeps['bridge'],
    selected: () => [key],
    nodeOf: () => nodes[3],
    nodes: () => nodes,
    lookup: () => ({
      file: 'src/App.tsx',
      line: 6,
      column: 6,
      tagName: 'h1',
      text: 'static',
      staticText: 'Hello',
      classes: ['text-2xl', 'mine'],
    }),
    href: () => 'http://127.0.0.1:5173/listing/L1001?tab=photos',
    step: vi.fn(),
    submit: vi.fn(),
    writeClipboard: vi.fn(async () => {}),
    applied: vi.fn(),
    toast: vi.fn(),
    ...over,
  }
  return { agent: new AgentBridge(new SliceStore(() => ({})), deps), deps }
}

test('get_selection: where the code is, the components above, classes with their CSS, text, props, key styles, picture, route', async () => {
  const { agent } = bridge()
  const selection = await agent.selection()
  expect(selection.route).toBe('/listing/L1001?tab=photos')
  expect(selection.elements).toEqual([
    {
      codebaseId: 'tempo-h1',
      file: 'src/App.tsx',
      line: 6,
      column: 7,
      tag: 'h1',
      componentStack: ['App', 'Card'],
      classes: [{ name: 'text-2xl', css: '.text-2xl { font-size: 1.5rem }' }, { name: 'mine' }],
      text: { kind: 'static', value: 'Hello' },
      props: { id: 'title' },
      styles: { display: 'block', 'font-size': '24px' },
      outerHTML: '<h1 id="title">Hello</h1>',
      png: PNG,
    },
  ])
  expect(AGENT_STYLE_PROPERTIES).not.toContain('cursor')
})

test('a page that cannot draw the element still answers, saying why', async () => {
  const { agent } = bridge({
    bridge: {
      call: vi.fn(async (name: string) => {
        if (name === 'captureElement') throw new Error('The app reloaded')
        return null
      }),
    } as unknown as AgentBridgeDeps['bridge'],
  })
  const [element] = (await agent.selection()).elements
  expect(element).toMatchObject({ png: null, outerHTML: null, pngError: 'The app reloaded', styles: {} })
})

test('Copy for agent: the selection as text on the clipboard (no picture drawn), or why not', async () => {
  const { agent, deps } = bridge()
  await agent.copyForAgent()
  expect(deps.bridge.call).toHaveBeenCalledWith('captureElement', key, { picture: false })
  const [text] = (deps.writeClipboard as ReturnType<typeof vi.fn>).mock.calls[0] as [string]
  expect(text).toContain('- <h1> at src/App.tsx:6:7\n  components: App > Card')
  expect(deps.toast).toHaveBeenCalledWith({ kind: 'success', title: 'Copied the element for your agent' })

  const refused = bridge({
    writeClipboard: vi.fn(async () => Promise.reject(new Error('Document is not focused.'))),
  })
  await refused.agent.copyForAgent()
  expect(refused.deps.toast).toHaveBeenCalledWith(
    expect.objectContaining({ kind: 'error', title: 'The clipboard refused the copy.' }),
  )
  const none = bridge({ selected: () => [] })
  await none.agent.copyForAgent()
  expect(none.deps.writeClipboard).not.toHaveBeenCalled()
  expect(none.deps.toast).toHaveBeenCalledWith({
    kind: 'info',
    title: 'Select an element to copy it for your agent.',
  })
})

test("Copy for agent without the element's lookup, and of several elements: the page's tree says what it can", async () => {
  const other: ElementKey = { ...key, uniquePath: '0-0-2' }
  const { agent, deps } = bridge({ lookup: () => undefined, selected: () => [key, other] })
  await agent.copyForAgent()
  const [text] = (deps.writeClipboard as ReturnType<typeof vi.fn>).mock.calls[0] as [string]
  expect(text).toContain('Selected elements (2) in the running app (route /listing/L1001?tab=photos):\n')
  expect(text).toContain(
    '- <h1> at not in the project’s code (a package’s element)\n  components: App > Card\n',
  )
  expect(text).not.toContain('text:')
  expect(text).not.toContain('127.0.0.1')
  expect(deps.toast).toHaveBeenCalledWith({ kind: 'success', title: 'Copied 2 elements for your agent' })
})
