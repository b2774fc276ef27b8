import { MutateError } from '../edit/mutate-error.ts'
import { runEdit } from '../edit/mutation.ts'
import { elementSource, readClassList, replaceClassList, splitClassNames } from '../jsx/class-list.ts'
import { checkTailwindClasses } from '../tailwind/check-classes.ts'
import type { Operation } from './operation.ts'

/**
 * UPDATE_CLASSES: replaces the element's classes with `newClasses`, provided `oldClasses` are the
 * classes its code has now (as a set, else 409). A plain string is rewritten in the new order; a
 * template or cn() call loses the classes no longer wanted and gains the new ones at the end.
 *
 *   before:  <div className="p-4 flex">        <div className={cn("p-4", open && "ring")}>
 *   after:   <div className="flex gap-2 p-6">   <div className={cn("p-6", open && "ring")}>
 *
 * With stylingFramework 'Tailwind', each class it adds (not one of `oldClasses`) must be a class
 * Tailwind generates for the project (else 422, nothing written); the classes already there are the
 * project's business (a `card` of its own CSS).
 */
export const updateClasses: Operation<'updateClasses'> = async (body, services, canvasId) => {
  const id = body.reactElement
  const newClasses = splitClassNames(body.newClasses, 'newClasses')
  const oldClasses = splitClassNames(body.oldClasses, 'oldClasses')
  const added = newClasses.filter((className) => !oldClasses.includes(className))
  const warning = body.stylingFramework
    ? await checkTailwindClasses(
        services.root,
        added,
        (pronoun) => `send stylingFramework null to write ${pronoun} as typed`,
      )
    : undefined

  const response = await runEdit(services, canvasId, [id], ([target]) => {
    if (!target) throw new MutateError('INTERNAL', 'updateClasses ran without its element.')
    const source = elementSource(target)
    const current = [...new Set(readClassList(source).classes)]
    const expected = new Set(oldClasses)
    if (current.length !== expected.size || current.some((className) => !expected.has(className))) {
      throw new MutateError(
        'CLASSES_MISMATCH',
        `The classes of <${target.element.tagName}> in the code are now "${current.join(' ')}", not "${oldClasses.join(' ')}". Reload the preview and edit again.`,
      )
    }
    return { texts: new Map([[target.element.file, replaceClassList(source, newClasses)]]) }
  })
  return warning ? { ...response, warnings: [warning] } : response
}
