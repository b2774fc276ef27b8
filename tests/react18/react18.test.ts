// @vitest-environment happy-dom
/**
 * The inspector runtime against a real React 18 (this folder's own react and react-dom 18.3.1; the
 * rest of the repository runs React 19): the navigation tree's component nodes, their props and
 * scope, a refresh after React re-rendered, state-and-props inspection, and a legacy
 * `ReactDOM.render` root, which React 19 no longer has.
 */
import {
  act,
  Component,
  Fragment,
  forwardRef,
  createElement as h,
  memo,
  type ReactNode,
  useState,
  version,
} from 'react'
import * as ReactDOM from 'react-dom'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  TEMPO_FUNCTION_TYPE,
  TEMPO_OBJECT_TYPE,
} from '../../packages/vite-plugin-visual-edit/src/protocol/messages.ts'
import type { NavTreeNode } from '../../packages/vite-plugin-visual-edit/src/protocol/nav-tree-node.ts'
import { PropType } from '../../packages/vite-plugin-visual-edit/src/protocol/nav-tree-node.ts'
import { InspectorContext } from '../../packages/vite-plugin-visual-edit/src/runtime/core/context.ts'
import {
  inspectElement,
  logStateAndProps,
} from '../../packages/vite-plugin-visual-edit/src/runtime/react/state-and-props.ts'
import {
  createNavTree,
  NAV_TREE_MEASURE,
} from '../../packages/vite-plugin-visual-edit/src/runtime/tree/nav-tree.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

type Tagged = { 'data-tempo-id'?: string }

let cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.reverse()) cleanup()
  cleanups = []
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

let bump: (() => void) | null = null
function Card({
  title,
  children,
}: Tagged & { title: string; onOpen?: () => void; style?: object; children?: ReactNode }) {
  const [opened] = useState(false)
  const [filters] = useState({ q: '' })
  return h(
    'section',
    { 'data-tempo-id': 'card-section', className: 'card', 'data-open': opened, 'data-q': filters.q },
    h('h2', { 'data-tempo-id': 'card-h2' }, title),
    children,
  )
}
const Row = memo(function Row({ label }: Tagged & { label: string }) {
  return h('li', { 'data-tempo-id': 'row-li' }, label)
})
const Field = forwardRef<HTMLInputElement, Tagged & { name: string }>(function Field(props, ref) {
  return h('input', { ref, name: props.name, 'data-tempo-id': 'field-input' })
})
function Pair() {
  return h(Fragment, null, h('b', { 'data-tempo-id': 'pair-b' }), h('i', { 'data-tempo-id': 'pair-i' }))
}
class Counter extends Component<Tagged & { start: number }, { count: number; history: number[] }> {
  override state = { count: this.props.start, history: [] }
  override render() {
    return h('output', { 'data-tempo-id': 'counter-output' }, this.state.count)
  }
}
const openCard = function openCard() {}
function App() {
  const [clicks, setClicks] = useState(0)
  bump = () => setClicks((count) => count + 1)
  return h(
    'main',
    { 'data-tempo-id': 'app-main' },
    h(
      Card,
      { 'data-tempo-id': 'use-card', title: `Plans ${clicks}`, onOpen: openCard, style: { color: 'red' } },
      h('span', { 'data-tempo-id': 'app-span' }, 'x'),
    ),
    h(
      'ul',
      { 'data-tempo-id': 'app-ul' },
      h(Row, { 'data-tempo-id': 'use-row', label: 'one', key: 1 }),
      h(Row, { 'data-tempo-id': 'use-row', label: 'two', key: 2 }),
    ),
    h(Field, { 'data-tempo-id': 'use-field', name: 'email' }),
    h(Pair, { 'data-tempo-id': 'use-pair' } as object),
    h(Counter, { 'data-tempo-id': 'use-counter', start: 5 }),
  )
}

