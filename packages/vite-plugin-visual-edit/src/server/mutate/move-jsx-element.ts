import type { JSXElement, Node } from '@babel/types'
import { MutateError } from '../edit/mutate-error.ts'
import { type EditOutcome, runEdit, type Target } from '../edit/mutation.ts'
import { dependencies } from '../structure/bindings.ts'
import { EditPlan, relocateAcross } from '../structure/edit-plan.ts'
import { insertionPoint, type Position } from '../structure/insertion.ts'
import { ancestry, childAnchor, isInertChild, placementOf, templateRanges } from '../structure/jsx-context.ts'
import { indentAt, indentUnit, reindent } from '../structure/layout.ts'
import { movedCodeOf } from '../structure/removal.ts'
import type { Operation } from './operation.ts'

function pathOf(target: Target): Node[] {
  const path = ancestry(target.file.ast, target.element.start, target.element.end)
  if (path.length === 0)
    throw new MutateError('STALE_ELEMENT', `The element ${target.element.id} is no longer in its file.`)
  return path
}

/**
 * MOVE_JSX: moves an element into a container, before or after one of its children or last; within a
 * parent, across parents, or to another file. The code is re-indented for its new place; comments
 * inside it travel with it; a conditional `{open && <Menu />}` moves whole.
 *
 *   before:  <ul>\n  <li>A</li>\n  <li>B</li>\n</ul>
 *   after:   <ul>\n  <li>B</li>\n  <li>A</li>\n</ul>        (A moved after B)
 *
 * 409 when the element is no longer where the editor thinks (expectedCurrentParent); 422 when moving it
 * into itself, or when it reads names (variables, imports) that do not exist where it would go.
 */
export const moveJsxElement: Operation<'moveJsxElement'> = async (body, services, canvasId) => {
  const moveId = body.elementToMove
  const containerId = body.newContainerElement
  const afterId = body.afterElement ?? undefined
  const beforeId = body.beforeElement ?? undefined
  const expectedParent = body.expectedCurrentParent ?? undefined
  if (afterId && beforeId)
    throw new MutateError('BAD_REQUEST', 'moveJsxElement: send afterElement or beforeElement, not both.')
  const siblingId = afterId ?? beforeId
  const ids = [moveId, containerId, ...(siblingId ? [siblingId] : [])]

  return runEdit(services, canvasId, ids, (targets): EditOutcome => {
    const [moved, container, sibling] = targets as [Target, Target, Target | undefined]
    if (expectedParent && moved.element.parentId !== expectedParent) {
      throw new MutateError(
        'STALE_ELEMENT',
        'The element is no longer where the editor shows it (its parent changed). Reload the preview and try again.',
      )
    }
    const sameFile = moved.element.file === container.element.file
    if (
      sameFile &&
      container.element.start >= moved.element.start &&
      container.element.end <= moved.element.end
    ) {
      throw new MutateError(
        'EDIT_IMPOSSIBLE',
        'An element cannot be moved into itself or into one of its own children.',
      )
    }
    if (sibling && sibling.element.parentId !== container.element.id) {
      throw new MutateError(
        'EDIT_IMPOSSIBLE',
        `The ${afterId ? 'afterElement' : 'beforeElement'} is not a child of the new container.`,
      )
    }
    if (sibling && sibling.element.id === moved.element.id) return { texts: new Map() }

    const movedPath = pathOf(moved)
    const placement = placementOf(movedPath)
    const moving = movedCodeOf(moved.file.source.text, placement)
    const span = moving.node
    const containerPath = pathOf(container)
    const containerNode = containerPath.at(-1) as JSXElement
    const destinationCode = container.file.source.text

    let position: Position = 'last'
    if (sibling) {
      const anchor = childAnchor(containerNode, sibling.element.start, sibling.element.end)
      if (!anchor)
        throw new MutateError(
          'STALE_ELEMENT',
          'The sibling is no longer inside the container. Reload the preview.',
        )
      if (anchor === span) return { texts: new Map() }
      position = afterId ? { after: anchor } : { before: anchor }
    } else {
      // As the last child; when the element already is the last one, after the one before it.
      const others = containerNode.children.filter(
        (child) =>
          child !== span && !isInertChild(child) && !(child.type === 'JSXText' && child.value.trim() === ''),
      )
      const last = others.at(-1)
      if (
        sameFile &&
        placement.kind !== 'root' &&
        (!last || (span.start as number) > (last.start as number)) &&
        placement.parent === containerNode
      ) {
        return { texts: new Map() }
      }
      if (last) position = { after: last }
    }
    const point = insertionPoint(
      destinationCode,
      containerNode,
      position,
      indentUnit(destinationCode),
      container.file.source.eol,
    )

    // What the moved code reads must exist where it goes. A direct child reordered among its siblings
    // stays in the same scope (unlike one inside a `{...}`, which may be a callback's root).
    const reorder = sameFile && placement.kind === 'child' && placement.parent === containerNode
    const needs = reorder ? [] : dependencies(moved.file.ast, moving.node)
    const missing = needs.filter(
      (binding) =>
        !sameFile || !((binding.scope.start ?? 0) <= point.at && point.at <= (binding.scope.end ?? 0)),
    )
    if (missing.length > 0) {
      const names = [...new Set(missing.map((binding) => binding.name))].join(', ')
      throw new MutateError(
        'EDIT_IMPOSSIBLE',
        `The element uses ${names}, which ${missing.length === 1 ? 'does' : 'do'} not exist where it would go. Move it within the same component, or pass ${missing.length === 1 ? 'it' : 'them'} there first.`,
      )
    }

    const sourceCode = moved.file.source.text
    const { start, end } = moving
    const text = reindent(
      sourceCode,
      start,
      end,
      indentAt(sourceCode, start),
      point.indent,
      templateRanges(movedPath),
      container.file.source.eol,
    )
    const removal = moving.removal
    const sourcePlan = new EditPlan(moved.element.file, sourceCode)
    const destinationPlan = sameFile ? sourcePlan : new EditPlan(container.element.file, destinationCode)
    sourcePlan.replace(removal.start, removal.end, removal.text)
    destinationPlan.replace(point.at, point.end, `${point.before}${text.text}${point.after}`, {
      file: moved.element.file,
      start,
      end,
      map: (offset) => point.before.length + text.map(offset - start),
    })
    const plans = sameFile ? [sourcePlan] : [sourcePlan, destinationPlan]
    return { texts: new Map(plans.map((plan) => [plan.file, plan.apply()])), relocate: relocateAcross(plans) }
  })
}
