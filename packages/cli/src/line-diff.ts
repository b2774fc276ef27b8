import { type StructuredPatchHunk, structuredPatch } from 'diff'

/** Lines of context around each change, as `diff -u` and `git diff` print. */
const CONTEXT = 3

/**
 * Past this many lines removed plus added, aligning the texts costs seconds (jsdiff's Myers diff is
 * O(N·D)); the file is then shown replaced as a whole, which is what such a diff reads like anyway.
 */
const MAX_EDIT_LENGTH = 1000

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
 * A unified diff of one file, as `git diff` prints it (without its `diff --git` and `index` lines):
 * `null` is a file that does not exist (created or deleted). Empty when the texts are equal.
 *
 *   unifiedDiff('a.txt', 'one\n', 'two\n')
 *   becomes:  --- a/a.txt  +++ b/a.txt  @@ -1 +1 @@  -one  +two
 */
export function unifiedDiff(file: string, before: string | null, after: string | null): string {
  if (before === after) return ''
  const hunks = structuredPatch('', '', before ?? '', after ?? '', undefined, undefined, {
    context: CONTEXT,
    maxEditLength: MAX_EDIT_LENGTH,
  })?.hunks ?? [replacedWhole(before ?? '', after ?? '')]
  if (hunks.length === 0) return ''
  return `${[
    before === null ? '--- /dev/null' : `--- a/${file}`,
    after === null ? '+++ /dev/null' : `+++ b/${file}`,
    ...hunks.flatMap((hunk) => [
      `@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@`,
      ...hunk.lines,
    ]),
  ].join('\n')}\n`
}
