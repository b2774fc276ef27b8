import MagicString from 'magic-string'
import { MutateError } from '../edit/mutate-error.ts'
import { runEdit } from '../edit/mutation.ts'
import { elementText, sameVisibleText, staticTextProblem, toJsxChildren } from '../jsx/jsx-text.ts'
import { replaceSpan } from '../jsx/source-edit.ts'
import type { Operation } from './operation.ts'

/**
 * EDIT_TEXT: replaces the plain text of an element; the old text must match the code's.
 *
 *   before:  <p className="lead">Hello</p>            <h1>\n  Old title\n</h1>
 *   after:   <p className="lead">Hi &lt;there&gt;</p>  <h1>\n  New title\n</h1>
 *
 * Line breaks around multi-line children stay; a self-closing element gets a closing tag.
 */
export const editText: Operation<'editText'> = async (body, services, canvasId) => {
  const { element: id, newText, oldText } = body

  return runEdit(services, canvasId, [id], ([target]) => {
    if (!target) throw new MutateError('INTERNAL', 'editText ran without its element.')
    const { node, file } = target
    const code = file.source.text
    const problem = staticTextProblem(node)
    if (problem)
      throw new MutateError(
        'EDIT_IMPOSSIBLE',
        `The text of <${target.element.tagName}> cannot be edited here: ${problem}.`,
      )

    const current = elementText(node)
    if (!sameVisibleText(current, oldText)) {
      throw new MutateError(
        'TEXT_MISMATCH',
        `The code's text is now "${current}", not "${oldText}". Reload the preview and edit again.`,
      )
    }

    const magic = new MagicString(code)
    const opening = node.openingElement
    if (opening.selfClosing || !node.closingElement) {
      if (newText === '') return { texts: new Map([[target.element.file, code]]) }
      // <p className="x" />  ->  <p className="x">text</p>
      const closeStart = code.lastIndexOf('/', (opening.end as number) - 1)
      let tagEnd = closeStart
      while (tagEnd > (opening.name.end as number) && /\s/.test(code[tagEnd - 1] as string)) tagEnd -= 1
      magic.overwrite(
        tagEnd,
        opening.end as number,
        `>${toJsxChildren(newText, false)}</${target.element.tagName}>`,
      )
      return { texts: new Map([[target.element.file, magic.toString()]]) }
    }

    const start = opening.end as number
    const end = node.closingElement.start as number
    const region = code.slice(start, end)
    // Keep the layout of children written on their own lines: the leading and trailing whitespace
    // that holds a line break stays; only the text between changes.
    const leading = /^\s*/.exec(region)?.[0] ?? ''
    const trailing = /\s*$/.exec(region)?.[0] ?? ''
    const multiline = /[\r\n]/.test(leading) && /[\r\n]/.test(trailing) && region.trim() !== ''
    if (multiline)
      replaceSpan(magic, start + leading.length, end - trailing.length, toJsxChildren(newText, true))
    else replaceSpan(magic, start, end, toJsxChildren(newText, false))
    return { texts: new Map([[target.element.file, magic.toString()]]) }
  })
}
