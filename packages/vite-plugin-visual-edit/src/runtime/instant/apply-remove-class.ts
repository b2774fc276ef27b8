import { type Applier, classesOf } from './instant-applier.ts'
import { removeClasses } from './instant-markers.ts'

/**
 * REMOVE_CLASS: the class taken off the elements (given back if the change is reverted); a generated
 * class tells when React wrote the className anew.
 *
 *   before:  <div class="card p-4 shadow">
 *   after:   <div class="card shadow tempo-instant-abc-1-remove">
 */
export const applyRemoveClass: Applier<'REMOVE_CLASS'> = (fields, record, ctx) => {
  const els = ctx.need(fields.codebaseIdToRemoveClass)
  const { className } = ctx.generated(record, els, 'remove')
  for (const el of els) {
    removeClasses(record, el, classesOf(fields.className))
    record.wait(el, [`.${className}`])
  }
}
