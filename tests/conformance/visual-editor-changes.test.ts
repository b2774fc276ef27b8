// @vitest-environment happy-dom
/**
 * Conformance with docs/spec/visual-editor.md, section 3: the change fields of each change type (the
 * editor's side) and what the inspector's change items add. One test per type, named after its
 * section.
 *
 * How each promise is checked:
 * - by value: the protocol's change schemas (CHANGE_FIELD_SCHEMAS: the fields each type's schema
 *   takes, in its order), and a change parsed by the editor's ledger;
 * - by type: the inspector's additions, which exist only as TypeScript types (expectTypeOf, enforced
 *   by `tsc -p tests/conformance`).
 */
import { afterEach, describe, expect, expectTypeOf, test } from 'vitest'
import { createChangeItem } from '../../packages/editor-ui/src/ledger/change-item.ts'
import { CHANGE_FIELD_SCHEMAS } from '../../packages/vite-plugin-visual-edit/src/protocol/change-schemas.ts'
import type { ChangeType } from '../../packages/vite-plugin-visual-edit/src/protocol/change-types.ts'
import type {
  InstantChangeFields,
  InstantChangeItem,
} from '../../packages/vite-plugin-visual-edit/src/protocol/instant-update.ts'
import { fieldsOf } from './support/schemas.ts'

const UUID_V4 = '3f2a8c1e-5b7d-4e9f-8a6b-1c2d3e4f5a6b'
const TAGGED = `tempo-${UUID_V4}`

afterEach(() => {
  document.head.innerHTML = ''
})

/** The change fields a type's schema takes, in the order the schema lists them. */
const changeFields = (type: ChangeType) => fieldsOf(CHANGE_FIELD_SCHEMAS[type])

describe('§3 Change fields per type (editor side)', () => {
  test('§3 STYLING: codebaseId, stylingChanges, stylingFramework, modifiers, customProperties', () => {
    expect(changeFields('STYLING')).toEqual([
      'codebaseId',
      'stylingChanges',
      'stylingFramework',
      'modifiers',
      'customProperties',
    ])
  })

  test('§3 ADD_JSX: codebaseIdToAddTo, beforeCodebaseId, afterCodebaseId, addCodebaseId, addNativeTag, fileContentsToSourceFrom, fileContentsSourceFilename, propsToSet, deletedStoryboardId, htmlForInstantUpdate, extraPathToContents', () => {
    expect(changeFields('ADD_JSX')).toEqual([
      'codebaseIdToAddTo',
      'beforeCodebaseId',
      'afterCodebaseId',
      'addCodebaseId',
      'addNativeTag',
      'fileContentsToSourceFrom',
      'fileContentsSourceFilename',
      'propsToSet',
      'deletedStoryboardId',
      'htmlForInstantUpdate',
      'extraPathToContents',
    ])
  })

  test('§3 MOVE_JSX: codebaseIdToMove, codebaseIdToMoveTo, afterCodebaseId, beforeCodebaseId, expectedCurrentParentCodebaseId', () => {
    expect(changeFields('MOVE_JSX')).toEqual([
      'codebaseIdToMove',
      'codebaseIdToMoveTo',
      'afterCodebaseId',
      'beforeCodebaseId',
      'expectedCurrentParentCodebaseId',
    ])
  })

  test('§3 REMOVE_JSX: codebaseIdsToRemove, de-duplicated', () => {
    expect(changeFields('REMOVE_JSX')).toEqual(['codebaseIdsToRemove'])
    const parsed = createChangeItem({
      type: 'REMOVE_JSX',
      changeFields: { codebaseIdsToRemove: [TAGGED, TAGGED] },
    })
    expect(parsed.change.changeFields).toEqual({ codebaseIdsToRemove: [TAGGED] })
  })

  test('§3 CHANGE_PROP: codebaseIdToChange, propName, propValue (and removeProp, MUTATE-API.md)', () => {
    expect(changeFields('CHANGE_PROP')).toEqual(['codebaseIdToChange', 'propName', 'propValue', 'removeProp'])
  })

  test('§3 WRAP_DIV: codebaseIdsToWrap', () => {
    expect(changeFields('WRAP_DIV')).toEqual(['codebaseIdsToWrap'])
  })

  test('§3 DUPLICATE: codebaseIdsToDuplicate', () => {
    expect(changeFields('DUPLICATE')).toEqual(['codebaseIdsToDuplicate'])
  })

  test('§3 CHANGE_TAG: codebaseIdToChange, newTagName', () => {
    expect(changeFields('CHANGE_TAG')).toEqual(['codebaseIdToChange', 'newTagName'])
  })

  test('§3 ADD_CLASS: codebaseIdToAddClass, className, addingTailwindClass, modifiers, customProperties', () => {
    expect(changeFields('ADD_CLASS')).toEqual([
      'codebaseIdToAddClass',
      'className',
      'addingTailwindClass',
      'modifiers',
      'customProperties',
    ])
  })

  test('§3 REMOVE_CLASS: codebaseIdToRemoveClass, className', () => {
    expect(changeFields('REMOVE_CLASS')).toEqual(['codebaseIdToRemoveClass', 'className'])
  })

  test('§3 EDIT_TEXT: codebaseIdToEditText, newText, oldText', () => {
    expect(changeFields('EDIT_TEXT')).toEqual(['codebaseIdToEditText', 'newText', 'oldText'])
  })

  test('§3 UPDATE_CLASSES: codebaseIdToUpdateClass, newClasses, oldClasses', () => {
    expect(changeFields('UPDATE_CLASSES')).toEqual(['codebaseIdToUpdateClass', 'newClasses', 'oldClasses'])
  })

  test('§3 UNDO and REDO carry the change to undo or redo', () => {
    expect(changeFields('UNDO')).toEqual(['changeToUndo'])
    expect(changeFields('REDO')).toEqual(['changeToRedo'])
  })
})

describe('§3 Inspector-side change item additions', () => {
  test('§3 ADD_JSX: htmlForInstantUpdate and the ids above', () => {
    expectTypeOf<InstantChangeFields<'ADD_JSX'>>().toHaveProperty('htmlForInstantUpdate')
    expectTypeOf<InstantChangeFields<'ADD_JSX'>>().toHaveProperty('codebaseIdToAddTo')
  })

  test('§3 ADD_CLASS: also cssEquivalent and temporaryOnly', () => {
    expectTypeOf<InstantChangeFields<'ADD_CLASS'>>().toHaveProperty('cssEquivalent')
    expectTypeOf<InstantChangeFields<'ADD_CLASS'>>().toHaveProperty('temporaryOnly')
  })

  test('§3 UNDO: changeToUndo and matchingActivityFlushed', () => {
    expectTypeOf<keyof InstantChangeFields<'UNDO'>>().toEqualTypeOf<
      'changeToUndo' | 'matchingActivityFlushed'
    >()
  })

  test('§3 UPDATE_CLASSES: also involvedClasses (each with tailwind, css, variant) and isInstantChangeOnly', () => {
    type Involved = NonNullable<InstantChangeFields<'UPDATE_CLASSES'>['involvedClasses']>[number]
    expectTypeOf<keyof Involved>().toEqualTypeOf<'tailwind' | 'css' | 'variant'>()
    expectTypeOf<InstantChangeFields<'UPDATE_CLASSES'>>().toHaveProperty('isInstantChangeOnly')
  })

  test('§3 A change may hold prevIdToNewIdMap', () => {
    expectTypeOf<InstantChangeItem>().toHaveProperty('prevIdToNewIdMap')
  })
})
