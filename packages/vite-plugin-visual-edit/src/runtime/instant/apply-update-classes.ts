import type { Applier } from './instant-applier.ts'
import { addClasses, removeClasses } from './instant-markers.ts'
import { retarget } from './instant-styles.ts'

/**
 * UPDATE_CLASSES: the oldClasses the new list drops are removed, the newClasses added, and the
 * involvedClasses' CSS shown under a generated class (so classes the page lacks show too).
 *
 *   before:  <div class="card p-4">                    (oldClasses: card p-4, newClasses: card p-[13px])
 *   after:   <div class="card tempo-instant-abc-1-classes p-[13px]">  + <style>:is(.tempo-instant-abc-1-classes,...){padding:13px}</style>
 */
export const applyUpdateClasses: Applier<'UPDATE_CLASSES'> = (fields, record, ctx) => {
  const els = ctx.need(fields.codebaseIdToUpdateClass)
  const { className, selector } = ctx.generated(record, els, 'classes')
  for (const el of els) {
    removeClasses(
      record,
      el,
      fields.oldClasses.filter((name) => !fields.newClasses.includes(name)),
    )
    addClasses(record, el, fields.newClasses, false)
    if (!record.temporary) record.wait(el, [`.${className}`])
  }
  const css = (fields.involvedClasses ?? [])
    .filter((involved) => fields.newClasses.includes(involved.tailwind) && typeof involved.css === 'string')
    .map((involved) =>
      retarget(involved.css, involved.tailwind, selector, involved.variant ? [involved.variant] : []),
    )
    .filter((text) => text !== null)
    .join('\n')
  if (css) ctx.inject(record, css, els)
}
