// @vitest-environment happy-dom
import { act, Component, createElement as h, memo, type ReactNode, useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { InspectError, TEMPO_FUNCTION_TYPE, TEMPO_OBJECT_TYPE } from '../../protocol/messages.ts'
import { InspectorContext } from '../core/context.ts'
import { inspectElement, logStateAndProps } from './state-and-props.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root | null = null
afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

type Tagged = { 'data-tempo-id'?: string }

function Card({
  title,
  children,
}: Tagged & { title: string; onOpen?: () => void; style?: object; children?: ReactNode }) {
  const [open] = useState(false)
  const [filters] = useState({ q: '' })
  return h(
    'section',
    { 'data-tempo-id': 'card-section', 'data-open': open, 'data-q': filters.q },
    title,
    children,
  )
}
const Row = memo(
  function Row({ label }: Tagged & { label: string }) {
    const [count] = useState(1)
    return h('li', { 'data-tempo-id': 'row-li' }, label, count)
  },
  () => false,
)
class Counter extends Component<{ start: number }, { count: number; history: number[] }> {
  override state = { count: this.props.start, history: [] }
  override render() {
    return h('output', { 'data-tempo-id': 'counter-output' }, this.state.count)
  }
}
function App() {
  return h(
    'main',
    { 'data-tempo-id': 'app-main' },
    h(
      Card,
      { 'data-tempo-id': 'use-card-1', title: 'One', onOpen: () => {}, style: { color: 'red' } },
      h('b', { 'data-tempo-id': 'app-b' }),
    ),
    h(Card, { 'data-tempo-id': 'use-card-2', title: 'Two' }),
    h(
      'ul',
      null,
      h(Row, { 'data-tempo-id': 'use-row', label: 'a' }),
      h(Row, { 'data-tempo-id': 'use-row', label: 'b' }),
    ),
    h(Counter, { 'data-tempo-id': 'use-counter', start: 5 } as { start: number }),
  )
}

function setup(withApp = true) {
  if (withApp) {
    const container = document.createElement('div')
    document.body.appendChild(container)
    root = createRoot(container)
    act(() => root?.render(h(App)))
  }
  const log = vi.spyOn(console, 'log').mockImplementation(() => {})
  return { context: new InspectorContext(window), log }
}

describe('inspectElement', () => {
  test('the component that renders an element: props and state with objects and functions replaced', () => {
    const { context, log } = setup()
    const result = inspectElement(context, { componentName: 'Card', tempoElementID: 'app-b' })
    expect(result).toEqual({
      id: 'use-card-1',
      props: {
        title: 'One',
        onOpen: TEMPO_FUNCTION_TYPE,
        style: TEMPO_OBJECT_TYPE,
        children: TEMPO_OBJECT_TYPE,
      },
      state: [false, TEMPO_OBJECT_TYPE],
    })
    expect(log).toHaveBeenCalledWith('[visual-edit] Card', result)
    expect(inspectElement(context, { componentName: 'App', tempoElementID: 'app-b' })).toMatchObject({
      id: null,
      state: null,
    })
    expect(inspectElement(context, { componentName: 'Counter', tempoElementID: 'counter-output' })).toEqual({
      id: 'use-counter',
      props: { start: 5 },
      state: { count: 5, history: TEMPO_OBJECT_TYPE },
    })
  })

  test('a component usage by its own id, and componentElementId choosing among instances', () => {
    const { context } = setup()
    expect(
      inspectElement(context, { componentName: 'Card', tempoElementID: 'use-card-2', isComponent: true }),
    ).toMatchObject({
      id: 'use-card-2',
      props: { title: 'Two' },
    })
    // card-section is rendered by both usages: componentElementId says which one.
    expect(
      inspectElement(context, {
        componentName: 'Card',
        tempoElementID: 'card-section',
        componentElementId: 'use-card-2',
      }),
    ).toMatchObject({ props: { title: 'Two' } })
    expect(
      inspectElement(context, { componentName: 'Card', componentElementId: 'use-card-1' }),
    ).toMatchObject({
      props: { title: 'One' },
    })
    // memo(Row): the instance inside the wrapper, which holds the state.
    expect(inspectElement(context, { componentName: 'Row', tempoElementID: 'row-li' })).toEqual({
      id: 'use-row',
      props: { label: 'a' },
      state: [1],
    })
    expect(inspectElement(context, { componentName: 'Counter' })).toMatchObject({ props: { start: 5 } })
  })

  test('each error of the spec, when it applies', () => {
    const { context } = setup()
    const inspect = (payload: Parameters<typeof inspectElement>[1]) => () => inspectElement(context, payload)
    expect(inspect({ tempoElementID: 'app-b' })).toThrow(InspectError.NO_COMPONENT_NAME)
    expect(inspect({ componentName: '', tempoElementID: 'app-b' })).toThrow(InspectError.NO_COMPONENT_NAME)
    expect(inspect({ componentName: 'Card', tempoElementID: 'tempo-nowhere' })).toThrow(
      InspectError.ELEMENT_NOT_FOUND,
    )
    // Rendered by React, but not inside a Card.
    expect(inspect({ componentName: 'Card', tempoElementID: 'counter-output' })).toThrow(
      InspectError.COMPONENT_NOT_FOUND,
    )
    expect(
      inspect({ componentName: 'Card', tempoElementID: 'app-b', componentElementId: 'use-card-2' }),
    ).toThrow(InspectError.COMPONENT_NOT_FOUND)
    expect(inspect({ componentName: 'Missing' })).toThrow(InspectError.COMPONENT_NOT_FOUND)
    // In the page, but not rendered by React.
    const plain = document.createElement('div')
    plain.setAttribute('data-tempo-id', 'static-div')
    document.body.appendChild(plain)
    expect(inspect({ componentName: 'Card', tempoElementID: 'static-div' })).toThrow(
      InspectError.NO_COMPONENT_FOUND,
    )
  })

  test('no React on the page', () => {
    const { context } = setup(false)
    expect(() => inspectElement(context, { componentName: 'Card' })).toThrow(InspectError.NO_COMPONENT_FOUND)
  })
})

describe('logStateAndProps', () => {
  test('logs every mounted instance once, sanitised', () => {
    const { context, log } = setup()
    const cards = logStateAndProps(context, 'Card')
    expect(cards.map((card) => card.props.title)).toEqual(['One', 'Two'])
    expect(cards[0]?.state).toEqual([false, TEMPO_OBJECT_TYPE])
    expect(log).toHaveBeenCalledTimes(2)
    expect(logStateAndProps(context, 'Row').map((row) => row.props.label)).toEqual(['a', 'b'])
    log.mockClear()
    expect(logStateAndProps(context, 'Nothing')).toEqual([])
    expect(log).toHaveBeenCalledWith('[visual-edit] no mounted instance of Nothing')
  })
})
