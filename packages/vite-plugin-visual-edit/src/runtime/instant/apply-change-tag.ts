import { INSTANT_UPDATE_ATTRIBUTE } from '../../protocol/instant-update.ts'
import type { Applier } from './instant-applier.ts'
import { BLOCKED_TAGS, copyOf, created, GONE, hide } from './instant-markers.ts'

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml'

/**
 * CHANGE_TAG: an element of the new tag (not a component, nor a tag that runs code) with the
 * element's attributes and a copy of its children, before the element, which is hidden.
 *
 *   before:  <p class="lead">Hi <b>you</b></p>
 *   after:   <h2 class="lead">Hi <b>you</b></h2><p class="lead" style="display: none !important;">Hi <b>you</b></p>
 */
export const applyChangeTag: Applier<'CHANGE_TAG'> = (fields, record, ctx) => {
  const tag = fields.newTagName
  if (!/^[A-Za-z][\w-]*$/.test(tag) || BLOCKED_TAGS.test(tag) || /^[A-Z]/.test(tag))
    throw new Error(`The tag ${tag} shows after the reload`)
  for (const el of ctx.need(fields.codebaseIdToChange)) {
    const copy = copyOf(el)
    const replacement = created(
      record,
      el.namespaceURI === HTML_NAMESPACE
        ? ctx.doc.createElement(tag)
        : ctx.doc.createElementNS(el.namespaceURI, tag),
    )
    for (const { name, value } of copy.attributes) replacement.setAttribute(name, value)
    replacement.setAttribute(INSTANT_UPDATE_ATTRIBUTE, record.id)
    replacement.append(...copy.childNodes)
    el.before(replacement)
    hide(record, el)
    record.wait(el, GONE, el.parentNode)
  }
}
