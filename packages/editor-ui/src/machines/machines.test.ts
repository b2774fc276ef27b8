import type { ElementKey } from 'vite-plugin-visual-edit/protocol'
import { describe, expect, test } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { connectionMachine } from './connection.machine.ts'
import { selectionMachine } from './selection.machine.ts'
import { textEditMachine } from './text-edit.machine.ts'

const key = (codebaseId: string, uniquePath: string): ElementKey => ({
  codebaseId,
  storyboardId: 'app',
  uniquePath,
})
const A = key('tempo-a', '0-0-0')
const B = key('tempo-b', '0-0-1')
const C = key('tempo-c', '0-0-2')
const OTHER = key('tempo-x', '0-1-0')
/** Siblings share the unique path up to their last segment. */
const areSiblings = (a: ElementKey, b: ElementKey) =>
  a.uniquePath.slice(0, a.uniquePath.lastIndexOf('-')) ===
  b.uniquePath.slice(0, b.uniquePath.lastIndexOf('-'))

function selection() {
  return createActor(selectionMachine, { input: { areSiblings } }).start()
}

describe('selection', () => {
  test('hover, select, and clear', () => {
    const actor = selection()
    actor.send({ type: 'HOVER', key: A })
    expect(actor.getSnapshot().context.hovered).toEqual(A)
    actor.send({ type: 'SELECT', key: B })
    expect(actor.getSnapshot().matches({ edit: 'selected' })).toBe(true)
    expect(actor.getSnapshot().context.selected).toEqual([B])
    actor.send({ type: 'CLEAR' })
    expect(actor.getSnapshot().matches({ edit: 'none' })).toBe(true)
    expect(actor.getSnapshot().context.selected).toEqual([])
  })

  test("the page's multi-selection is taken as it is (the page checked its siblings in the page as it is)", () => {
    const actor = selection()
    actor.send({ type: 'SELECT', key: A })
    // A key the editor's tree does not show as a sibling yet (its build is behind the page's).
    const copy = key('tempo-copy', '0-0-9-1')
    actor.send({ type: 'ADOPT', keys: [A, copy] })
    expect(actor.getSnapshot().matches({ edit: 'multiSelected' })).toBe(true)
    expect(actor.getSnapshot().context.selected).toEqual([A, copy])
    actor.send({ type: 'ADOPT', keys: [B] })
    expect(actor.getSnapshot().matches({ edit: 'selected' })).toBe(true)
    actor.send({ type: 'ADOPT', keys: [] })
    expect(actor.getSnapshot().matches({ edit: 'none' })).toBe(true)
  })

  test('shift-click adds and removes siblings only; a non-sibling is ignored', () => {
    const actor = selection()
    actor.send({ type: 'SELECT', key: A })
    expect(actor.getSnapshot().can({ type: 'TOGGLE', key: OTHER })).toBe(false)
    actor.send({ type: 'TOGGLE', key: OTHER })
    expect(actor.getSnapshot().context.selected).toEqual([A])
    actor.send({ type: 'TOGGLE', key: B })
    actor.send({ type: 'TOGGLE', key: C })
    expect(actor.getSnapshot().matches({ edit: 'multiSelected' })).toBe(true)
    expect(actor.getSnapshot().context.selected).toEqual([A, B, C])
    actor.send({ type: 'TOGGLE', key: B })
    actor.send({ type: 'TOGGLE', key: A })
    expect(actor.getSnapshot().matches({ edit: 'selected' })).toBe(true)
    expect(actor.getSnapshot().context.selected).toEqual([C])
    actor.send({ type: 'TOGGLE', key: C })
    expect(actor.getSnapshot().matches({ edit: 'none' })).toBe(true)
  })

  test('a storyboard is its own state', () => {
    const actor = selection()
    actor.send({ type: 'SELECT_STORYBOARD', key: key('STORYBOARD-COMPONENT', '0') })
    expect(actor.getSnapshot().matches({ edit: 'storyboard' })).toBe(true)
    expect(actor.getSnapshot().can({ type: 'TOGGLE', key: A })).toBe(false)
  })

  test('drive mode clears everything and takes no selection until edit mode', () => {
    const actor = selection()
    actor.send({ type: 'SELECT', key: A })
    actor.send({ type: 'HOVER', key: B })
    actor.send({ type: 'DRIVE' })
    expect(actor.getSnapshot().context).toMatchObject({ selected: [], hovered: null })
    for (const event of [
      { type: 'SELECT', key: A },
      { type: 'HOVER', key: A },
    ] as const) {
      expect(actor.getSnapshot().can(event)).toBe(false)
      actor.send(event)
    }
    expect(actor.getSnapshot().context).toMatchObject({ selected: [], hovered: null })
    actor.send({ type: 'EDIT' })
    actor.send({ type: 'SELECT', key: A })
    expect(actor.getSnapshot().context.selected).toEqual([A])
  })

  test('the selection follows ids an edit changed', () => {
    const actor = selection()
    actor.send({ type: 'SELECT', key: A })
    actor.send({ type: 'HOVER', key: A })
    actor.send({ type: 'REMAP', map: { 'tempo-a': 'tempo-a2' } })
    expect(actor.getSnapshot().context.selected).toEqual([{ ...A, codebaseId: 'tempo-a2' }])
    expect(actor.getSnapshot().context.hovered?.codebaseId).toBe('tempo-a2')
  })

  test('a selection the page chose in the new code keeps its ids; the hover still follows', () => {
    const actor = selection()
    actor.send({ type: 'SELECT', key: A })
    actor.send({ type: 'HOVER', key: A })
    actor.send({ type: 'REMAP', map: { 'tempo-a': 'tempo-a2' }, selection: false })
    expect(actor.getSnapshot().context.selected).toEqual([A])
    expect(actor.getSnapshot().context.hovered?.codebaseId).toBe('tempo-a2')
  })
})

