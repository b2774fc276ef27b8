import { CODEBASE_ID_ATTRIBUTE, DUPLICATE_PLACEHOLDER_PREFIX } from '../../protocol/ids.ts'
import type { Applier } from './instant-applier.ts'
import { CHILDREN, copyOf, created } from './instant-markers.ts'

/**
 * DUPLICATE: a copy after each element, its codebase id DUPLICATE_PLACEHOLDER_PREFIX + the element's.
 *
 *   before:  <li data-tempo-id="<id>">One</li>
 *   after:   <li data-tempo-id="<id>">One</li><li data-tempo-id="<DUPLICATE_PLACEHOLDER_PREFIX><id>">One</li>
 */
export const applyDuplicate: Applier<'DUPLICATE'> = (fields, record, ctx) => {
  for (const id of new Set(fields.codebaseIdsToDuplicate))
    for (const el of ctx.need(id)) {
      const copy = created(record, copyOf(el))
      copy.setAttribute(CODEBASE_ID_ATTRIBUTE, `${DUPLICATE_PLACEHOLDER_PREFIX}${id}`)
      el.after(copy)
      record.wait(el.parentElement ?? el, CHILDREN)
    }
}
