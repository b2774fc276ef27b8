import { ChangeType } from './change-types.ts'

/**
 * The change types instant updates (docs/INSPECTOR.md, Instant updates) treat apart, defined once for
 * both ends: the editor's ledger decides with them what to send, the inspector what it can show.
 */

/**
 * Types with instant undo (spec, Change ledger item lifecycle): the undo of a written change of these
 * shows at once, the inspector having kept what it needs (REMOVE_JSX's HTML and place, STYLING's values
 * from before) or finding it in the change (the classes). Any other undo shows after the reload.
 */
export const INSTANT_UNDO_CHANGE_TYPES = [
  ChangeType.REMOVE_JSX,
  ChangeType.ADD_CLASS,
  ChangeType.STYLING,
  ChangeType.UPDATE_CLASSES,
] as const satisfies readonly ChangeType[]

export type InstantUndoChangeType = (typeof INSTANT_UNDO_CHANGE_TYPES)[number]

/**
 * Types whose instant update is sent while a save (a flush: a request and the reload it brings) is
 * under way, and so are an UNDO's and a REDO's of them (spec, Change ledger item lifecycle). They edit
 * classes and styles only; the other types show when the save is answered (docs/EDITOR.md).
 */
export const SHOWN_DURING_SAVE_CHANGE_TYPES = [
  ChangeType.STYLING,
  ChangeType.ADD_CLASS,
  ChangeType.UPDATE_CLASSES,
] as const satisfies readonly ChangeType[]

const INSTANT_UNDO: ReadonlySet<string> = new Set(INSTANT_UNDO_CHANGE_TYPES)
const SHOWN_DURING_SAVE: ReadonlySet<string> = new Set(SHOWN_DURING_SAVE_CHANGE_TYPES)

/** Whether the undo of a written change of this type shows at once (`type` may come off the wire). */
export const hasInstantUndo = (type: string | undefined): type is InstantUndoChangeType =>
  INSTANT_UNDO.has(type as string)

/** Whether a change of this type (an UNDO's or REDO's: the change it acts on) shows during a save. */
export const isShownDuringSave = (type: ChangeType): boolean => SHOWN_DURING_SAVE.has(type)
