/**
 * The redirect allow list's patterns, as GoTrue's `GOTRUE_URI_ALLOW_LIST` reads them (gobwas/glob with
 * `.` and `/` as separators), each matched against the whole URL without its fragment:
 *
 *   `*`        any characters but `.` and `/`      http://localhost:3000/*     matches http://localhost:3000/a, not /a/b
 *   `**`       any characters                      https://*.example.com/**    matches https://pr-1.example.com/x/y
 *   `?`        one character but `.` and `/`
 *   `[a-z]`, `[!a-z]`   one character in (not in) the class
 *   `\c`       the character c itself
 *
 * GoTrue's `{a,b}` alternatives are left out: the list is comma-separated, so no entry can hold one.
 *
 *   compilePattern('https://*.example.com/**').test('https://evil.com/.example.com/')  ->  false
 */

const SPECIAL = /[.*+?^${}()|[\]\\/]/g
const literal = (char: string) => char.replace(SPECIAL, '\\$&')
const SEGMENT_CHAR = '[^./]'

export class AllowListPatternError extends Error {}

/** The regular expression of one glob; throws AllowListPatternError for an unclosed `[` or a lone `\`. */
export function compilePattern(pattern: string): RegExp {
  let source = ''
  let at = 0
  while (at < pattern.length) {
    const char = pattern[at] as string
    if (char === '\\') {
      if (at + 1 >= pattern.length) throw new AllowListPatternError(`"${pattern}" ends with a lone \\`)
      source += literal(pattern[at + 1] as string)
      at += 2
    } else if (char === '*') {
      const double = pattern[at + 1] === '*'
      source += double ? '.*' : `${SEGMENT_CHAR}*`
      at += double ? 2 : 1
    } else if (char === '?') {
      source += SEGMENT_CHAR
      at += 1
    } else if (char === '[') {
      const close = pattern.indexOf(']', at + 1)
      if (close === -1) throw new AllowListPatternError(`"${pattern}" has a [ without its ]`)
      const body = pattern.slice(at + 1, close)
      const negated = body.startsWith('!')
      const members = negated ? body.slice(1) : body
      if (members === '') throw new AllowListPatternError(`"${pattern}" has an empty [ ]`)
      // Inside a class only `\`, `]` and `^` mean something to a regex; `-` keeps its meaning (a range).
      source += `[${negated ? '^' : ''}${members.replace(/[\\\]^]/g, '\\$&')}]`
      at = close + 1
    } else {
      source += literal(char)
      at += 1
    }
  }
  return new RegExp(`^${source}$`)
}

const compiled = new Map<string, RegExp>()

/**
 * Whether `target` matches one of the patterns: its URL without the fragment, as written
 * (`http://localhost:3000/cb`) or, for a bare origin, without the slash the URL parser adds
 * (`http://localhost:3000`).
 */
export function matchesAllowList(patterns: readonly string[], target: URL): boolean {
  const href = target.href.replace(/#.*$/, '')
  const candidates = target.pathname === '/' && target.search === '' ? [href, href.slice(0, -1)] : [href]
  return patterns.some((pattern) => {
    let regex = compiled.get(pattern)
    if (!regex) {
      regex = compilePattern(pattern)
      compiled.set(pattern, regex)
    }
    return candidates.some((candidate) => regex.test(candidate))
  })
}
