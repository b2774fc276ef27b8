import type { Applier } from './instant-applier.ts'
import { mark } from './instant-markers.ts'
import { cssProperty, declarations, ruleFor } from './instant-styles.ts'

/**
 * STYLING: the declarations (`!important`, so they show over the page's rules) under a generated
 * class, or under the CSS rule's own selector when the change edits one (customProperties.selector).
 * Without modifiers, the computed values from before are kept for the undo after the write.
 *
 *   before:  <p class="note">
 *   after:   <p class="note tempo-instant-abc-1-style">  + <style>:is(.tempo-instant-abc-1-style,...){padding:2rem !important;}</style>
 */
export const applyStyling: Applier<'STYLING'> = (fields, record, ctx) => {
  const els = ctx.need(fields.codebaseId)
  const body = declarations(fields.stylingChanges)
  const modifiers = fields.modifiers ?? []
  if (modifiers.length === 0) {
    const computed = ctx.win.getComputedStyle(els[0] as Element)
    const style = Object.fromEntries(
      Object.keys(fields.stylingChanges).map((key) => [key, computed.getPropertyValue(cssProperty(key))]),
    )
    ctx.history.remember(record.id, { codebaseId: fields.codebaseId, style })
  }
  let selector = fields.customProperties?.selector
  if (selector && !isSelector(ctx.win, ctx.doc, selector)) selector = undefined
  selector ??= ctx.generated(record, els, 'style').selector
  for (const el of els) mark(record, el)
  ctx.inject(record, ruleFor(selector, body, modifiers), els)
}

/**
 * Whether the page's browser reads `selector` (a rule's selector as the editor sent it). An invalid
 * one gets a generated class instead; querySelector's DOMException is how the browser says it is
 * invalid, and any other error is not that answer.
 */
function isSelector(win: Window, doc: Document, selector: string): boolean {
  try {
    doc.querySelector(selector)
    return true
  } catch (error) {
    if (error instanceof (win as Window & typeof globalThis).DOMException) return false
    throw error
  }
}
