import { type AnyChange, ChangeType, isShownDuringSave, parseChange } from 'vite-plugin-visual-edit/protocol'

/**
 * One change of the ledger (docs/GLOSSARY.md, Ledger): its change and its lifecycle flags. Items are
 * immutable; the functions below return the next version.
 */
export interface ChangeItem {
  /** A UUID. */
  readonly id: string
  readonly change: AnyChange
  /** What the history shows: 'Edit text', 'Duplicate', ... */
  readonly name: string
  /** When the editor made it (ms since the epoch). */
  readonly at: number
  /** False when this change asked for no instant update. */
  readonly instantUpdate: boolean
  readonly instantUpdateSent: boolean
  readonly instantUpdateFinished: boolean
  readonly instantUpdateSuccessful: boolean
  /** Processed by the server (either way). */
  readonly consumed: boolean
  readonly failed: boolean
  /** Why it failed, as the server or the editor said it. */
  readonly error?: string
  /** The server's code for the refusal (`FILE_CHANGED`, ...); `UNREACHABLE` when no server answered. */
  readonly errorCode?: string
}

/** What the history calls a change of each type. */
export const CHANGE_NAMES: Readonly<Record<ChangeType, string>> = {
  STYLING: 'Change style',
  ADD_JSX: 'Add element',
  MOVE_JSX: 'Move',
  REMOVE_JSX: 'Delete',
  CHANGE_PROP: 'Change prop',
  ADD_CLASS: 'Add class',
  REMOVE_CLASS: 'Remove class',
  UPDATE_CLASSES: 'Edit classes',
  EDIT_TEXT: 'Edit text',
  WRAP_DIV: 'Wrap in div',
  CHANGE_TAG: 'Change tag',
  DUPLICATE: 'Duplicate',
  UNDO: 'Undo',
  REDO: 'Redo',
  UNKNOWN: 'Unknown change',
}

/**
 * A new item for `raw`, validated with the protocol's change schemas (an unknown type throws 'Unknown
 * change type'). An UNKNOWN change is created already consumed and sends no instant update.
 */
export function createChangeItem(
  raw: unknown,
  options: { id?: string; instantUpdate?: boolean } = {},
): ChangeItem {
  const change = parseChange(raw)
  const unknown = change.type === ChangeType.UNKNOWN
  return {
    id: options.id ?? crypto.randomUUID(),
    change,
    name: CHANGE_NAMES[change.type],
    at: Date.now(),
    instantUpdate: !unknown && (options.instantUpdate ?? true),
    instantUpdateSent: false,
    instantUpdateFinished: false,
    instantUpdateSuccessful: false,
    consumed: unknown,
    failed: false,
  }
}

/** The change an UNDO or REDO item takes back or does again, else the item's own. */
function effectiveType(item: ChangeItem): ChangeType {
  const { change } = item
  if (change.type === ChangeType.UNDO) return change.changeFields.changeToUndo.type
  if (change.type === ChangeType.REDO) return change.changeFields.changeToRedo.type
  return change.type
}

/** Whether the item may send its instant update now; `flushing`: a save and its reload are in progress. */
export function maySendInstantUpdate(item: ChangeItem, flushing: boolean): boolean {
  if (!item.instantUpdate || item.instantUpdateSent || item.consumed) return false
  return !flushing || isShownDuringSave(effectiveType(item))
}

export const markInstantUpdateSent = (item: ChangeItem): ChangeItem => ({ ...item, instantUpdateSent: true })

export const markInstantUpdateFinished = (item: ChangeItem, successful: boolean): ChangeItem => ({
  ...item,
  instantUpdateSent: true,
  instantUpdateFinished: true,
  instantUpdateSuccessful: successful,
})

export const markProcessedSucceeded = (item: ChangeItem): ChangeItem => ({ ...item, consumed: true })

export const markProcessedFailed = (item: ChangeItem, error: string, errorCode?: string): ChangeItem => ({
  ...item,
  consumed: true,
  failed: true,
  error,
  ...(errorCode ? { errorCode } : {}),
})
