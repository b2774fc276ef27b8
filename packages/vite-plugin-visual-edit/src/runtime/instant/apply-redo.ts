import type { Applier } from './instant-applier.ts'

/**
 * REDO: changeToRedo shown again, by its own type's applier, into the REDO's record.
 *
 *   before:  <div class="card">                        (changeToRedo: ADD_CLASS shadow)
 *   after:   <div class="card tempo-instant-abc-2-shadow shadow">
 */
export const applyRedo: Applier<'REDO'> = (fields, record, ctx) => ctx.run(fields.changeToRedo, record)
