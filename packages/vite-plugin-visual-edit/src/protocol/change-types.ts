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
