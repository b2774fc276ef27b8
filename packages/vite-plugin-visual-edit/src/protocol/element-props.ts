import * as v from 'valibot'
import type { PropValue } from './change-types.ts'
import { taggedCodebaseId } from './schema-fields.ts'

/**
 * What the code says about one element's props, for the editor's Props panel: the props as written
 * on it (a literal the panel edits, an expression it shows where it is), what its component declares
 * in its TypeScript props type (a union of literals becomes a select), and the components its file
 * can render instead (Change tag). A same-origin POST with the session token, like the lookups.
 */
export const ELEMENT_PROPS_PATH = '/__visual-edit/element-props'

export const elementPropsRequestSchema = v.object({ id: taggedCodebaseId }, 'a JSON object')
export type ElementPropsRequest = v.InferInput<typeof elementPropsRequestSchema>

/** Where something is written: posix path relative to the project root, 1-based line, 0-based column. */
export interface CodePlace {
  file: string
  line: number
  column: number
}

/**
 * One attribute as written on the element, in source order.
 *
 *   size="sm"        -> { name: 'size', kind: 'literal', value: 'sm' }
 *   disabled         -> { name: 'disabled', kind: 'literal', value: true }
 *   onClick={save}   -> { name: 'onClick', kind: 'expression', source: 'save' }
 *   {...rest}        -> { name: '...', kind: 'spread', source: 'rest' }
 */
export interface WrittenProp {
  name: string
  kind: 'literal' | 'expression' | 'spread'
  /** The literal's value (`literal` only). */
  value?: PropValue
  /** The expression's code, cut to 120 characters (`expression` and `spread`). */
  source?: string
  /** Where the attribute is. */
  at: CodePlace
}

/** What a declared prop's TypeScript type allows, as far as the panel can edit it. */
export type DeclaredPropKind = 'string' | 'number' | 'boolean' | 'union' | 'other'

/** A literal a union-typed prop may take. */
export type LiteralMember = string | number | boolean

/**
 * One prop of the component's props type.
 *
 *   variant?: 'primary' | 'ghost'   -> { name: 'variant', optional: true, kind: 'union', members: ['primary', 'ghost'] }
 *   count: number                   -> { name: 'count', optional: false, kind: 'number' }
 *   onSave: () => void              -> { name: 'onSave', optional: false, kind: 'other' }
 */
export interface DeclaredProp {
  name: string
  optional: boolean
  kind: DeclaredPropKind
  /** The union's literals, in the order written (`union` only). */
  members?: LiteralMember[]
  /** The type as written, cut to 120 characters. */
  type: string
}

/** The component's props type, as read from its file (and one relative import further). */
export interface DeclaredProps {
  /** The component's name, and where its props type is written. */
  component: string
  at: CodePlace
  props: DeclaredProp[]
}

export interface ElementPropsResponse {
  id: string
  /** As written: `div`, `Card`, `Tabs.List`. */
  tagName: string
  isComponent: boolean
  /** Where the element is. */
  at: CodePlace
  written: WrittenProp[]
  /** A component's declared props; null for an HTML element, or when they could not be read (`declaredNote`). */
  declared: DeclaredProps | null
  /** Why a component's props type was not read (a package's component, no annotation, ...). */
  declaredNote?: string
  /** The components bound at the top of the element's file (imports, declarations): what Change tag offers. */
  componentsInScope: string[]
}
