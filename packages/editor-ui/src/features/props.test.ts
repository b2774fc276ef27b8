import type { ElementKey, ElementPropsResponse } from 'vite-plugin-visual-edit/protocol'
import { describe, expect, test, vi } from 'vitest'
import { PropsEditing, type PropsState } from './props.ts'
import type { Selection } from './selection.ts'
import { SliceStore } from './slice.ts'

const CARD = 'tempo-11111111-1111-4111-8111-111111111111'
const DIV = 'tempo-22222222-2222-4222-8222-222222222222'
const key = (codebaseId: string): ElementKey => ({
  codebaseId,
  storyboardId: 'app',
  uniquePath: `0-0-${codebaseId.at(-1)}`,
})

const codeOf = (id: string, isComponent: boolean): ElementPropsResponse => ({
  id,
  tagName: isComponent ? 'Card' : 'div',
  isComponent,
  at: { file: 'src/App.tsx', line: 4, column: 6 },
  written: [
    { name: 'title', kind: 'literal', value: 'Store', at: { file: 'src/App.tsx', line: 4, column: 12 } },
  ],
  declared: null,
  componentsInScope: ['Card'],
})

/** The feature with fakes: a selection to set, the server's and the page's answers, the ledger's submits. */
function setup() {
  const store = new SliceStore<PropsState>(() => feature.state)
  const listeners = new Set<() => void>()
  let selected: ElementKey[] = []
  const selection = {
    get keys() {
      return selected
    },
    actor: {
      subscribe: (listener: () => void) => {
        listeners.add(listener)
        return { unsubscribe: () => listeners.delete(listener) }
      },
    },
  } as unknown as Pick<Selection, 'actor' | 'keys'>
  const api = { elementProps: vi.fn(async (id: string) => codeOf(id, id === CARD)) }
  const bridge = {
    inspect: vi.fn(async () => ({
      id: CARD,
      props: { title: 'Store', onSave: 'TEMPO_FUNCTION_TYPE' },
      state: [0],
    })),
    logStateAndProps: vi.fn(() => true),
  }
  const submits: unknown[] = []
  const edits = {
    submit: vi.fn(async (_action: string, change: unknown) => {
      submits.push(change)
      return { ok: true } as never
    }),
  }
  const toasts: unknown[] = []
  const feature = new PropsEditing(store, {
    api,
    bridge,
    edits,
    tree: { nodeOf: () => undefined },
    lookups: { state: { lookups: new Map(), stylingFramework: null } },
    selection,
    toaster: { toast: (toast) => toasts.push(toast) },
  })
  const select = (...keys: ElementKey[]) => {
    selected = keys
    for (const listener of listeners) listener()
  }
  const view = () => feature.state.propsPanel
  return { feature, api, bridge, edits, submits, toasts, select, view }
}

describe('PropsEditing', () => {
  test('reads the code, and a component’s live values, only while watched', async () => {
    const { feature, api, bridge, select, view } = setup()
    select(key(CARD))
    expect(api.elementProps).not.toHaveBeenCalled()
    const stop = feature.watch()
    expect(view().status).toBe('loading')
    await vi.waitFor(() => expect(view().status).toBe('ready'))
    expect(view().code?.tagName).toBe('Card')
    expect(view().live).toEqual({
      id: CARD,
      props: { title: 'Store', onSave: 'TEMPO_FUNCTION_TYPE' },
      state: [0],
    })
    expect(bridge.inspect).toHaveBeenCalledWith({
      componentName: 'Card',
      isComponent: true,
      tempoElementID: CARD,
    })

    select(key(DIV))
    await vi.waitFor(() => expect(view().code?.id).toBe(DIV))
    expect(view().live).toBeNull()
    expect(bridge.inspect).toHaveBeenCalledTimes(1)

    stop()
    select(key(CARD))
    expect(view().key?.codebaseId).toBe(DIV)
  })

  test('nothing, several elements, or one without code selected: no read', () => {
    const { feature, api, select, view } = setup()
    feature.watch()
    select(key(CARD), key(DIV))
    expect(view().status).toBe('none')
    select({ codebaseId: 'body', storyboardId: 'app', uniquePath: '0' })
    expect(view().status).toBe('none')
    expect(api.elementProps).not.toHaveBeenCalled()
  })

  test('an answer for an element no longer selected is dropped; a live read that fails says why', async () => {
    const { feature, api, bridge, select, view } = setup()
    let answer: (code: ElementPropsResponse) => void = () => {}
    api.elementProps.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
    bridge.inspect.mockRejectedValueOnce(new Error('Could not find component'))
    feature.watch()
    select(key(DIV))
    select(key(CARD))
    answer(codeOf(DIV, false))
    await vi.waitFor(() => expect(view().status).toBe('ready'))
    expect(view().code?.id).toBe(CARD)
    expect(view().live).toBeNull()
    expect(view().liveError).toBe('Could not find component')
  })

  test('writes: a prop set, added and removed as CHANGE_PROP, a tag as CHANGE_TAG; each read again after', async () => {
    const { feature, api, submits, select, view } = setup()
    feature.watch()
    select(key(CARD))
    await vi.waitFor(() => expect(view().status).toBe('ready'))
    const reads = api.elementProps.mock.calls.length
    expect(await feature.setProp('title', 'Billing')).toBe(true)
    await feature.addProp('tone', 'warning')
    await feature.removeProp('tone')
    await feature.changeTag('section')
    expect(submits).toEqual([
      {
        type: 'CHANGE_PROP',
        changeFields: { codebaseIdToChange: CARD, propName: 'title', propValue: 'Billing' },
      },
      {
        type: 'CHANGE_PROP',
        changeFields: { codebaseIdToChange: CARD, propName: 'tone', propValue: 'warning' },
      },
      {
        type: 'CHANGE_PROP',
        changeFields: { codebaseIdToChange: CARD, propName: 'tone', propValue: null, removeProp: true },
      },
      { type: 'CHANGE_TAG', changeFields: { codebaseIdToChange: CARD, newTagName: 'section' } },
    ])
    expect(api.elementProps.mock.calls.length).toBe(reads + 4)
    expect(view().saving).toBeNull()
  })

  test('log state and props: the window message, and a toast that says where', async () => {
    const { feature, bridge, toasts, select, view } = setup()
    feature.watch()
    select(key(CARD))
    await vi.waitFor(() => expect(view().status).toBe('ready'))
    feature.logStateAndProps()
    expect(bridge.logStateAndProps).toHaveBeenCalledWith('Card')
    expect(toasts).toEqual([
      expect.objectContaining({ kind: 'info', title: expect.stringContaining('console') }),
    ])
  })
})
