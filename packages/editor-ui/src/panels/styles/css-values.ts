/**
 * Numbers with units as the Styles panel's fields read, step, scrub and write them (pure): `16px`,
 * `1.5rem`, `50%`, a bare number in the field's default unit, or a keyword (`auto`, `normal`, `none`).
 */

/** The units a length field converts between. */
const LENGTH_UNITS = ['px', 'rem', 'em', '%'] as const

/** A field's value: a number with its unit ('' for a unitless one: opacity, line-height, z-index), or a keyword. */
export type FieldValue =
  | { kind: 'number'; value: number; unit: string }
  | { kind: 'keyword'; keyword: string }

const NUMBER = /^(-?(?:\d+\.?\d*|\.\d+))\s*(px|rem|em|%|vh|vw|ch|)$/i
const KEYWORD = /^[a-z][a-z-]*$/i

/**
 * What the user typed or the page computed, in `unit` when it has none (`16` in a px field is 16px).
 * Null for text that is neither (the field shows it invalid).
 *
 *   parseFieldValue('1.5rem', 'px') -> { number 1.5 rem }    parseFieldValue('12', 'px') -> { number 12 px }
 *   parseFieldValue('auto', 'px')   -> { keyword auto }       parseFieldValue('12 px', 'px') -> { number 12 px }
 */
export function parseFieldValue(text: string, unit: string): FieldValue | null {
  const trimmed = text.trim()
  const number = NUMBER.exec(trimmed)
  if (number) {
    const value = Number(number[1])
    return { kind: 'number', value, unit: (number[2] ?? '').toLowerCase() || unit }
  }
  if (KEYWORD.test(trimmed)) return { kind: 'keyword', keyword: trimmed.toLowerCase() }
  return null
}

/** Rounded to what a designer types: at most two decimals, no trailing zeros (`0.1 + 0.2` -> 0.3). */
export function roundValue(value: number): number {
  return Math.round(value * 100) / 100 || 0
}

/** The CSS text of a field value: `16px`, `1.5rem`, `0.5`, `auto`. */
export function formatFieldValue(value: FieldValue): string {
  return value.kind === 'keyword' ? value.keyword : `${roundValue(value.value)}${value.unit}`
}

/** How much one arrow press (or one pixel of scrubbing) changes a value in `unit`. */
export function baseStep(unit: string): number {
  return unit === 'rem' || unit === 'em' ? 0.1 : unit === '' ? 0.1 : 1
}

/** The step a key press or a scrub takes: Shift x10, Alt /10 (as in design tools). */
export function stepOf(base: number, keys: { shiftKey?: boolean; altKey?: boolean }): number {
  return keys.shiftKey ? base * 10 : keys.altKey ? base / 10 : base
}

export interface Bounds {
  min?: number
  max?: number
}

const clamp = (value: number, { min = -Infinity, max = Infinity }: Bounds) =>
  Math.min(max, Math.max(min, value))

/**
 * The value an arrow key gives: `direction` (+1 up, -1 down) steps of `step`. A keyword starts from
 * `fallback` (the computed number: `auto` that is 240px steps from 240px).
 *
 *   nudge({ number 16 px }, +1, 10)  ->  { number 26 px }
 */
export function nudge(
  value: FieldValue,
  direction: 1 | -1,
  step: number,
  fallback: { value: number; unit: string },
  bounds: Bounds = {},
): FieldValue {
  const from = value.kind === 'number' ? value : { value: fallback.value, unit: fallback.unit }
  return { kind: 'number', value: roundValue(clamp(from.value + direction * step, bounds)), unit: from.unit }
}

/**
 * The value a scrub gives after the pointer moved `dx` CSS pixels from where it was pressed: one step
 * per pixel, from the value at the press.
 */
export function scrub(
  start: { value: number; unit: string },
  dx: number,
  step: number,
  bounds: Bounds = {},
): FieldValue {
  return {
    kind: 'number',
    value: roundValue(clamp(start.value + Math.round(dx) * step, bounds)),
    unit: start.unit,
  }
}

/** Root font size the conversions assume (the page's, as Tailwind's rem scale does). */
const ROOT_PX = 16

/** Units whose values are numbers (the rest of a field's units are keywords: `auto`, `none`). */
const NUMERIC_UNITS: ReadonlySet<string> = new Set([...LENGTH_UNITS, ''])

/**
 * The value in another unit, converted where the units say how (px <-> rem and em at 16 px); a
 * percentage keeps its number (its base is the parent's, which the field does not know); a keyword
 * unit (`auto`) is that keyword, and a keyword value turns into a number from `fallback` (the computed one).
 *
 *   convertUnit({ number 24 px }, 'rem')  ->  { number 1.5 rem }
 *   convertUnit({ keyword auto }, 'px', { value: 240, unit: 'px' })  ->  { number 240 px }
 */
export function convertUnit(
  value: FieldValue,
  unit: string,
  fallback: { value: number; unit: string } = { value: 0, unit: 'px' },
): FieldValue {
  if (!NUMERIC_UNITS.has(unit)) return { kind: 'keyword', keyword: unit }
  const from = value.kind === 'number' ? value : fallback
  const px =
    from.unit === 'px' ? from.value : from.unit === 'rem' || from.unit === 'em' ? from.value * ROOT_PX : null
  if (px === null || unit === '%' || unit === '') return { kind: 'number', value: from.value, unit }
  return { kind: 'number', value: roundValue(unit === 'px' ? px : px / ROOT_PX), unit }
}

/** The number of a computed length (`16px` -> 16 px), for a keyword field's steps; else 0 px. */
export function numberOf(computed: string | undefined, unit = 'px'): { value: number; unit: string } {
  const parsed = parseFieldValue(computed ?? '', unit)
  return parsed?.kind === 'number' ? { value: parsed.value, unit: parsed.unit } : { value: 0, unit }
}
