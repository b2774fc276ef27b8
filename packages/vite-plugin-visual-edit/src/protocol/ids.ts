import { ProtocolErrorMessage, VisualEditError } from './errors.ts'

/** The attribute the transform adds to every JSX opening element (fragments excluded). */
export const CODEBASE_ID_ATTRIBUTE = 'data-tempo-id'

/**
 * `Symbol.for` key of the page-wide WeakMap from a component element's props object to its codebase
 * id, for usages of components from node_modules, which get no attribute (it would reach the package
 * as a prop it does not know). The transform's helper writes it; the inspector reads it per fiber.
 */
export const COMPONENT_IDS_REGISTRY = 'visual-edit.component-ids'

/** Every codebase id of a real element is this prefix followed by a UUID. */
export const CODEBASE_ID_PREFIX = 'tempo-'

/** The codebase marker of a storyboard element (its unique path is always `0`). */
export const STORYBOARD_CODEBASE_ID = 'STORYBOARD-COMPONENT'

/** Nav tree root when the application root was removed and nothing is left. */
export const EMPTY_TREE_CODEBASE_ID = 'EMPTY-TREE'

/** Nav tree root when the application root was removed and several children remain. */
export const SKIP_ROOT_CODEBASE_ID = 'SKIP-ROOT'

/**
 * Placeholders the inspector puts on elements it creates for an instant update, before the server has
 * written the change and the real id exists. The duplicate and add-JSX placeholders are prefixes: the
 * inspector appends the source element's id or a counter so each placeholder stays unique in the page.
 */
export const WRAP_IN_DIV_PLACEHOLDER_ID = 'tempo-wrap-in-div-placeholder'
export const DUPLICATE_PLACEHOLDER_PREFIX = 'tempo-duplicate-placeholder-'
export const ADD_JSX_PLACEHOLDER_PREFIX = 'tempo-add-jsx-placeholder-'

/** Page-level elements that stand in for a codebase id: the document body and the usual app roots. */
export const ROOT_CODEBASE_IDS: readonly string[] = ['body', 'root', '__next']

const ID_CHARS = /^[A-Za-z0-9_-]+$/
const UUID_V1_TO_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

/** Standard UUID format check, versions 1 to 5, RFC 4122 variant. */
export function isUuid(value: string): boolean {
  return UUID_V1_TO_V5.test(value)
}

export function isPlaceholderCodebaseId(id: string): boolean {
  return (
    id === WRAP_IN_DIV_PLACEHOLDER_ID ||
    (id.startsWith(DUPLICATE_PLACEHOLDER_PREFIX) && id.length > DUPLICATE_PLACEHOLDER_PREFIX.length) ||
    (id.startsWith(ADD_JSX_PLACEHOLDER_PREFIX) && id.length > ADD_JSX_PLACEHOLDER_PREFIX.length)
  )
}

/**
 * Whether an element's id is one of the code's: an id the transform wrote or an instant-update
 * placeholder standing for one (both `tempo-...`). The storyboard marker, the tree roots, the page
 * roots and the elements a library renders have no counterpart in the code, so no edit applies to them.
 */
export function hasCodebaseIdPrefix(id: string): boolean {
  return id.startsWith(CODEBASE_ID_PREFIX)
}

/** A codebase id the transform can have produced: `tempo-` plus a UUID. */
export function isTaggedCodebaseId(id: string): boolean {
  return id.startsWith(CODEBASE_ID_PREFIX) && isUuid(id.slice(CODEBASE_ID_PREFIX.length))
}

/**
 * Whether `id` may stand in an element key as a codebase id: a tagged id, one of the instant-update
 * placeholders, or a page root (`body`, `root`, `__next`). Never throws.
 */
export function isValidCodebaseId(id: string): boolean {
  if (!ID_CHARS.test(id)) return false
  return isTaggedCodebaseId(id) || isPlaceholderCodebaseId(id) || ROOT_CODEBASE_IDS.includes(id)
}

/** Throws 'Codebase ID contains invalid chars' unless `id` holds only letters, digits, `-` and `_`. */
export function assertCodebaseIdChars(id: string): void {
  if (!ID_CHARS.test(id))
    throw new VisualEditError('INVALID_CODEBASE_ID', ProtocolErrorMessage.INVALID_CODEBASE_ID_CHARS)
}

/** Throws 'Storyboard ID contains invalid chars' unless `id` holds only letters, digits, `-` and `_`. */
export function assertStoryboardIdChars(id: string): void {
  if (!ID_CHARS.test(id))
    throw new VisualEditError('INVALID_STORYBOARD_ID', ProtocolErrorMessage.INVALID_STORYBOARD_ID_CHARS)
}
