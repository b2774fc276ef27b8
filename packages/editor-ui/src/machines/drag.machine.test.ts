import type { DropPlacement, ElementKey } from 'vite-plugin-visual-edit/protocol'
import { describe, expect, test, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { dragMachine, type MoveInput } from './drag.machine.ts'

const key = (codebaseId: string, uniquePath: string): ElementKey => ({
  codebaseId,
  storyboardId: 'app',
  uniquePath,
})
const A = key('tempo-a', '0-0-0')
const LIST = key('tempo-list', '0-0')
const DROP: DropPlacement = { parentKey: LIST, codebaseIdToMoveTo: 'tempo-list', beforeCodebaseId: 'tempo-b' }

function drag(move: (input: MoveInput) => Promise<void> = async () => {}) {
  const cancelled = vi.fn()
  const moves: MoveInput[] = []
  const actor = createActor(
    dragMachine.provide({
      actors: {
        moveElement: fromPromise<void, MoveInput>(({ input }) => {
          moves.push(input)
          return move(input)
        }),
      },
      actions: { cancelled },
    }),
  ).start()
  return { actor, cancelled, moves }
}

const press = {
  type: 'PRESS',
  source: 'layers',
  key: A,
  expectedParent: 'tempo-list',
  x: 100,
  y: 100,
} as const

describe('drag', () => {
  test('a press starts dragging once x and y distances together reach the threshold', () => {
    const { actor } = drag()
    actor.send({ ...press, threshold: 20 })
    expect(actor.getSnapshot().value).toBe('pressed')
    actor.send({ type: 'MOVE', x: 110, y: 109, buttons: 1 })
    expect(actor.getSnapshot().value).toBe('pressed')
    actor.send({ type: 'MOVE', x: 110, y: 110, buttons: 1 })
    expect(actor.getSnapshot().value).toBe('dragging')
  })

  test.each([
    [50, 40],
    [100, 20],
    [200, 10],
  ])('at zoom %i%% the threshold is 20 / zoom = %i px', (zoomPercent, threshold) => {
    const { actor } = drag()
    actor.send({ ...press, threshold: 20 / (zoomPercent / 100) })
    actor.send({ type: 'MOVE', x: 100 + threshold - 1, y: 100, buttons: 1 })
    expect(actor.getSnapshot().value).toBe('pressed')
    actor.send({ type: 'MOVE', x: 100 + threshold, y: 100, buttons: 1 })
    expect(actor.getSnapshot().value).toBe('dragging')
  })

  test('a release before the threshold is a click: back to idle, nothing sent', () => {
    const { actor, moves } = drag()
    actor.send({ ...press, threshold: 20 })
    expect(actor.getSnapshot().can({ type: 'RELEASE' })).toBe(true)
    actor.send({ type: 'RELEASE' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(moves).toEqual([])
  })

  test('a move with no button held cancels, pressed or dragging', () => {
    const { actor, cancelled } = drag()
    actor.send({ ...press, threshold: 20 })
    actor.send({ type: 'MOVE', x: 100, y: 100, buttons: 0 })
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ ...press, threshold: 20 })
    actor.send({ type: 'MOVE', x: 200, y: 100, buttons: 1 })
    actor.send({ type: 'MOVE', x: 210, y: 100, buttons: 0 })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(cancelled).toHaveBeenCalledTimes(1)
  })

  test('Escape (CANCEL) while dragging cancels and tells the pointer tracker', () => {
    const { actor, cancelled, moves } = drag()
    actor.send({ type: 'STARTED', key: A, expectedParent: 'tempo-list' })
    expect(actor.getSnapshot().value).toBe('dragging')
    expect(actor.getSnapshot().context.source).toBe('canvas')
    actor.send({ type: 'CANCEL' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(cancelled).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.key).toBeNull()
    expect(moves).toEqual([])
  })

  test('the inspector starting its own drag is followed from idle or pressed', () => {
    const { actor } = drag()
    actor.send({ ...press, threshold: 20 })
    actor.send({ type: 'STARTED', key: A, expectedParent: 'tempo-list' })
    expect(actor.getSnapshot().value).toBe('dragging')
  })

  test('a drop with a placement sends the move with expectedCurrentParent and the instant change id', async () => {
    const { actor, moves } = drag()
    actor.send({ type: 'STARTED', key: A, expectedParent: 'tempo-old' })
    actor.send({ type: 'DROP', drop: DROP, changeId: 'change-1' })
    expect(actor.getSnapshot().value).toBe('dropped')
    await waitFor(actor, (snapshot) => snapshot.matches('idle'))
    expect(moves).toEqual([
      { key: A, drop: DROP, expectedParent: 'tempo-old', changeId: 'change-1', source: 'canvas' },
    ])
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  test('a drop where the element already is sends nothing', () => {
    const { actor, moves } = drag()
    actor.send({ type: 'STARTED', key: A, expectedParent: 'tempo-list' })
    actor.send({ type: 'DROP', drop: null })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(moves).toEqual([])
  })

  test('a refused move: the server reason is kept for the toast', async () => {
    const { actor, moves } = drag(async () => {
      throw new Error('Cannot move an element into its own descendant.')
    })
    actor.send({ ...press, threshold: 4 })
    actor.send({ type: 'MOVE', x: 120, y: 100, buttons: 1 })
    actor.send({ type: 'TARGET', drop: DROP })
    expect(actor.getSnapshot().context.drop).toEqual(DROP)
    actor.send({ type: 'DROP', drop: DROP, changeId: 'change-2' })
    await waitFor(actor, (snapshot) => snapshot.matches('idle'))
    expect(actor.getSnapshot().context.error).toBe('Cannot move an element into its own descendant.')
    expect(moves[0]?.changeId).toBe('change-2')
    // The next press starts clean.
    actor.send({ ...press, threshold: 4 })
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  test('a press while dragging is not accepted', () => {
    const { actor } = drag()
    actor.send({ type: 'STARTED', key: A, expectedParent: null })
    expect(actor.getSnapshot().can({ ...press, threshold: 4 })).toBe(false)
  })
})
