import type { MutateRequest } from './body-schemas.ts'
import { type AnyChange, type ChangeFieldsByType, parseChange } from './change-schemas.ts'
import { ChangeType } from './change-types.ts'
import type { ElementRef } from './mutate-api.ts'
import { MUTATE_OPERATION, type MutateOperation } from './mutate-routes.ts'
import { StylingFramework } from './styling.ts'

/**
 * How a change (the editor's vocabulary: the spec's change fields, codebase ids) becomes the request
 * of its mutate route (the server's: the body fields of docs/MUTATE-API.md, element objects). The two
 * differ by design; this table is the one place that translates, body field by body field.
 *
 *   change:  { type: 'EDIT_TEXT', changeFields: { codebaseIdToEditText: 'tempo-1…', newText, oldText } }
 *   request: editText { element: refOf('tempo-1…'), newText, oldText }
 */

/** How the editor names an element in a request: its key when the page shows it, else its id alone. */
export type ElementRefOf = (codebaseId: string) => ElementRef

/** What a request needs besides its change. */
export interface RequestContext {
  refOf: ElementRefOf
  /** The project's: classes a Tailwind project's UPDATE_CLASSES adds are checked by the server. */
  stylingFramework: StylingFramework | null
  /** The canvas the request goes to (ADD_JSX's body names it too, as the spec's does). */
  canvasId?: string
}

/** The change types that make a mutate request: all but UNDO, REDO (activities routes) and UNKNOWN. */
export type MutatingChangeType = keyof typeof MUTATE_OPERATION

/** The names of the change fields whose values can stand where a `Value` is expected. */
type FieldsOfType<Fields, Value> = Exclude<
  { [K in keyof Fields]: Fields[K] extends Value ? K : never }[keyof Fields],
  undefined
>

/**
 * Where one body field's value comes from: a change field's name (sent as it is), a codebase id sent as
 * an element object (`ref`, `optionalRef` when the field may be absent, `refs` for a list), or a small
 * named function of the fields for the few that are computed. Each kind is offered only where its
 * value fits the body field, so a field of the wrong type does not compile.
 */
type BodyFieldSource<Fields, Value> =
  | FieldsOfType<Fields, Value>
  | (ElementRef extends Value ? { ref: FieldsOfType<Fields, string> } : never)
  | (ElementRef | undefined extends Value ? { optionalRef: FieldsOfType<Fields, string | undefined> } : never)
  | (ElementRef[] extends Value ? { refs: FieldsOfType<Fields, readonly string[]> } : never)
  | ((fields: Fields, context: RequestContext) => Value)

/** One change type's request: its route, and each body field's source (optional body fields may be left out). */
export interface ChangeRequestRule<T extends MutatingChangeType> {
  operation: (typeof MUTATE_OPERATION)[T]
  body: {
    [B in keyof MutateRequest<(typeof MUTATE_OPERATION)[T]>]: BodyFieldSource<
      ChangeFieldsByType[T],
      MutateRequest<(typeof MUTATE_OPERATION)[T]>[B]
    >
  }
}

/** A rule for every change type that makes a request, null for the others: a type left out does not compile. */
export type ChangeRequestTable = {
  [T in ChangeType]: T extends MutatingChangeType ? ChangeRequestRule<T> : null
}

type AddJsxFields = ChangeFieldsByType['ADD_JSX']

/** ADD_JSX's element: a copy of `addCodebaseId`, else a component (capitalised or dotted name) or a native tag. */
const newElementOf = ({ addCodebaseId, addNativeTag }: AddJsxFields) => {
  const tag = addNativeTag ?? ''
  if (addCodebaseId) return { codebaseId: addCodebaseId }
  return /^[A-Z]/.test(tag) || tag.includes('.') ? { componentName: tag } : { nativeTag: tag }
}

/** False: the page does not show the element yet, and the response carries the toast 'Successfully added'. */
const hasInstantUpdateOf = (fields: AddJsxFields) => fields.htmlForInstantUpdate !== undefined

/** ADD_JSX's canvas: the one the request goes to. */
const canvasIdOf = (_fields: AddJsxFields, context: RequestContext) => context.canvasId

