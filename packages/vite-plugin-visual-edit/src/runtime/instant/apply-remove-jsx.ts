import { CODEBASE_ID_ATTRIBUTE, ROOT_CODEBASE_IDS } from '../../protocol/ids.ts'
import { type Applier, idOf, siblingId } from './instant-applier.ts'
import { HISTORY_HTML_LIMIT, type RemovedElement } from './instant-history.ts'
import { GONE, hide } from './instant-markers.ts'

/**
 * REMOVE_JSX: each element hidden; its HTML and place (parent and siblings, by codebase id) kept, so
 * an undo after the write can show it (apply-undo.ts).
 *
 *   before:  <li>One</li><li>Two</li>
 *   after:   <li>One</li><li style="display: none !important;">Two</li>
 */
export const applyRemoveJsx: Applier<'REMOVE_JSX'> = (fields, record, ctx) => {
  const removed: RemovedElement[] = []
  let size = 0
  for (const id of new Set(fields.codebaseIdsToRemove))
    for (const el of ctx.need(id)) {
      const parent = el.parentElement
      const html = el.outerHTML
      size += html.length
      removed.push({
        html,
        parent:
          idOf(parent?.closest(`[${CODEBASE_ID_ATTRIBUTE}]`) ?? null) ??
          (ROOT_CODEBASE_IDS.includes(parent?.id ?? '') ? (parent?.id as string) : 'body'),
        before: siblingId(el, true),
        after: siblingId(el, false),
      })
      hide(record, el)
      record.wait(el, GONE, el.parentNode)
    }
  if (size <= HISTORY_HTML_LIMIT) ctx.history.remember(record.id, { removed })
}
