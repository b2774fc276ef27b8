/**
 * The fixed texts of thrown and replied errors (docs/INSPECTOR.md, Ids and errors). They are part of
 * the contract: the editor, the inspector and the server throw or reply with exactly these strings.
 */
export const ProtocolErrorMessage = {
  INVALID_CODEBASE_ID_CHARS: 'Codebase ID contains invalid chars',
  INVALID_STORYBOARD_ID_CHARS: 'Storyboard ID contains invalid chars',
  UNKNOWN_CHANGE_TYPE: 'Unknown change type',
  UNSUPPORTED_OPERATION: 'Unsupported operation',
} as const

/** Thrown by the protocol validators; `message` is one of {@link ProtocolErrorMessage} or names a field. */
export class ProtocolError extends Error {
  override name = 'ProtocolError'
}
