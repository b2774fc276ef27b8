import { type Applier, classesOf } from './instant-applier.ts'
import { addClasses } from './instant-markers.ts'
import { retarget } from './instant-styles.ts'

/**
 * ADD_CLASS: the class itself (so CSS the page has applies) and its cssEquivalent under a generated
 * class (so a class the page's stylesheet lacks shows too).
 *
 *   before:  <div class="card">
 *   after:   <div class="card tempo-instant-abc-1-p--13px- p-[13px]">  + <style>:is(.tempo-instant-abc-1-p--13px-,...){padding:13px}</style>
 */
export const applyAddClass: Applier<'ADD_CLASS'> = (fields, record, ctx) => {
  const els = ctx.need(fields.codebaseIdToAddClass)
  const classes = classesOf(fields.className, fields.modifiers)
  const { className, selector } = ctx.generated(record, els, classes.join('_'))
  for (const el of els) {
    addClasses(record, el, classes, false)
    if (!record.temporary) record.wait(el, [`.${className}`])
  }
  // Rules that name none of the classes (Tailwind's CSS of the class without its modifiers) would
  // apply to the page as they are: left out.
  const css = typeof fields.cssEquivalent === 'string' ? fields.cssEquivalent : ''
  const text = classes.reduce((text, name) => retarget(text, name, selector, fields.modifiers) ?? text, css)
  if (css.trim() && text !== css) ctx.inject(record, text, els)
}
