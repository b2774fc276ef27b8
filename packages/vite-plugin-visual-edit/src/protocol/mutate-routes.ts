import { ChangeType } from './change-types.ts'
import { ProtocolErrorMessage, VisualEditError } from './errors.ts'

/** The mutate operations (docs/MUTATE-API.md), by the change type that produces each. */
export const MUTATE_OPERATION = {
  STYLING: 'styling',
  ADD_JSX: 'addJsxElement',
  MOVE_JSX: 'moveJsxElement',
  REMOVE_JSX: 'removeJsxElement',
  CHANGE_PROP: 'changePropValue',
  WRAP_DIV: 'wrapInDiv',
  DUPLICATE: 'duplicate',
  CHANGE_TAG: 'changeElementTag',
  ADD_CLASS: 'addClass',
  REMOVE_CLASS: 'removeClass',
  EDIT_TEXT: 'editText',
  UPDATE_CLASSES: 'updateClasses',
} as const satisfies Partial<Record<ChangeType, string>>
export type MutateOperation = (typeof MUTATE_OPERATION)[keyof typeof MUTATE_OPERATION]

export const ACTIVITY_OPERATION = {
  UNDO: 'undoChangeToFiles',
  REDO: 'redoChangeToFiles',
} as const
export type ActivityOperation = (typeof ACTIVITY_OPERATION)[keyof typeof ACTIVITY_OPERATION]

/** `/canvases/{canvasId}/parseAndMutate/mutate/{op}` */
export function mutatePath(canvasId: string, operation: MutateOperation): string {
  return `/canvases/${encodeURIComponent(canvasId)}/parseAndMutate/mutate/${operation}`
}

/** `/canvases/{canvasId}/parseAndMutate/activities/{undoChangeToFiles|redoChangeToFiles}` */
export function activityPath(canvasId: string, operation: ActivityOperation): string {
  return `/canvases/${encodeURIComponent(canvasId)}/parseAndMutate/activities/${operation}`
}

/**
 * The API path a change of `type` is sent to. An UNKNOWN change cannot make an API request: it throws
 * 'Unsupported operation'.
 */
export function apiPathForChange(canvasId: string, type: ChangeType): string {
  if (type === ChangeType.UNDO) return activityPath(canvasId, ACTIVITY_OPERATION.UNDO)
  if (type === ChangeType.REDO) return activityPath(canvasId, ACTIVITY_OPERATION.REDO)
  if (type === ChangeType.UNKNOWN)
    throw new VisualEditError('UNSUPPORTED_OPERATION', ProtocolErrorMessage.UNSUPPORTED_OPERATION)
  return mutatePath(canvasId, MUTATE_OPERATION[type])
}
