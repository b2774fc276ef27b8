import { describe, expect, test } from 'vitest'
import { CHANGE_TYPES } from './change-types.ts'
import {
  hasInstantUndo,
  INSTANT_UNDO_CHANGE_TYPES,
  isShownDuringSave,
  SHOWN_DURING_SAVE_CHANGE_TYPES,
} from './index.ts'

/** The two lists of the spec's change ledger lifecycle, which the editor and the inspector both read. */
describe('the change types instant updates treat apart', () => {
  test('types with instant undo: REMOVE_JSX, ADD_CLASS, STYLING, UPDATE_CLASSES', () => {
    expect(INSTANT_UNDO_CHANGE_TYPES).toEqual(['REMOVE_JSX', 'ADD_CLASS', 'STYLING', 'UPDATE_CLASSES'])
    expect(CHANGE_TYPES.filter(hasInstantUndo).sort()).toEqual([...INSTANT_UNDO_CHANGE_TYPES].sort())
  })

  test('types shown during a save: STYLING, ADD_CLASS, UPDATE_CLASSES', () => {
    expect(SHOWN_DURING_SAVE_CHANGE_TYPES).toEqual(['STYLING', 'ADD_CLASS', 'UPDATE_CLASSES'])
    expect(CHANGE_TYPES.filter(isShownDuringSave).sort()).toEqual([...SHOWN_DURING_SAVE_CHANGE_TYPES].sort())
  })

  test('a type off the wire that is none of them has no instant undo', () => {
    for (const type of [undefined, '', 'remove_jsx', 'toString', '__proto__', 'UNDO', 'REDO', 'UNKNOWN'])
      expect(hasInstantUndo(type)).toBe(false)
  })
})
