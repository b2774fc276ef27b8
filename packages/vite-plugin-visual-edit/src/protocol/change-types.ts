import type { StyleModifier, StylingFramework } from './styling.ts'

/** The change types (docs/GLOSSARY.md, Change): every edit the editor records is one of these. */
export const ChangeType = {
  STYLING: 'STYLING',
  ADD_JSX: 'ADD_JSX',
  MOVE_JSX: 'MOVE_JSX',
  REMOVE_JSX: 'REMOVE_JSX',
  CHANGE_PROP: 'CHANGE_PROP',
  ADD_CLASS: 'ADD_CLASS',
  REMOVE_CLASS: 'REMOVE_CLASS',
  UPDATE_CLASSES: 'UPDATE_CLASSES',
  EDIT_TEXT: 'EDIT_TEXT',
  WRAP_DIV: 'WRAP_DIV',
  CHANGE_TAG: 'CHANGE_TAG',
  DUPLICATE: 'DUPLICATE',
  UNDO: 'UNDO',
  REDO: 'REDO',
  UNKNOWN: 'UNKNOWN',
} as const
export type ChangeType = (typeof ChangeType)[keyof typeof ChangeType]

export const CHANGE_TYPES: readonly ChangeType[] = Object.values(ChangeType)

/** A literal prop value the server can write: `"text"`, `{12}`, `{true}`, `{null}`. */
export type PropValue = string | number | boolean | null

/** CSS property (camelCase or kebab-case) -> value, or the delete constant. */
export type StylingChanges = Record<string, string>

export interface StylingFields {
  codebaseId: string
  stylingChanges: StylingChanges
  stylingFramework: StylingFramework
  modifiers?: StyleModifier[]
  customProperties?: Record<string, string>
}

export interface AddJsxFields {
  codebaseIdToAddTo: string
  beforeCodebaseId?: string
  afterCodebaseId?: string
  /** Copy this existing element ... */
  addCodebaseId?: string
  /** ... or create a native element / a component with this name. */
  addNativeTag?: string
  fileContentsToSourceFrom?: string
  fileContentsSourceFilename?: string
  propsToSet?: Record<string, PropValue>
  deletedStoryboardId?: string
  htmlForInstantUpdate?: string
  /** Extra files to create, by path relative to the project's source folder. */
  extraPathToContents?: Record<string, string>
}

export interface MoveJsxFields {
  codebaseIdToMove: string
  codebaseIdToMoveTo: string
  afterCodebaseId?: string
  beforeCodebaseId?: string
  expectedCurrentParentCodebaseId?: string
}

export interface RemoveJsxFields {
  /** De-duplicated by the validator. */
  codebaseIdsToRemove: string[]
}

export interface ChangePropFields {
  codebaseIdToChange: string
  propName: string
  propValue: PropValue
}

export interface WrapDivFields {
  codebaseIdsToWrap: string[]
}

export interface DuplicateFields {
  codebaseIdsToDuplicate: string[]
}

export interface ChangeTagFields {
  codebaseIdToChange: string
  newTagName: string
}

export interface AddClassFields {
  codebaseIdToAddClass: string
  className: string
  addingTailwindClass?: boolean
  modifiers?: StyleModifier[]
  customProperties?: Record<string, string>
}

export interface RemoveClassFields {
  codebaseIdToRemoveClass: string
  className: string
}

export interface EditTextFields {
  codebaseIdToEditText: string
  newText: string
  oldText: string
}

export interface UpdateClassesFields {
  codebaseIdToUpdateClass: string
  newClasses: string[]
  oldClasses: string[]
}

export interface UndoFields {
  changeToUndo: AnyChange
}

export interface RedoFields {
  changeToRedo: AnyChange
}

export type UnknownFields = Record<string, never>

export interface ChangeFieldsByType {
  STYLING: StylingFields
  ADD_JSX: AddJsxFields
  MOVE_JSX: MoveJsxFields
  REMOVE_JSX: RemoveJsxFields
  CHANGE_PROP: ChangePropFields
  ADD_CLASS: AddClassFields
  REMOVE_CLASS: RemoveClassFields
  UPDATE_CLASSES: UpdateClassesFields
  EDIT_TEXT: EditTextFields
  WRAP_DIV: WrapDivFields
  CHANGE_TAG: ChangeTagFields
  DUPLICATE: DuplicateFields
  UNDO: UndoFields
  REDO: RedoFields
  UNKNOWN: UnknownFields
}

/** One recorded change: its type and that type's fields. */
export type Change<T extends ChangeType = ChangeType> = T extends ChangeType
  ? { type: T; changeFields: ChangeFieldsByType[T] }
  : never

export type AnyChange = Change<ChangeType>
