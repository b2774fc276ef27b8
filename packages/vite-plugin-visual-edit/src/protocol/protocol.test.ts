import { describe, expect, test } from 'vitest'
import {
  apiPathForChange,
  assertChangeType,
  CHANGE_TYPES,
  ChangeType,
  createElementKey,
  DUPLICATE_PLACEHOLDER_PREFIX,
  EMPTY_TREE_CODEBASE_ID,
  elementKeysEqual,
  elementKeyToString,
  encodePathSegment,
  hasCodebaseIdPrefix,
  isValidCodebaseId,
  parseChange,
  parseElementKey,
  SKIP_ROOT_CODEBASE_ID,
  STORYBOARD_CODEBASE_ID,
  StylingFramework,
  storyboardElementKey,
  WRAP_IN_DIV_PLACEHOLDER_ID,
} from './index.ts'

const ID = 'tempo-2ed6657d-e927-568b-95e1-2665a8aea6a2'
const ID2 = 'tempo-6ba7b810-9dad-11d1-80b4-00c04fd430c8'

describe('codebase ids', () => {
  test.each([
    [ID, true],
    [ID2, true],
    ['tempo-6ba7b810-9dad-61d1-80b4-00c04fd430c8', false], // version 6 is not 1-5
    ['tempo-6ba7b810-9dad-11d1-c0b4-00c04fd430c8', false], // not the RFC 4122 variant
    ['tempo-not-a-uuid', false],
    ['2ed6657d-e927-568b-95e1-2665a8aea6a2', false],
    [WRAP_IN_DIV_PLACEHOLDER_ID, true],
    [`${DUPLICATE_PLACEHOLDER_PREFIX}3`, true],
    [DUPLICATE_PLACEHOLDER_PREFIX, false],
    ['body', true],
    ['root', true],
    ['__next', true],
    ['html', false],
    [`${ID}"`, false],
    ['', false],
  ])('%s valid: %s', (id, valid) => {
    expect(isValidCodebaseId(id)).toBe(valid)
  })

  test.each([
    [ID, true],
    [WRAP_IN_DIV_PLACEHOLDER_ID, true],
    [`${DUPLICATE_PLACEHOLDER_PREFIX}3`, true],
    [STORYBOARD_CODEBASE_ID, false],
    [SKIP_ROOT_CODEBASE_ID, false],
    ['root', false],
    ['Tempo-2ed6657d-e927-568b-95e1-2665a8aea6a2', false],
  ])("%s is the code's: %s", (id, ofTheCode) => {
    expect(hasCodebaseIdPrefix(id)).toBe(ofTheCode)
  })

  test('tree markers are distinct', () => {
    expect(new Set([EMPTY_TREE_CODEBASE_ID, SKIP_ROOT_CODEBASE_ID, STORYBOARD_CODEBASE_ID]).size).toBe(3)
  })
})

describe('element keys', () => {
  test('validate their ids with the spec messages', () => {
    expect(() => createElementKey('tempo-a b', 'sb', '0')).toThrow('Codebase ID contains invalid chars')
    expect(() => createElementKey(ID, 'sb/1', '0')).toThrow('Storyboard ID contains invalid chars')
    expect(() => createElementKey(ID, 'sb', '1-2')).toThrow(/unique path/)
    expect(createElementKey(undefined, 'sb', '0-1').codebaseId).toBe('')
  })

  test('a storyboard key is the storyboard marker at path 0', () => {
    expect(storyboardElementKey('main_1')).toEqual({
      codebaseId: STORYBOARD_CODEBASE_ID,
      storyboardId: 'main_1',
      uniquePath: '0',
    })
  })

  test('round-trip through their string form', () => {
    const key = createElementKey(ID, 'story-1', '0-3-0-12')
    expect(parseElementKey(elementKeyToString(key))).toEqual(key)
    expect(elementKeysEqual(parseElementKey(elementKeyToString(key)), key)).toBe(true)
    const anonymous = createElementKey(undefined, 'story-1', '0-1')
    expect(parseElementKey(elementKeyToString(anonymous))).toEqual(anonymous)
    expect(() => parseElementKey('a.b')).toThrow(/Invalid element key/)
  })

  test('path segments replace special characters with word tokens', () => {
    expect(encodePathSegment('Memo(Card).x-y')).toBe('Memo_LPAREN_Card_RPAREN__DOT_x_DASH_y')
    expect(encodePathSegment('a→b')).toBe('a_U2192_b')
  })
})