describe('text edit', () => {
  function textEdit(commit: (input: { newText: string }) => Promise<void>) {
    const committed: string[] = []
    const machine = textEditMachine.provide({
      actors: {
        commitText: fromPromise(async ({ input }) => {
          committed.push(input.newText)
          await commit(input)
        }),
      },
    })
    return { actor: createActor(machine).start(), committed }
  }

  test('idle -> editing -> committing -> idle', async () => {
    const { actor, committed } = textEdit(async () => {})
    actor.send({ type: 'START', key: A, oldText: 'Old' })
    expect(actor.getSnapshot().value).toBe('editing')
    actor.send({ type: 'COMMIT', newText: 'New' })
    expect(actor.getSnapshot().can({ type: 'START', key: B, oldText: '' })).toBe(false)
    expect(actor.getSnapshot().value).toBe('committing')
    await waitFor(actor, (snapshot) => snapshot.value === 'idle')
    expect(committed).toEqual(['New'])
    expect(actor.getSnapshot().context).toMatchObject({ key: null, error: null })
  })

  test('a start while editing follows the new element (the end of the last one was lost)', () => {
    const { actor, committed } = textEdit(async () => {})
    actor.send({ type: 'START', key: A, oldText: 'First' })
    actor.send({ type: 'START', key: B, oldText: 'Second' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context).toMatchObject({ key: B, oldText: 'Second' })
    actor.send({ type: 'COMMIT', newText: 'Second' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(committed).toEqual([])
  })

  test('an unchanged text commits nothing; cancel goes back to idle', () => {
    const { actor, committed } = textEdit(async () => {})
    actor.send({ type: 'START', key: A, oldText: 'Same' })
    actor.send({ type: 'COMMIT', newText: 'Same' })
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'START', key: A, oldText: 'Same' })
    actor.send({ type: 'CANCEL' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(committed).toEqual([])
  })

  test('a failed commit goes back to idle with the message', async () => {
    const { actor } = textEdit(async () => {
      throw new Error('src/App.tsx changed on disk')
    })
    actor.send({ type: 'START', key: A, oldText: 'Old' })
    actor.send({ type: 'COMMIT', newText: 'New' })
    await waitFor(actor, (snapshot) => snapshot.value === 'idle')
    expect(actor.getSnapshot().context.error).toBe('src/App.tsx changed on disk')
  })
})

describe('connection', () => {
  function connection(results: (true | Error)[]) {
    const calls: boolean[] = []
    const machine = connectionMachine.provide({
      actors: {
        handshake: fromPromise(async ({ input }) => {
          calls.push(input.reconnect)
          const result = results.shift()
          if (result instanceof Error) throw result
        }),
      },
    })
    return { actor: createActor(machine).start(), calls }
  }

  test('connecting -> ready -> reconnecting after a reload -> ready', async () => {
    const { actor, calls } = connection([true, true])
    expect(actor.getSnapshot().value).toBe('waitingForFrame')
    actor.send({ type: 'FRAME_LOADED' })
    await waitFor(actor, (snapshot) => snapshot.value === 'ready')
    actor.send({ type: 'FRAME_LOADED' })
    expect(actor.getSnapshot().value).toBe('reconnecting')
    await waitFor(actor, (snapshot) => snapshot.value === 'ready')
    expect(calls).toEqual([false, true])
    expect(actor.getSnapshot().context.handshakes).toBe(2)
  })

  test('a failed handshake waits for a retry', async () => {
    const { actor } = connection([new Error('The app did not answer'), true])
    actor.send({ type: 'FRAME_LOADED' })
    await waitFor(actor, (snapshot) => snapshot.value === 'failed')
    expect(actor.getSnapshot().context.error).toBe('The app did not answer')
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (snapshot) => snapshot.value === 'ready')
    expect(actor.getSnapshot().context.error).toBeNull()
  })
})
