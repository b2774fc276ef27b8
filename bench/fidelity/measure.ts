/**
 * How faithful an edit is to the file it edits, per file it wrote, against the original:
 *
 * - lines outside the edit: the lines a line diff (original -> after, each line with its line break,
 *   so a CRLF turned into LF is a change) shows changed outside the task's region (regions.ts). The
 *   diff is read as hunks: runs of removed and added lines between unchanged ones. A removed line
 *   counts when its line number is in no range of the region. A hunk's added lines are placed at the
 *   point before its first removed line (for a pure insertion, after the unchanged line before it), and
 *   all count when that point is neither inside a range nor at its edge (right before its first line
 *   or right after its last one);
 * - formatting kept: of the original lines outside the region, the share the diff leaves unchanged
 *   (byte for byte, line break included);
 * - comments kept: every comment of the original (Babel's for modules, `/* *\/` for stylesheets) is
 *   still there, compared by its text with runs of whitespace made one space (re-indenting a comment
 *   keeps it), as many times as before; comments inside a removed element are exempt;
 * - parses: the file still parses (Babel with the tag plugin's options; postcss for stylesheets).
 */
import { diffArrays } from 'diff'
import { parseSheet } from '../../packages/vite-plugin-visual-edit/src/server/styling/css.ts'
import { parseModule } from '../../packages/vite-plugin-visual-edit/src/transform/parse-module.ts'
import type { LineRange } from './regions.ts'

export interface FileFidelity {
  /** Lines the diff shows changed, in all. */
  changed: number
  /** Of those, the lines outside the edit's region. */
  outside: number
  /** Original lines outside the region, and how many of them are unchanged. */
  formatting: { kept: number; total: number }
  /** Comments of the original that are gone (their normalized text). */
  commentsLost: string[]
  /** Why the file does not parse, or undefined when it does. */
  parseError?: string
}

/** The lines of a text, each with its line break. */
function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? []
}

const inRange = (line: number, ranges: readonly LineRange[]) =>
  ranges.some((range) => line >= range.first && line <= range.last)

const touchesRange = (point: number, ranges: readonly LineRange[]) =>
  ranges.some((range) => point >= range.first - 1 && point <= range.last)

const isStylesheet = (file: string) => file.endsWith('.css')

interface Comment {
  /** Whitespace-normalized text. */
  text: string
  start: number
  end: number
}

/** The comments of a module or stylesheet, with their offsets. */
function commentsOf(code: string, file: string): Comment[] {
  const normalize = (text: string) => text.replace(/\s+/g, ' ').trim()
  if (isStylesheet(file))
    return [...code.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => ({
      text: normalize(match[0].slice(2, -2)),
      start: match.index,
      end: match.index + match[0].length,
    }))
  return (parseModule(code, file).comments ?? []).map((comment) => ({
    text: normalize(comment.value),
    start: comment.start ?? 0,
    end: comment.end ?? 0,
  }))
}

const countBy = (comments: readonly Comment[]) => {
  const counts = new Map<string, number>()
  for (const { text } of comments) counts.set(text, (counts.get(text) ?? 0) + 1)
  return counts
}

/** Why `code` does not parse as `file`, or undefined. */
function parseProblem(code: string, file: string): string | undefined {
  try {
    if (isStylesheet(file))
      parseSheet({
        path: file,
        relativePath: file,
        bytes: Buffer.from(code),
        text: code,
        eol: '\n',
        mode: 0o644,
      })
    else parseModule(code, file)
    return undefined
  } catch (error) {
    // Not parsing is the measure itself, reported with the task.
    return error instanceof Error ? error.message : String(error)
  }
}

/**
 * Measures `after` against `original` for the edit's `region` in this file. `exempt` holds the
 * original's offset spans whose comments may go (a removed element).
 */
export function measureFile(
  file: string,
  original: string,
  after: string,
  region: readonly LineRange[],
  exempt: readonly { start: number; end: number }[] = [],
): FileFidelity {
  const before = splitLines(original)
  const changes = diffArrays(before, splitLines(after))
  let line = 1
  let changed = 0
  let outside = 0
  let hunk: { from: number; removed: number; added: number; removedOutside: number } | undefined
  const closeHunk = () => {
    if (!hunk) return
    const addedOutside = !touchesRange(hunk.from - 1, region)
    outside += hunk.removedOutside + (addedOutside ? hunk.added : 0)
    hunk = undefined
  }
  for (const change of changes) {
    const count = change.value.length
    if (!change.added && !change.removed) {
      closeHunk()
      line += count
      continue
    }
    changed += count
    hunk ??= { from: line, removed: 0, added: 0, removedOutside: 0 }
    if (change.added) hunk.added += count
    else {
      for (let at = line; at < line + count; at++) if (!inRange(at, region)) hunk.removedOutside += 1
      hunk.removed += count
      line += count
    }
  }
  closeHunk()

  let total = 0
  let kept = 0
  line = 1
  for (const change of changes) {
    if (change.added) continue
    for (let at = line; at < line + change.value.length; at++) {
      if (inRange(at, region)) continue
      total += 1
      if (!change.removed) kept += 1
    }
    line += change.value.length
  }

  const parseError = parseProblem(after, file)
  const commentsLost: string[] = []
  if (parseError === undefined) {
    const expected = (comment: Comment) =>
      !exempt.some((span) => comment.start >= span.start && comment.end <= span.end)
    const left = countBy(commentsOf(after, file))
    for (const [text, count] of countBy(commentsOf(original, file).filter(expected))) {
      for (let index = left.get(text) ?? 0; index < count; index++) commentsLost.push(text)
    }
  }
  return {
    changed,
    outside,
    formatting: { kept, total },
    commentsLost,
    ...(parseError !== undefined ? { parseError } : {}),
  }
}

/** Lines a line diff of the two texts shows changed: removed plus added. */
export function changedLineCount(before: string, after: string): number {
  return diffArrays(splitLines(before), splitLines(after)).reduce(
    (count, change) => count + (change.added || change.removed ? change.value.length : 0),
    0,
  )
}
