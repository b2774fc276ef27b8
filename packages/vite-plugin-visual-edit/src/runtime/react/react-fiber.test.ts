// @vitest-environment happy-dom
import {
  act,
  Component,
  cloneElement,
  Fragment,
  forwardRef,
  createElement as h,
  memo,
  type ReactElement,
  type ReactNode,
  useReducer,
  useRef,
  useState,
} from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, test } from 'vitest'
import {
  codebaseIdOfFiber,
  componentFibersAbove,
  componentName,
  describeReactElement,
  type Fiber,
  FiberTag,
  fiberOf,
  findRootFibers,
  hostElementsOf,
  isReactElement,
  ownerOf,
  propsOf,
  scopeOf,
  stateOf,
  typeName,
} from './react-fiber.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root | null = null
afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.innerHTML = ''
})

function render(node: ReactNode): HTMLElement {
  const container = document.createElement('div')
  container.id = 'root'
  document.body.appendChild(container)
  root = createRoot(container)
  act(() => root?.render(node))
  return container
}

function Card({ title, children }: { title: string; children?: ReactNode }) {
  const [count] = useState(3)
  const ref = useRef(0)
  const [mode] = useReducer((state: string) => state, 'open')
  return h(
    'section',
    { className: 'card', 'data-count': count + ref.current, 'data-mode': mode },
    h('h2', null, title),
    children,
  )
}
const Row = memo(function Row({ label }: { label: string }) {
  return h('li', null, label)
})
const CardWithCompare = memo(Card, () => false)
CardWithCompare.displayName = 'FancyCard'
const Input = forwardRef<HTMLInputElement, { name: string }>(function Input(props, ref) {
  return h('input', { ref, name: props.name })
})
const AnonymousInput = forwardRef<HTMLInputElement>((_props, ref) => h('input', { ref, id: 'anonymous' }))
const MemoInput = memo(
  forwardRef<HTMLInputElement, { name: string }>(function Inner(props, ref) {
    return h('input', { ref, name: props.name, id: 'memo-input' })
  }),
)
class Counter extends Component<{ start: number }, { count: number }> {
  override state = { count: this.props.start }
  override render() {
    return h('output', null, this.state.count)
  }
}
function Pair() {
  return h(Fragment, null, h('b', null, 'one'), h('i', null, 'two'))
}
function App() {
  return h(
    'main',
    null,
    h(Card, { title: 'Plans' }, h('span', { id: 'passed' }, 'child')),
    h('ul', null, h(Row, { label: 'first' })),
    h(Input, { name: 'email' }),
    h(AnonymousInput),
    h(MemoInput, { name: 'memo' }),
    h(CardWithCompare, { title: 'Fancy' }),
    h(Counter, { start: 7 }),
    h(Pair),
  )
}

const $ = (selector: string) => document.querySelector(selector) as Element
const chainNames = (selector: string) =>
  componentFibersAbove(fiberOf($(selector)) as Fiber).map((fiber) => [fiber.tag, componentName(fiber)])

