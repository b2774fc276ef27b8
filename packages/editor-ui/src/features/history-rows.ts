import {
  ChangeType,
  type HistoryEntryView,
  type HistoryFileView,
  type HistoryResponse,
} from 'vite-plugin-visual-edit/protocol'
import { ServerError } from '../api/server-api.ts'
import { CHANGE_NAMES, type ChangeItem } from '../ledger/change-item.ts'
import { failureToast } from './toasts.ts'

/** Where a change is: `pending` (waiting to be saved), `shown` (shown in the page, not saved yet), ... */
export type HistoryRowState = 'pending' | 'shown' | 'saved' | 'failed' | 'undone'

/** One undo or redo a travel makes: the row it takes back or puts again, named in a failure. */
export interface TravelStep {
  name: string
  files: readonly string[]
}

/** One line of the History panel. */
export interface HistoryRow {
  /** Stable while the row lives: `entry-<server id>` or `item-<ledger id>`. */
  key: string
  name: string
  /** ms since the epoch. */
  at: number
  state: HistoryRowState
  /** What it wrote, file by file (for a step of several entries, each entry's files in turn). */
  files: readonly HistoryFileView[]
  /** A failed row: what happened and the fix. */
  failure?: { title: string; detail?: string }
  /**
   * Saved rows: the undos that take back this row and every later one (newest first); undone rows:
   * the redos that put back every row up to this one (the next redo first).
   */
  reach?: { direction: 'undo' | 'redo'; steps: readonly TravelStep[] }
}

/** What the rows are made of: the server's history, the ledger's steps and its items of this page's life. */
export interface HistorySources {
  server: HistoryResponse | null
  /** Server entries per ledger step, bottom first (ChangeLedger.steps). */
  steps: { undo: readonly number[]; redo: readonly number[] }
  items: readonly ChangeItem[]
}

/**
 * Splits `entries` into steps: `sizes` (entries per step) are taken from the end of `entries` for the
 * undo side (`fromEnd`), from its start for the redo side; entries no step covers are steps of one.
 */
function group(
  entries: readonly HistoryEntryView[],
  sizes: readonly number[],
  fromEnd: boolean,
): HistoryEntryView[][] {
  const ordered = fromEnd ? [...entries].reverse() : [...entries]
  const groups: HistoryEntryView[][] = []
  let at = 0
  for (const size of [...sizes].reverse()) {
    if (size < 1 || at + size > ordered.length) break
    const taken = ordered.slice(at, at + size)
    groups.push(fromEnd ? taken.reverse() : taken)
    at += size
  }
  for (const entry of ordered.slice(at)) groups.push([entry])
  // Chronological, oldest first.
  return fromEnd ? groups.reverse() : groups
}

const nameOfEntries = (entries: readonly HistoryEntryView[]): string => {
  const types = new Set(entries.map((entry) => entry.type))
  const [only] = types
  const name = types.size === 1 && only ? CHANGE_NAMES[only] : 'Edit'
  const counted = entries.length > 1 ? `${name} ×${entries.length}` : name
  // A coding agent's edits (visual-edit mcp) say so: they sit in the same history as the user's.
  return entries.length > 0 && entries.every((entry) => entry.author === 'agent')
    ? `${counted} · by agent`
    : counted
}

const uniquePaths = (files: readonly HistoryFileView[]) => [...new Set(files.map((file) => file.path))]

/** The name of a ledger item: an undo or redo names the change it takes back or does again (`Undo of "Move"`). */
function itemName(item: ChangeItem): string {
  const { change } = item
  const target =
    change.type === ChangeType.UNDO
      ? change.changeFields.changeToUndo.type
      : change.type === ChangeType.REDO
        ? change.changeFields.changeToRedo.type
        : null
  return target && target !== ChangeType.UNKNOWN ? `${item.name} of "${CHANGE_NAMES[target]}"` : item.name
}

/** What a failed item tells the user: what happened and the fix (features/toasts.ts has the words). */
function explainFailure(item: Pick<ChangeItem, 'error' | 'errorCode'>, action: string) {
  const message = item.error ?? 'No reason was given.'
  const error =
    item.errorCode === 'UNREACHABLE'
      ? new TypeError(message)
      : item.errorCode
        ? new ServerError(0, item.errorCode, message)
        : new Error(message)
  const { title, detail } = failureToast(action, error)
  return detail ? { title, detail } : { title }
}

const isTimelineType = (type: ChangeType) =>
  type !== ChangeType.UNDO && type !== ChangeType.REDO && type !== ChangeType.UNKNOWN

/**
 * The History panel's rows, newest first: the changes of this page still waiting (`pending`, or
 * `shown` once the page shows them), then the server's timeline, the undone entries above the saved
 * ones, with the failures of this page's life among them by time. The server's entries are grouped
 * as the ledger groups them into undo steps (a multi-selection edit is one row), so "Undo to here"
 * on a row is a whole number of the ledger's undos.
 */
export function historyRows({ server, steps, items }: HistorySources): HistoryRow[] {
  const entries = server?.entries ?? []
  const applied = server?.applied ?? 0
  const saved = group(entries.slice(0, applied), steps.undo, true)
  const undone = group(entries.slice(applied), steps.redo, false)
  const stepOf = (entries: readonly HistoryEntryView[]): TravelStep => ({
    name: nameOfEntries(entries),
    files: uniquePaths(entries.flatMap((entry) => entry.files)),
  })
  const entryRow = (
    entries: readonly HistoryEntryView[],
    state: 'saved' | 'undone',
    reach: HistoryRow['reach'],
  ): HistoryRow => ({
    key: `entry-${entries[0]?.id}`,
    name: nameOfEntries(entries),
    at: entries.at(-1)?.at ?? 0,
    state,
    files: entries.flatMap((entry) => entry.files),
    ...(reach ? { reach } : {}),
  })
  const timeline: HistoryRow[] = [
    ...saved.map((entries, index) =>
      entryRow(entries, 'saved', {
        direction: 'undo',
        steps: saved.slice(index).reverse().map(stepOf),
      }),
    ),
    ...undone.map((entries, index) =>
      entryRow(entries, 'undone', { direction: 'redo', steps: undone.slice(0, index + 1).map(stepOf) }),
    ),
  ]
  const failed = items
    .filter((item) => item.failed)
    .map(
      (item): HistoryRow => ({
        key: `item-${item.id}`,
        name: itemName(item),
        at: item.at,
        state: 'failed',
        files: [],
        failure: explainFailure(item, itemName(item)),
      }),
    )
  const merged: HistoryRow[] = []
  let next = 0
  for (const row of timeline) {
    while (next < failed.length && (failed[next] as HistoryRow).at < row.at)
      merged.push(failed[next++] as HistoryRow)
    merged.push(row)
  }
  merged.push(...failed.slice(next))
  const waiting = items
    .filter((item) => !item.consumed && isTimelineType(item.change.type))
    .map(
      (item): HistoryRow => ({
        key: `item-${item.id}`,
        name: item.name,
        at: item.at,
        state: item.instantUpdateSuccessful ? 'shown' : 'pending',
        files: [],
      }),
    )
  return [...merged, ...waiting].reverse()
}
