import { MutateError } from '../edit/mutate-error.ts'
import { type EditOutcome, runEdit, type Target } from '../edit/mutation.ts'
import { EditPlan, relocateAcross } from '../structure/edit-plan.ts'
import { ancestry, placementOf } from '../structure/jsx-context.ts'
import { removalOf } from '../structure/removal.ts'
import type { Operation } from './operation.ts'

/** Whether `inner` lies inside `outer` (same file). */
const inside = (inner: Target, outer: Target) =>
  inner !== outer &&
  inner.element.file === outer.element.file &&
  inner.element.start >= outer.element.start &&
  inner.element.end <= outer.element.end

/**
 * REMOVE_JSX: removes elements (de-duplicated; one inside another removed element is skipped).
 *
 *   before:  <ul>\n  <li>One</li>\n  <li>Two</li>\n</ul>     return (\n  <Card />\n)
 *   after:   <ul>\n  <li>Two</li>\n</ul>                    return null
 *
 * A conditional `{open && <Menu />}` goes as a whole; a ternary branch or a returned root becomes null,
 * never broken code; an emptied parent stays valid.
 */
export const removeJsxElement: Operation<'removeJsxElement'> = async (body, services, canvasId) => {
  const ids = body.elementsToRemove

  return runEdit(services, canvasId, ids, (targets): EditOutcome => {
    const kept = targets.filter((target) => !targets.some((other) => inside(target, other)))
    const plans = new Map<string, EditPlan>()
    for (const target of kept) {
      const { file } = target
      const path = ancestry(file.ast, target.element.start, target.element.end)
      if (path.length === 0)
        throw new MutateError('STALE_ELEMENT', `The element ${target.element.id} is no longer in its file.`)
      const removal = removalOf(file.source.text, placementOf(path))
      let plan = plans.get(target.element.file)
      if (!plan) {
        plan = new EditPlan(target.element.file, file.source.text)
        plans.set(target.element.file, plan)
      }
      plan.replace(removal.start, removal.end, removal.text)
    }
    const texts = new Map([...plans].map(([file, plan]) => [file, plan.apply()]))
    return { texts, relocate: relocateAcross([...plans.values()]) }
  })
}
