import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { MUTATE_BODY_SCHEMAS, type MutateRequest } from './body-schemas.ts'
import {
  CHANGE_REQUESTS,
  type ChangeRequestRule,
  type ChangeRequestTable,
  changeForRequest,
  type MutatingChangeType,
  type OperationRequest,
  type RequestContext,
  requestForChange,
} from './change-requests.ts'
import { type AnyChange, parseChange } from './change-schemas.ts'
import { CHANGE_TYPES, ChangeType } from './change-types.ts'
import { apiPathForChange, MUTATE_OPERATION, mutatePath } from './mutate-routes.ts'
import { bodyIssueMessage } from './schema-issues.ts'

const A = 'tempo-2ed6657d-e927-568b-95e1-2665a8aea6a2'
const B = 'tempo-7a0c9c1e-4b1f-5a57-9a53-2f2a6a3c5e10'
const C = 'tempo-11111111-1111-5111-8111-111111111111'
const refOf = (codebaseId: string) => ({ codebaseId, storyboardId: 'app', uniquePath: '0-1' })
const CONTEXT: RequestContext = { refOf, stylingFramework: null }

/** The request of an example, as the table must make it; null, and where the change goes instead. */
type Sent<T extends ChangeType> = T extends MutatingChangeType
  ? { operation: (typeof MUTATE_OPERATION)[T]; body: MutateRequest<(typeof MUTATE_OPERATION)[T]> }
  : null

/** One representative change of every type (a type left out does not compile), and what it sends. */
const EXAMPLES: { [T in ChangeType]: { changeFields: Record<string, unknown>; sent: Sent<T> } } = {
  STYLING: {
    changeFields: {
      codebaseId: A,
      stylingChanges: { color: 'red' },
      stylingFramework: 'CSS',
      modifiers: ['hover'],
      customProperties: { selector: '.card', filename: 'src/App.css' },
    },
    sent: {
      operation: 'styling',
      body: {
        reactElement: refOf(A),
        styling: { color: 'red' },
        stylingFramework: 'CSS',
        modifiers: ['hover'],
        customProperties: { selector: '.card', filename: 'src/App.css' },
      },
    },
  },
  ADD_JSX: {
    changeFields: {
      codebaseIdToAddTo: A,
      afterCodebaseId: B,
      addNativeTag: 'Badge',
      fileContentsToSourceFrom: 'export const Badge = () => <b />',
      fileContentsSourceFilename: 'src/Badge.tsx',
      propsToSet: { tone: 'new' },
      deletedStoryboardId: 'sb-1',
      htmlForInstantUpdate: '<b></b>',
      extraPathToContents: { 'src/badge.css': '.badge {}' },
    },
    sent: {
      operation: 'addJsxElement',
      body: {
        destinationElement: refOf(A),
        afterElement: refOf(B),
        newElement: { componentName: 'Badge' },
        propsToSet: { tone: 'new' },
        fileContentsToSourceFrom: 'export const Badge = () => <b />',
        fileContentsSourceFilename: 'src/Badge.tsx',
        extraFiles: { 'src/badge.css': '.badge {}' },
        hasInstantUpdate: true,
        deletedStoryboardId: 'sb-1',
      },
    },
  },
  MOVE_JSX: {
    changeFields: {
      codebaseIdToMove: A,
      codebaseIdToMoveTo: B,
      beforeCodebaseId: C,
      expectedCurrentParentCodebaseId: C,
    },
    sent: {
      operation: 'moveJsxElement',
      body: {
        elementToMove: refOf(A),
        newContainerElement: refOf(B),
        beforeElement: refOf(C),
        expectedCurrentParent: refOf(C),
      },
    },
  },
  REMOVE_JSX: {
    changeFields: { codebaseIdsToRemove: [A, B] },
    sent: { operation: 'removeJsxElement', body: { elementsToRemove: [refOf(A), refOf(B)] } },
  },
  CHANGE_PROP: {
    changeFields: { codebaseIdToChange: A, propName: 'count', propValue: 12 },
    sent: {
      operation: 'changePropValue',
      body: { elementToModify: refOf(A), propName: 'count', propValue: 12 },
    },
  },
  ADD_CLASS: {
    changeFields: {
      codebaseIdToAddClass: A,
      className: 'p-2',
      addingTailwindClass: true,
      modifiers: ['md'],
      customProperties: {},
    },
    sent: {
      operation: 'addClass',
      body: {
        reactElement: refOf(A),
        className: 'p-2',
        stylingFramework: 'Tailwind',
        modifiers: ['md'],
        customProperties: {},
      },
    },
  },
  REMOVE_CLASS: {
    changeFields: { codebaseIdToRemoveClass: A, className: 'p-2' },
    sent: { operation: 'removeClass', body: { reactElement: refOf(A), className: 'p-2' } },
  },
  UPDATE_CLASSES: {
    changeFields: { codebaseIdToUpdateClass: A, newClasses: ['p-2', 'm-1'], oldClasses: ['p-2'] },
    sent: {
      operation: 'updateClasses',
      body: {
        reactElement: refOf(A),
        newClasses: ['p-2', 'm-1'],
        oldClasses: ['p-2'],
        stylingFramework: null,
      },
    },
  },
  EDIT_TEXT: {
    changeFields: { codebaseIdToEditText: A, newText: 'Hello', oldText: 'Hi' },
    sent: { operation: 'editText', body: { element: refOf(A), newText: 'Hello', oldText: 'Hi' } },
  },
  WRAP_DIV: {
    changeFields: { codebaseIdsToWrap: [A, B] },
    sent: { operation: 'wrapInDiv', body: { reactElements: [refOf(A), refOf(B)] } },
  },
  CHANGE_TAG: {
    changeFields: { codebaseIdToChange: A, newTagName: 'section' },
    sent: { operation: 'changeElementTag', body: { elementToModify: refOf(A), newTag: 'section' } },
  },
  DUPLICATE: {
    changeFields: { codebaseIdsToDuplicate: [A] },
    sent: { operation: 'duplicate', body: { reactElements: [refOf(A)] } },
  },
  UNDO: {
    changeFields: {
      changeToUndo: {
        type: 'EDIT_TEXT',
        changeFields: { codebaseIdToEditText: A, newText: 'b', oldText: 'a' },
      },
    },
    sent: null,
  },
  REDO: {
    changeFields: {
      changeToRedo: {
        type: 'EDIT_TEXT',
        changeFields: { codebaseIdToEditText: A, newText: 'b', oldText: 'a' },
      },
    },
    sent: null,
  },
  UNKNOWN: { changeFields: {}, sent: null },
}

