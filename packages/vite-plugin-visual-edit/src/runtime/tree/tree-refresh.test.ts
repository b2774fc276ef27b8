// @vitest-environment happy-dom
import fc from 'fast-check'
import { act, Fragment, createElement as h, memo, type ReactNode, useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { decodeNavTree } from '../../protocol/nav-tree-wire.ts'
import { InspectorContext, OVERLAY_ATTRIBUTE } from '../core/context.ts'
import { createElementKeys } from './element-keys.ts'
import { DirtyElements, placement, refreshPage } from './tree-refresh.ts'
import type { BuildRecords } from './tree-store.ts'
import { TreeStore } from './tree-store.ts'
import { type Walk, walkPage } from './tree-walk.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** Random sequences of page changes, each refreshed and compared with a whole walk. */
const RUNS = 120
const PROPERTY_TIMEOUT_MS = 120_000

let cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.reverse()) cleanup()
  cleanups = []
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('placement', () => {
  test.each([
    ['0-1', '0-1', 'under'],
    ['0-1', '0-1-4', 'under'],
    ['0-1', '0-1-Card', 'under'],
    ['0-1', '0-1-0-Card-Row', 'under'],
    ['0-1', '0-10', 'before'],
    ['0-1', '0-2-0', 'before'],
    ['0-2', '0-10', 'before'],
    ['0-10', '0-2', 'after'],
    ['0-1-3', '0-1', 'after'],
    ['0-1-3', '0-1-Card', 'after'],
    ['0-1-3', '0-1-2-5', 'after'],
    ['0-1-3', '0-0', 'after'],
  ] as const)('root %s against node %s: %s', (root, path, where) => {
    expect(placement(root, path)).toBe(where)
  })
})

// ---------------------------------------------------------------------------------------------------
// A page of random JSX, changed at random

type Kind = 'element' | 'plain' | 'component' | 'memo' | 'fragment'
const TAGS = ['div', 'section', 'span', 'article'] as const

interface Spec {
  key: number
  kind: Kind
  tag: (typeof TAGS)[number]
  id: number
  className: string
  text: string
  /** A component prop no element shows: changing it re-renders without a DOM change. */
  hint: number
  children: Spec[]
}

type Tagged = { 'data-tempo-id': string }

function Box({ spec }: Tagged & { spec: Spec; hint: number }) {
  return h(
    spec.tag,
    { 'data-tempo-id': `tempo-box-${spec.id}`, className: spec.className || undefined },
    spec.text || null,
    ...spec.children.map(render),
  )
}
const MemoBox = memo(Box)
function Pair({ spec }: Tagged & { spec: Spec; hint: number }) {
  return h(
    Fragment,
    null,
    h('b', { 'data-tempo-id': `tempo-pair-${spec.id}` }, spec.text || null),
    h(spec.tag, { className: spec.className || undefined }, ...spec.children.map(render)),
  )
}

function render(spec: Spec): ReactNode {
  const tagged = { key: spec.key, 'data-tempo-id': `tempo-${spec.kind}-${spec.id}` }
  switch (spec.kind) {
    case 'element':
      return h(
        spec.tag,
        { ...tagged, className: spec.className || undefined },
        spec.text || null,
        ...spec.children.map(render),
      )
    case 'plain':
      return h(spec.tag, { key: spec.key }, spec.text || null, ...spec.children.map(render))
    case 'component':
      return h(Box, { ...tagged, spec, hint: spec.hint })
    case 'memo':
      return h(MemoBox, { ...tagged, spec, hint: spec.hint })
    case 'fragment':
      return h(Pair, { ...tagged, spec, hint: spec.hint })
  }
}

let nextKey = 1
const spec = (depth: number): fc.Arbitrary<Spec> =>
  fc.record({
    key: fc.constant(0),
    kind: fc.constantFrom<Kind>('element', 'element', 'plain', 'component', 'memo', 'fragment'),
    tag: fc.constantFrom(...TAGS),
    id: fc.nat(5),
    className: fc.constantFrom('', 'a', 'a b', 'c'),
    text: fc.constantFrom('', 'hi', 'hello there'),
    hint: fc.nat(3),
    children: depth <= 0 ? fc.constant([]) : fc.array(spec(depth - 1), { maxLength: 3 }),
  })

