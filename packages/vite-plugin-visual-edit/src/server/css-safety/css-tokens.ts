/**
 * A tokenizer for the parts of CSS that postcss leaves as text (declaration values, at-rule params,
 * selectors), after CSS Syntax Level 3: strings, `url(...)` tokens, function names and identifiers
 * come out with their escapes decoded, as a CSS engine reads them, so `\75 rl(\2e\2e/x)` is
 * `url(../x)` and `"\2e\2e/x"` is `"../x"`. Comments are skipped. Only what the CSS safety checks
 * look at is kept apart; everything else is a one-character `delim`.
 */

export type CssToken =
  | { type: 'string'; value: string; bad: boolean }
  | { type: 'url'; value: string; bad: boolean }
  /** An identifier followed by `(`; the `(` is part of it. */
  | { type: 'function'; name: string }
  | { type: 'ident'; value: string }
  | { type: 'open'; value: '(' | '[' | '{' }
  | { type: 'close'; value: ')' | ']' | '}' }
  | { type: 'space' }
  | { type: 'delim'; value: string }

const isHex = (character: string | undefined) => character !== undefined && /^[0-9a-fA-F]$/.test(character)
const isNewline = (character: string | undefined) =>
  character === '\n' || character === '\r' || character === '\f'
const isSpace = (character: string | undefined) =>
  character === ' ' || character === '\t' || isNewline(character)
const isNameStart = (character: string | undefined) =>
  character !== undefined && (/^[A-Za-z_]$/.test(character) || character.charCodeAt(0) >= 0x80)
const isName = (character: string | undefined) =>
  character !== undefined && (isNameStart(character) || /^[0-9-]$/.test(character))

/** Whether a backslash at `index` starts a valid escape (not one followed by a newline). */
function validEscape(text: string, index: number): boolean {
  return text[index] === '\\' && index + 1 < text.length && !isNewline(text[index + 1])
}

/** Whether an identifier starts at `index`: a name-start, an escape, or `-` followed by either or `-`. */
function startsIdent(text: string, index: number): boolean {
  const first = text[index]
  if (first === '-') {
    return isNameStart(text[index + 1]) || text[index + 1] === '-' || validEscape(text, index + 1)
  }
  return isNameStart(first) || validEscape(text, index)
}

/** Decodes the escape whose backslash is at `index`; returns the character and the index after it. */
function consumeEscape(text: string, index: number): { value: string; next: number } {
  let at = index + 1
  if (at >= text.length) return { value: '\uFFFD', next: at }
  if (!isHex(text[at]))
    return {
      value: String.fromCodePoint(text.codePointAt(at) as number),
      next: at + ((text.codePointAt(at) as number) > 0xffff ? 2 : 1),
    }
  let hex = ''
  while (hex.length < 6 && isHex(text[at])) hex += text[at++]
  if (text[at] === '\r' && text[at + 1] === '\n') at += 2
  else if (isSpace(text[at])) at += 1
  const code = Number.parseInt(hex, 16)
  const valid = code !== 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
  return { value: valid ? String.fromCodePoint(code) : '\uFFFD', next: at }
}

/**
 * `text` with its CSS escapes decoded, as a CSS engine reads a string's or url's content:
 * `\2e\2e/x` is `../x`, `a\_b` is `a_b`; a backslash before a newline joins the lines.
 */
export function decodeCssEscapes(text: string): string {
  if (!text.includes('\\')) return text
  let value = ''
  let at = 0
  while (at < text.length) {
    if (text[at] !== '\\') {
      value += text[at]
      at += 1
    } else if (isNewline(text[at + 1])) at += text[at + 1] === '\r' && text[at + 2] === '\n' ? 3 : 2
    else {
      const decoded = consumeEscape(text, at)
      value += decoded.value
      at = decoded.next
    }
  }
  return value
}

