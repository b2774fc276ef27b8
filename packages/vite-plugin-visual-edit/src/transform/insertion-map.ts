/** A source map (version 3) as Vite and Rollup accept it from a transform hook. */
export interface SourceMapV3 {
  version: 3
  file?: string
  sources: string[]
  sourcesContent: string[]
  names: string[]
  mappings: string
}

/** Text inserted before the original character at `offset`; must not contain a line break. */
export interface Insertion {
  offset: number
  text: string
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

function vlq(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1
  let out = ''
  do {
    let digit = rest & 31
    rest >>>= 5
    if (rest > 0) digit |= 32
    out += BASE64[digit]
  } while (rest > 0)
  return out
}

/** Segment for the next character of the same line, one column further in both files. */
const NEXT_CHARACTER = ',CAAC'

/**
 * Applies `insertions` (sorted by offset, none inside a line break) to `original` and returns the new
 * code with a high-resolution map: every character of the original has a segment pointing at its own
 * line and column, exactly what `MagicString#generateMap({ hires: true })` gives for an insert-only
 * edit, built as strings (a run of untouched characters is one `repeat`) instead of one array per
 * segment, which is most of what tagging would otherwise spend.
 */
export function applyInsertions(
  original: string,
  insertions: readonly Insertion[],
  source: string,
): { code: string; map: SourceMapV3 } {
  let code = ''
  let mappings = ''
  let next = 0
  let lastLine = 0
  let lastColumn = 0
  let line = 0
  let lineStart = 0

  for (;;) {
    const newline = original.indexOf('\n', lineStart)
    const lineEnd = newline === -1 ? original.length : newline
    let cursor = lineStart
    let generated = 0
    let previousGenerated = -1

    while (cursor < lineEnd) {
      for (let insertion = insertions[next]; insertion?.offset === cursor; insertion = insertions[++next]) {
        code += insertion.text
        generated += insertion.text.length
      }
      const upcoming = insertions[next]?.offset ?? Number.POSITIVE_INFINITY
      const runEnd = Math.min(upcoming, lineEnd)
      const length = runEnd - cursor
      const column = cursor - lineStart
      mappings +=
        previousGenerated === -1
          ? `${vlq(generated)}A${vlq(line - lastLine)}${vlq(column - lastColumn)}`
          : `,${vlq(generated - previousGenerated)}AAC`
      mappings += NEXT_CHARACTER.repeat(length - 1)
      code += original.slice(cursor, runEnd)
      previousGenerated = generated + length - 1
      generated += length
      cursor = runEnd
      lastLine = line
      lastColumn = column + length - 1
    }
    // Insertions right before the line break (or the end) have no character after them to map.
    for (let insertion = insertions[next]; insertion?.offset === lineEnd; insertion = insertions[++next]) {
      code += insertion.text
    }
    if (newline === -1) break
    code += '\n'
    mappings += ';'
    line += 1
    lineStart = newline + 1
  }

  return { code, map: { version: 3, sources: [source], sourcesContent: [original], names: [], mappings } }
}
