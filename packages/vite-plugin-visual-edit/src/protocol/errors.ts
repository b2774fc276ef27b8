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

/** Codes of the errors the protocol's own validators throw (ids, element keys, changes). */
export type ProtocolErrorCode =
  | 'INVALID_CODEBASE_ID'
  | 'INVALID_STORYBOARD_ID'
  | 'INVALID_ELEMENT_KEY'
  | 'INVALID_CHANGE'
  | 'UNKNOWN_CHANGE_TYPE'
  | 'UNSUPPORTED_OPERATION'

/**
 * The one error class of visual-edit, on every side (protocol, inspector, server, CLI): a stable
 * `code` that tests, the editor and users match on, and a message that names the problem and how to
 * fix it. Subclasses only add data (the mutate server's HTTP status).
 */
export class VisualEditError<Code extends string = string> extends Error {
  override name = 'VisualEditError'
  readonly code: Code

  constructor(code: Code, message: string, options: { cause?: unknown } = {}) {
    super(message, options)
    this.code = code
  }
}
