import type { ChangeType } from '../../protocol/change-types.ts'
import { ProtocolErrorMessage } from '../../protocol/errors.ts'
import { CODEBASE_ID_ATTRIBUTE } from '../../protocol/ids.ts'
import type { InstantChangeItem } from '../../protocol/instant-update.ts'
import type { InspectorContext } from '../core/context.ts'
import { applyAddClass } from './apply-add-class.ts'
import { applyAddJsx } from './apply-add-jsx.ts'
import { applyChangeProp } from './apply-change-prop.ts'
import { applyChangeTag } from './apply-change-tag.ts'
import { applyDuplicate } from './apply-duplicate.ts'
import { applyEditText } from './apply-edit-text.ts'
import { applyMoveJsx } from './apply-move-jsx.ts'
import { applyRedo } from './apply-redo.ts'
import { applyRemoveClass } from './apply-remove-class.ts'
import { applyRemoveJsx } from './apply-remove-jsx.ts'
import { applyStyling } from './apply-styling.ts'
import { applyUndo } from './apply-undo.ts'
import { applyUnknown } from './apply-unknown.ts'
import { applyUpdateClasses } from './apply-update-classes.ts'
import { applyWrapDiv } from './apply-wrap-div.ts'
import {
  type Applier,
  type ApplierContext,
  createApplierContext,
  type InstantTree,
} from './instant-applier.ts'
import { InstantHistory, renamed } from './instant-history.ts'
import type { InstantRecord } from './instant-markers.ts'

/**
 * How each change type is shown in the page (instant-update.ts applies, queues and cleans up): one
 * applier per type, in apply-<change type>.ts, each recording what it did in the change's
 * InstantRecord. The table is exhaustive: a change type without an applier fails to compile.
 */
const APPLIERS: { readonly [T in ChangeType]: Applier<T> } = {
  STYLING: applyStyling,
  ADD_JSX: applyAddJsx,
  MOVE_JSX: applyMoveJsx,
  REMOVE_JSX: applyRemoveJsx,
  CHANGE_PROP: applyChangeProp,
  ADD_CLASS: applyAddClass,
  REMOVE_CLASS: applyRemoveClass,
  UPDATE_CLASSES: applyUpdateClasses,
  EDIT_TEXT: applyEditText,
  WRAP_DIV: applyWrapDiv,
  CHANGE_TAG: applyChangeTag,
  DUPLICATE: applyDuplicate,
  UNDO: applyUndo,
  REDO: applyRedo,
  UNKNOWN: applyUnknown,
}

export interface InstantAppliers {
  /** Shows the item's change, recording it in `record`; throws why it cannot. */
  run(item: InstantChangeItem, record: InstantRecord): void
  /** The copies made and the ids kept for undo follow the renamed elements. */
  remap(prevIdToNewIdMap: Readonly<Record<string, string>>): void
}

/** `records`: the changes shown now, by id (an UNDO of one not written takes it back). */
export function createInstantAppliers(
  context: InspectorContext,
  tree: InstantTree,
  records: Map<string, InstantRecord>,
): InstantAppliers {
  const history = new InstantHistory()

  /** The item comes off the port: its type is checked here, its fields by its applier. */
  const run = (item: InstantChangeItem, record: InstantRecord) => {
    const applier = Object.hasOwn(APPLIERS, item?.type) ? APPLIERS[item.type] : undefined
    if (!applier) throw new Error(ProtocolErrorMessage.UNKNOWN_CHANGE_TYPE)
    if (typeof item.changeFields !== 'object' || item.changeFields === null)
      throw new Error(`${item.type} needs its changeFields`)
      // The table pairs each type with its applier; TypeScript cannot pair a union's type and fields.
    ;(applier as (fields: unknown, record: InstantRecord, ctx: ApplierContext) => void)(
      item.changeFields,
      record,
      ctx,
    )
  }
  const ctx = createApplierContext(context, tree, records, history, run)

  return {
    run,
    remap(map) {
      for (const record of records.values())
        for (const el of record.created)
          for (const node of [el, ...el.querySelectorAll(`[${CODEBASE_ID_ATTRIBUTE}]`)]) {
            const id = node.getAttribute(CODEBASE_ID_ATTRIBUTE)
            if (id && renamed(map, id) !== id) node.setAttribute(CODEBASE_ID_ATTRIBUTE, renamed(map, id))
          }
      history.remap(map)
    },
  }
}
