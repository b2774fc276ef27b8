import type { PropValue } from '../../protocol/change-types.ts'
import type { ProtocolError } from '../../protocol/errors.ts'
import { assertCodebaseIdChars, isTaggedCodebaseId } from '../../protocol/ids.ts'
import {
  isStyleModifier,
  isStylingFramework,
  type StyleModifier,
  type StylingFramework,
} from '../../protocol/styling.ts'
import { MutateError } from '../edit/mutate-error.ts'

const LONE_SURROGATE = /\p{Cs}/u

/**
 * Typed reads of a request body's fields. Every failure is a 400 that names the field and what it must
 * be, so a client author can fix the request from the message alone.
 */
export class RequestBody {
  readonly #body: Record<string, unknown>
  readonly #operation: string

  constructor(operation: string, body: unknown) {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new MutateError('BAD_REQUEST', `The body of ${operation} must be a JSON object.`)
    }
    this.#operation = operation
    this.#body = body as Record<string, unknown>
  }

  #fail(field: string, expected: string): never {
    throw new MutateError('BAD_REQUEST', `${this.#operation}: ${field} must be ${expected}.`)
  }

  #get(field: string): unknown {
    return Object.hasOwn(this.#body, field) ? this.#body[field] : undefined
  }

  /** A string with a lone surrogate cannot be written as UTF-8 without turning into U+FFFD. */
  #wellFormed(field: string, value: string): string {
    if (LONE_SURROGATE.test(value)) this.#fail(field, 'well-formed text (it holds a lone surrogate)')
    return value
  }

  has(field: string): boolean {
    return this.#get(field) !== undefined
  }

  /** An element object; only its codebase id is used. */
  elementId(field: string): string {
    const value = this.#get(field)
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.#fail(field, 'an element object with a codebaseId')
    }
    return this.#codebaseId(`${field}.codebaseId`, (value as Record<string, unknown>).codebaseId)
  }

  elementIds(field: string): string[] {
    const value = this.#get(field)
    if (!Array.isArray(value) || value.length === 0) this.#fail(field, 'a non-empty array of element objects')
    return [
      ...new Set(
        value.map((entry, index) => {
          if (entry === null || typeof entry !== 'object')
            this.#fail(`${field}[${index}]`, 'an element object')
          return this.#codebaseId(
            `${field}[${index}].codebaseId`,
            (entry as Record<string, unknown>).codebaseId,
          )
        }),
      ),
    ]
  }

  optionalElementId(field: string): string | undefined {
    return this.has(field) && this.#get(field) !== null ? this.elementId(field) : undefined
  }

  #codebaseId(field: string, value: unknown): string {
    if (typeof value !== 'string') this.#fail(field, 'a string')
    try {
      assertCodebaseIdChars(value)
    } catch (error) {
      throw new MutateError('BAD_REQUEST', (error as ProtocolError).message)
    }
    if (!isTaggedCodebaseId(value)) this.#fail(field, "'tempo-' followed by a UUID")
    return value
  }

  string(field: string, options: { nonEmpty?: boolean; maxLength?: number } = {}): string {
    const value = this.#get(field)
    if (typeof value !== 'string') this.#fail(field, 'a string')
    if (options.nonEmpty && value.trim() === '') this.#fail(field, 'a non-empty string')
    if (options.maxLength !== undefined && value.length > options.maxLength) {
      this.#fail(field, `at most ${options.maxLength} characters`)
    }
    return this.#wellFormed(field, value)
  }

  strings(field: string): string[] {
    const value = this.#get(field)
    if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string'))
      this.#fail(field, 'an array of strings')
    value.forEach((entry, index) => {
      this.#wellFormed(`${field}[${index}]`, entry)
    })
    return value
  }

  optionalBoolean(field: string): boolean {
    const value = this.#get(field)
    if (value === undefined || value === null) return false
    if (typeof value !== 'boolean') this.#fail(field, 'true or false')
    return value
  }

  propValue(field: string): PropValue {
    const value = this.#get(field)
    if (typeof value === 'string') return this.#wellFormed(field, value)
    if (value === null || typeof value === 'boolean') return value
    if (typeof value === 'number' && Number.isFinite(value)) return value
    this.#fail(field, 'a string, a finite number, true, false or null')
  }

  stringMap(field: string): Record<string, string> {
    const value = this.#get(field)
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      this.#fail(field, 'an object of strings')
    const out: Record<string, string> = {}
    for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
      if (typeof entry !== 'string') this.#fail(`${field}.${key}`, 'a string')
      out[this.#wellFormed(`${field} key`, key)] = this.#wellFormed(`${field}.${key}`, entry)
    }
    return out
  }

  optionalStringMap(field: string): Record<string, string> {
    return this.has(field) && this.#get(field) !== null ? this.stringMap(field) : {}
  }

  modifiers(field: string): StyleModifier[] {
    const value = this.#get(field)
    if (value === undefined || value === null) return []
    if (
      !Array.isArray(value) ||
      !value.every((entry) => typeof entry === 'string' && isStyleModifier(entry))
    ) {
      this.#fail(
        field,
        'an array of hover, required, focus, active, invalid, disabled, sm, md, lg, xl, 2xl or dark',
      )
    }
    return value as StyleModifier[]
  }

  stylingFramework(field: string): StylingFramework {
    const value = this.#get(field)
    if (!isStylingFramework(value)) this.#fail(field, "'Inline', 'CSS' or 'Tailwind'")
    return value
  }

  /** 'Tailwind', or null for a class added as written. */
  optionalTailwind(field: string): boolean {
    const value = this.#get(field)
    if (value === undefined || value === null) return false
    if (value !== 'Tailwind') this.#fail(field, "'Tailwind' or null")
    return true
  }
}
