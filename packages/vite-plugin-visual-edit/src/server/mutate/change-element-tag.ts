import MagicString from 'magic-string'
import { VOID_ELEMENTS } from '../../protocol/tags.ts'
import { MutateError } from '../edit/mutate-error.ts'
import { runEdit } from '../edit/mutation.ts'
import { assertTagName, isComponentName } from '../jsx/jsx-values.ts'
import { moduleBindings } from '../jsx/module-scope.ts'
import type { Operation } from './operation.ts'

/**
 * CHANGE_TAG: renames the element in its opening and closing tag; a self-closing element stays so.
 *
 *   before:  <div className="card">…</div>     <Card.Body />
 *   after:   <section className="card">…</section>   <Card.Footer />
 */
export const changeElementTag: Operation<'changeElementTag'> = async (body, services, canvasId) => {
  const id = body.elementToModify
  const newTag = body.newTag
  assertTagName(newTag)

  return runEdit(services, canvasId, [id], ([target]) => {
    if (!target) throw new MutateError('INTERNAL', 'changeElementTag ran without its element.')
    const { node } = target
    const code = target.file.source.text
    if (isComponentName(newTag)) {
      const binding = newTag.split('.')[0] as string
      if (!moduleBindings(target.file.ast).has(binding)) {
        throw new MutateError(
          'EDIT_IMPOSSIBLE',
          `${binding} is not imported or declared in ${target.file.source.relativePath}. Import it first, then change the tag.`,
        )
      }
    }
    // Whitespace-only text renders as a child unless it holds a line break (JSX drops those).
    const rendersChild = (child: (typeof node.children)[number]) =>
      child.type !== 'JSXText' || !(child.value.trim() === '' && /[\r\n]/.test(child.value))
    if (VOID_ELEMENTS.has(newTag) && node.children.some(rendersChild)) {
      throw new MutateError(
        'EDIT_IMPOSSIBLE',
        `<${newTag}> cannot have children, and this element has some. Remove them first.`,
      )
    }

    const magic = new MagicString(code)
    const opening = node.openingElement
    magic.overwrite(opening.name.start as number, opening.name.end as number, newTag)
    if (node.closingElement)
      magic.overwrite(
        node.closingElement.name.start as number,
        node.closingElement.name.end as number,
        newTag,
      )
    return { texts: new Map([[target.element.file, magic.toString()]]) }
  })
}
