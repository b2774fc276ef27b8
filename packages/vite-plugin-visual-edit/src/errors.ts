import { type ProtocolErrorCode, VisualEditError } from './protocol/errors.ts'
import type { MutateErrorCode } from './protocol/mutate-api.ts'

export { VisualEditError }

/** Codes of the plugin's own errors (options, tagging) and of the CLI. */
export type PluginErrorCode =
  | 'VISUAL_EDIT_PARSE_FAILED'
  | 'VISUAL_EDIT_INVALID_OPTIONS'
  | 'VISUAL_EDIT_PROJECT_NOT_FOUND'
  | 'VISUAL_EDIT_VITE_NOT_FOUND'
  | 'VISUAL_EDIT_UNSUPPORTED_VITE'
  | 'VISUAL_EDIT_NO_PACKAGE_JSON'
  | 'VISUAL_EDIT_NO_REACT'
  | 'VISUAL_EDIT_NO_JSX'
  | 'VISUAL_EDIT_CONFIG_FAILED'
  | 'VISUAL_EDIT_EDITOR_NOT_BUILT'
  | 'VISUAL_EDIT_HOST_NOT_LOOPBACK'
  | 'VISUAL_EDIT_INVALID_CHANGE_FILE'
  | 'VISUAL_EDIT_NO_EDITOR_ORIGIN'
  | 'VISUAL_EDIT_NOTHING_TO_UNDO'
  | 'VISUAL_EDIT_NOTHING_TO_REDO'
  | 'VISUAL_EDIT_INVALID_TOOL_INPUT'

/** Every code a VisualEditError of visual-edit carries: the plugin's, the protocol's, the mutate API's. */
export type VisualEditErrorCode = PluginErrorCode | ProtocolErrorCode | MutateErrorCode

/** A module that does not parse; `loc` is where (1-based line, 0-based column), when known. */
export class SourceParseError extends VisualEditError<'VISUAL_EDIT_PARSE_FAILED'> {
  readonly loc: { line: number; column: number } | undefined

  constructor(message: string, options: { loc?: { line: number; column: number }; cause?: unknown } = {}) {
    super('VISUAL_EDIT_PARSE_FAILED', message, { cause: options.cause })
    this.loc = options.loc
  }
}