/** What the server answers a body with: 'ok' once parsed by the route's schema, else the 400's message. */
function serverReads(request: OperationRequest): string {
  const schema = MUTATE_BODY_SCHEMAS[request.operation]
  const parsed = v.safeParse(schema, JSON.parse(JSON.stringify(request.body)), { abortEarly: true })
  return parsed.success ? 'ok' : bodyIssueMessage(request.operation, schema, parsed.issues[0])
}

/** Where a change of `type` goes: its API path, or the error that it has none. */
function routeOf(type: ChangeType): string {
  try {
    return apiPathForChange('c', type)
  } catch (error) {
    return (error as Error).message
  }
}

const requestOf = (type: ChangeType, changeFields: Record<string, unknown>, context = CONTEXT) =>
  requestForChange(parseChange({ type, changeFields }), context)

describe('change requests', () => {
  test('every change type has its entry, and every mutate operation is made by exactly one', () => {
    expect(Object.keys(CHANGE_REQUESTS).sort()).toEqual([...CHANGE_TYPES].sort())
    const operations = Object.values(CHANGE_REQUESTS).flatMap((rule) => (rule ? [rule.operation] : []))
    expect(operations.sort()).toEqual(Object.values(MUTATE_OPERATION).sort())
  })

  // The exact bytes the editor sends (key order included), and the server's schema for the route reads
  // them: the two vocabularies cannot drift apart unseen.
  test.each(CHANGE_TYPES)('%s', (type) => {
    const { changeFields, sent } = EXAMPLES[type]
    const request = requestOf(type, changeFields)
    expect(JSON.stringify(request)).toBe(JSON.stringify(sent))
    if (request === null) return
    expect(routeOf(type)).toBe(mutatePath('c', request.operation))
    expect(serverReads(request)).toBe('ok')
  })

  test("UNDO and REDO make no mutate request (the activities routes); UNKNOWN cannot be sent: 'Unsupported operation'", () => {
    expect(routeOf(ChangeType.UNDO)).toBe('/canvases/c/parseAndMutate/activities/undoChangeToFiles')
    expect(routeOf(ChangeType.REDO)).toBe('/canvases/c/parseAndMutate/activities/redoChangeToFiles')
    expect(routeOf(ChangeType.UNKNOWN)).toBe('Unsupported operation')
  })

  test.each([
    [{ codebaseIdToAddTo: A, addNativeTag: 'hr' }, { nativeTag: 'hr' }, false],
    [
      { codebaseIdToAddTo: A, addNativeTag: 'UI.Card', htmlForInstantUpdate: '' },
      { componentName: 'UI.Card' },
      true,
    ],
    [{ codebaseIdToAddTo: A, addCodebaseId: B, addNativeTag: 'div' }, { codebaseId: B }, false],
  ])('ADD_JSX %j adds %j, hasInstantUpdate %s', (changeFields, newElement, hasInstantUpdate) => {
    const request = requestOf(ChangeType.ADD_JSX, changeFields)
    expect(request?.body).toMatchObject({ newElement, hasInstantUpdate })
    expect(request && serverReads(request)).toBe('ok')
  })

  test.each([
    [ChangeType.ADD_CLASS, { codebaseIdToAddClass: A, className: 'p-2' }, null, null],
    [
      ChangeType.ADD_CLASS,
      { codebaseIdToAddClass: A, className: 'p-2', addingTailwindClass: false },
      'Tailwind',
      null,
    ],
    [
      ChangeType.UPDATE_CLASSES,
      { codebaseIdToUpdateClass: A, newClasses: [], oldClasses: [] },
      'Tailwind',
      'Tailwind',
    ],
    [ChangeType.UPDATE_CLASSES, { codebaseIdToUpdateClass: A, newClasses: [], oldClasses: [] }, 'CSS', null],
  ] as const)('%s %j in a %s project sends stylingFramework %s', (type, changeFields, project, sent) => {
    const request = requestOf(type, changeFields, { refOf, stylingFramework: project })
    expect(request?.body).toMatchObject({ stylingFramework: sent })
    expect(request && serverReads(request)).toBe('ok')
  })

  test('optional element fields left out of a change are left out of the body', () => {
    const request = requestOf(ChangeType.MOVE_JSX, { codebaseIdToMove: A, codebaseIdToMoveTo: B })
    expect(JSON.stringify(request?.body)).toBe(
      JSON.stringify({ elementToMove: refOf(A), newContainerElement: refOf(B) }),
    )
  })

  test('a table without a change type, or with a body field that does not fit, does not compile', () => {
    const { UNKNOWN: _unknown, ...withoutUnknown } = CHANGE_REQUESTS
    // @ts-expect-error UNKNOWN is missing.
    const missingType: ChangeRequestTable = withoutUnknown
    const editText = (body: ChangeRequestRule<'EDIT_TEXT'>['body']): ChangeRequestRule<'EDIT_TEXT'> => ({
      operation: MUTATE_OPERATION.EDIT_TEXT,
      body,
    })
    const element = { ref: 'codebaseIdToEditText' } as const
    const misfits = [
      // @ts-expect-error element is an element object, not the codebase id itself.
      editText({ element: 'codebaseIdToEditText', newText: 'newText', oldText: 'oldText' }),
      // @ts-expect-error oldText is required.
      editText({ element, newText: 'newText' }),
      // @ts-expect-error newText is a string, not an element object.
      editText({ element, newText: { ref: 'newText' }, oldText: 'oldText' }),
      // @ts-expect-error editText has no field text.
      editText({ element, newText: 'newText', oldText: 'oldText', text: 'newText' }),
      // @ts-expect-error EDIT_TEXT has no field text.
      editText({ element, newText: 'text', oldText: 'oldText' }),
    ]
    const stylingBody: ChangeRequestRule<'STYLING'>['body'] = {
      reactElement: { ref: 'codebaseId' },
      // @ts-expect-error customProperties may be absent; the body's styling may not.
      styling: 'customProperties',
      stylingFramework: 'stylingFramework',
    }
    // @ts-expect-error EDIT_TEXT goes to editText.
    const wrongRoute: ChangeRequestRule<'EDIT_TEXT'> = { ...CHANGE_REQUESTS.EDIT_TEXT, operation: 'addClass' }
    expect([missingType, ...misfits, stylingBody, wrongRoute]).toHaveLength(8)
  })
})

describe('changeForRequest: a request read back as its change (a coding agent edit shown at once)', () => {
  const inverted = (Object.entries(EXAMPLES) as [ChangeType, { sent: OperationRequest | null }][]).filter(
    ([type, example]) => example.sent !== null && type !== ChangeType.ADD_JSX,
  )

  test.each(inverted)('%s: the change it reads back makes the same request', (type, { sent }) => {
    const request = sent as OperationRequest
    const change = changeForRequest(request.operation, request.body as Record<string, unknown>)
    expect(change?.type).toBe(type)
    expect(requestForChange(change as AnyChange, CONTEXT)).toEqual(request)
  })

  test('ADD_JSX, an unknown operation and a body its change does not take give null', () => {
    const addJsx = EXAMPLES.ADD_JSX.sent
    expect(changeForRequest(addJsx.operation, addJsx.body as Record<string, unknown>)).toBeNull()
    expect(changeForRequest('rewriteEverything', {})).toBeNull()
    expect(changeForRequest('editText', { element: { codebaseId: A }, newText: 3 })).toBeNull()
  })
})