/** Gives every spec a fresh key, so React keeps elements by identity across reorders. */
function keyed(node: Spec): Spec {
  return { ...node, key: nextKey++, children: node.children.map(keyed) }
}

type Change =
  | { type: 'text' | 'class' | 'hint' | 'kind' | 'remove' | 'reverse'; at: number; value: number }
  | { type: 'insert'; at: number; value: number; node: Spec }
  | { type: 'dom-insert' | 'dom-class' | 'dom-remove' | 'overlay'; at: number; value: number }

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({
    type: fc.constantFrom('text', 'class', 'hint', 'kind', 'remove', 'reverse') as fc.Arbitrary<
      'text' | 'class' | 'hint' | 'kind' | 'remove' | 'reverse'
    >,
    at: fc.nat(),
    value: fc.nat(),
  }),
  fc.record({ type: fc.constant('insert' as const), at: fc.nat(), value: fc.nat(), node: spec(1) }),
  fc.record({
    type: fc.constantFrom('dom-insert', 'dom-class', 'dom-remove', 'overlay') as fc.Arbitrary<
      'dom-insert' | 'dom-class' | 'dom-remove' | 'overlay'
    >,
    at: fc.nat(),
    value: fc.nat(),
  }),
)

/** Every spec in document order, with a function that replaces it in a copy of the whole. */
function flatten(root: Spec[]): { spec: Spec; replace: (next: Spec | null) => Spec[] }[] {
  const out: { spec: Spec; replace: (next: Spec | null) => Spec[] }[] = []
  const visit = (list: Spec[], rebuild: (list: Spec[]) => Spec[]) => {
    list.forEach((node, index) => {
      const replaceIn = (next: Spec | null) =>
        rebuild(
          next ? list.map((item, at) => (at === index ? next : item)) : list.filter((_, at) => at !== index),
        )
      out.push({ spec: node, replace: replaceIn })
      visit(node.children, (children) => replaceIn({ ...node, children }))
    })
  }
  visit(root, (list) => list)
  return out
}

function applyChange(specs: Spec[], step: Change): Spec[] {
  const all = flatten(specs)
  const target = all[step.at % Math.max(1, all.length)]
  if (!target) return step.type === 'insert' ? [keyed(step.node)] : specs
  const node = target.spec
  const kinds: Kind[] = ['element', 'plain', 'component', 'memo', 'fragment']
  switch (step.type) {
    case 'text':
      return target.replace({ ...node, text: ['', 'hi', 'changed', 'hello there'][step.value % 4] as string })
    case 'class':
      return target.replace({ ...node, className: ['', 'a', 'b c', 'c'][step.value % 4] as string })
    case 'hint':
      return target.replace({ ...node, hint: node.hint + 1 })
    case 'kind':
      return target.replace({ ...node, kind: kinds[step.value % kinds.length] as Kind })
    case 'remove':
      return target.replace(null)
    case 'reverse':
      return target.replace({ ...node, children: [...node.children].reverse() })
    case 'insert': {
      const children = [...node.children]
      children.splice(step.value % (children.length + 1), 0, keyed(step.node))
      return target.replace({ ...node, children })
    }
    default:
      return specs
  }
}

/** Changes made around React: elements of the page's own scripts, and the overlay's. */
function applyDomChange(step: Change): void {
  const elements = Array.from(document.querySelectorAll('#root *'))
  const element = elements[step.at % Math.max(1, elements.length)]
  switch (step.type) {
    case 'dom-insert': {
      if (!element) return
      const added = document.createElement('aside')
      added.className = 'dom-added'
      if (step.value % 2 === 0) added.setAttribute('data-tempo-id', `tempo-dom-${step.value % 3}`)
      added.innerHTML = '<i data-tempo-id="tempo-dom-child">x</i>'
      element.append(added)
      return
    }
    case 'dom-class':
      element?.setAttribute('class', `dom-${step.value % 3}`)
      return
    case 'dom-remove':
      // Only what these changes added: React keeps its own elements.
      document.querySelectorAll('.dom-added')[step.value % 3]?.remove()
      return
    case 'overlay': {
      const overlay = document.querySelector(`[${OVERLAY_ATTRIBUTE}]`) as Element
      overlay.innerHTML = `<div data-tempo-id="tempo-overlay-${step.value}">outline</div>`
      return
    }
  }
}

