import { ChangeType, type InstantChangeItem, type MutateResponse } from 'vite-plugin-visual-edit/protocol'
import { describe, expect, test, vi } from 'vitest'
import { type ServerApi, ServerError } from '../api/server-api.ts'
import {
  createChangeItem,
  markInstantUpdateFinished,
  markInstantUpdateSent,
  markProcessedFailed,
  markProcessedSucceeded,
  maySendInstantUpdate,
} from './change-item.ts'
import { ChangeLedger } from './ledger.ts'
import { requestOf } from './request-body.ts'

const A = 'tempo-2ed6657d-e927-568b-95e1-2665a8aea6a2'
const B = 'tempo-7a0c9c1e-4b1f-5a57-9a53-2f2a6a3c5e10'
const C = 'tempo-11111111-1111-5111-8111-111111111111'
const refOf = (codebaseId: string) => ({ codebaseId, storyboardId: 'app', uniquePath: '0-1' })
const editText = (id = A) => ({
  type: 'EDIT_TEXT',
  changeFields: { codebaseIdToEditText: id, newText: 'new', oldText: 'old' },
})

describe('ledger items', () => {
  test('an unknown type raises Unknown change type; UNKNOWN is created consumed, with no instant update', () => {
    expect(() => createChangeItem({ type: 'MAKE_IT_PRETTY', changeFields: {} })).toThrow(
      'Unknown change type',
    )
    const unknown = createChangeItem({ type: 'UNKNOWN' })
    expect(unknown).toMatchObject({
      consumed: true,
      failed: false,
      instantUpdate: false,
      name: 'Unknown change',
    })
    expect(maySendInstantUpdate(unknown, false)).toBe(false)
  })

  test('the lifecycle: unconsumed, then succeeded (consumed) or failed (failed and consumed); instant update sent, then finished', () => {
    const item = createChangeItem(editText())
    expect(item).toMatchObject({
      consumed: false,
      failed: false,
      instantUpdateSent: false,
      name: 'Edit text',
    })
    expect(item.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(markProcessedSucceeded(item)).toMatchObject({ consumed: true, failed: false })
    expect(markProcessedFailed(item, 'no')).toMatchObject({ consumed: true, failed: true, error: 'no' })
    const sent = markInstantUpdateSent(item)
    expect(maySendInstantUpdate(sent, false)).toBe(false)
    expect(markInstantUpdateFinished(sent, false)).toMatchObject({
      instantUpdateFinished: true,
      instantUpdateSuccessful: false,
    })
    expect(maySendInstantUpdate(createChangeItem(editText(), { instantUpdate: false }), false)).toBe(false)
  })

  test('while a flush is in progress only styling, class changes and undo/redo of those send instant updates', () => {
    const styling = createChangeItem({
      type: 'STYLING',
      changeFields: { codebaseId: A, stylingChanges: { color: 'red' }, stylingFramework: 'Inline' },
    })
    const addClass = createChangeItem({
      type: 'ADD_CLASS',
      changeFields: { codebaseIdToAddClass: A, className: 'p-2' },
    })
    const undoOfClass = createChangeItem({ type: 'UNDO', changeFields: { changeToUndo: addClass.change } })
    const text = createChangeItem(editText())
    expect([styling, addClass, undoOfClass, text].map((item) => maySendInstantUpdate(item, true))).toEqual([
      true,
      true,
      true,
      false,
    ])
    expect(maySendInstantUpdate(text, false)).toBe(true)
  })
})

describe('requests', () => {
  test.each([
    [editText(), 'editText', { element: refOf(A), newText: 'new', oldText: 'old' }],
    [
      { type: 'REMOVE_JSX', changeFields: { codebaseIdsToRemove: [A, B, A] } },
      'removeJsxElement',
      { elementsToRemove: [refOf(A), refOf(B)] },
    ],
    [
      { type: 'DUPLICATE', changeFields: { codebaseIdsToDuplicate: [A] } },
      'duplicate',
      { reactElements: [refOf(A)] },
    ],
    [
      { type: 'WRAP_DIV', changeFields: { codebaseIdsToWrap: [A] } },
      'wrapInDiv',
      { reactElements: [refOf(A)] },
    ],
    [
      { type: 'CHANGE_TAG', changeFields: { codebaseIdToChange: A, newTagName: 'section' } },
      'changeElementTag',
      { elementToModify: refOf(A), newTag: 'section' },
    ],
    [
      { type: 'CHANGE_PROP', changeFields: { codebaseIdToChange: A, propName: 'title', propValue: 'x' } },
      'changePropValue',
      { elementToModify: refOf(A), propName: 'title', propValue: 'x' },
    ],
    [
      {
        type: 'UPDATE_CLASSES',
        changeFields: { codebaseIdToUpdateClass: A, newClasses: ['p-2'], oldClasses: [] },
      },
      'updateClasses',
      { reactElement: refOf(A), newClasses: ['p-2'], oldClasses: [], stylingFramework: null },
    ],
    [
      {
        type: 'ADD_CLASS',
        changeFields: { codebaseIdToAddClass: A, className: 'p-2', addingTailwindClass: true },
      },
      'addClass',
      { reactElement: refOf(A), className: 'p-2', stylingFramework: 'Tailwind' },
    ],
    [
      { type: 'REMOVE_CLASS', changeFields: { codebaseIdToRemoveClass: A, className: 'p-2' } },
      'removeClass',
      { reactElement: refOf(A), className: 'p-2' },
    ],
    [
      { type: 'MOVE_JSX', changeFields: { codebaseIdToMove: A, codebaseIdToMoveTo: B, afterCodebaseId: C } },
      'moveJsxElement',
      { elementToMove: refOf(A), newContainerElement: refOf(B), afterElement: refOf(C) },
    ],
    [
      { type: 'ADD_JSX', changeFields: { codebaseIdToAddTo: A, addNativeTag: 'hr' } },
      'addJsxElement',
      {
        destinationElement: refOf(A),
        newElement: { nativeTag: 'hr' },
        hasInstantUpdate: false,
        canvasId: 'c',
      },
    ],
    [
      {
        type: 'ADD_JSX',
        changeFields: { codebaseIdToAddTo: A, addNativeTag: 'Badge', htmlForInstantUpdate: '<b></b>' },
      },
      'addJsxElement',
      {
        destinationElement: refOf(A),
        newElement: { componentName: 'Badge' },
        hasInstantUpdate: true,
        canvasId: 'c',
      },
    ],
    [
      {
        type: 'STYLING',
        changeFields: { codebaseId: A, stylingChanges: { color: 'red' }, stylingFramework: 'Inline' },
      },
      'styling',
      { reactElement: refOf(A), styling: { color: 'red' }, stylingFramework: 'Inline' },
    ],
  ])('%j goes to %s', async (raw, operation, body) => {
    const { change } = createChangeItem(raw)
    const request = requestOf(change, refOf, 'c')
    expect(request.operation).toBe(operation)
    expect(JSON.parse(JSON.stringify(request.body))).toEqual(body)
  })

  test("a Tailwind project's UPDATE_CLASSES asks the server to check the classes it adds", () => {
    const { change } = createChangeItem({
      type: 'UPDATE_CLASSES',
      changeFields: { codebaseIdToUpdateClass: A, newClasses: ['p-2'], oldClasses: [] },
    })
    expect(requestOf(change, refOf, 'c', 'Tailwind').body).toMatchObject({ stylingFramework: 'Tailwind' })
    expect(requestOf(change, refOf, 'c', 'CSS').body).toMatchObject({ stylingFramework: null })
  })

  test("an UNKNOWN change cannot make a request: 'Unsupported operation'", () => {
    expect(() => requestOf(createChangeItem({ type: 'UNKNOWN' }).change, refOf, 'c')).toThrow(
      'Unsupported operation',
    )
  })
})

/** A ServerApi that answers from a script of responses (or errors) for each call. */
function fakeApi(script: (MutateResponse | ServerError)[]) {
  const calls: { kind: string; operation?: string; body?: unknown }[] = []
  const next = async () => {
    const answer = script.shift()
    if (!answer) throw new Error('no scripted answer')
    if (answer instanceof ServerError) throw answer
    return answer
  }
  const api = {
    canvasId: 'c',
    mutate: vi.fn(async (operation: string, body: unknown) => {
      calls.push({ kind: 'mutate', operation, body })
      return next()
    }),
    undo: vi.fn(async () => {
      calls.push({ kind: 'undo' })
      return next()
    }),
    redo: vi.fn(async () => {
      calls.push({ kind: 'redo' })
      return next()
    }),
  } as unknown as ServerApi
  return { api, calls }
}

describe('the ledger', () => {
  test('a change is sent with element objects, marked succeeded, and its id changes follow everywhere', async () => {
    const { api, calls } = fakeApi([{ ok: true, files: ['src/App.tsx'], prevIdToNewIdMap: { [A]: B } }])
    const remapped = vi.fn()
    const ledger = new ChangeLedger({ api, refOf, remapped })
    const outcome = await ledger.submit({ type: 'WRAP_DIV', changeFields: { codebaseIdsToWrap: [A] } })
    expect(outcome.ok).toBe(true)
    expect(calls[0]).toEqual({ kind: 'mutate', operation: 'wrapInDiv', body: { reactElements: [refOf(A)] } })
    expect(ledger.items[0]).toMatchObject({ consumed: true, failed: false })
    expect(remapped).toHaveBeenCalledWith({ [A]: B })
    expect(ledger.canUndo).toBe(true)
  })

  test('a refused change is marked failed and consumed with the server reason; nothing to undo', async () => {
    const { api } = fakeApi([new ServerError(422, 'EDIT_IMPOSSIBLE', 'The className is an expression.')])
    const ledger = new ChangeLedger({ api, refOf, remapped: () => {} })
    const outcome = await ledger.submit(editText())
    expect(outcome.ok).toBe(false)
    expect(ledger.items[0]).toMatchObject({
      consumed: true,
      failed: true,
      error: 'The className is an expression.',
    })
    expect(ledger.canUndo).toBe(false)
  })

  test("an UNKNOWN change is recorded consumed and refused with 'Unsupported operation', no request", async () => {
    const { api, calls } = fakeApi([])
    const ledger = new ChangeLedger({ api, refOf, remapped: () => {} })
    const outcome = await ledger.submit({ type: 'UNKNOWN' })
    expect(outcome).toMatchObject({ ok: false, error: { message: 'Unsupported operation' } })
    expect(calls).toEqual([])
  })

  test('undo and redo call the activities routes and keep the counts', async () => {
    const { api, calls } = fakeApi([
      { ok: true, files: ['src/App.tsx'] },
      { ok: true, files: ['src/App.tsx'] },
      { ok: true, files: ['src/App.tsx'] },
      new ServerError(409, 'NOTHING_TO_UNDO', 'There is nothing to undo on this canvas.'),
    ])
    const ledger = new ChangeLedger({ api, refOf, remapped: () => {} })
    await ledger.submit(editText())
    expect((await ledger.undo()).ok).toBe(true)
    expect([ledger.canUndo, ledger.canRedo]).toEqual([false, true])
    expect((await ledger.redo()).ok).toBe(true)
    expect([ledger.canUndo, ledger.canRedo]).toEqual([true, false])
    expect((await ledger.undo()).ok).toBe(false)
    expect(ledger.canUndo).toBe(false)
    expect(calls.map((call) => call.kind)).toEqual(['mutate', 'undo', 'redo', 'undo'])
    expect(ledger.items.map((item) => item.change.type)).toEqual([
      ChangeType.EDIT_TEXT,
      ChangeType.UNDO,
      ChangeType.REDO,
      ChangeType.UNDO,
    ])
  })

  test('changes submitted under one step are one undo step: undo and redo take them back and put them again together', async () => {
    const { api, calls } = fakeApi([
      { ok: true, files: ['src/A.tsx'] },
      { ok: true, files: ['src/B.tsx'] },
      { ok: true, files: ['src/C.tsx'] },
      { ok: true, files: ['src/C.tsx'] },
      { ok: true, files: ['src/A.tsx'] },
      { ok: true, files: ['src/B.tsx'] },
      { ok: true, files: ['src/A.tsx'] },
      { ok: true, files: ['src/B.tsx'] },
    ])
    const ledger = new ChangeLedger({ api, refOf, remapped: () => {} })
    await ledger.submit(editText(A), { step: 'multi' })
    await ledger.submit(editText(B), { step: 'multi' })
    await ledger.submit(editText(A))
    const alone = await ledger.undo()
    expect(alone).toMatchObject({ ok: true, response: { files: ['src/C.tsx'] } })
    const together = await ledger.undo()
    expect(together).toMatchObject({ ok: true, response: { files: ['src/A.tsx', 'src/B.tsx'] } })
    expect([ledger.canUndo, ledger.canRedo]).toEqual([false, true])
    expect((await ledger.redo()).ok).toBe(true)
    expect([ledger.canUndo, ledger.canRedo]).toEqual([true, true])
    expect(calls.map((call) => call.kind)).toEqual([
      'mutate',
      'mutate',
      'mutate',
      'undo',
      'undo',
      'undo',
      'redo',
      'redo',
    ])
  })

  test('a step undone in part keeps what is left of it to undo', async () => {
    const { api } = fakeApi([
      { ok: true, files: ['src/A.tsx'] },
      { ok: true, files: ['src/B.tsx'] },
      { ok: true, files: ['src/B.tsx'] },
      new ServerError(500, 'INTERNAL', 'The disk is full.'),
      { ok: true, files: ['src/A.tsx'] },
    ])
    const ledger = new ChangeLedger({ api, refOf, remapped: () => {} })
    await ledger.submit(editText(A), { step: 'multi' })
    await ledger.submit(editText(B), { step: 'multi' })
    expect((await ledger.undo()).ok).toBe(false)
    expect([ledger.canUndo, ledger.canRedo]).toEqual([true, true])
    expect((await ledger.undo()).ok).toBe(true)
    expect(ledger.canUndo).toBe(false)
  })

  test("learns the server's entries after a reload: each an undo step of its own, aligned from the top", async () => {
    const { api, calls } = fakeApi([
      { ok: true, files: ['src/A.tsx'] },
      { ok: true, files: ['src/B.tsx'] },
      { ok: true, files: ['src/A.tsx'] },
      { ok: true, files: ['src/B.tsx'] },
      { ok: true, files: ['src/C.tsx'] },
    ])
    const ledger = new ChangeLedger({ api, refOf, remapped: () => {} })
    ledger.learn({ undo: 2, redo: 1 })
    expect(ledger.steps).toEqual({ undo: [1, 1], redo: [1] })
    expect([ledger.canUndo, ledger.canRedo]).toEqual([true, true])
    // A multi-selection edit on top is one step of two entries; learning the same sizes again adds nothing.
    await ledger.submit(editText(A), { step: 'multi' })
    await ledger.submit(editText(B), { step: 'multi' })
    ledger.learn({ undo: 4, redo: 0 })
    expect(ledger.steps).toEqual({ undo: [1, 1, 2], redo: [] })
    expect((await ledger.undo()).ok).toBe(true)
    expect((await ledger.undo()).ok).toBe(true)
    expect(ledger.steps).toEqual({ undo: [1], redo: [2, 1] })
    expect(calls.map((call) => call.kind)).toEqual(['mutate', 'mutate', 'undo', 'undo', 'undo'])
  })

  test('an undo the ledger had no step for still moves one entry over, so redo reaches it', async () => {
    const { api, calls } = fakeApi([
      { ok: true, files: ['src/A.tsx'] },
      { ok: true, files: ['src/A.tsx'] },
    ])
    const ledger = new ChangeLedger({ api, refOf, remapped: () => {} })
    expect((await ledger.undo()).ok).toBe(true)
    expect(ledger.steps).toEqual({ undo: [], redo: [1] })
    expect((await ledger.redo()).ok).toBe(true)
    expect(ledger.steps).toEqual({ undo: [1], redo: [] })
    expect(calls.map((call) => call.kind)).toEqual(['undo', 'redo'])
  })

  test('a failure keeps the server code on the item', async () => {
    const { api } = fakeApi([new ServerError(409, 'FILE_CHANGED', 'src/A.tsx changed since this edit.')])
    const ledger = new ChangeLedger({ api, refOf, remapped: () => {} })
    await ledger.undo()
    expect(ledger.items.at(-1)).toMatchObject({ failed: true, errorCode: 'FILE_CHANGED' })
  })

  test('changes go one after another, each with the ids the ones before it left', async () => {
    let release: (value: MutateResponse) => void = () => {}
    const bodies: unknown[] = []
    const api = {
      canvasId: 'c',
      mutate: vi
        .fn()
        .mockImplementationOnce((_operation: string, body: unknown) => {
          bodies.push(body)
          return new Promise<MutateResponse>((resolve) => {
            release = resolve
          })
        })
        .mockImplementationOnce(async (_operation: string, body: unknown) => {
          bodies.push(body)
          return { ok: true, files: ['src/App.tsx'] }
        }),
    } as unknown as ServerApi
    const ledger = new ChangeLedger({ api, refOf, remapped: () => {} })
    const first = ledger.submit({ type: 'DUPLICATE', changeFields: { codebaseIdsToDuplicate: [B] } })
    const second = ledger.submit(editText(A))
    await vi.waitFor(() => expect(bodies).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(bodies).toHaveLength(1)
    expect(ledger.pending).toBe(2)
    release({ ok: true, files: ['src/App.tsx'], prevIdToNewIdMap: { [A]: C } })
    await Promise.all([first, second])
    expect(bodies[1]).toEqual({ element: refOf(C), newText: 'new', oldText: 'old' })
    expect(ledger.pending).toBe(0)
  })
})

/** The inspector's side of instant updates, recording what the ledger asks and in which order. */
function fakeInstant(log: string[], success = true) {
  const items: InstantChangeItem[] = []
  return {
    items,
    instant: {
      apply: vi.fn(async (item: InstantChangeItem) => {
        items.push(item)
        log.push(`instant ${item.type}`)
        return success ? { success: true } : { success: false, error: 'no parent' }
      }),
      setFlushing: vi.fn((flushing: boolean) => log.push(`flushing ${flushing}`)),
    },
  }
}

describe('the ledger and instant updates', () => {
  test('each change shows at once, before its request, and its flags follow the reply', async () => {
    const log: string[] = []
    const { api } = fakeApi([{ ok: true, files: ['src/App.tsx'] }])
    const { instant, items } = fakeInstant(log)
    const mutate = api.mutate as unknown as ReturnType<typeof vi.fn<(...args: unknown[]) => Promise<unknown>>>
    const original = mutate.getMockImplementation()
    mutate.mockImplementation(async (...args: unknown[]) => {
      log.push('request')
      return original?.(...args)
    })
    const ledger = new ChangeLedger({ api, refOf, remapped: () => {}, instant })
    await ledger.submit(editText())
    expect(log).toEqual(['instant EDIT_TEXT', 'flushing true', 'request', 'flushing false'])
    expect(items[0]).toEqual({
      id: ledger.items[0]?.id,
      type: 'EDIT_TEXT',
      changeFields: editText().changeFields,
    })
    expect(ledger.items[0]).toMatchObject({
      instantUpdateSent: true,
      instantUpdateFinished: true,
      instantUpdateSuccessful: true,
    })
  })

  test('a class change carries the CSS of the classes it adds (cssEquivalent, involvedClasses)', async () => {
    const { api } = fakeApi([
      { ok: true, files: ['src/App.tsx'] },
      { ok: true, files: ['src/App.tsx'] },
    ])
    const { instant, items } = fakeInstant([])
    const classCss = vi.fn(async (classes: readonly string[]) =>
      Object.fromEntries(classes.map((name) => [name, name === 'nope' ? null : `.${name}{}`])),
    )
    const ledger = new ChangeLedger({ api, refOf, remapped: () => {}, instant, classCss })
    await ledger.submit({
      type: 'ADD_CLASS',
      changeFields: { codebaseIdToAddClass: A, className: 'p-[13px]', modifiers: ['hover', 'md'] },
    })
    await ledger.submit({
      type: 'UPDATE_CLASSES',
      changeFields: { codebaseIdToUpdateClass: A, newClasses: ['p-2', 'm-1', 'nope'], oldClasses: ['p-2'] },
    })
    // Asked as the server writes it: under its modifiers.
    expect(classCss.mock.calls).toEqual([[['md:hover:p-[13px]']], [['m-1', 'nope']]])
    expect(items[0]?.changeFields).toMatchObject({ cssEquivalent: '.md:hover:p-[13px]{}' })
    expect(items[1]?.changeFields).toMatchObject({ involvedClasses: [{ tailwind: 'm-1', css: '.m-1{}' }] })
  })

  test('a change the server refuses is taken back from the page', async () => {
    const { api } = fakeApi([new ServerError(422, 'EDIT_IMPOSSIBLE', 'The element uses label.')])
    const { instant, items } = fakeInstant([])
    const ledger = new ChangeLedger({ api, refOf, remapped: () => {}, instant })
    const move = { type: 'MOVE_JSX', changeFields: { codebaseIdToMove: A, codebaseIdToMoveTo: B } }
    await ledger.submit(move)
    expect(items.map((item) => item.type)).toEqual(['MOVE_JSX', 'UNDO'])
    expect(items[1]?.changeFields).toEqual({ changeToUndo: items[0], matchingActivityFlushed: false })
    expect(ledger.items[0]).toMatchObject({ failed: true, instantUpdateSuccessful: true })
  })

  test('a change the inspector already showed (a drop) keeps its id and is taken back by it', async () => {
    const { api } = fakeApi([new ServerError(422, 'EDIT_IMPOSSIBLE', 'No.')])
    const { instant, items } = fakeInstant([])
    const ledger = new ChangeLedger({ api, refOf, remapped: () => {}, instant })
    const move = { type: 'MOVE_JSX', changeFields: { codebaseIdToMove: A, codebaseIdToMoveTo: B } }
    await ledger.submit(move, { instantShownAs: 'drop-1' })
    expect(ledger.items[0]).toMatchObject({ id: 'drop-1', instantUpdateFinished: true })
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({
      type: 'UNDO',
      changeFields: { changeToUndo: { id: 'drop-1', type: 'MOVE_JSX' }, matchingActivityFlushed: false },
    })
  })

  test('instant update off for a change: nothing shown; an UNKNOWN change shows nothing', async () => {
    const { api } = fakeApi([{ ok: true, files: ['src/App.tsx'] }])
    const { instant } = fakeInstant([])
    const ledger = new ChangeLedger({ api, refOf, remapped: () => {}, instant })
    await ledger.submit(editText(), { instantUpdate: false })
    await ledger.submit({ type: 'UNKNOWN' })
    expect(instant.apply).not.toHaveBeenCalled()
    expect(ledger.items[0]).toMatchObject({ instantUpdate: false, instantUpdateSent: false })
  })

  test('during a save only styling and class changes show at once; others show when their turn comes', async () => {
    const log: string[] = []
    let release: (value: MutateResponse) => void = () => {}
    const api = {
      canvasId: 'c',
      mutate: vi
        .fn()
        .mockImplementationOnce(() => {
          log.push('request 1')
          return new Promise<MutateResponse>((resolve) => {
            release = resolve
          })
        })
        .mockImplementation(async () => {
          log.push('request')
          return { ok: true, files: ['src/App.tsx'] }
        }),
    } as unknown as ServerApi
    const { instant } = fakeInstant(log)
    const ledger = new ChangeLedger({ api, refOf, remapped: () => {}, instant })
    const first = ledger.submit(editText())
    await vi.waitFor(() => expect(log).toContain('request 1'))
    const second = ledger.submit({ type: 'DUPLICATE', changeFields: { codebaseIdsToDuplicate: [A] } })
    const third = ledger.submit({
      type: 'ADD_CLASS',
      changeFields: { codebaseIdToAddClass: A, className: 'p-2' },
    })
    await vi.waitFor(() => expect(log).toContain('instant ADD_CLASS'))
    expect(log).not.toContain('instant DUPLICATE')
    release({ ok: true, files: ['src/App.tsx'] })
    await Promise.all([first, second, third])
    expect(log.filter((entry) => entry.startsWith('instant'))).toEqual([
      'instant EDIT_TEXT',
      'instant ADD_CLASS',
      'instant DUPLICATE',
    ])
  })

  test('undo of a removal, a class or a style shows at once; of other changes after the reload', async () => {
    const { api } = fakeApi([
      { ok: true, files: ['src/App.tsx'] },
      { ok: true, files: ['src/App.tsx'] },
      { ok: true, files: ['src/App.tsx'] },
      { ok: true, files: ['src/App.tsx'] },
    ])
    const { instant, items } = fakeInstant([])
    const ledger = new ChangeLedger({ api, refOf, remapped: () => {}, instant })
    await ledger.submit({ type: 'REMOVE_JSX', changeFields: { codebaseIdsToRemove: [A] } })
    await ledger.undo()
    expect(items.map((item) => item.type)).toEqual(['REMOVE_JSX', 'UNDO'])
    expect(items[1]?.changeFields).toMatchObject({
      matchingActivityFlushed: true,
      changeToUndo: { type: 'REMOVE_JSX' },
    })
    await ledger.submit(editText())
    await ledger.undo()
    expect(items.map((item) => item.type)).toEqual(['REMOVE_JSX', 'UNDO', 'EDIT_TEXT'])
  })
})
