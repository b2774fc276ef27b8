import {
  type AnyChange,
  CHANGE_TYPES,
  type ChangeFieldsByType,
  ChangeType,
  type PropValue,
} from './change-types.ts'
import { ProtocolError, ProtocolErrorMessage } from './errors.ts'
import { assertCodebaseIdChars, isValidCodebaseId } from './ids.ts'
import { isStyleModifier, isStylingFramework, STYLING_FRAMEWORKS } from './styling.ts'

type FieldKind =
  | 'codebaseId'
  | 'codebaseIds'
  | 'string'
  | 'nonEmptyString'
  | 'strings'
  | 'boolean'
  | 'propValue'
  | 'propMap'
  | 'stringMap'
  | 'modifiers'
  | 'stylingFramework'
  | 'change'

interface FieldSpec {
  kind: FieldKind
  optional?: true
}

/** Every field of every change type has a spec: adding a field without one fails to compile. */
type FieldSpecs<F> = { [K in keyof F]-?: FieldSpec }

const required = (kind: FieldKind): FieldSpec => ({ kind })
const optional = (kind: FieldKind): FieldSpec => ({ kind, optional: true })

const FIELD_SPECS: { [T in ChangeType]: FieldSpecs<ChangeFieldsByType[T]> } = {
  STYLING: {
    codebaseId: required('codebaseId'),
    stylingChanges: required('stringMap'),
    stylingFramework: required('stylingFramework'),
    modifiers: optional('modifiers'),
    customProperties: optional('stringMap'),
  },
  ADD_JSX: {
    codebaseIdToAddTo: required('codebaseId'),
    beforeCodebaseId: optional('codebaseId'),
    afterCodebaseId: optional('codebaseId'),
    addCodebaseId: optional('codebaseId'),
    addNativeTag: optional('nonEmptyString'),
    fileContentsToSourceFrom: optional('string'),
    fileContentsSourceFilename: optional('nonEmptyString'),
    propsToSet: optional('propMap'),
    deletedStoryboardId: optional('nonEmptyString'),
    htmlForInstantUpdate: optional('string'),
    extraPathToContents: optional('stringMap'),
  },
  MOVE_JSX: {
    codebaseIdToMove: required('codebaseId'),
    codebaseIdToMoveTo: required('codebaseId'),
    afterCodebaseId: optional('codebaseId'),
    beforeCodebaseId: optional('codebaseId'),
    expectedCurrentParentCodebaseId: optional('codebaseId'),
  },
  REMOVE_JSX: { codebaseIdsToRemove: required('codebaseIds') },
  CHANGE_PROP: {
    codebaseIdToChange: required('codebaseId'),
    propName: required('nonEmptyString'),
    propValue: required('propValue'),
  },
  ADD_CLASS: {
    codebaseIdToAddClass: required('codebaseId'),
    className: required('nonEmptyString'),
    addingTailwindClass: optional('boolean'),
    modifiers: optional('modifiers'),
    customProperties: optional('stringMap'),
  },
  REMOVE_CLASS: { codebaseIdToRemoveClass: required('codebaseId'), className: required('nonEmptyString') },
  UPDATE_CLASSES: {
    codebaseIdToUpdateClass: required('codebaseId'),
    newClasses: required('strings'),
    oldClasses: required('strings'),
  },
  EDIT_TEXT: {
    codebaseIdToEditText: required('codebaseId'),
    newText: required('string'),
    oldText: required('string'),
  },
  WRAP_DIV: { codebaseIdsToWrap: required('codebaseIds') },
  CHANGE_TAG: { codebaseIdToChange: required('codebaseId'), newTagName: required('nonEmptyString') },
  DUPLICATE: { codebaseIdsToDuplicate: required('codebaseIds') },
  UNDO: { changeToUndo: required('change') },
  REDO: { changeToRedo: required('change') },
  UNKNOWN: {},
}

export function isChangeType(value: unknown): value is ChangeType {
  return typeof value === 'string' && (CHANGE_TYPES as readonly string[]).includes(value)
}

