import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { MUTATE_BODY_SCHEMAS, type MutateRequest } from './body-schemas.ts'
import { MUTATE_OPERATION } from './mutate-routes.ts'
import { bodyIssueMessage } from './schema-issues.ts'

const ID = 'tempo-2ed6657d-e927-568b-95e1-2665a8aea6a2'
const ID2 = 'tempo-7a0c9c1e-4b1f-5a57-9a53-2f2a6a3c5e10'

/** What the server answers for a body: the parsed body, or the 400's message. */
function parse(operation: keyof typeof MUTATE_BODY_SCHEMAS, raw: unknown) {
  const schema = MUTATE_BODY_SCHEMAS[operation]
  const parsed = v.safeParse(schema, raw, { abortEarly: true })
  return parsed.success ? parsed.output : bodyIssueMessage(operation, schema, parsed.issues[0])
}

describe('mutate bodies', () => {
  test('every operation of the protocol has its schema', () => {
    expect(Object.keys(MUTATE_BODY_SCHEMAS).sort()).toEqual(Object.values(MUTATE_OPERATION).sort())
  })

  test('parse to codebase ids and defaults', () => {
    const request: MutateRequest<'addJsxElement'> = {
      destinationElement: { codebaseId: ID, storyboardId: 's', uniquePath: '0-1' },
      newElement: { componentName: ' Badge ', propsToSet: { tone: 'new' } },
    }
    expect(parse('addJsxElement', request)).toEqual({
      destinationElement: ID,
      newElement: { kind: 'tag', tag: 'Badge' },
      propsToSet: { tone: 'new' },
      hasInstantUpdate: true,
      extraFiles: {},
    })
    expect(
      parse('removeJsxElement', {
        elementsToRemove: [{ codebaseId: ID }, { codebaseId: ID2 }, { codebaseId: ID }],
      }),
    ).toEqual({
      elementsToRemove: [ID, ID2],
    })
    expect(
      parse('addClass', {
        reactElement: { codebaseId: ID },
        className: 'p-2',
        stylingFramework: null,
        extra: 1,
      }),
    ).toEqual({
      reactElement: ID,
      className: 'p-2',
      stylingFramework: false,
      modifiers: [],
      customProperties: {},
    })
  })

  test.each([
    ['editText', [], 'editText: element must be an element object with a codebaseId.'],
    ['editText', 'x', 'The body of editText must be a JSON object.'],
    ['editText', { element: { codebaseId: ID }, newText: 'a' }, 'editText: oldText must be a string.'],
    [
      'editText',
      { element: { codebaseId: 'tempo-x y' }, newText: 'a', oldText: 'b' },
      'Codebase ID contains invalid chars',
    ],
    [
      'editText',
      { element: { codebaseId: 'tempo-1' }, newText: 'a', oldText: 'b' },
      "editText: element.codebaseId must be 'tempo-' followed by a UUID.",
    ],
    [
      'editText',
      { element: { codebaseId: ID }, newText: 'a\ud800', oldText: 'b' },
      'editText: newText must be well-formed text (it holds a lone surrogate).',
    ],
    [
      'updateClasses',
      { reactElement: { codebaseId: ID }, newClasses: ['a\udc00'], oldClasses: [] },
      'updateClasses: newClasses[0] must be well-formed text (it holds a lone surrogate).',
    ],
    [
      'styling',
      { reactElement: { codebaseId: ID }, stylingFramework: 'Sass', styling: {} },
      "styling: stylingFramework must be 'Inline', 'CSS' or 'Tailwind'.",
    ],
    [
      'styling',
      { reactElement: { codebaseId: ID }, stylingFramework: 'CSS', styling: ['x'] },
      'styling: styling must be an object of strings.',
    ],
    [
      'addClass',
      { reactElement: { codebaseId: ID }, className: 'p-2', modifiers: ['visited'] },
      'addClass: modifiers must be an array of hover, required, focus, active, invalid, disabled, sm, md, lg, xl, 2xl or dark.',
    ],
    [
      'changePropValue',
      { elementToModify: { codebaseId: ID }, propName: 'title' },
      'changePropValue: propValue must be a string, a finite number, true, false or null.',
    ],
    [
      'moveJsxElement',
      {
        elementToMove: { codebaseId: ID },
        newContainerElement: { codebaseId: ID2 },
        afterElement: { codebaseId: ID },
        beforeElement: { codebaseId: ID2 },
      },
      'moveJsxElement: send afterElement or beforeElement, not both.',
    ],
    [
      'addJsxElement',
      { destinationElement: { codebaseId: ID }, newElement: { propsToSet: {} } },
      'addJsxElement: newElement must be an object with nativeTag, componentName or codebaseId.',
    ],
    [
      'addJsxElement',
      { destinationElement: { codebaseId: ID }, newElement: { nativeTag: 'hr' }, propsToSet: ['x'] },
      'addJsxElement: propsToSet must be an object of prop values.',
    ],
  ] as const)('%s %j: %s', (operation, raw, message) => {
    expect(parse(operation, raw)).toBe(message)
  })
})
