// @vitest-environment happy-dom
import { act, Fragment, forwardRef, createElement as h, memo, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { elementKeysEqual } from '../../protocol/element-key.ts'
import { EMPTY_TREE_CODEBASE_ID, SKIP_ROOT_CODEBASE_ID } from '../../protocol/ids.ts'
import { type NavTreePayload, OutboundEvent } from '../../protocol/messages.ts'
import { type NavTreeNode, PropType } from '../../protocol/nav-tree-node.ts'
import { decodeNavTree } from '../../protocol/nav-tree-wire.ts'
import { LOADER_REBUILD_DELAY_MS, NAV_TREE_REBUILD_DELAY_MS } from '../core/constants.ts'
import { InspectorContext } from '../core/context.ts'
import { boundedJson, encodeProps } from '../react/node-props.ts'
import { createNavTree, FRAME_WAIT_MS, NAV_TREE_MEASURE, type NavTree } from './nav-tree.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const OVERLAY = 'data-visual-edit-overlay'
let cleanups: (() => void)[] = []
beforeEach(() => {
  window.history.replaceState(null, '', '/')
})
afterEach(() => {
  for (const cleanup of cleanups.reverse()) cleanup()
  cleanups = []
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

function setup(options: { search?: string; connect?: boolean } = {}) {
  if (options.search) window.history.replaceState(null, '', `/${options.search}`)
  const context = new InspectorContext(window)
  const tree = createNavTree(context)
  const sent: NavTreePayload[] = []
  if (options.connect) {
    const channel = new MessageChannel()
    channel.port1.onmessage = (event) => {
      const data = event.data as { type: string; payload: NavTreePayload }
      if (data.type === OutboundEvent.NAV_TREE) sent.push(data.payload)
    }
    context.connect(channel.port2)
    cleanups.push(() => channel.port1.close())
  }
  cleanups.push(() => {
    tree.stop()
    context.stop()
  })
  return { context, tree, sent }
}

let root: Root | null = null
function render(node: ReactNode) {
  const container = document.createElement('div')
  container.id = 'root'
  document.body.appendChild(container)
  root = createRoot(container)
  act(() => root?.render(node))
  cleanups.push(() => {
    act(() => root?.unmount())
    root = null
  })
}

/** Builds and returns the tree as node objects. */
async function built(tree: NavTree): Promise<readonly NavTreeNode[]> {
  await tree.rebuild()
  return tree.nodes
}

/** `codebaseId@uniquePath` of every node, indented by level: the tree at a glance. */
function outline(nodes: readonly NavTreeNode[]): string[] {
  return nodes.map(
    (node) => `${'  '.repeat(node.level)}${node.key.codebaseId}@${node.key.uniquePath} ${node.name}`,
  )
}

const waitFor = (predicate: () => boolean, timeout = 3000) =>
  vi.waitFor(
    () => {
      if (!predicate()) throw new Error('not yet')
    },
    { timeout, interval: 10 },
  )

describe('tree rules', () => {
  test('untagged elements are skipped and their tagged descendants re-parented', async () => {
    document.body.innerHTML = `
      <div data-tempo-id="a">
        <span><p data-tempo-id="b">hello <em>x</em> world</p></span>
        <section><div><i data-tempo-id="c"></i></div></section>
      </div>`
    const { tree } = setup()
    const nodes = await built(tree)
    expect(outline(nodes)).toEqual(['a@0-0 div', '  b@0-0-0-0 p', '  c@0-0-1-0-0 i'])
    expect(nodes[1]?.parent).toBe(0)
    expect(nodes[0]?.children).toEqual([1, 2])
    expect(nodes[1]?.literalChildren).toEqual(['hello', 'world'])
    expect(nodes[0]?.literalChildren).toBeUndefined()
  })

  test('one top node is the root; none gives EMPTY-TREE; several hang under SKIP-ROOT', async () => {
    const { tree } = setup()
    document.body.innerHTML = '<div><p>untagged</p></div>'
    expect(outline(await built(tree))).toEqual([`${EMPTY_TREE_CODEBASE_ID}@0 body`])

    document.body.innerHTML = '<div data-tempo-id="only"><b data-tempo-id="kid"></b></div>'
    expect(outline(await built(tree))).toEqual(['only@0-0 div', '  kid@0-0-0 b'])

    document.body.innerHTML =
      '<div data-tempo-id="one"><b data-tempo-id="kid"></b></div><script></script><div data-tempo-id="two"></div>'
    const nodes = await built(tree)
    expect(outline(nodes)).toEqual([
      `${SKIP_ROOT_CODEBASE_ID}@0 body`,
      '  one@0-0 div',
      '    kid@0-0-0 b',
      '  two@0-2 div',
    ])
    expect(nodes[0]?.children).toEqual([1, 3])
    expect(nodes[2]?.parent).toBe(1)
    expect(nodes.map((node) => node.parent)).toEqual([null, 0, 1, 0])
  })

  test('the overlay host is never in the tree and never counted in unique paths', async () => {
    document.body.innerHTML = `
      <div ${OVERLAY}><div data-tempo-id="inside"></div></div>
      <main data-tempo-id="main"><b data-tempo-id="b"></b></main>`
    const { tree } = setup()
    expect(outline(await built(tree))).toEqual(['main@0-0 main', '  b@0-0-0 b'])
    expect(tree.keyOf(document.querySelector('[data-tempo-id="inside"]') as Element)).toBeNull()
  })

  test('STORY and COMPONENT storyboards keep only elements of the storyboard file', async () => {
    document.body.innerHTML = `
      <div data-tempo-id="frame"><div data-tempo-id="story"><b data-tempo-id="lib"></b><i data-tempo-id="story-i"></i></div></div>`
    const { context, tree } = setup({ search: '?type=STORY' })
    context.storyboardFile = 'src/Button.stories.tsx'
    context.lookups.set('frame', { file: 'src/Frame.tsx' })
    context.lookups.set('story', { file: 'src/Button.stories.tsx', classes: ['p-2'] })
    context.lookups.set('lib', { file: 'src/lib.tsx' })
    context.lookups.set('story-i', { file: 'src/Button.stories.tsx' })
    const nodes = await built(tree)
    expect(outline(nodes)).toEqual(['story@0-0-0 div', '  story-i@0-0-0-1 i'])
    expect(nodes[0]?.directlySetClassList).toEqual(['p-2'])

    // In the application storyboard every tagged element stays.
    const app = setup()
    expect(await built(app.tree)).toHaveLength(4)
  })

  test('node fields: classes, tag, box in page coordinates, empty fields omitted', async () => {
    document.body.innerHTML = '<button data-tempo-id="btn" class="px-2 font-bold">Go</button>'
    const button = document.querySelector('button') as Element
    vi.spyOn(button, 'getBoundingClientRect').mockReturnValue(new DOMRect(10.4, 20.6, 100.2, 30))
    Object.defineProperty(window, 'scrollY', { value: 500, configurable: true })
    cleanups.push(() => Object.defineProperty(window, 'scrollY', { value: 0, configurable: true }))
    const { tree, context } = setup()
    context.lookups.set('btn', { file: 'src/App.tsx', classes: ['px-2'] })
    const [node] = await built(tree)
    expect(node).toEqual({
      key: { codebaseId: 'btn', storyboardId: 'app', uniquePath: '0-0' },
      parent: null,
      children: [],
      name: 'button',
      elementTagName: 'button',
      isComponent: false,
      classList: ['px-2', 'font-bold'],
      directlySetClassList: ['px-2'],
      literalChildren: ['Go'],
      pageBoundingBox: { pageX: 10, pageY: 521, width: 100, height: 30 },
      level: 0,
    })
  })
})

/** The transform puts the usage's codebase id in every component's props. */
type Tagged = { 'data-tempo-id'?: string }

describe('component nodes from React', () => {
  function Card({ title, children }: Tagged & { title: string; children?: ReactNode; onOpen?: () => void }) {
    return h(
      'section',
      { 'data-tempo-id': 'card-section', className: 'card' },
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
  const Wrapped = memo(
    forwardRef<HTMLInputElement, Tagged & { name: string }>(function Wrapped(props, ref) {
      return h('input', { ref, name: props.name })
    }),
  )
  function Pair() {
    return h(Fragment, null, h('b', { 'data-tempo-id': 'pair-b' }), h('i', { 'data-tempo-id': 'pair-i' }))
  }
  function Untagged({ children }: { children?: ReactNode }) {
    return h('div', { className: 'untagged' }, children)
  }
  const onOpen = function openCard() {}
  function App() {
    return h(
      'main',
      { 'data-tempo-id': 'app-main' },
      h(
        Card,
        { 'data-tempo-id': 'use-card', title: 'Plans', onOpen },
        h('span', { 'data-tempo-id': 'app-span' }, 'x'),
      ),
      h(
        'ul',
        { 'data-tempo-id': 'app-ul' },
        h(Row, { 'data-tempo-id': 'use-row', label: 'one', key: 1 }),
        h(Row, { 'data-tempo-id': 'use-row', label: 'two', key: 2 }),
      ),
      h(Field, { 'data-tempo-id': 'use-field', name: 'email' }),
      h(Wrapped, { 'data-tempo-id': 'use-wrapped', name: 'w' }),
      h(Pair, { 'data-tempo-id': 'use-pair' }),
      h(Untagged, null, h('em', { 'data-tempo-id': 'app-em' })),
    )
  }

  test('the tree sent decodes to the tree the inspector keeps, paths and all', async () => {
    render(h(App, { 'data-tempo-id': 'use-app' } as object))
    // A second top node (a portal-like sibling of the root) puts the tree under SKIP-ROOT.
    document.body.insertAdjacentHTML(
      'beforeend',
      '<aside data-tempo-id="aside"><b data-tempo-id="aside-b"></b></aside>',
    )
    const { tree, sent } = setup({ connect: true })
    await tree.rebuild()
    await waitFor(() => sent.length === 1)
    const decoded = decodeNavTree((sent[0] as NavTreePayload).tree)
    expect(decoded).toEqual(tree.nodes)
    expect(decoded[0]?.key.codebaseId).toBe(SKIP_ROOT_CODEBASE_ID)
    expect(decoded.map((node) => node.key.uniquePath)).toContain('0-0-0-4-Pair')

    // One top node: the body is dropped and the root's path is whole.
    document.querySelector('aside')?.remove()
    await tree.rebuild()
    await waitFor(() => sent.length === 2)
    const rooted = decodeNavTree((sent[1] as NavTreePayload).tree)
    expect(rooted).toEqual(tree.nodes)
    expect(rooted[0]?.key.uniquePath).toBe('0-0-0-App')
  })

  test('a component whose output is only portals (a modal, a dialog) sits above their elements; a portal beside output in place stands alone', async () => {
    function Modal({ children }: Tagged & { children?: ReactNode }) {
      return createPortal(h('div', { 'data-tempo-id': 'modal-div' }, children), document.body)
    }
    function Dropdown() {
      return h(
        Fragment,
        null,
        h('button', { 'data-tempo-id': 'dropdown-button', type: 'button' }, 'open'),
        createPortal(h('ul', { 'data-tempo-id': 'dropdown-ul' }), document.body),
      )
    }
    // Its overlay and its content each in a portal of its own, as Radix's Dialog.Portal does.
    function Dialog() {
      return h(
        Fragment,
        null,
        createPortal(h('div', { 'data-tempo-id': 'dialog-overlay' }), document.body),
        createPortal(h('div', { 'data-tempo-id': 'dialog-content' }), document.body),
      )
    }
    function Page() {
      return h(
        'main',
        { 'data-tempo-id': 'page-main' },
        h('p', { 'data-tempo-id': 'page-p' }, 'text'),
        h(Modal, { 'data-tempo-id': 'use-modal' }, h('b', { 'data-tempo-id': 'modal-b' }, 'inside')),
        h(Dropdown, { 'data-tempo-id': 'use-dropdown' }),
        h(Dialog, { 'data-tempo-id': 'use-dialog' }),
      )
    }
    render(h(Page, { 'data-tempo-id': 'use-page' } as object))
    const { tree, sent } = setup({ connect: true })
    tree.start()
    const nodes = await built(tree)
    expect(outline(nodes)).toEqual([
      `${SKIP_ROOT_CODEBASE_ID}@0 body`,
      '  use-page@0-0-0-Page Page',
      '    page-main@0-0-0 main',
      '      page-p@0-0-0-0 p',
      '      use-dropdown@0-0-0-1-Dropdown Dropdown',
      '        dropdown-button@0-0-0-1 button',
      '  use-modal@0-1-Modal Modal',
      '    modal-div@0-1 div',
      '      modal-b@0-1-0 b',
      '  dropdown-ul@0-2 ul',
      '  use-dialog@0-3-Dialog Dialog',
      '    dialog-overlay@0-3 div',
      '    dialog-content@0-4 div',
    ])
    const modal = nodes.find((node) => node.key.codebaseId === 'use-modal') as NavTreeNode
    expect(modal.isComponent).toBe(true)
    expect(tree.elementsOf(modal.key)).toEqual([document.querySelector('[data-tempo-id="modal-div"]')])
    const dialog = nodes.find((node) => node.key.codebaseId === 'use-dialog') as NavTreeNode
    expect(tree.elementsOf(dialog.key)).toEqual([
      document.querySelector('[data-tempo-id="dialog-overlay"]'),
      document.querySelector('[data-tempo-id="dialog-content"]'),
    ])
    expect(elementsKeys(tree, 'modal-div')).toBe(true)
    expect(elementsKeys(tree, 'modal-b')).toBe(true)

    // A change inside the modal: the refresh gives the tree a whole walk gives.
    performance.clearMeasures(NAV_TREE_MEASURE)
    const added = document.createElement('i')
    added.setAttribute('data-tempo-id', 'modal-i')
    document.querySelector('[data-tempo-id="modal-b"]')?.append(added)
    await waitFor(() => sent.length === 2)
    const [measure] = performance.getEntriesByName(NAV_TREE_MEASURE) as PerformanceMeasure[]
    expect(measure?.detail).toMatchObject({ kind: 'refresh' })
    const refreshed = decodeNavTree((sent[1] as NavTreePayload).tree)
    expect(outline(refreshed)).toContain('        modal-i@0-1-0-0 i')
    expect(refreshed).toEqual(await built(tree))
  })

  test('component usages sit between the host parent and the elements they render', async () => {
    render(h(App, { 'data-tempo-id': 'use-app' } as object))
    const { tree } = setup()
    const nodes = await built(tree)
    expect(outline(nodes)).toEqual([
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
      // memo(forwardRef()) is one usage: one node.
      '    use-wrapped@0-0-0-3-Wrapped Wrapped',
      // A fragment: one component node over both elements.
      '    use-pair@0-0-0-4-Pair Pair',
      '      pair-b@0-0-0-4 b',
      '      pair-i@0-0-0-5 i',
      // Untagged component, untagged div: the em attaches to main.
      '    app-em@0-0-0-6-0 em',
    ])
    const card = nodes.find((node) => node.key.codebaseId === 'use-card') as NavTreeNode
    expect(card).toMatchObject({ isComponent: true, elementTagName: 'section', scope: 'App' })
    expect(card.props).toEqual({
      title: { type: PropType.LITERAL, value: 'Plans' },
      onOpen: { type: PropType.FUNCTION, value: 'openCard' },
    })
    const section = nodes.find((node) => node.key.codebaseId === 'card-section') as NavTreeNode
    expect([tree.isComponent(card.key), tree.isComponent(section.key)]).toEqual([true, false])
    expect(tree.isComponent({ ...card.key, uniquePath: '0-9' })).toBe(false)
    expect(section.scope).toBe('Card')
    expect(section.props).toBeUndefined()
    expect(nodes.find((node) => node.key.codebaseId === 'app-span')?.scope).toBe('App')
    const field = nodes.find((node) => node.key.codebaseId === 'field-input') as NavTreeNode
    expect(field.props).toEqual({ name: { type: PropType.LITERAL, value: 'email' } })
  })

  test('keyOf, elementsOf, parentOf, childrenOf and nodeOf answer from the last build', async () => {
    render(h(App, { 'data-tempo-id': 'use-app' } as object))
    const { tree } = setup()
    const nodes = await built(tree)
    const byId = (id: string, nth = 0) =>
      nodes.filter((node) => node.key.codebaseId === id)[nth] as NavTreeNode
    const [b, i] = [document.querySelector('b'), document.querySelector('i')] as Element[]
    expect(tree.elementsOf(byId('use-pair').key)).toEqual([b, i])
    expect(tree.elementsOf(byId('row-li', 1).key)).toEqual([document.querySelectorAll('li')[1]])
    expect(tree.keyOf(document.querySelector('h2') as Element)).toEqual(byId('card-h2').key)
    // The input inside Wrapped is untagged: its nearest node is the usage.
    expect(tree.keyOf(document.querySelector('input[name="w"]') as Element)).toEqual(byId('use-wrapped').key)
    expect(tree.keyOf(document.querySelector('.untagged') as Element)).toEqual(byId('app-main').key)
    expect(tree.parentOf(byId('card-section').key)?.key).toEqual(byId('use-card').key)
    expect(tree.childrenOf(byId('use-pair').key).map((node) => node.key.codebaseId)).toEqual([
      'pair-b',
      'pair-i',
    ])
    expect(tree.nodeOf(byId('use-field').key)?.name).toBe('Field')
    expect(tree.nodesWithCodebaseId('use-row')).toHaveLength(2)
    // The same instances as keys and page boxes, without their node objects.
    expect(tree.instancesWithCodebaseId('use-row')).toEqual(
      tree.nodesWithCodebaseId('use-row').map((node) => ({ key: node.key, box: node.pageBoundingBox })),
    )
    expect(tree.instancesWithCodebaseId('nope')).toEqual([])
    expect(tree.nodeOf({ codebaseId: 'nope', storyboardId: 'app', uniquePath: '0' })).toBeNull()
  })

  test('keys of elements that appeared since the build are computed as a build would', async () => {
    function List({ items }: { items: string[] }) {
      return h(
        'ul',
        { 'data-tempo-id': 'list-ul' },
        items.map((item) => h(Row, { 'data-tempo-id': 'use-row', label: item, key: item })),
      )
    }
    render(h(List, { items: ['a'] }))
    const { tree } = setup()
    await tree.rebuild()
    act(() => root?.render(h(List, { items: ['a', 'b'] })))
    const added = document.querySelectorAll('li')[1] as Element
    const computed = [
      tree.keyOf(added),
      tree.elementsOf({ codebaseId: 'use-row', storyboardId: 'app', uniquePath: '0-0-0-1-Row' }),
    ]
    const nodes = await built(tree)
    const row = nodes.filter((node) => node.key.codebaseId === 'row-li')[1] as NavTreeNode
    expect(computed[0]).toEqual(row.key)
    expect(computed[1]).toEqual([added])
    expect(tree.elementsOf(row.key)).toEqual([added])
  })

  test('a page changed since the build (moved, renamed) gives the keys a build would, before it runs', async () => {
    render(
      h(
        'ul',
        { 'data-tempo-id': 'list-ul' },
        h('li', { 'data-tempo-id': 'li-1' }, 'L1'),
        h('li', { 'data-tempo-id': 'li-2' }, 'L2'),
        h('li', { 'data-tempo-id': 'li-3' }, 'L3'),
      ),
    )
    const { tree } = setup()
    tree.start()
    const nodes = await built(tree)
    const [l1, l2, l3] = Array.from(document.querySelectorAll('li'))
    const pathOf = (id: string) => nodes.find((node) => node.key.codebaseId === id)?.key.uniquePath
    expect(tree.keyOf(l1 as Element)).toEqual({
      codebaseId: 'li-1',
      storyboardId: 'app',
      uniquePath: pathOf('li-1'),
    })
    // An instant update moves L3 first, a hot update renames L1: no build has seen either yet.
    l1?.parentElement?.insertBefore(l3 as Element, l1)
    l1?.setAttribute('data-tempo-id', 'li-1-renamed')
    expect(tree.keyOf(l1 as Element)).toEqual({
      codebaseId: 'li-1-renamed',
      storyboardId: 'app',
      uniquePath: pathOf('li-2'),
    })
    expect(tree.keyOf(l3 as Element)?.uniquePath).toBe(pathOf('li-1'))
    expect(tree.keyOf(l2 as Element)?.uniquePath).toBe(pathOf('li-3'))
    // The parent of a key the build does not have yet is read from the page: shift-click's sibling check.
    const copy = l1?.cloneNode(true) as Element
    copy.setAttribute('data-tempo-id', 'li-copy')
    l1?.after(copy)
    const copyKey = tree.keyOf(copy)
    expect(copyKey?.codebaseId).toBe('li-copy')
    expect(tree.parentOf(copyKey as never)).toBeNull()
    expect(tree.parentKeyOf(copyKey as never)).toEqual(tree.keyOf(l1?.parentElement as Element))
    expect(tree.parentKeyOf(copyKey as never)?.codebaseId).toBe('list-ul')
    copy.remove()
    // The next build agrees, and is trusted again.
    const rebuilt = await built(tree)
    expect(rebuilt.find((node) => node.key.codebaseId === 'li-1-renamed')?.key).toEqual(
      tree.keyOf(l1 as Element),
    )
  })

  test('props of components React rendered again above an element it did not (stale fibers)', async () => {
    // Outer renders again with a new title; memo(Inner) bails out, so React leaves the <p>'s fiber as
    // it was, its parent pointers on the old Inner and Outer fibers (whose props are the old ones).
    const Inner = memo(function Inner({ label }: Tagged & { label: string }) {
      return h('p', { 'data-tempo-id': 'inner-p' }, label)
    })
    function Outer(_props: Tagged & { title: string }) {
      return h(Inner, { 'data-tempo-id': 'use-inner', label: 'fixed' })
    }
    const titles = (nodes: readonly NavTreeNode[]) =>
      nodes.filter((node) => node.key.codebaseId === 'use-outer').map((node) => node.props?.title?.value)
    render(
      h('main', { 'data-tempo-id': 'shell-main' }, h(Outer, { 'data-tempo-id': 'use-outer', title: 'T0' })),
    )
    const { tree } = setup()
    expect(titles(await built(tree))).toEqual(['T0'])
    tree.start()
    for (const title of ['T1', 'T2', 'T3']) {
      performance.clearMeasures(NAV_TREE_MEASURE)
      act(() =>
        root?.render(
          h('main', { 'data-tempo-id': 'shell-main' }, h(Outer, { 'data-tempo-id': 'use-outer', title })),
        ),
      )
      // The refresh after the mutation-free re-render is not triggered: an explicit walk, then a
      // refresh after a DOM change elsewhere.
      expect(titles(await built(tree))).toEqual([title])
      document.body.appendChild(document.createElement('hr'))
      await waitFor(() => performance.getEntriesByName(NAV_TREE_MEASURE).length === 2)
      expect(titles(tree.nodes)).toEqual([title])
    }
  })
})

describe('props', () => {
  test('literals, functions and bounded JSON objects', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' }
    cyclic.self = cyclic
    const props = encodeProps(
      {
        title: 'x',
        count: 2,
        on: true,
        none: null,
        missing: undefined,
        onClick: function handleClick() {},
        arrow: () => {},
        style: { color: 'red', margin: [1, 2] },
        cyclic,
        icon: h('svg'),
        children: h('span'),
        big: 10n,
      },
      new Set(),
    )
    expect(props).toEqual({
      title: { type: PropType.LITERAL, value: 'x' },
      count: { type: PropType.LITERAL, value: 2 },
      on: { type: PropType.LITERAL, value: true },
      none: { type: PropType.LITERAL, value: null },
      onClick: { type: PropType.FUNCTION, value: 'handleClick' },
      arrow: { type: PropType.FUNCTION, value: 'arrow' },
      style: { type: PropType.JSON_OBJECT, value: '{"color":"red","margin":[1,2]}' },
      cyclic: { type: PropType.JSON_OBJECT, value: '{"name":"loop","self":"[Circular]"}' },
      icon: { type: PropType.JSON_OBJECT, value: '"<svg />"' },
      big: { type: PropType.LITERAL, value: '10' },
    })
    expect(encodeProps({ children: 'text' }, new Set())).toEqual({
      children: { type: PropType.LITERAL, value: 'text' },
    })
    expect(encodeProps({ 'data-tempo-id': 'x' }, new Set(['data-tempo-id']))).toBeUndefined()
  })

  test('one props object is encoded once per skipped set; a new props object is encoded again', () => {
    const skipped = new Set(['children'])
    const props = { title: 'x', style: { color: 'red' }, children: 'text' }
    const first = encodeProps(props, skipped)
    expect(encodeProps(props, skipped)).toBe(first)
    expect(encodeProps(props, new Set())).toEqual({
      ...first,
      children: { type: PropType.LITERAL, value: 'text' },
    })
    // React gives a re-rendered fiber a new props object: its new values are read.
    const next = encodeProps({ ...props, title: 'y' }, skipped)
    expect(next).not.toBe(first)
    expect(next?.title).toEqual({ type: PropType.LITERAL, value: 'y' })
    const none = { 'data-tempo-id': 'x' }
    expect(encodeProps(none, new Set(['data-tempo-id']))).toBeUndefined()
    expect(encodeProps(none, new Set(['data-tempo-id']))).toBeUndefined()
  })

  test('JSON stays small however large or deep the value', () => {
    const huge = Array.from({ length: 10_000 }, (_, index) => ({ index, text: 'y'.repeat(1000) }))
    const deep = { a: { b: { c: { d: { e: 1 } } } } }
    expect(boundedJson(huge).length).toBeLessThan(8000)
    expect(JSON.parse(boundedJson(huge)).at(-1)).toMatch(/more$/)
    expect(JSON.parse(boundedJson(deep))).toEqual({ a: { b: { c: '[Object]' } } })
    expect(JSON.parse(boundedJson({ el: document.body, when: new Date(0), set: new Set([1]) }))).toEqual({
      el: '[body]',
      when: '1970-01-01T00:00:00.000Z',
      set: '[Set(1)]',
    })
  })
})

describe('building and sending', () => {
  test('a build of many elements yields to animation frames in 10 ms slices', async () => {
    document.body.innerHTML = `<div data-tempo-id="root">${'<p data-tempo-id="p"><b></b></p>'.repeat(3000)}</div>`
    // A clock that advances 0.25 ms per read: a 10 ms slice is 40 reads.
    let clock = 0
    vi.spyOn(window.performance, 'now').mockImplementation(() => (clock += 0.25))
    let frames = 0
    const { tree } = setup()
    const original = window.requestAnimationFrame.bind(window)
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames++
      return original(callback)
    })
    const nodes = await built(tree)
    expect(nodes).toHaveLength(3001)
    // 6,001 elements, 16 per clock read, 40 reads per slice: about 640 elements per frame.
    expect(frames).toBeGreaterThanOrEqual(8)
    expect(frames).toBeLessThanOrEqual(12)
  })

  test('a page that gets no animation frames (a cross-origin frame off the screen) is still built, a slice per FRAME_WAIT_MS', async () => {
    document.body.innerHTML = `<div data-tempo-id="root">${'<p data-tempo-id="p"><b></b></p>'.repeat(3000)}</div>`
    let clock = 0
    vi.spyOn(window.performance, 'now').mockImplementation(() => (clock += 0.25))
    const { tree } = setup()
    const frames = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1)
    const cancelled = vi.spyOn(window, 'cancelAnimationFrame')
    const waits: number[] = []
    const setTimeout = window.setTimeout.bind(window)
    vi.spyOn(window, 'setTimeout').mockImplementation(((callback: () => void, ms?: number) => {
      waits.push(ms ?? 0)
      return setTimeout(callback, 0)
    }) as typeof window.setTimeout)
    const nodes = await built(tree)
    expect(nodes).toHaveLength(3001)
    expect(frames.mock.calls.length).toBeGreaterThanOrEqual(8)
    // Each slice waited for a frame that never came, then went on.
    expect(waits.filter((ms) => ms === FRAME_WAIT_MS)).toHaveLength(frames.mock.calls.length)
    expect(cancelled).toHaveBeenCalledTimes(frames.mock.calls.length)
  })

  test('sends the tree when connected, and the page HTML only once after requestHtml()', async () => {
    document.body.innerHTML = '<div data-tempo-id="a"></div>'
    const { tree, sent } = setup({ connect: true })
    await tree.rebuild()
    tree.requestHtml()
    await tree.rebuild()
    await tree.rebuild()
    await waitFor(() => sent.length === 3)
    expect(sent.map((payload) => 'html' in payload)).toEqual([false, true, false])
    expect(sent[1]?.html).toContain('data-tempo-id="a"')
    expect(decodeNavTree((sent[0] as NavTreePayload).tree)[0]?.key.codebaseId).toBe('a')
  })

  test('calls during a build share one follow-up build', async () => {
    document.body.innerHTML = `<div data-tempo-id="a">${'<p></p>'.repeat(2000)}</div>`
    const { tree, sent } = setup({ connect: true })
    let clock = 0
    vi.spyOn(window.performance, 'now').mockImplementation(() => (clock += 1))
    const first = tree.rebuild()
    const second = tree.rebuild()
    const third = tree.rebuild()
    expect(second).toBe(third)
    await Promise.all([first, second, third])
    await waitFor(() => sent.length === 2)
  })

  test('after-build callbacks run only when the selection did not change', async () => {
    document.body.innerHTML = '<div data-tempo-id="a"></div>'
    const { tree, context } = setup()
    const ran: string[] = []
    context.selectionToken = 'one'
    tree.afterBuild(() => ran.push('kept'))
    context.selectionToken = 'two'
    tree.afterBuild(() => ran.push('current'))
    await tree.rebuild()
    await tree.rebuild()
    expect(ran).toEqual(['current'])
  })

  test('rebuilds about 300 ms after a DOM change, ignoring the overlay', async () => {
    document.body.innerHTML = `<div data-tempo-id="a"></div><div ${OVERLAY}></div>`
    const { tree, sent } = setup({ connect: true })
    await tree.rebuild()
    tree.start()
    await waitFor(() => sent.length === 1)

    const overlay = document.querySelector(`[${OVERLAY}]`) as Element
    overlay.appendChild(document.createElement('div'))
    overlay.setAttribute('style', 'left: 4px')
    document.body.appendChild(Object.assign(document.createElement('span'), { hidden: true }))
    document.body.lastElementChild?.setAttribute(OVERLAY, '')
    await new Promise((resolve) => setTimeout(resolve, NAV_TREE_REBUILD_DELAY_MS + 200))
    expect(sent).toHaveLength(1)

    const changedAt = performance.now()
    const added = document.createElement('b')
    added.setAttribute('data-tempo-id', 'b')
    document.querySelector('[data-tempo-id="a"]')?.appendChild(added)
    await waitFor(() => sent.length === 2)
    const took = performance.now() - changedAt
    expect(took).toBeGreaterThanOrEqual(NAV_TREE_REBUILD_DELAY_MS - 20)
    expect(took).toBeLessThan(NAV_TREE_REBUILD_DELAY_MS + 400)
    expect(outline(sent[1] ? decodeNavTree(sent[1].tree) : [])).toEqual(['a@0-0 div', '  b@0-0-0 b'])
    expect(elementsKeys(tree, 'b')).toBe(true)
  })

  test('a resize, a scroll, an image or a font loaded refresh the tree once they settle; it is sent when a box moved', async () => {
    document.body.innerHTML =
      '<div data-tempo-id="a"><header data-tempo-id="bar"></header><div data-tempo-id="list"><img data-tempo-id="img"></div></div>'
    /** Page boxes (viewport rect + scroll), except the header's: a fixed element stays in the viewport. */
    const boxes = new Map<string, { left: number; top: number; width: number; height: number }>()
    for (const id of ['a', 'bar', 'list', 'img']) boxes.set(id, { left: 10, top: 20, width: 300, height: 40 })
    let scrollY = 0
    Object.defineProperty(window, 'scrollY', { get: () => scrollY, configurable: true })
    cleanups.push(() => Object.defineProperty(window, 'scrollY', { value: 0, configurable: true }))
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const id = this.getAttribute('data-tempo-id') ?? ''
      const box = boxes.get(id) ?? { left: 0, top: 0, width: 0, height: 0 }
      const top = id === 'bar' ? box.top : box.top - scrollY
      return {
        ...box,
        top,
        x: box.left,
        y: top,
        right: box.left + box.width,
        bottom: top + box.height,
      } as DOMRect
    })
    const { tree, sent } = setup({ connect: true })
    await tree.rebuild()
    tree.start()
    await waitFor(() => sent.length === 1)
    performance.clearMeasures(NAV_TREE_MEASURE)
    const refreshes = () => performance.getEntriesByName(NAV_TREE_MEASURE).length
    const settled = () => new Promise((resolve) => setTimeout(resolve, NAV_TREE_REBUILD_DELAY_MS + 150))
    const boxOf = (id: string) =>
      decodeNavTree((sent.at(-1) as NavTreePayload).tree).find((node) => node.key.codebaseId === id)
        ?.pageBoundingBox
    const move = (
      id: string,
      change: Partial<{ left: number; top: number; width: number; height: number }>,
    ) => Object.assign(boxes.get(id) as object, change)

    // The editor narrows the preview: boxes change, and no element of the page does.
    move('a', { width: 120 })
    window.dispatchEvent(new Event('resize'))
    await waitFor(() => sent.length === 2)
    expect(boxOf('a')?.width).toBe(120)
    const measures = performance.getEntriesByName(NAV_TREE_MEASURE) as PerformanceMeasure[]
    expect(measures.at(-1)?.detail).toMatchObject({ kind: 'refresh' })

    move('img', { top: 5 })
    document.querySelector('[data-tempo-id="list"]')?.dispatchEvent(new Event('scroll'))
    await waitFor(() => sent.length === 3)
    expect(boxOf('img')?.pageY).toBe(5)
    move('img', { height: 90 })
    document.querySelector('img')?.dispatchEvent(new Event('load'))
    await waitFor(() => sent.length === 4)
    expect(boxOf('img')?.height).toBe(90)
    const fonts = document.fonts as FontFaceSet | undefined
    if (fonts) {
      move('list', { height: 60 })
      fonts.dispatchEvent(new Event('loadingdone'))
      await waitFor(() => sent.length === 5)
      expect(boxOf('list')?.height).toBe(60)
    }

    // The page scrolled: only the fixed header's page box moved.
    const before = sent.length
    scrollY = 200
    document.dispatchEvent(new Event('scroll'))
    await waitFor(() => sent.length === before + 1)
    expect(boxOf('bar')?.pageY).toBe(220)
    expect(boxOf('img')?.pageY).toBe(5)

    // A refresh that finds every box where it was sends nothing.
    const ran = refreshes()
    window.dispatchEvent(new Event('resize'))
    await waitFor(() => refreshes() === ran + 1)
    await settled()
    expect(sent).toHaveLength(before + 1)

    // A stream of scrolls (or resizes) refreshes once, after the last: mutations wait at most a
    // second, layout moves until they settle.
    for (let step = 1; step <= 12; step++) {
      scrollY = 200 + step * 10
      document.dispatchEvent(new Event('scroll'))
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(refreshes()).toBe(ran + 1)
    await waitFor(() => sent.length === before + 2)
    expect(refreshes()).toBe(ran + 2)
    expect(boxOf('bar')?.pageY).toBe(340)

    // Images that load one after another for longer than a second are not a stream to wait out.
    const loading = refreshes()
    for (let step = 1; step <= 14; step++) {
      move('img', { height: 90 + step })
      document.querySelector('img')?.dispatchEvent(new Event('load'))
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(refreshes()).toBeGreaterThan(loading)

    await settled()
    const stopped = sent.length
    tree.stop()
    move('a', { width: 50 })
    window.dispatchEvent(new Event('resize'))
    await settled()
    expect(sent).toHaveLength(stopped)
  })

  test('a refresh with nothing changed is not sent, unless a new editor connected or the HTML was asked for', async () => {
    document.body.innerHTML = '<main data-tempo-id="m"><p data-tempo-id="p" class="x">one</p></main>'
    const { tree, sent, context } = setup({ connect: true })
    await tree.rebuild()
    tree.start()
    performance.clearMeasures(NAV_TREE_MEASURE)
    const refreshes = () => performance.getEntriesByName(NAV_TREE_MEASURE).length
    const p = document.querySelector('p') as Element

    // An attribute that is no node field, and text put back as it was: refreshed, the same tree.
    p.setAttribute('aria-label', 'first')
    await waitFor(() => refreshes() === 1)
    ;(p.firstChild as Text).data = 'two'
    ;(p.firstChild as Text).data = 'one'
    await waitFor(() => refreshes() === 2)
    expect(sent).toHaveLength(1)

    // A class is a node field.
    p.setAttribute('class', 'x y')
    await waitFor(() => sent.length === 2)
    expect(decodeNavTree((sent[1] as NavTreePayload).tree)[1]?.classList).toEqual(['x', 'y'])

    tree.requestHtml()
    p.setAttribute('aria-label', 'second')
    await waitFor(() => sent.length === 3)
    expect(sent[2]?.html).toContain('aria-label="second"')

    // Another editor (the bridge connects again): it gets the next tree.
    const channel = new MessageChannel()
    const other: NavTreePayload[] = []
    channel.port1.onmessage = (event) => other.push((event.data as { payload: NavTreePayload }).payload)
    cleanups.push(() => channel.port1.close())
    context.connect(channel.port2)
    p.setAttribute('aria-label', 'third')
    await waitFor(() => other.length === 1)
    expect(decodeNavTree((other[0] as NavTreePayload).tree)).toHaveLength(2)
    p.setAttribute('aria-label', 'fourth')
    await waitFor(() => refreshes() === 5)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(other).toHaveLength(1)
  })

  test('mutations refresh the last tree, explicit rebuilds walk the page; each build leaves a measure', async () => {
    performance.clearMeasures(NAV_TREE_MEASURE)
    document.body.innerHTML = '<main data-tempo-id="m"><p data-tempo-id="p">one</p></main>'
    const { tree, sent } = setup({ connect: true })
    await tree.rebuild()
    tree.start()
    ;(document.querySelector('p') as Element).textContent = 'two'
    await waitFor(() => sent.length === 2)
    expect(decodeNavTree((sent[1] as NavTreePayload).tree)[1]?.literalChildren).toEqual(['two'])
    await tree.rebuild()
    const details = performance
      .getEntriesByName(NAV_TREE_MEASURE)
      .map((entry) => (entry as PerformanceMeasure).detail as { kind: string; nodes: number; slices: number })
    expect(details.map((detail) => detail.kind)).toEqual(['walk', 'refresh', 'walk'])
    expect(details[1]).toMatchObject({ nodes: 2, slices: 1, workMs: expect.any(Number) })
  })

  test('a #__next page gets one more build a second after start if none ran (the scheduler, wired)', async () => {
    vi.useFakeTimers()
    try {
      document.body.innerHTML = '<div id="__next"><div data-tempo-id="a"></div></div>'
      const { tree, sent } = setup({ connect: true })
      tree.start()
      await vi.advanceTimersByTimeAsync(LOADER_REBUILD_DELAY_MS - 1)
      expect(sent).toHaveLength(0)
      await vi.advanceTimersByTimeAsync(200)
      expect(sent).toHaveLength(1)

      const other = setup({ connect: true })
      other.tree.start()
      const built = other.tree.rebuild()
      await vi.advanceTimersByTimeAsync(200)
      await built
      await vi.advanceTimersByTimeAsync(2 * LOADER_REBUILD_DELAY_MS)
      expect(other.sent).toHaveLength(1)
    } finally {
      vi.useRealTimers()
    }
  })
})

function elementsKeys(tree: NavTree, id: string): boolean {
  const node = tree.nodes.find((candidate) => candidate.key.codebaseId === id)
  return node !== undefined && elementKeysEqual(tree.keyOf(tree.elementsOf(node.key)[0] as Element), node.key)
}
