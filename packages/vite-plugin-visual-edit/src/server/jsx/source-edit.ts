import type MagicString from 'magic-string'

/** Replaces [start, end) with `text`, whether either side is empty. */
export function replaceSpan(magic: MagicString, start: number, end: number, text: string): void {
  if (start === end) {
    if (text !== '') magic.appendLeft(start, text)
  } else if (text === '') {
    magic.remove(start, end)
  } else {
    magic.overwrite(start, end, text)
  }
}

/** Whether [a, b) spans a line break. */
export function spansLines(code: string, a: number, b: number): boolean {
  return /[\r\n]/.test(code.slice(a, b))
}
