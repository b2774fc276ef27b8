import type { ElementKey } from 'vite-plugin-visual-edit/protocol'
import { describe, expect, test, vi } from 'vitest'
import type { ServerApi } from '../api/server-api.ts'
import type { ChangeItem } from '../ledger/change-item.ts'
import type { InspectorBridge } from '../port/inspector-bridge.ts'
import type { Edits } from './edits.ts'
import { Inserting, type InsertState } from './insert.ts'
import { componentItems, NATIVE_ITEMS } from './insert-catalog.ts'
import { SliceStore } from './slice.ts'
import { Toaster, type ToastsState } from './toaster.ts'
import { Tree } from './tree.ts'

const MAIN = 'tempo-11111111-1111-4111-8111-111111111111'
const H1 = 'tempo-22222222-2222-4222-8222-222222222222'
const key = (codebaseId: string, path: string): ElementKey => ({
  codebaseId,
  storyboardId: 'app',
  uniquePath: path,
})

const CARD = componentItems([
  {
    name: 'Card',
    exportKind: 'named',
    file: 'src/Card.tsx',
    line: 3,
    props: [
      { name: 'title', optional: false, kind: 'string', type: 'string' },
      { name: 'size', optional: true, kind: 'number', type: 'number' },
    ],
  },
])[0]

/** The feature with fakes: the tree as the page has it (main > h1), h1 selected, the ledger's answers. */
function setup(answer: { instantShown: boolean; toast?: string }) {
  const store: SliceStore<InsertState & ToastsState> = new SliceStore(() => ({
    ...feature.state,
    ...toaster.state,
  }))
  const tree = new Tree(store)
  const toaster = new Toaster(store)
  const nodes = [
    {
      key: key(MAIN, '0'),
      parent: null,
      children: [1],
      name: 'main',
      elementTagName: 'main',
      scope: 'App',
      isComponent: false,
      pageBoundingBox: { pageX: 0, pageY: 0, width: 100, height: 100 },
      level: 0,
    },
    {
      key: key(H1, '0-0'),
      parent: 0,
      children: [],
      name: 'h1',
      elementTagName: 'h1',
      isComponent: false,
      pageBoundingBox: { pageX: 0, pageY: 0, width: 100, height: 20 },
      level: 1,
    },
  ]
  Object.defineProperty(tree, 'state', { get: () => ({ nodes }) })
  const submit = vi.fn<Edits['submit']>(async (_action, change) => ({
    ok: true,
    item: { instantUpdateSuccessful: answer.instantShown } as ChangeItem,
    response: {
      ok: true,
      files: ['src/App.tsx'],
      newCodebaseIds: [H1],
      ...(answer.toast ? { toast: answer.toast } : {}),
    },
    change,
  }))
  const select = vi.fn(async (_key: ElementKey) => {})
  const feature: Inserting = new Inserting(store, {
    api: {} as ServerApi,
    bridge: {} as InspectorBridge,
    edits: { submit },
    tree,
    toaster,
    select,
    selected: () => [key(H1, '0-0')],
    codeParentOf: () => undefined,
    frameRect: () => undefined,
    zoom: () => 100,
  })
  return { feature, submit, select, toaster }
}

describe('inserting', () => {
  test('a component after the selection: ADD_JSX with its file, its required prop’s placeholder, its box shown at once', async () => {
    const { feature, submit, select } = setup({ instantShown: true })
    expect(await feature.insert(CARD as NonNullable<typeof CARD>)).toBe(true)
    const [action, change] = submit.mock.calls[0] ?? []
    expect(action).toBe('Insert')
    expect(change).toMatchObject({
      type: 'ADD_JSX',
      changeFields: {
        codebaseIdToAddTo: MAIN,
        afterCodebaseId: H1,
        addNativeTag: 'Card',
        propsToSet: { title: 'title' },
        fileContentsSourceFilename: 'src/Card.tsx',
        fileContentsToSourceFrom: '',
      },
    })
    expect(
      (change as { changeFields: { htmlForInstantUpdate: string } }).changeFields.htmlForInstantUpdate,
    ).toMatch(/>Card<\/div>$/)
    // The new element is selected, and the Props tab asked for (a required prop to fill).
    await vi.waitFor(() => expect(select).toHaveBeenCalled())
    await vi.waitFor(() => expect(feature.state.insert.propsRequest).toBe(1))
  })

  test('an HTML element inside the selection; "Successfully added" when the page could not show it', async () => {
    const { feature, submit, toaster } = setup({ instantShown: false })
    feature.setPlaceMode('inside')
    await feature.insert(NATIVE_ITEMS[0] as NonNullable<(typeof NATIVE_ITEMS)[0]>)
    expect(submit.mock.calls[0]?.[1]).toMatchObject({
      type: 'ADD_JSX',
      changeFields: { codebaseIdToAddTo: H1, addNativeTag: 'div', htmlForInstantUpdate: '<div></div>' },
    })
    expect(toaster.state.toasts.map((toast) => toast.title)).toEqual(['Successfully added'])
    expect(feature.state.insert.propsRequest).toBe(0)
  })

  test('refused before any request: a component inside its own code', async () => {
    const { feature, submit, toaster } = setup({ instantShown: true })
    const app = componentItems([
      { name: 'App', exportKind: 'named', file: 'src/App.tsx', line: 1, props: [] },
    ])[0]
    expect(await feature.insertAt(app as NonNullable<typeof app>, { codebaseIdToAddTo: MAIN })).toBe(false)
    expect(submit).not.toHaveBeenCalled()
    expect(toaster.state.toasts[0]?.detail).toMatch(/it would render itself/)
  })
})
