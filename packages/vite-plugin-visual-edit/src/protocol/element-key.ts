import { VisualEditError } from './errors.ts'
import { assertCodebaseIdChars, assertStoryboardIdChars, STORYBOARD_CODEBASE_ID } from './ids.ts'

/**
 * Identifies one element of one storyboard (preview frame): which JSX element of the code produced it
 * (`codebaseId`, empty when the element has no counterpart in the code, such as text a library
 * rendered), which frame shows it (`storyboardId`) and where it sits in that frame's DOM
 * (`uniquePath`: child indexes from body, `0-` first, e.g. `0-2-0-5`).
 */
export interface ElementKey {
  readonly codebaseId: string
  readonly storyboardId: string
  readonly uniquePath: string
}

/** Root of every unique path (the body). */
export const UNIQUE_PATH_ROOT = '0'
const PATH_SEPARATOR = '-'
const KEY_SEPARATOR = '.'

const PATH_CHAR_TOKENS: Readonly<Record<string, string>> = {
  '-': 'DASH',
  '.': 'DOT',
  '/': 'SLASH',
  ' ': 'SPACE',
  ':': 'COLON',
  '(': 'LPAREN',
  ')': 'RPAREN',
  '[': 'LBRACKET',
  ']': 'RBRACKET',
  '@': 'AT',
  '#': 'HASH',
  $: 'DOLLAR',
  '&': 'AMP',
  '+': 'PLUS',
  '=': 'EQUALS',
  ',': 'COMMA',
}

/**
 * Makes a name safe as one segment of a unique path: every character outside `[A-Za-z0-9_]` becomes a
 * word token (`Memo(Card)` -> `Memo_LPAREN_Card_RPAREN_`), so segments never contain the separators.
 */
export function encodePathSegment(name: string): string {
  let out = ''
  for (const char of name) {
    if (/[A-Za-z0-9_]/.test(char)) out += char
    else out += `_${PATH_CHAR_TOKENS[char] ?? `U${char.codePointAt(0)?.toString(16).toUpperCase()}`}_`
  }
  return out
}

/** The unique path of a child: the parent's path plus the child's index (`0-2` -> `0-2-4`). */
export function childUniquePath(parentPath: string, index: number | string): string {
  return `${parentPath}${PATH_SEPARATOR}${typeof index === 'number' ? index : encodePathSegment(index)}`
}

const UNIQUE_PATH = /^0(-[A-Za-z0-9_]+)*$/

/** Whether `path` is a unique path: `0`, then `-<segment>`s of `[A-Za-z0-9_]`. */
export const isUniquePath = (path: string): boolean => UNIQUE_PATH.test(path)

/**
 * Builds a validated element key. Throws 'Codebase ID contains invalid chars' or 'Storyboard ID contains
 * invalid chars' for ids outside `[A-Za-z0-9_-]`, and names the field for a malformed unique path.
 */
export function createElementKey(
  codebaseId: string | undefined,
  storyboardId: string,
  uniquePath: string,
): ElementKey {
  if (codebaseId) assertCodebaseIdChars(codebaseId)
  assertStoryboardIdChars(storyboardId)
  if (!UNIQUE_PATH.test(uniquePath)) {
    throw new VisualEditError(
      'INVALID_ELEMENT_KEY',
      `Invalid unique path '${uniquePath}': expected '0' followed by '-<index>' segments`,
    )
  }
  return { codebaseId: codebaseId ?? '', storyboardId, uniquePath }
}

/** The key of a storyboard itself: the storyboard marker at path `0`. */
export function storyboardElementKey(storyboardId: string): ElementKey {
  return createElementKey(STORYBOARD_CODEBASE_ID, storyboardId, UNIQUE_PATH_ROOT)
}

export function isStoryboardKey(key: ElementKey): boolean {
  return key.codebaseId === STORYBOARD_CODEBASE_ID
}

export function elementKeysEqual(
  a: ElementKey | null | undefined,
  b: ElementKey | null | undefined,
): boolean {
  if (!a || !b) return a === b
  return a.codebaseId === b.codebaseId && a.storyboardId === b.storyboardId && a.uniquePath === b.uniquePath
}

/** One string per key, usable as a Map key and in messages: `storyboardId.uniquePath.codebaseId`. */
export function elementKeyToString(key: ElementKey): string {
  return [key.storyboardId, key.uniquePath, key.codebaseId].join(KEY_SEPARATOR)
}

/** Inverse of {@link elementKeyToString}; validates like {@link createElementKey}. */
export function parseElementKey(value: string): ElementKey {
  const parts = value.split(KEY_SEPARATOR)
  if (parts.length !== 3) {
    throw new VisualEditError(
      'INVALID_ELEMENT_KEY',
      `Invalid element key '${value}': expected 'storyboardId.uniquePath.codebaseId'`,
    )
  }
  const [storyboardId, uniquePath, codebaseId] = parts as [string, string, string]
  return createElementKey(codebaseId || undefined, storyboardId, uniquePath)
}
