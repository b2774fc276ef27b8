import {
  type CodePlace,
  type DeclaredProp,
  type ElementPropsResponse,
  HTML_TAGS,
  type LiteralMember,
  type PropValue,
  propNameProblem,
  SCRIPT_SINK_TAGS,
  VOID_ELEMENTS,
} from 'vite-plugin-visual-edit/protocol'

/** Props the Props panel does not list: the Element panel edits them (classes, text) or React owns them. */
const PANEL_HIDDEN_PROPS: ReadonlySet<string> = new Set(['children', 'className', 'key'])

/** How a prop's value is edited: by its declared type, else by the literal written. */
export type PropEditor = 'text' | 'number' | 'boolean' | 'select'

/** One row of the Props panel. */
export type PropRow =
  | {
      name: string
      kind: 'editable'
      editor: PropEditor
      value: PropValue
      /** The select's choices (`select` only): the union's members. */
      members?: readonly LiteralMember[]
      declared?: DeclaredProp
      at: CodePlace
    }
  | {
      name: string
      kind: 'readonly'
      /** What is written: the expression's code, a spread, or the literal the panel may not set. */
      text: string
      /** Why it is read-only. */
      reason: string
      at: CodePlace
    }

const editorFor = (value: PropValue, declared: DeclaredProp | undefined): PropEditor | null => {
  if (declared?.kind === 'union' && declared.members?.some((member) => member === value)) return 'select'
  if (declared?.kind === 'boolean' && typeof value === 'boolean') return 'boolean'
  if (declared?.kind === 'number' && typeof value === 'number') return 'number'
  if (typeof value === 'string') return 'text'
  if (typeof value === 'number') return 'number'
  if (typeof value === 'boolean') return 'boolean'
  return null
}

/**
 * The panel's rows from what the code says: each attribute as written, in source order (the hidden
 * ones left out). A literal is edited by its declared type when the component declares one (a union
 * of literals is a select), else by the literal's own type; an expression, a spread, a null and a
 * prop visual-edit may not set are read-only, with why.
 *
 *   <AuthField type="email" required label={t('email')} />  (type: 'email' | 'password')
 *   -> type: select [email, password]; required: boolean; label: read-only, "t('email')"
 */
export function propRows(code: ElementPropsResponse): PropRow[] {
  const declared = new Map((code.declared?.props ?? []).map((prop) => [prop.name, prop]))
  const rows: PropRow[] = []
  for (const prop of code.written) {
    if (PANEL_HIDDEN_PROPS.has(prop.name)) continue
    if (prop.kind === 'spread') {
      rows.push({
        name: '...',
        kind: 'readonly',
        text: `{...${prop.source ?? ''}}`,
        reason: 'A spread of props is code: edit it in your editor.',
        at: prop.at,
      })
      continue
    }
    if (prop.kind === 'expression') {
      rows.push({
        name: prop.name,
        kind: 'readonly',
        text: `{${prop.source ?? ''}}`,
        reason: 'Its value is an expression: edit it in your editor.',
        at: prop.at,
      })
      continue
    }
    const value = prop.value ?? null
    const problem = propNameProblem(prop.name)
    const editor = editorFor(value, declared.get(prop.name))
    if (problem || editor === null) {
      rows.push({
        name: prop.name,
        kind: 'readonly',
        text: value === null ? '{null}' : JSON.stringify(value),
        reason: problem ? `It cannot be set visually: ${problem}.` : 'null is code: edit it in your editor.',
        at: prop.at,
      })
      continue
    }
    const declaredProp = declared.get(prop.name)
    rows.push({
      name: prop.name,
      kind: 'editable',
      editor,
      value,
      ...(editor === 'select' && declaredProp?.members ? { members: declaredProp.members } : {}),
      ...(declaredProp ? { declared: declaredProp } : {}),
      at: prop.at,
    })
  }
  return rows
}

/** The declared props the element does not set (Add prop's suggestions), editable ones first. */
export function unsetDeclaredProps(code: ElementPropsResponse): DeclaredProp[] {
  const written = new Set(code.written.map((prop) => prop.name))
  return (code.declared?.props ?? []).filter(
    (prop) =>
      !written.has(prop.name) &&
      !PANEL_HIDDEN_PROPS.has(prop.name) &&
      propNameProblem(prop.name) === null &&
      prop.kind !== 'other',
  )
}

/**
 * A typed draft as the prop's value, or why it is refused (nothing is written then): a number must be
 * a finite number; text is taken as typed.
 *
 *   ('number', '12') -> { value: 12 }     ('number', '12px') -> { problem: … }     ('text', '') -> { value: '' }
 */
export function parseDraft(editor: PropEditor, draft: string): { value: PropValue } | { problem: string } {
  if (editor !== 'number') return { value: draft }
  const trimmed = draft.trim()
  const value = trimmed === '' ? Number.NaN : Number(trimmed)
  if (!Number.isFinite(value))
    return { problem: `${JSON.stringify(draft)} is not a number: type one like 12, -4 or 0.5.` }
  return { value }
}

/**
 * Why a prop cannot be added under this name, or null: not a JSX attribute name, one the server
 * refuses (handlers, refs, ...), one the Element panel edits, or one the element already has.
 */
export function addPropProblem(name: string, code: ElementPropsResponse): string | null {
  if (name === '') return 'Type the prop’s name.'
  const refused = propNameProblem(name)
  if (refused) return `${name} cannot be set visually: ${refused}.`
  if (name === 'className') return 'Classes are edited in the Element panel.'
  if (name === 'children' || name === 'key') return `${name} cannot be added as a prop here.`
  if (code.written.some((prop) => prop.name === name)) return `${name} is set already: edit it above.`
  return null
}

/** The value a new prop starts with, by its declared type. */
export function initialValue(declared: DeclaredProp | undefined): PropValue {
  if (declared?.kind === 'union') return declared.members?.[0] ?? ''
  if (declared?.kind === 'boolean') return true
  if (declared?.kind === 'number') return 0
  return ''
}

/** A select's option as text, and back to its member (options carry text; the union may hold numbers). */
export const memberText = (member: LiteralMember) => JSON.stringify(member)
export const memberOf = (members: readonly LiteralMember[], text: string) =>
  members.find((member) => memberText(member) === text)

/** What Change tag offers: the file's components and the HTML tags, without the script sinks. */
export interface TagChoices {
  components: string[]
  html: string[]
}

/**
 * The tags an element can become: the components of its file and the HTML tags, less the one it has,
 * the script sinks the server refuses, and, when it has children, the void tags (which cannot hold
 * them); filtered by what was typed (any part of the name, case-insensitive).
 */
export function tagChoices(
  current: string,
  componentsInScope: readonly string[],
  hasChildren: boolean,
  query = '',
): TagChoices {
  const wanted = query.trim().toLowerCase()
  const keep = (tag: string) =>
    tag !== current &&
    !SCRIPT_SINK_TAGS.has(tag) &&
    !(hasChildren && VOID_ELEMENTS.has(tag)) &&
    (wanted === '' || tag.toLowerCase().includes(wanted))
  return { components: componentsInScope.filter(keep), html: HTML_TAGS.filter(keep) }
}
