import { ChangeType } from './change-types.ts'
import { MUTATE_OPERATION, type MutateOperation } from './mutate-routes.ts'

/**
 * The read side of a canvas's undo history, for the editor's History panel: a gated POST (body `{}`)
 * beside the activities routes, answering every entry the server can still undo or redo, with the
 * files each one wrote and a preview of what it changed in them.
 */
export const HISTORY_OPERATION = 'listChangeHistory'

/** `/canvases/{canvasId}/parseAndMutate/activities/listChangeHistory` */
export function historyPath(canvasId: string): string {
  return `/canvases/${encodeURIComponent(canvasId)}/parseAndMutate/activities/${HISTORY_OPERATION}`
}

/** Lines of a file's diff preview past which the rest is left out (the preview says how many). */
export const MAX_DIFF_LINES = 400

/** Bytes of either version of a file past which no diff is computed (the preview says why). */
export const MAX_DIFF_BYTES = 1024 * 1024

/** One file an entry wrote. */
export interface HistoryFileView {
  /** Posix path relative to the project root; never a path outside it. */
  path: string
  /** `created`: the edit made the file (undo deletes it); `deleted`: the edit removed it. */
  change: 'modified' | 'created' | 'deleted'
  /** Lines the edit added and removed. */
  added: number
  removed: number
  /**
   * The edit as a unified diff (`--- a/path`, `+++ b/path`, `@@` hunks with three lines of context),
   * at most MAX_DIFF_LINES lines; null when there is no text to show (`note` says why).
   */
  diff: string | null
  /** Why the preview is cut short or missing: 'Binary file', 'Too large to preview (2.1 MB)', ... */
  note?: string
}

/** One entry of the history: one edit, undone and redone as a whole. */
export interface HistoryEntryView {
  /** Stable for the dev server's life: the same edit keeps its id through undo and redo. */
  id: number
  /** The change that made it; null when the server was not told (a headless edit). */
  type: ChangeType | null
  /** When it was written (ms since the epoch, the server's clock). */
  at: number
  /** An agent made it (through `visual-edit mcp`); absent for the user's own edits. */
  author?: 'agent'
  files: HistoryFileView[]
}

export interface HistoryResponse {
  /**
   * Oldest first: the entries undo can take back, then the ones redo can put again (the next redo
   * first), so `entries` reads as the canvas's timeline.
   */
  entries: HistoryEntryView[]
  /** How many of `entries` are applied (the rest were undone and can be redone). */
  applied: number
  /** Entries the server keeps per canvas (the plugin's `historyLimit`); older ones are forgotten. */
  limit: number
}

const TYPE_OF_OPERATION = new Map<string, ChangeType>(
  (Object.entries(MUTATE_OPERATION) as [ChangeType, MutateOperation][]).map(([type, operation]) => [
    operation,
    type,
  ]),
)

/** The change type a mutate operation makes: `editText` -> EDIT_TEXT. */
export function changeTypeOfOperation(operation: MutateOperation): ChangeType {
  return TYPE_OF_OPERATION.get(operation) ?? ChangeType.UNKNOWN
}
