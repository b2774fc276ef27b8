import type { Applier } from './instant-applier.ts'
import { isUnsafeUrl, mark } from './instant-markers.ts'

/**
 * CHANGE_PROP: the attribute, on native elements (`className` as class, `htmlFor` as for, `true` as
 * present, `false` and null as absent). A component's prop is not shown: what the component does
 * with it is its code's business, so the update fails and the prop shows after the reload. Handlers,
 * `ref`, `style` and code URLs are not shown either.
 *
 *   before:  <a href="/old" hidden>                    (href: '/new', hidden: false)
 *   after:   <a href="/new">
 */
export const applyChangeProp: Applier<'CHANGE_PROP'> = (fields, record, ctx) => {
  const id = fields.codebaseIdToChange
  const { propName, propValue } = fields
  if (
    ctx.inspector.lookups.get(id)?.isComponent ||
    ctx.tree.nodesWithCodebaseId(id).some((node) => node.isComponent)
  )
    throw new Error(`The prop ${propName} of a component shows after the reload`)
  const name = propName === 'className' ? 'class' : propName === 'htmlFor' ? 'for' : propName
  if (
    !/^[A-Za-z][\w:.-]*$/.test(name) ||
    /^(on|(dangerouslySetInnerHTML|ref|key|children|style|srcdoc)$)/i.test(name) ||
    (typeof propValue === 'string' && isUnsafeUrl(propValue))
  )
    throw new Error(`The prop ${propName} cannot be shown before the reload`)
  const plain = !/^(aria|data)-/.test(name)
  const value =
    propValue === null || (propValue === false && plain)
      ? null
      : propValue === true && plain
        ? ''
        : String(propValue)
  for (const el of ctx.need(id)) {
    const before = el.getAttribute(name)
    if (value === null) el.removeAttribute(name)
    else el.setAttribute(name, value)
    record.edits.push(() => (before === null ? el.removeAttribute(name) : el.setAttribute(name, before)))
    mark(record, el)
    record.wait(el, [`@${name}`, `@${name.toLowerCase()}`])
  }
}
