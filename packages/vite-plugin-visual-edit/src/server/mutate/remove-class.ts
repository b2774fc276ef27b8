import { MutateError } from '../edit/mutate-error.ts'
import { runEdit } from '../edit/mutation.ts'
import { editClassList, elementSource, readClassList, splitClassNames } from '../jsx/class-list.ts'
import type { Operation } from './operation.ts'

/**
 * REMOVE_CLASS: removes a class from the literal text of the element's className, with one
 * adjacent space.
 *
 *   before:  <div className="card p-4 shadow">     <p className={cn("lead text-lg", muted && "opacity-50")}>
 *   after:   <div className="card shadow">         <p className={cn("lead", muted && "opacity-50")}>
 *
 * A class that is not in the literal text is a 422: it may come from an expression, which stays code.
 */
export const removeClass: Operation<'removeClass'> = async (body, services, canvasId) => {
  const id = body.reactElement
  const classes = splitClassNames(body.className, 'className')

  return runEdit(services, canvasId, [id], ([target]) => {
    if (!target) throw new MutateError('INTERNAL', 'removeClass ran without its element.')
    const source = elementSource(target)
    const list = readClassList(source)
    const present = new Set(list.classes)
    const missing = classes.filter((className) => !present.has(className))
    if (missing.length > 0) {
      const named = missing.map((className) => `'${className}'`).join(', ')
      const verb = missing.length === 1 ? 'is' : 'are'
      const attribute = list.attributeName ?? 'className'
      throw new MutateError(
        'EDIT_IMPOSSIBLE',
        list.expressions.length > 0
          ? `${named} ${verb} not in the text of the ${attribute} of <${target.element.tagName}>; it may come from ${list.expressions.join(', ')}, which is code. Change that expression in your editor.`
          : `${named} ${verb} not in the ${attribute} of <${target.element.tagName}>${list.attributeName ? `, which has "${list.classes.join(' ')}"` : ' (it has none)'}. The preview may show classes from elsewhere; reload it and select the element again.`,
      )
    }
    return { texts: new Map([[target.element.file, editClassList(source, { remove: classes })]]) }
  })
}