function Page({ initial, bind }: { initial: Spec[]; bind: (set: (specs: Spec[]) => void) => void }) {
  const [specs, setSpecs] = useState(initial)
  bind(setSpecs)
  // Top-level specs are the page's top nodes: changes move the tree between one root and several.
  return h(Fragment, null, ...specs.map(render))
}

/** Each element's own box, fixed at random on first sight: a copied box must be its own element's. */
function fakeRects(): void {
  const boxes = new WeakMap<Element, DOMRect>()
  let seed = 1
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    let box = boxes.get(this)
    if (!box) {
      seed = (seed * 48271) % 2147483647
      box = new DOMRect(seed % 1000, (seed >> 10) % 5000, (seed >> 4) % 300, (seed >> 6) % 200)
      boxes.set(this, box)
    }
    return box
  })
}

/** Objects by identity: the same number for the same object. */
const identities = new WeakMap<object, number>()
let identitiesGiven = 0
const identity = (value: object | undefined): number | undefined => {
  if (value === undefined) return undefined
  let known = identities.get(value)
  if (known === undefined) {
    known = ++identitiesGiven
    identities.set(value, known)
  }
  return known
}
const identitiesOf = (value: Element | Element[] | object | undefined) =>
  Array.isArray(value) ? value.map(identity) : identity(value)

/** What a build gives the editor and the inspector's lookups, comparable with toEqual. */
function view(records: BuildRecords) {
  const nodes = decodeNavTree(records.writer.finish(records.first))
  const from = records.first
  return {
    nodes,
    paths: records.paths.slice(from),
    elements: records.elements.slice(from).map(identitiesOf),
    props: records.props.slice(from),
    texts: records.texts.slice(from),
    sources: records.sources.slice(from).map(identitiesOf),
  }
}

describe('refreshPage', () => {
  test(
    'gives the tree a whole walk gives, after random React and DOM changes',
    async () => {
      fakeRects()
      const context = new InspectorContext(window)
      cleanups.push(() => context.stop())
      const { taggedComponents, domPath } = createElementKeys(context, () => true)
      let spent = 0
      let refreshed = 0
      let walked = 0
      const walkWith = (yieldEvery: number): Walk => ({
        context,
        keeps: () => true,
        taggedComponents,
        // Yields now and then, as the slices do.
        slices: { spent: () => ++spent % yieldEvery === 0, next: async () => {} },
        cancelled: () => false,
        capacity: 4,
      })

      await fc.assert(
        fc.asyncProperty(
          fc.array(spec(2), { minLength: 1, maxLength: 4 }),
          fc.array(change, { minLength: 1, maxLength: 8 }),
          fc.integer({ min: 1, max: 7 }),
          fc.boolean(),
          async (initial, changes, yieldEvery, footer) => {
            document.body.innerHTML = `<div ${OVERLAY_ATTRIBUTE}></div><div id="root"></div>${footer ? '<footer data-tempo-id="tempo-footer">end</footer>' : ''}`
            const container = document.getElementById('root') as HTMLElement
            let setSpecs: (specs: Spec[]) => void = () => {}
            let specs = initial.map(keyed)
            const root: Root = createRoot(container)
            act(() =>
              root.render(
                h(Page, {
                  initial: specs,
                  bind: (set) => {
                    setSpecs = set
                  },
                }),
              ),
            )
            const dirty = new DirtyElements()
            const observer = new MutationObserver(() => {})
            observer.observe(document, {
              childList: true,
              subtree: true,
              attributes: true,
              characterData: true,
            })
            try {
              dirty.note(observer.takeRecords())
              dirty.take()
              let previous = (await walkPage(walkWith(yieldEvery))) as BuildRecords
              for (const step of changes) {
                if (step.type.startsWith('dom-') || step.type === 'overlay') applyDomChange(step)
                else {
                  specs = applyChange(specs, step)
                  act(() => setSpecs(specs))
                }
                dirty.note(observer.takeRecords())
                const changed = dirty.take()
                const whole = (await walkPage(walkWith(yieldEvery))) as BuildRecords
                if (!changed) {
                  previous = whole
                  continue
                }
                const result = await refreshPage(walkWith(yieldEvery), {
                  previous,
                  store: new TreeStore(previous, context.storyboardId),
                  dirty: changed,
                  domPath,
                })
                if (result === null) throw new Error('the refresh was cancelled')
                if (result === 'full') {
                  walked++
                  previous = whole
                  continue
                }
                expect(view(result)).toEqual(view(whole))
                refreshed++
                previous = result
              }
            } finally {
              observer.disconnect()
              act(() => root.unmount())
            }
          },
        ),
        { numRuns: RUNS },
      )
      // Most changes are refreshed, not handed to a whole walk.
      expect(refreshed).toBeGreaterThan(walked * 4)
    },
    PROPERTY_TIMEOUT_MS,
  )
})

