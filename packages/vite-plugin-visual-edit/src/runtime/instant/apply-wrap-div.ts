import { CODEBASE_ID_ATTRIBUTE, WRAP_IN_DIV_PLACEHOLDER_ID } from '../../protocol/ids.ts'
import type { Applier } from './instant-applier.ts'
import { copyOf, created, GONE, hide } from './instant-markers.ts'

/**
 * WRAP_DIV: per parent, a div (WRAP_IN_DIV_PLACEHOLDER_ID) before the first of the elements, holding
 * copies of them in page order; the elements hidden.
 *
 *   before:  <main><h1>Hi</h1><p>Text</p></main>
 *   after:   <main><div data-tempo-id="<WRAP_IN_DIV_PLACEHOLDER_ID>"><h1>Hi</h1><p>Text</p></div>
 *              <h1 style="display: none !important;">Hi</h1><p style="display: none !important;">Text</p></main>
 */
export const applyWrapDiv: Applier<'WRAP_DIV'> = (fields, record, ctx) => {
  const els = [...new Set(fields.codebaseIdsToWrap.flatMap(ctx.need))].sort((a, b) =>
    a.compareDocumentPosition(b) & 4 ? -1 : 1,
  )
  const wrappers = new Map<Node | null, Element>()
  for (const el of els) {
    let wrapper = wrappers.get(el.parentNode)
    if (!wrapper) {
      wrapper = created(record, ctx.doc.createElement('div'))
      wrapper.setAttribute(CODEBASE_ID_ATTRIBUTE, WRAP_IN_DIV_PLACEHOLDER_ID)
      el.before(wrapper)
      wrappers.set(el.parentNode, wrapper)
    }
    wrapper.append(copyOf(el))
    hide(record, el)
    record.wait(el, GONE, el.parentNode)
  }
}