describe('fibers of a React 19 render', () => {
  test('fiberOf finds the host fiber of rendered elements only', () => {
    render(h(App))
    const fiber = fiberOf($('main'))
    expect(fiber?.tag).toBe(FiberTag.HostComponent)
    expect(fiber?.stateNode).toBe($('main'))
    const outsider = document.createElement('div')
    document.body.appendChild(outsider)
    expect(fiberOf(outsider)).toBeNull()
  })

  test('the component chain between an element and its host parent, outermost first', () => {
    render(h(App))
    expect(chainNames('main')).toEqual([[FiberTag.FunctionComponent, 'App']])
    expect(chainNames('section')).toEqual([[FiberTag.FunctionComponent, 'Card']])
    // memo() of a plain function: one SimpleMemoComponent fiber.
    expect(chainNames('li')).toEqual([[FiberTag.SimpleMemoComponent, 'Row']])
    expect(chainNames('input[name="email"]')).toEqual([[FiberTag.ForwardRef, 'Input']])
    // memo() of a forwardRef: the memo fiber and the forwardRef fiber, both named after the render function.
    expect(chainNames('#memo-input')).toEqual([
      [FiberTag.MemoComponent, 'Inner'],
      [FiberTag.ForwardRef, 'Inner'],
    ])
    expect(chainNames('output')).toEqual([[FiberTag.ClassComponent, 'Counter']])
    expect(chainNames('#passed')).toEqual([])
    expect(chainNames('b')).toEqual([[FiberTag.FunctionComponent, 'Pair']])
  })

  test('display names: displayName first, memo and forwardRef resolved, anonymous is null', () => {
    render(h(App))
    const sections = document.querySelectorAll('section')
    const fancy = componentFibersAbove(fiberOf(sections[1] as Element) as Fiber)
    expect(fancy.map(componentName)).toEqual(['FancyCard', 'Card'])
    expect(componentFibersAbove(fiberOf($('#anonymous')) as Fiber).map(componentName)).toEqual([null])
    expect(typeName(Row)).toBe('Row')
    expect(typeName(Input)).toBe('Input')
    expect(typeName('div')).toBeNull()
  })

  test('owner and scope: the component whose code created the element', () => {
    render(h(App))
    expect(scopeOf(fiberOf($('section')) as Fiber)).toBe('Card')
    // Children passed to Card are created by App.
    expect(scopeOf(fiberOf($('#passed')) as Fiber)).toBe('App')
    const card = componentFibersAbove(fiberOf($('section')) as Fiber)[0] as Fiber
    expect(componentName(ownerOf(card) as Fiber)).toBe('App')
  })

  test('without _debugOwner (production builds) the nearest component ancestor is the scope', () => {
    render(h(App))
    const passed = fiberOf($('#passed')) as Fiber
    const production = { ...passed, _debugOwner: undefined }
    expect(scopeOf(production)).toBe('Card')
  })

  test('props, state and top host elements', () => {
    render(h(App))
    const card = componentFibersAbove(fiberOf($('section')) as Fiber)[0] as Fiber
    expect(propsOf(card)).toMatchObject({ title: 'Plans' })
    expect(stateOf(card)).toEqual([3, 'open'])
    const counter = componentFibersAbove(fiberOf($('output')) as Fiber)[0] as Fiber
    expect(stateOf(counter)).toEqual({ count: 7 })
    const pair = componentFibersAbove(fiberOf($('b')) as Fiber)[0] as Fiber
    expect(hostElementsOf(pair)).toEqual([$('b'), $('i')])
    expect(hostElementsOf(card)).toEqual([$('section')])
    expect(propsOf(fiberOf($('li')) as Fiber)).toMatchObject({ children: 'first' })
  })

  test('fiberOf returns the committed fiber, not the stale alternate, after updates', () => {
    function Toggle({ on }: { on: boolean }) {
      return h('div', { id: 'toggle', className: on ? 'on' : 'off' })
    }
    render(h(Toggle, { on: false }))
    for (const on of [true, false, true, false, true]) {
      act(() => root?.render(h(Toggle, { on })))
      expect(propsOf(fiberOf($('#toggle')) as Fiber).className).toBe(on ? 'on' : 'off')
      expect(propsOf(componentFibersAbove(fiberOf($('#toggle')) as Fiber)[0] as Fiber).on).toBe(on)
    }
  })

  test('findRootFibers finds every root, even an empty one', () => {
    render(h(App))
    const other = document.createElement('div')
    document.body.appendChild(other)
    const second = createRoot(other)
    act(() => second.render(null))
    const roots = findRootFibers(document)
    expect(roots).toHaveLength(2)
    expect(roots.every((fiber) => fiber.tag === FiberTag.HostRoot)).toBe(true)
    act(() => second.unmount())
  })

  test('React elements as values', () => {
    expect(isReactElement(h(Card, { title: 'x' }))).toBe(true)
    expect(isReactElement({ type: 'div' })).toBe(false)
    expect(describeReactElement(h(Card, { title: 'x' }))).toBe('<Card />')
    expect(describeReactElement(h('div'))).toBe('<div />')
  })
})

