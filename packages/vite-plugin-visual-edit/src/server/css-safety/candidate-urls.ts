import { decodeCssEscapes } from './css-tokens.ts'

/**
 * The URLs a source file hands Tailwind. Tailwind (v3 and v4) reads the text of every source file for
 * class candidates, arbitrary values included, and writes CSS for them; Vite then resolves each url()
 * of that CSS (and each URL of an `image-set()`) like any other: in dev it looks the file up and
 * answers `/@fs/<absolute path>`, in a build it copies the file into dist. So what a source file
 * holds in `url(...)` is read the way those tools may read it, in a className, a text, a comment or a
 * string alike:
 *
 *   <div className="bg-[url(/images/hero.png)] p-4">      url /images/hero.png
 *   style={{ backgroundImage: "url(../a.png)" }}         none: no [ or ( before it in its word
 *   <p>[mask:URL(_'%2e%2e/x'_)]</p>                        url %2e%2e/x (and _'%2e%2e/x'_ trimmed)
 *   "bg-[u\72l(\2e\2e/x)]"                                  url ../x (the name and the path escaped)
 *   "bg-[image-set('a.png'_1x,url(b.png)_2x)]"              image-set a.png, url b.png
 *
 * Tailwind makes CSS of a URL only in an arbitrary value, property or variant (`bg-[url(x)]`,
 * `[mask:url(x)]`, `supports-[background:url(x)]:flex`, v4's `bg-(--x,url(x))`), and a class holds no
 * space: so a `url(` counts when a `[` or `(` comes before it in its run of non-space characters. That
 * reads more than Tailwind's extractor takes (`cn(url(x))`, a comment, any case, a name spelled with
 * CSS escapes), and leaves out what Tailwind never turns into CSS: an inline style's
 * `backgroundImage: "url(a.png)"` and JavaScript's `new URL('/api', origin)`. Tailwind writes a space
 * as `_` in an arbitrary value (`URL(_'/x'_)` becomes `URL( '/x' )`), so each URL is read both as
 * written and with `_` and spaces trimmed from its ends.
 */

export interface CandidateUrl {
  /** `url` for `url(...)`, `image-set` for a URL given bare or quoted in `image-set(...)`. */
  kind: 'url' | 'image-set'
  /** The argument as written (quotes kept), for messages. */
  written: string
  /** The ways CSS may read it: quotes removed, CSS escapes decoded, with and without `_` at its ends. */
  forms: string[]
  /** Whether it is written with a CSS escape (a backslash). */
  escaped: boolean
  /** 1-based line of the function name. */
  line: number
  /** False when it runs on past MAX_ARGUMENT characters, farther than it is read: never written. */
  complete: boolean
}

/**
 * The longest argument read (a data: URL of an icon fits many times over). A longer one is refused
 * rather than checked in part; the cap keeps a text of many unclosed `url(` from costing more.
 */
export const MAX_ARGUMENT = 8192

/**
 * A regex source matching `word` as CSS reads an identifier: each character itself (any case, with
 * the `i` flag), as a hex escape (`\75`, `\000055 `) or, when it is not a hex digit, escaped as itself
 * (`\u`).
 */
function spelled(word: string): string {
  return [...word]
    .map((character) => {
      const codes = new Set(
        [character.toLowerCase(), character.toUpperCase()].map((form) =>
          (form.codePointAt(0) as number).toString(16),
        ),
      )
      const literal = character.replace(/[-]/g, '\\$&')
      const hex = `\\\\0{0,4}(?:${[...codes].join('|')})(?:\\r\\n|[ \\t\\n\\r\\f])?`
      const self = /[0-9a-f]/i.test(character) ? '' : `|\\\\${literal}`
      return `(?:${literal}|${hex}${self})`
    })
    .join('')
}

/** `url(` and `image-set(` (also inside `-webkit-image-set(`), in any case, escapes allowed. */
const FUNCTION_SOURCE = `(${spelled('url')}|${spelled('image-set')})\\(`
const FUNCTION = new RegExp(FUNCTION_SOURCE, 'gi')

const isQuote = (character: string | undefined) => character === '"' || character === "'"
const isLineEnd = (character: string | undefined) =>
  character === '\n' || character === '\r' || character === '\f'
