/**
 * Splits PostgREST's comma lists at the commas of the top level: those not inside parentheses,
 * braces or double quotes (a backslash escapes the next character inside quotes).
 *
 *   `a.eq.1,or(b.eq.2,c.eq.3),d.in.("x,y")` -> [`a.eq.1`, `or(b.eq.2,c.eq.3)`, `d.in.("x,y")`]
 *
 * Answers null when the brackets or quotes do not close.
 */
export function splitTopLevel(text: string): string[] | null {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '\\') i++
      else if (char === '"') quoted = false
      continue
    }
    if (char === '"') quoted = true
    else if (char === '(' || char === '{') depth++
    else if (char === ')' || char === '}') {
      depth--
      if (depth < 0) return null
    } else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  if (quoted || depth !== 0) return null
  parts.push(text.slice(start))
  return parts
}

/** `"a \"b\""` -> `a "b"`; anything not wholly in double quotes stays as it is. */
export function unquote(text: string): string {
  if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"')) return text
  return text.slice(1, -1).replace(/\\(.)/g, '$1')
}
