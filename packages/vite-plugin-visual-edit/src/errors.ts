/**
 * The one error class of the plugin. Every failure carries a stable `code` that tests, the editor and
 * users can match on, and a message that names the problem and how to fix it.
 */
export type VisualEditErrorCode =
  | 'VISUAL_EDIT_PARSE_FAILED'
  | 'VISUAL_EDIT_INVALID_OPTIONS'
  | 'VISUAL_EDIT_OUTSIDE_ROOT'
  | 'VISUAL_EDIT_PROJECT_NOT_FOUND'
  | 'VISUAL_EDIT_VITE_NOT_FOUND'
  | 'VISUAL_EDIT_UNSUPPORTED_VITE'

export class VisualEditError extends Error {
  override name = 'VisualEditError'
  readonly code: VisualEditErrorCode
  /** 1-based line and 0-based column in the file the error is about, when known. */
  readonly loc: { line: number; column: number } | undefined

  constructor(
    code: VisualEditErrorCode,
    message: string,
    options: { loc?: { line: number; column: number }; cause?: unknown } = {},
  ) {
    super(`[visual-edit] ${message}`, { cause: options.cause })
    this.code = code
    this.loc = options.loc
  }
}
