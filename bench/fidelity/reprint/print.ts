/**
 * How a reprinting editor writes a file back: the whole tree printed by @babel/generator, then the
 * whole text formatted by prettier with the project's own style (quotes, semicolons, width) and the
 * file's own line endings, the kindest setup such an editor can have (bench/mutate.ts reprints the
 * same way). A stylesheet is printed by postcss and formatted by prettier.
 */
import type { types as t } from '@babel/core'
import { generate } from '@babel/generator'
import { format } from 'prettier'
import type { SourceProject } from '../task.ts'

const endOfLine = (original: string) =>
  /\r\n/.test(original.slice(0, original.indexOf('\n') + 1)) ? 'crlf' : 'lf'

/** Prints `ast` (parsed from `code`, then edited) as a reprinting editor saves it; `original` gives the line endings. */
export async function printModule(
  ast: t.File,
  code: string,
  file: string,
  original: string,
  style: SourceProject['style'],
): Promise<string> {
  const { code: printed } = generate(ast, { retainLines: false, comments: true }, code)
  return format(printed, {
    parser: /\.tsx?$/.test(file) ? 'babel-ts' : 'babel',
    ...style,
    endOfLine: endOfLine(original),
  })
}

/** Formats a stylesheet's printed text as a reprinting editor saves it. */
export async function printStylesheet(
  printed: string,
  original: string,
  style: SourceProject['style'],
): Promise<string> {
  return format(printed, { parser: 'css', ...style, endOfLine: endOfLine(original) })
}
