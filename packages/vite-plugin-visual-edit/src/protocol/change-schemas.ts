import * as v from 'valibot'
import { CHANGE_TYPES, type ChangeType } from './change-types.ts'
import { ProtocolErrorMessage, VisualEditError } from './errors.ts'
import {
  codebaseId,
  codebaseIds,
  modifiers,
  propMap,
  propValue,
  stringMap,
  strings,
  stylingFramework,
  text,
} from './schema-fields.ts'
import { changeIssueMessage } from './schema-issues.ts'

/**
 * The fields of every change type (docs/GLOSSARY.md, Change), one schema each: the editor's ledger
 * parses a change with them (from a message, a request or storage), and the types of the fields are
 * inferred from them. Unknown fields are dropped.
 */

const NESTED_CHANGE = 'a change'

/** UNDO's and REDO's change: parsed like any change (its errors are its own). */
const nestedChange = v.pipe(
  v.unknown(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      return parseChange(dataset.value)
    } catch (error) {
      addIssue({ message: error instanceof Error ? error.message : NESTED_CHANGE })
      return NEVER
    }
  }),
)

const ADD_JSX = v.pipe(
  v.object({
    codebaseIdToAddTo: codebaseId,
    beforeCodebaseId: v.optional(codebaseId),
    afterCodebaseId: v.optional(codebaseId),
    /** Copy this existing element ... */
    addCodebaseId: v.optional(codebaseId),
    /** ... or create a native element or a component with this name. */
    addNativeTag: v.optional(text({ nonEmpty: true })),
    fileContentsToSourceFrom: v.optional(text()),
    fileContentsSourceFilename: v.optional(text({ nonEmpty: true })),
    propsToSet: v.optional(propMap),
    deletedStoryboardId: v.optional(text({ nonEmpty: true })),
    htmlForInstantUpdate: v.optional(text()),
    /** Extra files to create, by path relative to the project's root. */
    extraPathToContents: v.optional(stringMap),
  }),
  v.forward(
    v.check(
      (fields) => Boolean(fields.addCodebaseId || fields.addNativeTag),
      'set when addCodebaseId is not (the element to add)',
    ),
    ['addNativeTag'],
  ),
)

/** One schema per change type: a type without one fails to compile. */
export const CHANGE_FIELD_SCHEMAS = {
  STYLING: v.object({
    codebaseId,
    /** CSS property (camelCase or kebab-case) -> value, or TEMPO_DELETE_STYLE. */
    stylingChanges: stringMap,
    stylingFramework,
    modifiers: v.optional(modifiers),
    customProperties: v.optional(stringMap),
  }),
  ADD_JSX,
  MOVE_JSX: v.object({
    codebaseIdToMove: codebaseId,
    codebaseIdToMoveTo: codebaseId,
    afterCodebaseId: v.optional(codebaseId),
    beforeCodebaseId: v.optional(codebaseId),
    expectedCurrentParentCodebaseId: v.optional(codebaseId),
  }),
  REMOVE_JSX: v.object({ codebaseIdsToRemove: codebaseIds }),
  CHANGE_PROP: v.object({
    codebaseIdToChange: codebaseId,
    propName: text({ nonEmpty: true }),
    propValue,
    /** Remove the prop from the element (propValue null) instead of setting it. */
    removeProp: v.optional(v.boolean('true or false')),
  }),
  ADD_CLASS: v.object({
    codebaseIdToAddClass: codebaseId,
    className: text({ nonEmpty: true }),
    addingTailwindClass: v.optional(v.boolean('true or false')),
    modifiers: v.optional(modifiers),
    customProperties: v.optional(stringMap),
  }),
  REMOVE_CLASS: v.object({ codebaseIdToRemoveClass: codebaseId, className: text({ nonEmpty: true }) }),
  UPDATE_CLASSES: v.object({ codebaseIdToUpdateClass: codebaseId, newClasses: strings, oldClasses: strings }),
  EDIT_TEXT: v.object({ codebaseIdToEditText: codebaseId, newText: text(), oldText: text() }),
  WRAP_DIV: v.object({ codebaseIdsToWrap: codebaseIds }),
  CHANGE_TAG: v.object({ codebaseIdToChange: codebaseId, newTagName: text({ nonEmpty: true }) }),
  DUPLICATE: v.object({ codebaseIdsToDuplicate: codebaseIds }),
  UNDO: v.object({ changeToUndo: nestedChange }),
  REDO: v.object({ changeToRedo: nestedChange }),
  UNKNOWN: v.object({}),
} as const satisfies Record<ChangeType, v.GenericSchema>

/** The fields of each change type, as parsed. */
export type ChangeFieldsByType = {
  [T in Exclude<ChangeType, 'UNDO' | 'REDO'>]: v.InferOutput<(typeof CHANGE_FIELD_SCHEMAS)[T]>
} & { UNDO: { changeToUndo: AnyChange }; REDO: { changeToRedo: AnyChange } }

/** One recorded change: its type and that type's fields. */
export type Change<T extends ChangeType = ChangeType> = T extends ChangeType
  ? { type: T; changeFields: ChangeFieldsByType[T] }
  : never

export type AnyChange = Change<ChangeType>

export function isChangeType(value: unknown): value is ChangeType {
  return typeof value === 'string' && (CHANGE_TYPES as readonly string[]).includes(value)
}

/** Throws 'Unknown change type' unless `value` is one of the 15 change types. */
export function assertChangeType(value: unknown): asserts value is ChangeType {
  if (!isChangeType(value))
    throw new VisualEditError('UNKNOWN_CHANGE_TYPE', ProtocolErrorMessage.UNKNOWN_CHANGE_TYPE)
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/**
 * Validates an untrusted change and returns a typed copy with only the known fields. Throws
 * VisualEditError: 'Unknown change type' (UNKNOWN_CHANGE_TYPE) for an unknown `type`, and a message
 * naming the field (`MOVE_JSX.codebaseIdToMove must be ...`, INVALID_CHANGE) for anything else.
 */
export function parseChange(raw: unknown): AnyChange {
  if (!isPlainObject(raw))
    throw new VisualEditError('INVALID_CHANGE', 'A change must be an object with type and changeFields')
  const { type } = raw
  assertChangeType(type)
  const fields = raw.changeFields ?? {}
  if (!isPlainObject(fields))
    throw new VisualEditError('INVALID_CHANGE', `${type}.changeFields must be an object`)
  const schema = CHANGE_FIELD_SCHEMAS[type]
  const parsed = v.safeParse(schema, fields, { abortEarly: true })
  if (!parsed.success) {
    const [issue] = parsed.issues
    const message = changeIssueMessage(type, schema, issue)
    throw new VisualEditError(
      message === ProtocolErrorMessage.UNKNOWN_CHANGE_TYPE ? 'UNKNOWN_CHANGE_TYPE' : 'INVALID_CHANGE',
      message,
    )
  }
  return { type, changeFields: parsed.output } as AnyChange
}
