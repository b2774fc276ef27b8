import { type ParserPlugin, parse, parseExpression } from '@babel/parser'
import type { File, JSXElement, JSXOpeningElement } from '@babel/types'
import { SourceParseError } from '../errors.ts'

const JSX_PLUGINS: ParserPlugin[] = ['jsx', 'decorators-legacy']
const TSX_PLUGINS: ParserPlugin[] = ['jsx', 'typescript', 'decorators-legacy']

/**
 * Parses a `.jsx`/`.tsx` module with the one Babel configuration the transform and the mutate server
 * share, so both see the same elements at the same offsets (UTF-16, BOM included). Throws a
 * SourceParseError (code VISUAL_EDIT_PARSE_FAILED) with the line and column of the first syntax error.
 */
export function parseModule(code: string, filename: string): File {
  try {
    return parse(code, {
      sourceType: 'module',
      sourceFilename: filename,
      plugins: pluginsFor(filename),
      errorRecovery: false,
    })
  } catch (error) {
    throw parseFailure(error, filename)
  }
}

const pluginsFor = (filename: string) => (/\.[cm]?tsx?$/i.test(filename) ? TSX_PLUGINS : JSX_PLUGINS)

/**
 * Parses only the JSX element spanning [start, end) of `code`, with file positions (offsets, lines and
 * columns as in the whole file). Undefined unless that span is exactly one JSX element.
 */
export function parseElementAt(
  code: string,
  filename: string,
  span: { start: number; end: number; line: number; column: number },
): JSXElement | undefined {
  try {
    const node = parseExpression(code.slice(span.start, span.end), {
      sourceFilename: filename,
      plugins: pluginsFor(filename),
      startIndex: span.start,
      startLine: span.line,
      startColumn: span.column,
    })
    return node.type === 'JSXElement' && node.start === span.start && node.end === span.end ? node : undefined
  } catch {
    return undefined
  }
}

/**
 * Parses only the opening tag of the element at `span` (closed with a synthetic closing tag), with
 * file positions. Undefined unless that text is the opening tag of one element named `tagName`.
 */
export function parseOpeningAt(
  code: string,
  filename: string,
  span: {
    start: number
    openingEnd: number
    line: number
    column: number
    tagName: string
    selfClosing: boolean
  },
): JSXOpeningElement | undefined {
  const opening = code.slice(span.start, span.openingEnd)
  const closed = span.selfClosing ? opening : `${opening}</${span.tagName}>`
  try {
    const node = parseExpression(closed, {
      sourceFilename: filename,
      plugins: pluginsFor(filename),
      startIndex: span.start,
      startLine: span.line,
      startColumn: span.column,
    })
    return node.type === 'JSXElement' && node.openingElement.end === span.openingEnd
      ? node.openingElement
      : undefined
  } catch {
    return undefined
  }
}

function parseFailure(error: unknown, filename: string): SourceParseError {
  const position = (error as { loc?: { line: number; column: number } }).loc
  const loc = position ? { line: position.line, column: position.column } : undefined
  const reason = error instanceof Error ? error.message.replace(/\s*\(\d+:\d+\)$/, '') : String(error)
  return new SourceParseError(
    `${filename}${loc ? `:${loc.line}:${loc.column + 1}` : ''} does not parse (${reason}); fix the syntax error and save again`,
    { ...(loc ? { loc } : {}), cause: error },
  )
}