const APP_OUTLINE = [
  'use-app@0-0-0-App App',
  '  app-main@0-0-0 main',
  '    use-card@0-0-0-0-Card Card',
  '      card-section@0-0-0-0 section',
  '        card-h2@0-0-0-0-0 h2',
  '        app-span@0-0-0-0-1 span',
  '    app-ul@0-0-0-1 ul',
  '      use-row@0-0-0-1-0-Row Row',
  '        row-li@0-0-0-1-0 li',
  '      use-row@0-0-0-1-1-Row Row',
  '        row-li@0-0-0-1-1 li',
  '    use-field@0-0-0-2-Field Field',
  '      field-input@0-0-0-2 input',
  '    use-pair@0-0-0-3-Pair Pair',
  '      pair-b@0-0-0-3 b',
  '      pair-i@0-0-0-4 i',
  '    use-counter@0-0-0-5-Counter Counter',
  '      counter-output@0-0-0-5 output',
]

/** Renders the app into #root with React 18's createRoot, or its legacy ReactDOM.render. */
function render(legacy = false) {
  const container = document.createElement('div')
  container.id = 'root'
  document.body.appendChild(container)
  const app = h(App, { 'data-tempo-id': 'use-app' } as object)
  if (legacy) {
    // React 18 still has the legacy root (React 19 removed it; so do @types/react-dom 19's typings).
    const legacyDom = ReactDOM as unknown as {
      render: (node: ReactNode, container: Element) => void
      unmountComponentAtNode: (container: Element) => boolean
    }
    vi.spyOn(console, 'error').mockImplementation(() => {})
    act(() => legacyDom.render(app, container))
    cleanups.push(() => act(() => void legacyDom.unmountComponentAtNode(container)))
  } else {
    const root = createRoot(container)
    act(() => root.render(app))
    cleanups.push(() => act(() => root.unmount()))
  }
}

function setup() {
  const context = new InspectorContext(window)
  const tree = createNavTree(context)
  cleanups.push(() => {
    tree.stop()
    context.stop()
  })
  return { context, tree }
}

function outline(nodes: readonly NavTreeNode[]): string[] {
  return nodes.map(
    (node) => `${'  '.repeat(node.level)}${node.key.codebaseId}@${node.key.uniquePath} ${node.name}`,
  )
}

const byId = (nodes: readonly NavTreeNode[], id: string) =>
  nodes.find((node) => node.key.codebaseId === id) as NavTreeNode

test('this suite runs React 18, not the root React 19', () => {
  expect(version).toMatch(/^18\./)
  expect((ReactDOM as { version: string }).version).toMatch(/^18\./)
})