describe('React 18 shapes', () => {
  test('legacy elements, the indeterminate tag and _debugOwner fibers', () => {
    const hostRoot = { tag: FiberTag.HostRoot, return: null } as unknown as Fiber
    function Legacy() {
      return null
    }
    const component = {
      tag: FiberTag.IndeterminateComponent,
      type: Legacy,
      elementType: Legacy,
      return: hostRoot,
      memoizedProps: { 'data-tempo-id': 'tempo-x' },
    } as unknown as Fiber
    const element = document.createElement('p')
    const host = {
      tag: FiberTag.HostComponent,
      type: 'p',
      stateNode: element,
      return: component,
      alternate: null,
      memoizedProps: {},
      _debugOwner: component,
    } as unknown as Fiber
    ;(element as unknown as Record<string, unknown>).__reactFiber$abc123 = host
    expect(fiberOf(element)).toBe(host)
    expect(componentFibersAbove(host).map(componentName)).toEqual(['Legacy'])
    expect(scopeOf(host)).toBe('Legacy')
    expect(isReactElement({ $$typeof: Symbol.for('react.element'), type: 'div', props: {} })).toBe(true)
  })
})

describe('the codebase id of a component usage', () => {
  const registry = () => {
    const key = Symbol.for('visual-edit.component-ids')
    const global = globalThis as Record<symbol, WeakMap<object, string>>
    global[key] ??= new WeakMap()
    return global[key]
  }

  test('its prop, else the registry by props, then by what a clone keeps (React 19 stack, React 18 source)', () => {
    const fiber = (extra: Partial<Fiber>) =>
      ({ tag: FiberTag.FunctionComponent, memoizedProps: {}, ...extra }) as Fiber
    expect(codebaseIdOfFiber(fiber({ memoizedProps: { 'data-tempo-id': 'tempo-prop' } }))).toBe('tempo-prop')
    const props = {}
    registry().set(props, 'tempo-props')
    expect(codebaseIdOfFiber(fiber({ memoizedProps: props }))).toBe('tempo-props')
    // A clone: other props, the same debug stack (React 19) or source (React 18).
    const stack = new Error('stack')
    registry().set(stack, 'tempo-stack')
    expect(codebaseIdOfFiber(fiber({ memoizedProps: {}, _debugStack: stack }))).toBe('tempo-stack')
    const source = { fileName: 'A.tsx' }
    registry().set(source, 'tempo-source')
    expect(codebaseIdOfFiber(fiber({ memoizedProps: {}, _debugSource: source }))).toBe('tempo-source')
    // A stack React shared between elements names none.
    const shared = new Error('shared')
    registry().set(shared, '')
    expect(codebaseIdOfFiber(fiber({ memoizedProps: {}, _debugStack: shared }))).toBeUndefined()
    expect(codebaseIdOfFiber(fiber({ memoizedProps: {} }))).toBeUndefined()
  })

  test('an element cloned by its parent keeps the id its helper recorded (React 19 dev)', () => {
    function External(props: { label: string }) {
      return h('span', null, props.label)
    }
    const element = h(External, { label: 'x' }) as unknown as { props: object; _debugStack?: object }
    registry().set(element.props, 'tempo-external')
    if (element._debugStack) registry().set(element._debugStack, 'tempo-external')
    function Slot({ children }: { children: ReactNode }) {
      return cloneElement(children as ReactElement<{ label: string }>, { label: 'cloned' })
    }
    const container = render(h(Slot, null, element as unknown as ReactNode))
    const span = container.querySelector('span') as HTMLElement
    const [usage] = componentFibersAbove(fiberOf(span) as Fiber).filter(
      (candidate) => candidate.type === External,
    )
    expect(propsOf(usage as Fiber)).not.toBe(element.props)
    expect(codebaseIdOfFiber(usage as Fiber)).toBe('tempo-external')
  })
})