function consumeName(text: string, index: number): { value: string; next: number } {
  let value = ''
  let at = index
  for (;;) {
    if (validEscape(text, at)) {
      const decoded = consumeEscape(text, at)
      value += decoded.value
      at = decoded.next
    } else if (isName(text[at])) {
      value += text[at]
      at += 1
    } else return { value, next: at }
  }
}

function consumeString(text: string, index: number): { token: CssToken; next: number } {
  const quote = text[index]
  let value = ''
  let at = index + 1
  while (at < text.length) {
    const character = text[at] as string
    if (character === quote) return { token: { type: 'string', value, bad: false }, next: at + 1 }
    if (isNewline(character)) return { token: { type: 'string', value, bad: true }, next: at }
    if (character === '\\') {
      if (at + 1 >= text.length) return { token: { type: 'string', value, bad: false }, next: at + 1 }
      if (isNewline(text[at + 1])) {
        at += text[at + 1] === '\r' && text[at + 2] === '\n' ? 3 : 2
        continue
      }
      const decoded = consumeEscape(text, at)
      value += decoded.value
      at = decoded.next
      continue
    }
    value += character
    at += 1
  }
  // An unclosed string at the end is closed by the end, as CSS reads it; it is still suspect.
  return { token: { type: 'string', value, bad: true }, next: at }
}

/** The rest of an unquoted `url(`: its value up to `)`, bad on a quote, `(`, inner space or control. */
function consumeUrl(text: string, index: number): { token: CssToken; next: number } {
  let at = index
  while (isSpace(text[at])) at += 1
  let value = ''
  let bad = false
  while (at < text.length) {
    const character = text[at] as string
    if (character === ')') return { token: { type: 'url', value, bad }, next: at + 1 }
    if (isSpace(character)) {
      while (isSpace(text[at])) at += 1
      if (text[at] === ')' || at >= text.length) continue
      bad = true
      continue
    }
    const code = character.charCodeAt(0)
    if (character === '"' || character === "'" || character === '(' || code < 0x20 || code === 0x7f) {
      bad = true
      at += 1
      continue
    }
    if (character === '\\') {
      if (!validEscape(text, at)) {
        bad = true
        at += 1
        continue
      }
      const decoded = consumeEscape(text, at)
      value += decoded.value
      at = decoded.next
      continue
    }
    value += character
    at += 1
  }
  return { token: { type: 'url', value, bad: true }, next: at }
}

/** The tokens of `text` (a value, params or a selector), comments left out. */
export function tokenize(text: string): CssToken[] {
  const tokens: CssToken[] = []
  let at = 0
  while (at < text.length) {
    const character = text[at] as string
    if (character === '/' && text[at + 1] === '*') {
      const end = text.indexOf('*/', at + 2)
      at = end === -1 ? text.length : end + 2
      continue
    }
    if (isSpace(character)) {
      while (isSpace(text[at])) at += 1
      tokens.push({ type: 'space' })
      continue
    }
    if (character === '"' || character === "'") {
      const { token, next } = consumeString(text, at)
      tokens.push(token)
      at = next
      continue
    }
    if (startsIdent(text, at)) {
      const name = consumeName(text, at)
      at = name.next
      if (text[at] !== '(') {
        tokens.push({ type: 'ident', value: name.value })
        continue
      }
      at += 1
      if (name.value.toLowerCase() === 'url') {
        let peek = at
        while (isSpace(text[peek])) peek += 1
        if (text[peek] !== '"' && text[peek] !== "'") {
          const { token, next } = consumeUrl(text, at)
          tokens.push(token)
          at = next
          continue
        }
      }
      tokens.push({ type: 'function', name: name.value })
      continue
    }
    if (character === '(' || character === '[' || character === '{')
      tokens.push({ type: 'open', value: character })
    else if (character === ')' || character === ']' || character === '}')
      tokens.push({ type: 'close', value: character })
    else tokens.push({ type: 'delim', value: character })
    at += 1
  }
  return tokens
}
