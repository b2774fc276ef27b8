import * as v from 'valibot'
import { ProtocolErrorMessage } from './errors.ts'
import { isTaggedCodebaseId, isValidCodebaseId } from './ids.ts'
import { isStyleModifier, STYLING_FRAMEWORKS, type StyleModifier, StylingFramework } from './styling.ts'

/**
 * The fields the change schemas (change-schemas.ts) and the mutate bodies (body-schemas.ts) are made
 * of. Each message is what the value must be ('a string', 'an array of strings'), so a failed parse
 * reads `<where>: <field> must be <message>.` (schema-issues.ts); a message that is one of the
 * protocol's fixed texts (ProtocolErrorMessage) is given as it is.
 */

const ID_CHARS = /^[A-Za-z0-9_-]+$/
const LONE_SURROGATE = /\p{Cs}/u

/** A string that can be written as UTF-8 without turning into U+FFFD: no lone surrogate. */
const wellFormed = v.check<string, string>(
  (value) => !LONE_SURROGATE.test(value),
  'well-formed text (it holds a lone surrogate)',
)

export const text = (options: { nonEmpty?: boolean; maxLength?: number } = {}) =>
  v.pipe(
    v.string(options.nonEmpty ? 'a non-empty string' : 'a string'),
    ...(options.nonEmpty
      ? [v.check<string, string>((value) => value.trim() !== '', 'a non-empty string')]
      : []),
    ...(options.maxLength === undefined
      ? []
      : [v.maxLength<string, number, string>(options.maxLength, `at most ${options.maxLength} characters`)]),
    wellFormed,
  )

export const strings = v.array(v.pipe(v.string('a string'), wellFormed), 'an array of strings')

const codebaseIdChars = v.pipe(
  v.string('a string'),
  v.regex(ID_CHARS, ProtocolErrorMessage.INVALID_CODEBASE_ID_CHARS),
)

/** A codebase id of an element in the code: `tempo-` and a UUID. */
export const taggedCodebaseId = v.pipe(
  codebaseIdChars,
  v.check<string, string>(isTaggedCodebaseId, "'tempo-' followed by a UUID"),
)

/** A codebase id as a change may name it: tagged, an instant-update placeholder, or a page root. */
export const codebaseId = v.pipe(
  codebaseIdChars,
  v.check<string, string>(isValidCodebaseId, "'tempo-' followed by a UUID, a placeholder id or a page root"),
)

/** An element object of a request (`{ codebaseId, storyboardId?, uniquePath? }`), read as its codebase id. */
export const elementRef = v.pipe(
  v.object(
    {
      codebaseId: taggedCodebaseId,
      // The rest of the editor's element key; the server reads only the codebase id.
      storyboardId: v.optional(v.string('a string')),
      uniquePath: v.optional(v.string('a string')),
    },
    'an element object with a codebaseId',
  ),
  v.transform((element) => element.codebaseId),
)

/** An element object, or nothing (absent or null). */
export const optionalElementRef = v.nullish(elementRef)

const nonEmptyIds = <T extends v.GenericSchema<unknown, string>>(item: T, expected: string) =>
  v.pipe(
    v.array(item, expected),
    v.minLength(1, expected),
    v.transform((ids) => [...new Set(ids)]),
  )

/** One or more element objects, read as their codebase ids, de-duplicated. */
export const elementRefs = nonEmptyIds(elementRef, 'a non-empty array of element objects')

/** One or more codebase ids, de-duplicated. */
export const codebaseIds = nonEmptyIds(codebaseId, 'a non-empty array of codebase ids')

const PROP_VALUE = 'a string, a finite number, true, false or null'

/** A literal prop value the server can write: `"text"`, `{12}`, `{true}`, `{null}`. */
export const propValue = v.union(
  [v.pipe(v.string(), wellFormed), v.pipe(v.number(), v.finite()), v.boolean(), v.null()],
  PROP_VALUE,
)

/** A record whose input must be a plain object (valibot's record also takes an array, by index). */
const plainRecord = <V extends v.GenericSchema>(value: V, message: string) =>
  v.intersect(
    [
      v.custom<Record<string, unknown>>(
        (input) => input !== null && typeof input === 'object' && !Array.isArray(input),
        message,
      ),
      v.record(v.pipe(v.string(), wellFormed), value, message),
    ],
    message,
  )

/** Prop name -> literal value. */
export const propMap = plainRecord(propValue, 'an object of prop values')

/** Key -> string (CSS property -> value, path -> file contents). */
export const stringMap = plainRecord(v.pipe(v.string('a string'), wellFormed), 'an object of strings')

const MODIFIERS = 'an array of hover, required, focus, active, invalid, disabled, sm, md, lg, xl, 2xl or dark'

/** Variants an edit targets (`hover`, `md`, `dark`). */
export const modifiers = v.pipe(
  v.array(v.string(MODIFIERS), MODIFIERS),
  v.check((list) => list.every(isStyleModifier), MODIFIERS),
  v.transform((list) => list as StyleModifier[]),
)

/** `'Inline'`, `'CSS'` or `'Tailwind'`. */
export const stylingFramework = v.picklist(
  STYLING_FRAMEWORKS as [StylingFramework, ...StylingFramework[]],
  "'Inline', 'CSS' or 'Tailwind'",
)

/** `'Tailwind'` checks a class with the project's Tailwind; absent or null adds it as written. */
export const optionalTailwind = v.pipe(
  v.nullish(v.literal(StylingFramework.TAILWIND, "'Tailwind' or null")),
  v.transform((value) => value === StylingFramework.TAILWIND),
)

/** A boolean that is false when absent or null. */
export const flag = v.pipe(
  v.nullish(v.boolean('true or false')),
  v.transform((value) => value === true),
)

/** A field that may be absent or null, read as what `fallback` gives then. */
export const withDefault = <T extends v.GenericSchema>(schema: T, fallback: () => v.InferOutput<T>) =>
  v.nullish(schema, fallback)
