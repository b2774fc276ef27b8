/** Offset where the line holding `offset` starts. */
export function lineStart(code: string, offset: number): number {
  return code.lastIndexOf('\n', offset - 1) + 1
}

/** The whitespace that indents the line holding `offset`. */
export function indentAt(code: string, offset: number): string {
  return /^[ \t]*/.exec(code.slice(lineStart(code, offset)))?.[0] ?? ''
}

/** Offset just after the line break ending the line that holds `offset` (or the end of the text). */
export function nextLineStart(code: string, offset: number): number {
  const newline = code.indexOf('\n', offset)
  return newline === -1 ? code.length : newline + 1
}

/** Whether [start, end) is the only thing on its lines: only whitespace before it and after it. */
export function aloneOnLines(code: string, start: number, end: number): boolean {
  const before = code.slice(lineStart(code, start), start)
  const lineEnd = code.indexOf('\n', end)
  const after = code.slice(end, lineEnd === -1 ? code.length : lineEnd)
  return before.trim() === '' && after.trim() === ''
}

/**
 * One level of indentation in this file: a tab if lines are indented with tabs, else the smallest
 * step between the space indents of consecutive lines (2 when the file says nothing).
 */
export function indentUnit(code: string): string {
  let tabs = 0
  let spaces = 0
  let step = 0
  let previous = 0
  for (const line of code.split('\n')) {
    if (line.trim() === '') continue
    const indent = /^[ \t]*/.exec(line)?.[0] ?? ''
    if (indent.startsWith('\t')) tabs += 1
    else if (indent.length > 0) spaces += 1
    const width = indent.length
    const difference = Math.abs(width - previous)
    if (!indent.startsWith('\t') && difference > 0 && (step === 0 || difference < step)) step = difference
    previous = width
  }
  if (tabs > spaces) return '\t'
  return ' '.repeat(step > 0 && step <= 8 ? step : 2)
}

/** A span's text with the indentation of its lines changed, and where each of its offsets went. */
export interface Reindented {
  text: string
  /** Offset in `text` of an offset of the original span (relative to the span's start). */
  map: (relative: number) => number
}

/**
 * Re-indents code moved from indentation `from` to indentation `to`: the first line starts where the
 * code is put, every later line that starts with `from` gets `to` instead. Lines that start inside a
 * `protected` range (the text of a template literal, whose whitespace is its value) stay as they are.
 * With `eol`, every line break becomes the target file's (a template literal's value keeps its
 * meaning: JavaScript reads a CRLF in one as LF).
 *
 *   before:  <p>\r\n····text\r\n··</p>   (from '··', to '····', eol '\n')
 *   after:   <p>\n······text\n····</p>
 */
export function reindent(
  code: string,
  start: number,
  end: number,
  from: string,
  to: string,
  protectedRanges: readonly [number, number][] = [],
  eol?: '\n' | '\r\n',
): Reindented {
  const original = code.slice(start, end)
  const convert =
    eol !== undefined && (eol === '\n' ? original.includes('\r\n') : /(^|[^\r])\n/.test(original))
  if (from === to && !convert) return { text: original, map: (relative) => relative }
  const changes: { at: number; removed: number; added: number }[] = []
  let text = ''
  let cursor = 0
  for (let newline = original.indexOf('\n'); newline !== -1; newline = original.indexOf('\n', newline + 1)) {
    const breakAt = newline > 0 && original[newline - 1] === '\r' ? newline - 1 : newline
    if (convert && original.slice(breakAt, newline + 1) !== eol) {
      text += original.slice(cursor, breakAt) + eol
      cursor = newline + 1
      changes.push({ at: breakAt, removed: newline + 1 - breakAt, added: eol.length })
    }
    const lineAt = newline + 1
    const absolute = start + lineAt
    if (from === to || protectedRanges.some(([a, b]) => absolute > a && absolute < b)) continue
    if (!original.startsWith(from, lineAt)) continue
    text += original.slice(cursor, lineAt) + to
    cursor = lineAt + from.length
    changes.push({ at: lineAt, removed: from.length, added: to.length })
  }
  text += original.slice(cursor)
  return {
    text,
    map: (relative) => {
      let delta = 0
      for (const change of changes) {
        if (change.at + change.removed <= relative) delta += change.added - change.removed
        else if (change.at <= relative) return change.at + delta + change.added
      }
      return relative + delta
    },
  }
}
