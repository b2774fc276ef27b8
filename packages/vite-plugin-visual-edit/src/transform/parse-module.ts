import { type ParserPlugin, parse } from '@babel/parser'
import type { File } from '@babel/types'
import { VisualEditError } from '../errors.ts'

const JSX_PLUGINS: ParserPlugin[] = ['jsx', 'decorators-legacy']
const TSX_PLUGINS: ParserPlugin[] = ['jsx', 'typescript', 'decorators-legacy']

/**
 * Parses a `.jsx`/`.tsx` module with the one Babel configuration the transform and the mutate server
 * share, so both see the same elements at the same offsets (UTF-16, BOM included). Throws a
 * VisualEditError with the line and column of the first syntax error.
 */
export function parseModule(code: string, filename: string): File {
  try {
    return parse(code, {
      sourceType: 'module',
      sourceFilename: filename,
      plugins: /\.[cm]?tsx?$/i.test(filename) ? TSX_PLUGINS : JSX_PLUGINS,
      errorRecovery: false,
    })
  } catch (error) {
    const position = (error as { loc?: { line: number; column: number } }).loc
    const loc = position ? { line: position.line, column: position.column } : undefined
    const reason = error instanceof Error ? error.message.replace(/\s*\(\d+:\d+\)$/, '') : String(error)
    throw new VisualEditError(
      'VISUAL_EDIT_PARSE_FAILED',
      `${filename}${loc ? `:${loc.line}:${loc.column + 1}` : ''} does not parse (${reason}); fix the syntax error and save again`,
      { ...(loc ? { loc } : {}), cause: error },
    )
  }
}
