import { withModifiers } from '../../protocol/styling.ts'
import { MutateError } from '../edit/mutate-error.ts'
import { runEdit } from '../edit/mutation.ts'
import { editClassList, elementSource, readClassList, splitClassNames } from '../jsx/class-list.ts'
import { checkTailwindClasses } from '../tailwind/check-classes.ts'
import type { Operation } from './operation.ts'

/**
 * ADD_CLASS: adds one or more classes to the literal text of the element's className, each under
 * the modifiers (`md:hover:p-4`); with stylingFramework 'Tailwind' each must be a class Tailwind
 * generates for this project's stylesheet.
 *
 *   before:  <div className="card">      <p className={cn("lead", muted && "opacity-50")}>
 *   after:   <div className="card md:hover:p-4">   <p className={cn("lead text-lg", muted && "opacity-50")}>
 *
 * A class already written there is not added again (no write, files: []).
 */
export const addClass: Operation<'addClass'> = async (body, services, canvasId) => {
  const id = body.reactElement
  const written = splitClassNames(body.className, 'className')
  const tailwind = body.stylingFramework
  const modifiers = body.modifiers
  const classes = written.map((className) => withModifiers(className, modifiers))

  const warning = tailwind
    ? await checkTailwindClasses(
        services.root,
        classes,
        (pronoun) => `send stylingFramework null to add ${pronoun} as written`,
      )
    : undefined

  const response = await runEdit(services, canvasId, [id], ([target]) => {
    if (!target) throw new MutateError('INTERNAL', 'addClass ran without its element.')
    const source = elementSource(target)
    const present = new Set(readClassList(source).classes)
    const missing = classes.filter((className) => !present.has(className))
    const text = missing.length === 0 ? source.code : editClassList(source, { add: missing })
    return { texts: new Map([[target.element.file, text]]) }
  })
  return warning ? { ...response, warnings: [warning] } : response
}
