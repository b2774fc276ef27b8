import { describe, expect, test } from 'vitest'
import { History, type HistoryEntry } from './history.ts'

const entry = (name: string): HistoryEntry => ({
  files: [
    {
      file: `/p/${name}`,
      relativePath: name,
      before: Buffer.from('a'),
      after: Buffer.from('b'),
      mode: 0o644,
    },
  ],
  directories: [],
})

describe('History', () => {
  test('keeps the newest `limit` entries per canvas, canvases apart', () => {
    const history = new History(2)
    history.record('one', entry('1'))
    history.record('one', entry('2'))
    history.record('one', entry('3'))
    history.record('two', entry('x'))
    expect(history.sizes('one')).toEqual({ undo: 2, redo: 0 })
    expect(history.peekUndo('one')?.files[0]?.relativePath).toBe('3')
    history.undone('one')
    history.undone('one')
    history.undone('one')
    expect(history.sizes('one')).toEqual({ undo: 0, redo: 2 })
    expect(history.sizes('two')).toEqual({ undo: 1, redo: 0 })
  })

  test('a new edit clears redo; redo moves an entry back', () => {
    const history = new History(10)
    history.record('c', entry('1'))
    history.undone('c')
    expect(history.peekRedo('c')?.files[0]?.relativePath).toBe('1')
    history.redone('c')
    expect(history.sizes('c')).toEqual({ undo: 1, redo: 0 })
    history.undone('c')
    history.record('c', entry('2'))
    expect(history.sizes('c')).toEqual({ undo: 1, redo: 0 })
    expect(history.peekUndo('__proto__')).toBeUndefined()
  })
})
