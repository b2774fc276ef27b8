import path from 'node:path'
import { type StructuredPatchHunk, structuredPatch } from 'diff'
import {
  changeTypeOfOperation,
  type HistoryEntryView,
  type HistoryFileView,
  type HistoryResponse,
  MAX_DIFF_BYTES,
  MAX_DIFF_LINES,
} from '../../protocol/history.ts'
import type { FileVersions, History } from './history.ts'

/** Lines of context around each change, as `diff -u` and `git diff` print. */
const CONTEXT = 3

/**
 * Past this many lines removed plus added, aligning the texts costs seconds (jsdiff's Myers diff is
 * O(N·D)); the file is then shown replaced as a whole, which is what such a diff reads like anyway.
 */
const MAX_EDIT_LENGTH = 1000

/** A file's preview never changes (its versions are fixed bytes): computed once per file version. */
const previews = new WeakMap<FileVersions, HistoryFileView>()

/**
 * The canvas's history as the History panel reads it (protocol/history.ts): every entry undo or redo
 * can still reach, oldest first, with each file's path relative to the project and its diff preview.
 * A path that is not inside the project (none should be: every write is confined to it) is never
 * named: it shows as `(outside the project)` without a preview.
 */
export function historyView(history: History, canvasId: string): HistoryResponse {
  const { entries, applied } = history.timeline(canvasId)
  return {
    entries: entries.map(
      ({ id, at, entry }): HistoryEntryView => ({
        id,
        type: entry.operation ? changeTypeOfOperation(entry.operation) : null,
        at,
        ...(entry.author ? { author: entry.author } : {}),
        files: entry.files.map(preview),
      }),
    ),
    applied,
    limit: history.limit,
  }
}

/** Whether a recorded relative path names a file inside the project. */
function confined(relativePath: string): boolean {
  const posix = relativePath.split(path.sep).join('/')
  return (
    posix !== '' &&
    !path.posix.isAbsolute(posix) &&
    !path.win32.isAbsolute(relativePath) &&
    !posix.split('/').includes('..')
  )
}

function preview(version: FileVersions): HistoryFileView {
  const known = previews.get(version)
  if (known) return known
  const made = describe(version)
  previews.set(version, made)
  return made
}

const kilobytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`

function describe(version: FileVersions): HistoryFileView {
  const change = version.before === null ? 'created' : version.after === null ? 'deleted' : 'modified'
  if (!confined(version.relativePath)) {
    return { path: '(outside the project)', change, added: 0, removed: 0, diff: null, note: 'Not shown' }
  }
  const file = version.relativePath.split(path.sep).join('/')
  const sides = [version.before, version.after]
  const largest = Math.max(...sides.map((bytes) => bytes?.length ?? 0))
  if (largest > MAX_DIFF_BYTES) {
    return {
      path: file,
      change,
      added: 0,
      removed: 0,
      diff: null,
      note: `Too large to preview (${kilobytes(largest)})`,
    }
  }
  if (sides.some((bytes) => bytes?.includes(0))) {
    return { path: file, change, added: 0, removed: 0, diff: null, note: 'Binary file' }
  }
  return { path: file, change, ...unifiedDiff(file, textOf(version.before), textOf(version.after)) }
}

const textOf = (bytes: Buffer | null) => (bytes === null ? null : bytes.toString('utf8'))

/** Every line of `before` removed and every line of `after` added, in one hunk. */
function replacedWhole(before: string, after: string): StructuredPatchHunk {
  // One side empty: jsdiff needs no alignment, so these are quick at any size.
  const removed = structuredPatch('', '', before, '').hunks[0]
  const added = structuredPatch('', '', '', after).hunks[0]
  return {
    oldStart: 1,
    oldLines: removed?.oldLines ?? 0,
    newStart: 1,
    newLines: added?.newLines ?? 0,
    lines: [...(removed?.lines ?? []), ...(added?.lines ?? [])],
  }
}

/** `git diff`'s range: a length of one is left out, an empty range names the line before it. */
const range = (start: number, length: number) =>
  length === 1 ? `${start}` : `${length === 0 ? start - 1 : start},${length}`

/**
 * A unified diff of one file as `git diff` prints it (`null`: the file does not exist on that side),
 * its lines added and removed, cut after MAX_DIFF_LINES lines with a note saying how many were left out.
 *
 *   unifiedDiff('a.txt', 'one\n', 'two\n')
 *   -> { diff: '--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-one\n+two\n', added: 1, removed: 1 }
 */
export function unifiedDiff(
  file: string,
  before: string | null,
  after: string | null,
): Pick<HistoryFileView, 'diff' | 'added' | 'removed' | 'note'> {
  if (before === after) return { diff: '', added: 0, removed: 0 }
  const hunks = structuredPatch('', '', before ?? '', after ?? '', undefined, undefined, {
    context: CONTEXT,
    maxEditLength: MAX_EDIT_LENGTH,
  })?.hunks ?? [replacedWhole(before ?? '', after ?? '')]
  const body = hunks.flatMap((hunk) => [
    `@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@`,
    ...hunk.lines,
  ])
  const added = body.filter((line) => line.startsWith('+')).length
  const removed = body.filter((line) => line.startsWith('-')).length
  const lines = [
    before === null ? '--- /dev/null' : `--- a/${file}`,
    after === null ? '+++ /dev/null' : `+++ b/${file}`,
    ...body,
  ]
  const kept = lines.slice(0, MAX_DIFF_LINES)
  const left = lines.length - kept.length
  return {
    diff: `${kept.join('\n')}\n`,
    added,
    removed,
    ...(left > 0 ? { note: `${left.toLocaleString('en')} more lines not shown` } : {}),
  }
}