describe('changes', () => {
  test('there are the 15 change types of the spec', () => {
    expect(CHANGE_TYPES).toHaveLength(15)
  })

  test("an unknown type throws 'Unknown change type'", () => {
    expect(() => assertChangeType('MAKE_IT_PRETTY')).toThrow('Unknown change type')
    expect(() => parseChange({ type: '__proto__', changeFields: {} })).toThrow('Unknown change type')
    expect(() => parseChange({ type: 'toString' })).toThrow('Unknown change type')
  })

  test('fields are validated and only known fields are kept', () => {
    const change = parseChange({
      type: ChangeType.STYLING,
      changeFields: {
        codebaseId: ID,
        stylingChanges: { color: 'red' },
        stylingFramework: StylingFramework.TAILWIND,
        modifiers: ['hover', 'md'],
        injected: 'dropped',
      },
    })
    expect(change.changeFields).toEqual({
      codebaseId: ID,
      stylingChanges: { color: 'red' },
      stylingFramework: 'Tailwind',
      modifiers: ['hover', 'md'],
    })
  })

  test.each([
    [
      { type: 'EDIT_TEXT', changeFields: { codebaseIdToEditText: ID, newText: 'a' } },
      'EDIT_TEXT.oldText must be present',
    ],
    [
      { type: 'CHANGE_TAG', changeFields: { codebaseIdToChange: 'tempo-x y', newTagName: 'p' } },
      'Codebase ID contains invalid chars',
    ],
    [
      { type: 'CHANGE_TAG', changeFields: { codebaseIdToChange: 'tempo-1', newTagName: 'p' } },
      /CHANGE_TAG.codebaseIdToChange must be/,
    ],
    [
      { type: 'CHANGE_PROP', changeFields: { codebaseIdToChange: ID, propName: 'n', propValue: { a: 1 } } },
      /propValue must be/,
    ],
    [
      { type: 'CHANGE_PROP', changeFields: { codebaseIdToChange: ID, propName: 'n', propValue: Number.NaN } },
      /propValue must be/,
    ],
    [
      { type: 'STYLING', changeFields: { codebaseId: ID, stylingChanges: {}, stylingFramework: 'Sass' } },
      /STYLING.stylingFramework must be 'Inline', 'CSS' or 'Tailwind'/,
    ],
    [
      {
        type: 'ADD_CLASS',
        changeFields: { codebaseIdToAddClass: ID, className: 'p-2', modifiers: ['visited'] },
      },
      /modifiers must be/,
    ],
    [{ type: 'REMOVE_JSX', changeFields: { codebaseIdsToRemove: [] } }, /non-empty array/],
    [{ type: 'ADD_JSX', changeFields: { codebaseIdToAddTo: ID } }, /addNativeTag must be set/],
    [{ type: 'UNDO', changeFields: { changeToUndo: { type: 'NOPE' } } }, 'Unknown change type'],
    ['EDIT_TEXT', /must be an object/],
  ])('rejects %j', (raw, message) => {
    expect(() => parseChange(raw)).toThrow(message)
  })

  test('REMOVE_JSX ids are de-duplicated; UNDO carries a validated change', () => {
    expect(
      parseChange({ type: 'REMOVE_JSX', changeFields: { codebaseIdsToRemove: [ID, ID2, ID] } }).changeFields,
    ).toEqual({
      codebaseIdsToRemove: [ID, ID2],
    })
    const undo = parseChange({
      type: 'UNDO',
      changeFields: {
        changeToUndo: {
          type: 'EDIT_TEXT',
          changeFields: { codebaseIdToEditText: ID, newText: 'b', oldText: 'a' },
        },
      },
    })
    expect(undo).toMatchObject({ type: 'UNDO', changeFields: { changeToUndo: { type: 'EDIT_TEXT' } } })
  })

  test("each change type maps to its API path; UNKNOWN throws 'Unsupported operation'", () => {
    expect(apiPathForChange('c1', ChangeType.EDIT_TEXT)).toBe('/canvases/c1/parseAndMutate/mutate/editText')
    expect(apiPathForChange('c1', ChangeType.WRAP_DIV)).toBe('/canvases/c1/parseAndMutate/mutate/wrapInDiv')
    expect(apiPathForChange('c1', ChangeType.UNDO)).toBe(
      '/canvases/c1/parseAndMutate/activities/undoChangeToFiles',
    )
    expect(apiPathForChange('c1', ChangeType.REDO)).toBe(
      '/canvases/c1/parseAndMutate/activities/redoChangeToFiles',
    )
    expect(() => apiPathForChange('c1', ChangeType.UNKNOWN)).toThrow('Unsupported operation')
    for (const type of CHANGE_TYPES)
      if (type !== ChangeType.UNKNOWN) expect(apiPathForChange('c', type)).toMatch(/^\/canvases\/c\//)
  })
})