/** ADD_CLASS: 'Tailwind' has the server check the class, null adds it as written. */
const addClassFrameworkOf = (fields: ChangeFieldsByType['ADD_CLASS']) =>
  fields.addingTailwindClass ? StylingFramework.TAILWIND : null

/** UPDATE_CLASSES: a Tailwind project's added classes are checked by the server; the change does not say. */
const projectTailwindOf = (_fields: unknown, context: RequestContext) =>
  context.stylingFramework === StylingFramework.TAILWIND ? StylingFramework.TAILWIND : null

/** Each change type's request, its body fields in the order they are sent. */
export const CHANGE_REQUESTS: ChangeRequestTable = {
  STYLING: {
    operation: MUTATE_OPERATION.STYLING,
    body: {
      reactElement: { ref: 'codebaseId' },
      styling: 'stylingChanges',
      stylingFramework: 'stylingFramework',
      modifiers: 'modifiers',
      customProperties: 'customProperties',
    },
  },
  ADD_JSX: {
    operation: MUTATE_OPERATION.ADD_JSX,
    body: {
      destinationElement: { ref: 'codebaseIdToAddTo' },
      beforeElement: { optionalRef: 'beforeCodebaseId' },
      afterElement: { optionalRef: 'afterCodebaseId' },
      newElement: newElementOf,
      propsToSet: 'propsToSet',
      fileContentsToSourceFrom: 'fileContentsToSourceFrom',
      fileContentsSourceFilename: 'fileContentsSourceFilename',
      extraFiles: 'extraPathToContents',
      hasInstantUpdate: hasInstantUpdateOf,
      canvasId: canvasIdOf,
      deletedStoryboardId: 'deletedStoryboardId',
    },
  },
  MOVE_JSX: {
    operation: MUTATE_OPERATION.MOVE_JSX,
    body: {
      elementToMove: { ref: 'codebaseIdToMove' },
      newContainerElement: { ref: 'codebaseIdToMoveTo' },
      afterElement: { optionalRef: 'afterCodebaseId' },
      beforeElement: { optionalRef: 'beforeCodebaseId' },
      expectedCurrentParent: { optionalRef: 'expectedCurrentParentCodebaseId' },
    },
  },
  REMOVE_JSX: {
    operation: MUTATE_OPERATION.REMOVE_JSX,
    body: { elementsToRemove: { refs: 'codebaseIdsToRemove' } },
  },
  CHANGE_PROP: {
    operation: MUTATE_OPERATION.CHANGE_PROP,
    body: {
      elementToModify: { ref: 'codebaseIdToChange' },
      propName: 'propName',
      propValue: 'propValue',
      remove: 'removeProp',
    },
  },
  ADD_CLASS: {
    operation: MUTATE_OPERATION.ADD_CLASS,
    body: {
      reactElement: { ref: 'codebaseIdToAddClass' },
      className: 'className',
      stylingFramework: addClassFrameworkOf,
      modifiers: 'modifiers',
      customProperties: 'customProperties',
    },
  },
  REMOVE_CLASS: {
    operation: MUTATE_OPERATION.REMOVE_CLASS,
    body: { reactElement: { ref: 'codebaseIdToRemoveClass' }, className: 'className' },
  },
  UPDATE_CLASSES: {
    operation: MUTATE_OPERATION.UPDATE_CLASSES,
    body: {
      reactElement: { ref: 'codebaseIdToUpdateClass' },
      newClasses: 'newClasses',
      oldClasses: 'oldClasses',
      stylingFramework: projectTailwindOf,
    },
  },
  EDIT_TEXT: {
    operation: MUTATE_OPERATION.EDIT_TEXT,
    body: { element: { ref: 'codebaseIdToEditText' }, newText: 'newText', oldText: 'oldText' },
  },
  WRAP_DIV: {
    operation: MUTATE_OPERATION.WRAP_DIV,
    body: { reactElements: { refs: 'codebaseIdsToWrap' } },
  },
  CHANGE_TAG: {
    operation: MUTATE_OPERATION.CHANGE_TAG,
    body: { elementToModify: { ref: 'codebaseIdToChange' }, newTag: 'newTagName' },
  },
  DUPLICATE: {
    operation: MUTATE_OPERATION.DUPLICATE,
    body: { reactElements: { refs: 'codebaseIdsToDuplicate' } },
  },
  // No mutate request: UNDO and REDO go to the activities routes with an empty body
  // (apiPathForChange), and an UNKNOWN change cannot be sent ('Unsupported operation').
  UNDO: null,
  REDO: null,
  UNKNOWN: null,
}

