import { hasInstantUndo } from '../../protocol/instant-change-types.ts'
import { InstantUpdateMessage } from '../../protocol/instant-update.ts'
import { applyStyling } from './apply-styling.ts'
import { applyUpdateClasses } from './apply-update-classes.ts'
import { type Applier, classesOf, fail } from './instant-applier.ts'
import { renamed } from './instant-history.ts'
import { CHILDREN, created, removeClasses, sanitizedHtml } from './instant-markers.ts'

/**
 * UNDO: not yet written (matchingActivityFlushed false), the change's own temporary update is taken
 * back exactly, whatever its type. Written, the undo is shown for the types with instant undo
 * (protocol/instant-change-types.ts): REMOVE_JSX (its kept HTML put back as a copy), ADD_CLASS (the
 * class removed), STYLING (the values from before, kept when it was shown in this page load) and
 * UPDATE_CLASSES (the old classes back); other types show after the reload, and the update fails.
 *
 *   before:  <div class="card shadow">                 (changeToUndo: ADD_CLASS shadow, written)
 *   after:   <div class="card tempo-instant-abc-2-undo">
 */
export const applyUndo: Applier<'UNDO'> = (fields, record, ctx) => {
  const target = fields.changeToUndo
  const own = ctx.records.get(target?.id)
  if (!fields.matchingActivityFlushed && own) {
    own.revert()
    ctx.records.delete(target.id)
    return
  }
  if (!hasInstantUndo(target?.type))
    throw new Error(`${target?.type} cannot be undone in the page before the reload`)
  const map = target.prevIdToNewIdMap ?? {}
  const entry = ctx.history.get(target.id)
  switch (target.type) {
    case 'ADD_CLASS': {
      const changed = target.changeFields
      const els = ctx.need(renamed(map, changed.codebaseIdToAddClass))
      const { className } = ctx.generated(record, els, 'undo')
      for (const el of els) {
        removeClasses(record, el, classesOf(changed.className, changed.modifiers))
        record.wait(el, [`.${className}`])
      }
      return
    }
    case 'UPDATE_CLASSES': {
      const changed = target.changeFields
      applyUpdateClasses(
        {
          ...changed,
          codebaseIdToUpdateClass: renamed(map, changed.codebaseIdToUpdateClass),
          newClasses: changed.oldClasses,
          oldClasses: changed.newClasses,
          isInstantChangeOnly: false,
        },
        record,
        ctx,
      )
      return
    }
    case 'STYLING':
      if (!entry?.style || !entry.codebaseId) break
      applyStyling(
        { codebaseId: entry.codebaseId, stylingChanges: entry.style, stylingFramework: 'Inline' },
        record,
        ctx,
      )
      return
    case 'REMOVE_JSX':
      if (!entry?.removed) break
      for (const removed of entry.removed) {
        const parent = ctx.find(removed.parent)[0] ?? fail(InstantUpdateMessage.NO_PARENT)
        const nodes = [...sanitizedHtml(ctx.doc, removed.html).children]
        for (const node of nodes) created(record, node)
        const at = (id?: string) => (id ? ctx.find(id).find((el) => parent.contains(el)) : undefined)
        const before = at(removed.before)
        const after = before ? undefined : at(removed.after)
        if (before) before.before(...nodes)
        else if (after) after.after(...nodes)
        else parent.append(...nodes)
        record.wait((before ?? after)?.parentElement ?? parent, CHILDREN)
      }
      return
    default:
      return unhandled(target)
  }
  throw new Error(
    `The page no longer has what ${target.type} ${target.id} changed: its undo shows after the reload`,
  )
}

/** A type with instant undo that has no case above: fails to compile. */
function unhandled(target: never): never {
  throw new Error(`No instant undo for ${(target as { type?: unknown }).type}`)
}