describe('DirtyElements', () => {
  async function noted(change: () => void) {
    const dirty = new DirtyElements()
    dirty.take()
    const observer = new MutationObserver(() => {})
    observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true })
    change()
    const relevant = dirty.note(observer.takeRecords())
    observer.disconnect()
    return { relevant, dirty: dirty.take() }
  }

  test('notes the element whose children, class, codebase id or text changed', async () => {
    document.body.innerHTML = '<main><p class="a">one</p><ul></ul></main>'
    const [p, ul] = [document.querySelector('p') as Element, document.querySelector('ul') as Element]
    expect(await noted(() => p.setAttribute('class', 'b'))).toEqual({ relevant: true, dirty: new Set([p]) })
    expect(await noted(() => ul.append(document.createElement('li')))).toEqual({
      relevant: true,
      dirty: new Set([ul]),
    })
    expect(await noted(() => ((p.firstChild as Text).data = 'two'))).toEqual({
      relevant: true,
      dirty: new Set([p]),
    })
    expect(await noted(() => p.setAttribute('data-tempo-id', 'tempo-p'))).toEqual({
      relevant: true,
      dirty: new Set([p]),
    })
  })

  test('another attribute moves boxes only; the overlay is never the page', async () => {
    document.body.innerHTML = `<main><p>one</p></main><div ${OVERLAY_ATTRIBUTE}><i></i></div>`
    const p = document.querySelector('p') as HTMLElement
    const overlay = document.querySelector(`[${OVERLAY_ATTRIBUTE}]`) as Element
    expect(await noted(() => p.setAttribute('style', 'width: 10px'))).toEqual({
      relevant: true,
      dirty: new Set(),
    })
    expect(await noted(() => overlay.append(document.createElement('b')))).toEqual({
      relevant: false,
      dirty: new Set(),
    })
    const outline = document.createElement('div')
    outline.setAttribute(OVERLAY_ATTRIBUTE, '')
    expect(await noted(() => document.body.append(outline))).toEqual({ relevant: false, dirty: new Set() })
  })

  test('a change to the document itself, or too many changes, asks for a whole walk', async () => {
    document.body.innerHTML = '<main></main>'
    const main = document.querySelector('main') as Element
    expect(await noted(() => document.documentElement.append(document.createElement('div')))).toEqual({
      relevant: true,
      dirty: new Set([document.documentElement]),
    })
    const many = await noted(() => {
      for (let index = 0; index < 1100; index++) main.append(document.createElement('b'))
      for (const b of Array.from(main.children)) b.setAttribute('class', 'x')
    })
    expect(many).toEqual({ relevant: true, dirty: null })
  })

  test('a refresh hands a changed body to a whole walk', async () => {
    document.body.innerHTML = '<main data-tempo-id="tempo-main"></main>'
    const context = new InspectorContext(window)
    cleanups.push(() => context.stop())
    const { taggedComponents, domPath } = createElementKeys(context, () => true)
    const walk: Walk = {
      context,
      keeps: () => true,
      taggedComponents,
      slices: { spent: () => false, next: async () => {} },
      cancelled: () => false,
      capacity: 4,
    }
    const previous = (await walkPage(walk)) as BuildRecords
    const { dirty } = await noted(() => document.body.append(document.createElement('aside')))
    expect(dirty).toEqual(new Set([document.body]))
    const store = new TreeStore(previous, context.storyboardId)
    expect(await refreshPage(walk, { previous, store, dirty: dirty as Set<Element>, domPath })).toBe('full')
  })
})