/** Tailwind's spelling of a space, and the spaces CSS skips around an argument. */
const EDGES = /^[\s_]+|[\s_]+$/g

/** The forms of one argument: as written and with `_`/spaces trimmed, escapes decoded, each once. */
function formsOf(raw: string): string[] {
  return [...new Set([raw.trim(), raw.replace(EDGES, '')].map(decodeCssEscapes))]
}

/**
 * Where the quoted string opened at `start` ends: at its closing quote, a line end, the end of the
 * text or `limit`, whichever comes first.
 */
function stringEnd(text: string, start: number, limit: number): number {
  const quote = text[start]
  let at = start + 1
  while (at < text.length && at < limit && text[at] !== quote && !isLineEnd(text[at]))
    at += text[at] === '\\' ? 2 : 1
  return Math.min(at, text.length, limit)
}

/** The argument of the `url(` whose `(` ends just before `start`. */
function readUrl(text: string, start: number, line: number): CandidateUrl {
  const limit = start + MAX_ARGUMENT
  let at = start
  while (at < text.length && at < limit && /[ \t_]/.test(text[at] as string)) at += 1
  if (isQuote(text[at])) {
    const end = stringEnd(text, at, limit)
    const content = text.slice(at + 1, end)
    return {
      kind: 'url',
      written: text.slice(start, Math.min(end + 1, text.length)).trim(),
      forms: formsOf(content),
      escaped: content.includes('\\'),
      line,
      complete: end < limit,
    }
  }
  let end = at
  while (end < text.length && end < limit && text[end] !== ')' && !isLineEnd(text[end]))
    end += text[end] === '\\' ? 2 : 1
  end = Math.min(end, text.length, limit)
  const raw = text.slice(start, end)
  return {
    kind: 'url',
    written: raw.trim(),
    forms: formsOf(raw),
    escaped: raw.includes('\\'),
    line,
    complete: end < limit,
  }
}

/**
 * The text of the `image-set(` whose `(` ends just before `start`, up to its own `)` on that line;
 * null when that is farther than MAX_ARGUMENT.
 */
function imageSetContent(text: string, start: number): string | null {
  const limit = start + MAX_ARGUMENT
  let depth = 0
  let at = start
  while (at < text.length && at < limit && !isLineEnd(text[at])) {
    const character = text[at] as string
    if (isQuote(character)) at = stringEnd(text, at, limit)
    else if (character === '\\') at += 1
    else if (character === '(') depth += 1
    else if (character === ')') {
      if (depth === 0) break
      depth -= 1
    }
    at += 1
  }
  return at >= limit ? null : text.slice(start, Math.min(at, text.length))
}

/** The comma-separated options of an image-set's content, commas inside strings or parentheses kept. */
function options(content: string): string[] {
  const parts: string[] = []
  let depth = 0
  let from = 0
  for (let at = 0; at < content.length; at += 1) {
    const character = content[at] as string
    if (isQuote(character)) at = stringEnd(content, at, content.length)
    else if (character === '\\') at += 1
    else if (character === '(') depth += 1
    else if (character === ')') depth -= 1
    else if (character === ',' && depth === 0) {
      parts.push(content.slice(from, at))
      from = at + 1
    }
  }
  parts.push(content.slice(from))
  return parts
}

/**
 * The URLs of an `image-set(...)`: each option's first part when it is a string or a bare word (Vite
 * resolves both); a function (`url(...)`, found on its own, or a gradient) is not one.
 */
