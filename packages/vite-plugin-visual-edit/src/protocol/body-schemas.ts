import * as v from 'valibot'
import type { MutateOperation } from './mutate-routes.ts'
import {
  elementRef,
  elementRefs,
  flag,
  modifiers,
  optionalElementRef,
  optionalTailwind,
  propMap,
  propValue,
  stringMap,
  strings,
  stylingFramework,
  taggedCodebaseId,
  text,
  withDefault,
} from './schema-fields.ts'

/**
 * The body of every mutate route (docs/MUTATE-API.md), one schema each: the server parses a request
 * with it (server/gate), and the editor builds its requests to its input type. Elements are element
 * objects in the request and their codebase ids once parsed. Unknown fields are dropped.
 */

const BODY = 'a JSON object'

/** `afterElement` and `beforeElement` exclude each other. */
const oneSibling = <
  Body extends { afterElement?: string | null | undefined; beforeElement?: string | null | undefined },
>() =>
  v.check<Body, string>(
    (body) => !(body.afterElement && body.beforeElement),
    'send afterElement or beforeElement, not both',
  )

const styling = v.object(
  {
    reactElement: elementRef,
    stylingFramework,
    /** CSS property (camelCase or kebab-case) -> value, or TEMPO_DELETE_STYLE to remove it. */
    styling: stringMap,
    modifiers: withDefault(modifiers, () => []),
    /** For CSS: which rule (`selector`, and `filename` relative to the root). */
    customProperties: withDefault(stringMap, () => ({})),
  },
  BODY,
)

/** The element ADD_JSX adds: a copy of an element (`codebaseId`), or a new one by tag or component name. */
const newElement = v.pipe(
  v.object(
    {
      codebaseId: v.optional(taggedCodebaseId),
      nativeTag: v.optional(text({ nonEmpty: true, maxLength: 200 })),
      componentName: v.optional(text({ nonEmpty: true, maxLength: 200 })),
      propsToSet: v.optional(propMap),
    },
    'an object with nativeTag, componentName or codebaseId',
  ),
  v.check(
    (element) =>
      element.codebaseId !== undefined ||
      element.nativeTag !== undefined ||
      element.componentName !== undefined,
    'an object with nativeTag, componentName or codebaseId',
  ),
)

const addJsxElementFields = v.object(
  {
    destinationElement: elementRef,
    afterElement: optionalElementRef,
    beforeElement: optionalElementRef,
    newElement,
    /** The props of the new element when newElement has none. */
    propsToSet: v.optional(propMap),
    /** False: the response carries the toast 'Successfully added'. */
    hasInstantUpdate: withDefault(v.boolean('true or false'), () => true),
    fileContentsSourceFilename: v.optional(text({ nonEmpty: true, maxLength: 1000 })),
    fileContentsToSourceFrom: v.optional(text({ maxLength: 200_000 })),
    /** Path under the root -> contents: files created with the element (see docs/MUTATE-API.md). */
    extraFiles: withDefault(stringMap, () => ({})),
    /** The canvas, as the spec's body carries it; the route's path names the canvas the edit is for. */
    canvasId: v.optional(text({ nonEmpty: true, maxLength: 200 })),
    /**
     * The spec's storyboard the new element replaces. This project has no storyboards to delete (an
     * app is one storyboard), so it is taken and not acted on (docs/MUTATE-API.md).
     */
    deletedStoryboardId: v.optional(text({ nonEmpty: true, maxLength: 200 })),
  },
  BODY,
)

const addJsxElement = v.pipe(
  addJsxElementFields,
  oneSibling<v.InferOutput<typeof addJsxElementFields>>(),
  v.check(
    (body) => body.fileContentsSourceFilename === undefined || body.fileContentsToSourceFrom !== undefined,
    'fileContentsSourceFilename needs fileContentsToSourceFrom',
  ),
  v.transform(({ newElement: element, propsToSet, ...rest }) => ({
    ...rest,
    newElement:
      element.codebaseId !== undefined
        ? { kind: 'copy' as const, id: element.codebaseId }
        : { kind: 'tag' as const, tag: (element.nativeTag ?? element.componentName ?? '').trim() },
    propsToSet: element.propsToSet ?? propsToSet ?? {},
  })),
)

const moveJsxElementFields = v.object(
  {
    elementToMove: elementRef,
    newContainerElement: elementRef,
    afterElement: optionalElementRef,
    beforeElement: optionalElementRef,
    /** Where the editor last saw the element; else 409. */
    expectedCurrentParent: optionalElementRef,
  },
  BODY,
)

const moveJsxElement = v.pipe(moveJsxElementFields, oneSibling<v.InferOutput<typeof moveJsxElementFields>>())

const removeJsxElement = v.object({ elementsToRemove: elementRefs }, BODY)

const changePropValue = v.pipe(
  v.object(
    {
      elementToModify: elementRef,
      propName: text({ nonEmpty: true, maxLength: 200 }),
      /** Ignored when `remove` is true. */
      propValue: v.optional(propValue),
      /** Remove the prop instead of setting it. */
      remove: flag,
      /** Replace the prop even when its value is an expression. */
      replace: flag,
    },
    BODY,
  ),
  v.forward(
    v.check(
      (body) => body.remove || body.propValue !== undefined,
      'a string, a finite number, true, false or null',
    ),
    ['propValue'],
  ),
)

const wrapInDiv = v.object({ reactElements: elementRefs }, BODY)
const duplicate = v.object({ reactElements: elementRefs }, BODY)

const changeElementTag = v.object(
  {
    elementToModify: elementRef,
    newTag: v.pipe(
      text({ nonEmpty: true, maxLength: 200 }),
      v.transform((tag) => tag.trim()),
    ),
  },
  BODY,
)

const addClass = v.object(
  {
    reactElement: elementRef,
    className: text({ nonEmpty: true, maxLength: 2000 }),
    stylingFramework: optionalTailwind,
    modifiers: withDefault(modifiers, () => []),
    customProperties: withDefault(stringMap, () => ({})),
  },
  BODY,
)

const removeClass = v.object(
  { reactElement: elementRef, className: text({ nonEmpty: true, maxLength: 2000 }) },
  BODY,
)

const editText = v.object(
  {
    element: elementRef,
    newText: text({ maxLength: 100_000 }),
    /** The text the editor showed; it must equal the code's text, else 409. */
    oldText: text(),
  },
  BODY,
)

const updateClasses = v.object(
  {
    reactElement: elementRef,
    newClasses: strings,
    /** The classes the editor showed; they must equal the code's, else 409. */
    oldClasses: strings,
    /** 'Tailwind': the classes added must be ones the project's Tailwind generates (else 422). */
    stylingFramework: optionalTailwind,
  },
  BODY,
)

/** One schema per mutate operation: a route without one fails to compile. */
export const MUTATE_BODY_SCHEMAS = {
  styling,
  addJsxElement,
  moveJsxElement,
  removeJsxElement,
  changePropValue,
  wrapInDiv,
  duplicate,
  changeElementTag,
  addClass,
  removeClass,
  editText,
  updateClasses,
} as const satisfies Record<MutateOperation, v.GenericSchema>

/** What the editor sends to `mutate/<operation>`. */
export type MutateRequest<Operation extends MutateOperation> = v.InferInput<
  (typeof MUTATE_BODY_SCHEMAS)[Operation]
>

/** A request body as the server reads it once parsed: elements are codebase ids, defaults filled in. */
export type MutateBody<Operation extends MutateOperation> = v.InferOutput<
  (typeof MUTATE_BODY_SCHEMAS)[Operation]
>
