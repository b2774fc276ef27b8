import type { Applier } from './instant-applier.ts'
import { copyOf, created, GONE, hide, mark, TEXT } from './instant-markers.ts'

/**
 * EDIT_TEXT: React's own text nodes get the new text in place (React sets them again when it renders
 * the change, to the same text); an element holding more than text, or none, is hidden behind a copy
 * with the new text.
 *
 *   before:  <h1>Welcome back</h1>                     <p>Hi <b>you</b></p>
 *   after:   <h1>Hello</h1>                            <p>Hello</p><p style="display: none !important">Hi <b>you</b></p>
 */
export const applyEditText: Applier<'EDIT_TEXT'> = (fields, record, ctx) => {
  for (const el of ctx.need(fields.codebaseIdToEditText)) {
    const nodes = [...el.childNodes]
    const texts = nodes.filter((node): node is Text => node.nodeType === 3)
    if (texts.length > 0 && nodes.every((node) => node.nodeType === 3 || node.nodeType === 8)) {
      const before = texts.map((text) => text.data)
      // Edited in place already (text-edit.ts): the old text goes back to the first node.
      const exact = before.join('') !== fields.newText
      texts.forEach((text, index) => {
        text.data = index === 0 ? fields.newText : ''
      })
      record.edits.push(() =>
        texts.forEach((text, index) => {
          text.data = exact ? (before[index] ?? '') : index === 0 ? fields.oldText : ''
        }),
      )
      mark(record, el)
      record.wait(el, TEXT)
    } else {
      const copy = created(record, copyOf(el))
      copy.textContent = fields.newText
      el.before(copy)
      hide(record, el)
      record.wait(el, GONE, el.parentNode)
    }
  }
}