function readImageSet(text: string, start: number, line: number): CandidateUrl[] {
  const content = imageSetContent(text, start)
  if (content === null) {
    const written = text.slice(start, start + MAX_ARGUMENT)
    return [{ kind: 'image-set', written, forms: [], escaped: false, line, complete: false }]
  }
  const urls: CandidateUrl[] = []
  for (const option of options(content)) {
    const trimmed = option.replace(/^[\s_]+/, '')
    if (trimmed === '') continue
    if (isQuote(trimmed[0])) {
      const end = stringEnd(trimmed, 0, trimmed.length)
      const inner = trimmed.slice(1, end)
      urls.push({
        kind: 'image-set',
        written: trimmed.slice(0, end + 1),
        forms: formsOf(inner),
        escaped: inner.includes('\\'),
        line,
        complete: true,
      })
      continue
    }
    if (/^(?:[\w-]|\\.)+\(/.test(trimmed)) continue
    // Tailwind turns `_` into a space, so `a.png_1x` is `a.png 1x`; as written, it may be one word.
    const word = /^\S+/.exec(trimmed)?.[0] as string
    const first = /^[^\s_]*/.exec(trimmed)?.[0] as string
    const forms = [...new Set([word, first].filter((form) => form !== '').map(decodeCssEscapes))]
    if (forms.length > 0)
      urls.push({
        kind: 'image-set',
        written: word,
        forms,
        escaped: word.includes('\\'),
        line,
        complete: true,
      })
  }
  return urls
}

/** The longest name FUNCTION matches: `image-set` with each character escaped as `\\00006d\r\n`. */
const LONGEST_NAME = 9 * 9
const ENDS_WITH_FUNCTION = new RegExp(`${FUNCTION_SOURCE}$`, 'i')
const lowered = (text: string, at: number) => text.charCodeAt(at) | 0x20

/**
 * Whether `text` may hold a URL for Tailwind at all: the cheap test every write starts with. It looks
 * only at each `(`: the three characters before it (`url`, any case), the nine before `t(`, and, when
 * a backslash comes shortly before, the regex (a name spelled with escapes). A few microseconds for
 * a component, where one regex over the whole text takes several times that.
 */
export function mayHoldCandidateUrl(text: string): boolean {
  let nextBackslash = text.indexOf('\\')
  let lastBackslash = -1
  for (let at = text.indexOf('('); at !== -1; at = text.indexOf('(', at + 1)) {
    const last = lowered(text, at - 1)
    if (last === 0x6c /* l */ && lowered(text, at - 2) === 0x72 && lowered(text, at - 3) === 0x75) return true
    if (last === 0x74 /* t */ && text.slice(Math.max(0, at - 9), at).toLowerCase() === 'image-set')
      return true
    while (nextBackslash !== -1 && nextBackslash < at) {
      lastBackslash = nextBackslash
      nextBackslash = text.indexOf('\\', nextBackslash + 1)
    }
    if (
      lastBackslash !== -1 &&
      lastBackslash >= at - LONGEST_NAME &&
      ENDS_WITH_FUNCTION.test(text.slice(Math.max(0, at - LONGEST_NAME), at + 1))
    )
      return true
  }
  return false
}

/** ASCII white space, which ends a class; others (a no-break space) may sit inside an arbitrary value. */
const isSpace = (character: string | undefined) =>
  character === ' ' || character === '\t' || character === '\v' || isLineEnd(character)

/**
 * Whether a `[` or `(` comes before `index` in its run of non-space characters (an escaped space,
 * `\ `, does not end it): where Tailwind may read a URL into CSS. A run longer than MAX_ARGUMENT
 * counts as one.
 */
function inClassValue(text: string, index: number): boolean {
  const floor = index - MAX_ARGUMENT
  for (let at = index - 1; at >= 0; at -= 1) {
    if (at < floor) return true
    const character = text[at]
    if (character === '[' || character === '(') return true
    if (isSpace(character) && text[at - 1] !== '\\') return false
  }
  return false
}

/** Every `url(...)` and `image-set(...)` URL of `text` where Tailwind may read one, in order. */
export function candidateUrls(text: string): CandidateUrl[] {
  if (!mayHoldCandidateUrl(text)) return []
  const urls: CandidateUrl[] = []
  let line = 1
  let counted = 0
  for (const match of text.matchAll(FUNCTION)) {
    const index = match.index as number
    for (let at = text.indexOf('\n', counted); at !== -1 && at < index; at = text.indexOf('\n', at + 1))
      line += 1
    counted = index
    if (!inClassValue(text, index)) continue
    const start = index + match[0].length
    if (decodeCssEscapes(match[1] as string).toLowerCase() === 'url') urls.push(readUrl(text, start, line))
    else urls.push(...readImageSet(text, start, line))
  }
  return urls
}