/** A mutate request: its operation (the route) and its body. */
export type OperationRequest = {
  [O in MutateOperation]: { operation: O; body: MutateRequest<O> }
}[MutateOperation]

/** A body field's source as the table's reader sees it, whatever the change type. */
type AnySource =
  | string
  | { ref: string }
  | { optionalRef: string }
  | { refs: string }
  | ((fields: Readonly<Record<string, unknown>>, context: RequestContext) => unknown)

function bodyFieldValue(
  source: AnySource,
  fields: Readonly<Record<string, unknown>>,
  context: RequestContext,
) {
  if (typeof source === 'string') return fields[source]
  if (typeof source === 'function') return source(fields, context)
  if ('ref' in source) return context.refOf(fields[source.ref] as string)
  if ('refs' in source) return (fields[source.refs] as readonly string[]).map((id) => context.refOf(id))
  const id = fields[source.optionalRef] as string | undefined
  return id === undefined ? undefined : context.refOf(id)
}

/**
 * The request a change makes, by CHANGE_REQUESTS: its route, and its body with codebase ids mapped to
 * element objects. Null for UNDO, REDO and UNKNOWN, which make none.
 */
export function requestForChange(change: AnyChange, context: RequestContext): OperationRequest | null {
  const rule = CHANGE_REQUESTS[change.type]
  if (rule === null) return null
  const fields = change.changeFields as Readonly<Record<string, unknown>>
  const body: Record<string, unknown> = {}
  for (const [name, source] of Object.entries(rule.body))
    body[name] = bodyFieldValue(source as AnySource, fields, context)
  return { operation: rule.operation, body } as OperationRequest
}

/** Change types whose request is not turned back into a change (an added element needs the editor's HTML). */
const NOT_INVERTED = new Set<ChangeType>([ChangeType.ADD_JSX])

/**
 * The change a mutate request makes, read back through CHANGE_REQUESTS (the inverse of
 * requestForChange): each body field into the change field it comes from, element objects as their
 * codebase ids, ADD_CLASS's `stylingFramework` as `addingTailwindClass`. UPDATE_CLASSES' framework is
 * the project's (the editor sends it again). Null for an operation with no change type, for ADD_JSX,
 * and for a body whose change does not parse. How the editor shows a coding agent's edit at once.
 *
 *   editText { element: { codebaseId: 'tempo-1' }, newText: 'Hi', oldText: 'Hello' }
 *   -> { type: 'EDIT_TEXT', changeFields: { codebaseIdToEditText: 'tempo-1', newText: 'Hi', oldText: 'Hello' } }
 */
export function changeForRequest(
  operation: string,
  body: Readonly<Record<string, unknown>>,
): AnyChange | null {
  const entry = (
    Object.entries(CHANGE_REQUESTS) as [ChangeType, ChangeRequestRule<MutatingChangeType> | null][]
  ).find(([, rule]) => rule?.operation === operation)
  if (!entry || NOT_INVERTED.has(entry[0])) return null
  const [type, rule] = entry as [ChangeType, ChangeRequestRule<MutatingChangeType>]
  const idOf = (value: unknown) =>
    typeof value === 'object' && value !== null ? (value as { codebaseId?: unknown }).codebaseId : undefined
  const fields: Record<string, unknown> = {}
  for (const [name, source] of Object.entries(rule.body) as [string, AnySource][]) {
    const value = body[name]
    if (value === undefined) continue
    if (typeof source === 'string') fields[source] = value
    else if (typeof source === 'function') {
      if (type === ChangeType.ADD_CLASS && name === 'stylingFramework')
        fields.addingTailwindClass = value === StylingFramework.TAILWIND
    } else if ('ref' in source) fields[source.ref] = idOf(value)
    else if ('optionalRef' in source) fields[source.optionalRef] = idOf(value)
    else fields[source.refs] = Array.isArray(value) ? value.map(idOf) : value
  }
  try {
    return parseChange({ type, changeFields: fields })
  } catch {
    // A body the change's schema does not take: the request goes as it is, with no instant update.
    return null
  }
}