/** Throws 'Unknown change type' unless `value` is one of the 15 change types. */
export function assertChangeType(value: unknown): asserts value is ChangeType {
  if (!isChangeType(value)) throw new ProtocolError(ProtocolErrorMessage.UNKNOWN_CHANGE_TYPE)
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

function fail(type: ChangeType, field: string, expected: string): never {
  throw new ProtocolError(`${type}.${field} must be ${expected}`)
}

function checkCodebaseId(type: ChangeType, field: string, value: unknown): string {
  if (typeof value !== 'string') fail(type, field, 'a codebase id string')
  assertCodebaseIdChars(value)
  if (!isValidCodebaseId(value))
    fail(type, field, "'tempo-' followed by a UUID, a placeholder id or a page root")
  return value
}

function checkStringMap(type: ChangeType, field: string, value: unknown): Record<string, string> {
  if (!isPlainObject(value)) fail(type, field, 'an object of strings')
  const out: Record<string, string> = Object.create(null)
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') fail(type, `${field}.${key}`, 'a string')
    out[key] = entry
  }
  return out
}

function isPropValue(value: unknown): value is PropValue {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  )
}

function checkField(type: ChangeType, field: string, kind: FieldKind, value: unknown): unknown {
  switch (kind) {
    case 'codebaseId':
      return checkCodebaseId(type, field, value)
    case 'codebaseIds': {
      if (!Array.isArray(value) || value.length === 0) fail(type, field, 'a non-empty array of codebase ids')
      return [...new Set(value.map((id, i) => checkCodebaseId(type, `${field}[${i}]`, id)))]
    }
    case 'string':
      if (typeof value !== 'string') fail(type, field, 'a string')
      return value
    case 'nonEmptyString':
      if (typeof value !== 'string' || value.trim() === '') fail(type, field, 'a non-empty string')
      return value
    case 'strings':
      if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string')) {
        fail(type, field, 'an array of strings')
      }
      return [...value]
    case 'boolean':
      if (typeof value !== 'boolean') fail(type, field, 'true or false')
      return value
    case 'propValue':
      if (!isPropValue(value)) fail(type, field, 'a string, a finite number, a boolean or null')
      return value
    case 'propMap': {
      if (!isPlainObject(value)) fail(type, field, 'an object of prop values')
      const out: Record<string, PropValue> = Object.create(null)
      for (const [key, entry] of Object.entries(value)) {
        if (!isPropValue(entry)) fail(type, `${field}.${key}`, 'a string, a finite number, a boolean or null')
        out[key] = entry
      }
      return out
    }
    case 'stringMap':
      return checkStringMap(type, field, value)
    case 'modifiers':
      if (
        !Array.isArray(value) ||
        !value.every((entry) => typeof entry === 'string' && isStyleModifier(entry))
      ) {
        fail(
          type,
          field,
          'an array of hover, required, focus, active, invalid, disabled, sm, md, lg, xl, 2xl or dark',
        )
      }
      return [...value]
    case 'stylingFramework':
      if (!isStylingFramework(value)) fail(type, field, `one of ${STYLING_FRAMEWORKS.join(', ')}`)
      return value
    case 'change':
      return parseChange(value)
  }
}

/**
 * Validates an untrusted change (from a message, a request or storage) and returns a typed copy with
 * only the known fields. Throws 'Unknown change type' for an unknown `type`, and a message naming the
 * field (`MOVE_JSX.codebaseIdToMove must be ...`) for anything else that is wrong.
 */
export function parseChange(raw: unknown): AnyChange {
  if (!isPlainObject(raw)) throw new ProtocolError('A change must be an object with type and changeFields')
  const { type } = raw
  assertChangeType(type)
  const fields = raw.changeFields ?? {}
  if (!isPlainObject(fields)) throw new ProtocolError(`${type}.changeFields must be an object`)

  const specs: Record<string, FieldSpec> = FIELD_SPECS[type]
  const out: Record<string, unknown> = {}
  for (const [field, spec] of Object.entries(specs)) {
    const value = Object.hasOwn(fields, field) ? fields[field] : undefined
    if (value === undefined) {
      if (!spec.optional) fail(type, field, 'present')
      continue
    }
    out[field] = checkField(type, field, spec.kind, value)
  }
  if (type === ChangeType.ADD_JSX && !out.addCodebaseId && !out.addNativeTag) {
    fail(type, 'addNativeTag', 'set when addCodebaseId is not (the element to add)')
  }
  return { type, changeFields: out } as AnyChange
}
