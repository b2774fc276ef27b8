import { ADD_JSX_PLACEHOLDER_PREFIX, CODEBASE_ID_ATTRIBUTE } from '../../protocol/ids.ts'
import { InstantUpdateMessage } from '../../protocol/instant-update.ts'
import { type Applier, fail, place } from './instant-applier.ts'
import { BLOCKED_TAGS, CHILDREN, copyOf, created, sanitizedHtml } from './instant-markers.ts'

/**
 * ADD_JSX: in each parent, before or after the sibling named (else last), htmlForInstantUpdate
 * (sanitised), else a copy of addCodebaseId's element, else an empty native tag; its roots get
 * ADD_JSX_PLACEHOLDER_PREFIX + the change id.
 *
 *   before:  <ul><li>One</li></ul>
 *   after:   <ul><li>One</li><li data-tempo-id="<ADD_JSX_PLACEHOLDER_PREFIX><change id>">New</li></ul>
 */
export const applyAddJsx: Applier<'ADD_JSX'> = (fields, record, ctx) => {
  const parents = ctx.find(fields.codebaseIdToAddTo)
  if (parents.length === 0) fail(InstantUpdateMessage.NO_PARENT)
  for (const parent of parents) {
    let nodes: Element[]
    if (typeof fields.htmlForInstantUpdate === 'string')
      nodes = [...sanitizedHtml(ctx.doc, fields.htmlForInstantUpdate).children]
    else if (fields.addCodebaseId) nodes = [copyOf(ctx.need(fields.addCodebaseId)[0] as Element)]
    else {
      const tag = String(fields.addNativeTag)
      if (!/^[a-z][a-z0-9-]*$/.test(tag) || BLOCKED_TAGS.test(tag))
        throw new Error(`No HTML to show the new ${tag} with before the reload`)
      nodes = [ctx.doc.createElement(tag)]
    }
    for (const node of nodes) {
      created(record, node).setAttribute(CODEBASE_ID_ATTRIBUTE, `${ADD_JSX_PLACEHOLDER_PREFIX}${record.id}`)
    }
    record.wait(place(parent, nodes, fields.beforeCodebaseId, fields.afterCodebaseId) as Element, CHILDREN)
  }
}
