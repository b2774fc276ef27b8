import { InstantUpdateMessage } from '../../protocol/instant-update.ts'
import { type Applier, fail, nearest, place } from './instant-applier.ts'
import { copyOf, created, GONE, hide } from './instant-markers.ts'

/**
 * MOVE_JSX: a copy where the element goes (the destination nearest the element when a list has
 * several), the element hidden where it was.
 *
 *   before:  <ul><li>One</li><li>Two</li></ul>                    (Two before One)
 *   after:   <ul><li>Two</li><li>One</li><li style="display: none !important;">Two</li></ul>
 */
export const applyMoveJsx: Applier<'MOVE_JSX'> = (fields, record, ctx) => {
  const moving = ctx.need(fields.codebaseIdToMove)
  const parents = ctx.find(fields.codebaseIdToMoveTo)
  if (parents.length === 0) fail(InstantUpdateMessage.NO_PARENT)
  for (const el of moving) {
    const copy = created(record, copyOf(el))
    place(nearest(parents, el), [copy], fields.beforeCodebaseId, fields.afterCodebaseId)
    hide(record, el)
    record.wait(el, GONE, el.parentNode)
  }
}
