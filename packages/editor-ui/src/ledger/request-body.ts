import {
  type AnyChange,
  apiPathForChange,
  type ElementRefOf,
  type OperationRequest,
  requestForChange,
  type StylingFramework,
} from 'vite-plugin-visual-edit/protocol'

export type { ElementRefOf }

/**
 * The request a change makes (docs/MUTATE-API.md), translated by the protocol's CHANGE_REQUESTS: its
 * route, and its fields as the route's body, codebase ids mapped to element objects. UNDO and REDO
 * make none (the ledger's undo and redo call the activities routes); UNKNOWN throws 'Unsupported
 * operation'. `stylingFramework` is the project's: classes a Tailwind project's UPDATE_CLASSES adds
 * are checked by the server.
 */
export function requestOf(
  change: AnyChange,
  refOf: ElementRefOf,
  canvasId: string,
  stylingFramework: StylingFramework | null = null,
): OperationRequest {
  apiPathForChange(canvasId, change.type)
  const request = requestForChange(change, { refOf, stylingFramework, canvasId })
  if (request === null) throw new Error(`${change.type} has no mutate route`)
  return request
}