describe('navigation tree', () => {
  test('component nodes, names, scopes and props from React 18 fibers', async () => {
    render()
    const { tree } = setup()
    await tree.rebuild()
    const nodes = tree.nodes
    expect(outline(nodes)).toEqual(APP_OUTLINE)
    const card = byId(nodes, 'use-card')
    expect(card).toMatchObject({ isComponent: true, elementTagName: 'section', scope: 'App' })
    expect(card.props).toEqual({
      title: { type: PropType.LITERAL, value: 'Plans 0' },
      onOpen: { type: PropType.FUNCTION, value: 'openCard' },
      style: { type: PropType.JSON_OBJECT, value: '{"color":"red"}' },
    })
    expect(byId(nodes, 'card-section').scope).toBe('Card')
    expect(byId(nodes, 'app-span').scope).toBe('App')
    expect(byId(nodes, 'counter-output').scope).toBe('Counter')
    expect(byId(nodes, 'field-input').props).toEqual({ name: { type: PropType.LITERAL, value: 'email' } })
  })

  test('a re-render refreshes the last tree to what a whole walk gives', async () => {
    render()
    const { tree } = setup()
    await tree.rebuild()
    tree.start()
    performance.clearMeasures(NAV_TREE_MEASURE)
    // React 18 renders into the fibers' alternates: the refresh must follow them.
    act(() => bump?.())
    await vi.waitFor(
      () => {
        if (performance.getEntriesByName(NAV_TREE_MEASURE).length === 0) throw new Error('no refresh yet')
      },
      { timeout: 3000, interval: 10 },
    )
    const measure = performance.getEntriesByName(NAV_TREE_MEASURE)[0] as PerformanceMeasure
    expect((measure.detail as { kind: string }).kind).toBe('refresh')
    const refreshed = tree.nodes
    expect(byId(refreshed, 'use-card').props?.title).toEqual({ type: PropType.LITERAL, value: 'Plans 1' })
    expect(byId(refreshed, 'card-h2').literalChildren).toEqual(['Plans 1'])
    await tree.rebuild()
    expect(refreshed).toEqual(tree.nodes)
  })

  test('a component whose output is only a portal sits above the portaled elements, after a re-render too', async () => {
    let toggle: (() => void) | null = null
    function Modal({ children }: Tagged & { children?: ReactNode }) {
      return ReactDOM.createPortal(h('div', { 'data-tempo-id': 'modal-div' }, children), document.body)
    }
    function Page() {
      const [count, setCount] = useState(0)
      toggle = () => setCount((value) => value + 1)
      return h(
        'main',
        { 'data-tempo-id': 'page-main' },
        h(Modal, { 'data-tempo-id': 'use-modal' }, h('b', { 'data-tempo-id': 'modal-b' }, `shown ${count}`)),
      )
    }
    const container = document.createElement('div')
    document.body.appendChild(container)
    const root = createRoot(container)
    act(() => root.render(h(Page, { 'data-tempo-id': 'use-page' } as object)))
    cleanups.push(() => act(() => root.unmount()))
    const { tree } = setup()
    await tree.rebuild()
    const expected = [
      'SKIP-ROOT@0 body',
      '  use-page@0-0-0-Page Page',
      '    page-main@0-0-0 main',
      '  use-modal@0-1-Modal Modal',
      '    modal-div@0-1 div',
      '      modal-b@0-1-0 b',
    ]
    expect(outline(tree.nodes)).toEqual(expected)
    // React 18 renders into the alternates: the walk up through the portal follows the current tree.
    act(() => toggle?.())
    await tree.rebuild()
    expect(outline(tree.nodes)).toEqual(expected)
    expect(byId(tree.nodes, 'modal-b').literalChildren).toEqual(['shown 1'])
  })

  test('a legacy ReactDOM.render root gives the same tree', async () => {
    render(true)
    const { tree } = setup()
    await tree.rebuild()
    expect(outline(tree.nodes)).toEqual(APP_OUTLINE)
  })
})

describe('state and props', () => {
  test('inspectElement: props and hook state, objects and functions replaced; memo and class instances', () => {
    render()
    const { context } = setup()
    vi.spyOn(console, 'log').mockImplementation(() => {})
    expect(inspectElement(context, { componentName: 'Card', tempoElementID: 'app-span' })).toEqual({
      id: 'use-card',
      props: {
        title: 'Plans 0',
        onOpen: TEMPO_FUNCTION_TYPE,
        style: TEMPO_OBJECT_TYPE,
        children: TEMPO_OBJECT_TYPE,
      },
      state: [false, TEMPO_OBJECT_TYPE],
    })
    expect(inspectElement(context, { componentName: 'Row', tempoElementID: 'row-li' })).toMatchObject({
      id: 'use-row',
      props: { label: 'one' },
    })
    expect(inspectElement(context, { componentName: 'Counter', tempoElementID: 'counter-output' })).toEqual({
      id: 'use-counter',
      props: { start: 5 },
      state: { count: 5, history: TEMPO_OBJECT_TYPE },
    })
  })

  test('logStateAndProps finds every instance, class state included, in a legacy root too', () => {
    for (const legacy of [false, true]) {
      render(legacy)
      const { context } = setup()
      vi.spyOn(console, 'log').mockImplementation(() => {})
      expect(logStateAndProps(context, 'Row').map((row) => row.props.label)).toEqual(['one', 'two'])
      const [counter] = logStateAndProps(context, 'Counter')
      expect(counter?.props.start).toBe(5)
      expect(counter?.state).toEqual({ count: 5, history: TEMPO_OBJECT_TYPE })
      for (const cleanup of cleanups.reverse()) cleanup()
      cleanups = []
      document.body.innerHTML = ''
    }
  })
})
