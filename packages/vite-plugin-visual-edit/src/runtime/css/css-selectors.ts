/**
 * Reading CSS selectors as text, as far as the rule functions need: the classes a selector's subject
 * requires, its pseudo-classes and `&`s with their places, nesting resolved. Escapes and strings are
 * honoured, so `.hover\:bg-red-500` is one class and `[title=":hover"]` holds no pseudo-class.
 */

/** A class, a pseudo-class or a `&` in a selector, and where it is (`end` exclusive). */
export interface SelectorMark {
  kind: '.' | ':' | '&'
  /** Unescaped; a pseudo-class's in lower case. */
  name: string
  start: number
  end: number
  /** Inside `:not(...)`: a state there is not a condition the rule waits for. */
  negated: boolean
}

export interface ScannedSelector {
  /**
   * Per comma-separated branch, the classes its subject (the compound after its last combinator)
   * carries outside any `:is()`/`:where()`: an element lacking one of them cannot match that branch.
   */
  subjects: string[][]
  marks: SelectorMark[]
}

const ESCAPE = /^([\da-fA-F]{1,6})\s?/

/** Letters, digits, `-`, `_` and anything past ASCII. */
const isIdentCode = (code: number) =>
  (code >= 97 && code <= 122) ||
  (code >= 65 && code <= 90) ||
  (code >= 48 && code <= 57) ||
  code === 45 ||
  code === 95 ||
  code >= 128

/** Reads an identifier from `at` (escapes included): its unescaped text and where it ends. */
function readIdent(text: string, at: number): [string, number] {
  let name = ''
  let from = at
  let i = at
  while (i < text.length) {
    const code = text.charCodeAt(i)
    if (code === 92) {
      name += text.slice(from, i)
      const hex = ESCAPE.exec(text.slice(i + 1, i + 8))
      if (hex) {
        const point = Number.parseInt(hex[1] as string, 16)
        const valid = point > 0 && point <= 0x10ffff && (point < 0xd800 || point > 0xdfff)
        name += String.fromCodePoint(valid ? point : 0xfffd)
        i += 1 + hex[0].length
      } else {
        name += text[i + 1] ?? ''
        i += 2
      }
      from = i
    } else if (isIdentCode(code)) i++
    else break
  }
  return [name + text.slice(from, i), i]
}

/**
 * A class name as the selector escapes it, unescaped: `md\:hover\:bg-red-500` -> `md:hover:bg-red-500`,
 * `\32 xl\:p-4` -> `2xl:p-4`.
 */
export function unescapeIdent(escaped: string): string {
  return readIdent(escaped, 0)[0]
}

/**
 * Scans a selector (list); null when it cannot be read (unbalanced brackets or quotes), which the
 * callers treat as an invalid selector.
 */
export function scanSelector(selector: string): ScannedSelector | null {
  const subjects: string[][] = [[]]
  const marks: SelectorMark[] = []
  /** The functions (`not`, `is`, '' for bare parentheses) the scan is inside. */
  const functions: string[] = []
  let bracket = false
  for (let i = 0; i < selector.length; ) {
    const char = selector[i] as string
    if (char === '"' || char === "'") {
      let end = i + 1
      while (end < selector.length && selector[end] !== char) end += selector[end] === '\\' ? 2 : 1
      if (end >= selector.length) return null
      i = end + 1
    } else if (char === '\\') i += 2
    else if (bracket) {
      bracket = char !== ']'
      i++
    } else if (char === '.' || char === ':') {
      const element = char === ':' && selector[i + 1] === ':'
      const [name, end] = readIdent(selector, i + (element ? 2 : 1))
      if (!name) return null
      if (!element) {
        marks.push({
          kind: char,
          name: char === ':' ? name.toLowerCase() : name,
          start: i,
          end,
          negated: functions.includes('not'),
        })
        if (char === '.' && functions.length === 0) subjects[subjects.length - 1]?.push(name)
      }
      if (selector[end] === '(') {
        functions.push(name.toLowerCase())
        i = end + 1
      } else i = end
    } else {
      if (char === '[') bracket = true
      else if (char === '(') functions.push('')
      else if (char === ')' && functions.pop() === undefined) return null
      else if (char === '&') marks.push({ kind: '&', name: '&', start: i, end: i + 1, negated: false })
      else if (functions.length === 0 && char === ',') subjects.push([])
      else if (functions.length === 0 && /[\s>+~]/.test(char)) subjects[subjects.length - 1] = []
      i++
    }
  }
  return functions.length > 0 || bracket ? null : { subjects, marks }
}

/** `selector` with each of `marks` replaced by what `by` gives for it (a mark it gives null for stays). */
export function replaceMarks(
  selector: string,
  marks: readonly SelectorMark[],
  by: (mark: SelectorMark) => string | null,
): string {
  let out = ''
  let from = 0
  for (const mark of marks) {
    const replacement = by(mark)
    if (replacement === null) continue
    out += selector.slice(from, mark.start) + replacement
    from = mark.end
  }
  return out + selector.slice(from)
}

/**
 * The selector a nested style rule stands for: its `&`s replaced by the parent's selector (in `:is()`
 * when that is a list), or, without a `&`, the parent as its ancestor.
 *   before: `&:hover` under `.hover\:bg-red-500`
 *   after:  `.hover\:bg-red-500:hover`
 */
export function resolveNested(selector: string, parent: string | null): string {
  if (parent === null) return selector
  const form =
    !parent.includes(',') || scanSelector(parent)?.subjects.length === 1 ? parent : `:is(${parent})`
  // Most nested selectors (`&:hover`) hold no escape or string that could hide a `&`.
  if (!/[\\'"]/.test(selector))
    return selector.includes('&') ? selector.replaceAll('&', () => form) : `${form} ${selector}`
  const amps = scanSelector(selector)?.marks.filter((mark) => mark.kind === '&') ?? []
  return amps.length === 0 ? `${form} ${selector}` : replaceMarks(selector, amps, () => form)
}
