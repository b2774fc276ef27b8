import MagicString from 'magic-string'
import { MutateError } from '../edit/mutate-error.ts'
import { runEdit } from '../edit/mutation.ts'
import { appendAttribute, findAttribute } from '../jsx/jsx-ast.ts'
import {
  assertEditablePropName,
  assertPropValue,
  attributeValueSource,
  hasChildren,
  isLiteralAttribute,
} from '../jsx/jsx-values.ts'
import type { Operation } from './operation.ts'

/** The spec's toast of a prop written (docs/MUTATE-API.md). */
const PROP_CHANGED_TOAST = 'Prop changed'

/**
 * CHANGE_PROP: sets, replaces or removes one literal prop.
 *
 *   before:  <Button size="sm" disabled>Save</Button>
 *   after:   <Button size="lg" disabled={false} variant="primary">Save</Button>
 *
 * A prop whose value is an expression (`size={size}`) is replaced only when the request says
 * `replace: true`; otherwise 422, because the expression may be doing work. The response carries the
 * toast 'Prop changed' (the instant update cannot show a component's prop: the user hears it saved).
 */
export const changePropValue: Operation<'changePropValue'> = async (body, services, canvasId) => {
  const id = body.elementToModify
  const { propName, remove, replace } = body
  assertEditablePropName(propName)
  const value = remove ? null : (body.propValue ?? null)

  const response = await runEdit(services, canvasId, [id], ([target]) => {
    if (!target) throw new MutateError('INTERNAL', 'changePropValue ran without its element.')
    if (!remove)
      assertPropValue(
        { tagName: target.element.tagName, hasChildren: hasChildren(target.element) },
        propName,
        value,
      )
    const code = target.file.source.text
    const opening = target.opening
    const magic = new MagicString(code)
    const attribute = findAttribute(opening, propName)

    if (attribute && !isLiteralAttribute(attribute) && !replace) {
      throw new MutateError(
        'EDIT_IMPOSSIBLE',
        `The prop '${propName}' of <${target.element.tagName}> is an expression (${code.slice(attribute.value?.start ?? 0, attribute.value?.end ?? 0)}). Send replace: true to overwrite it with a literal.`,
      )
    }

    if (remove) {
      if (!attribute) return { texts: new Map([[target.element.file, code]]) }
      // Remove the attribute with the whitespace before it, so no gap or blank line is left.
      let from = attribute.start as number
      while (from > 0 && /\s/.test(code[from - 1] as string)) from -= 1
      magic.remove(from, attribute.end as number)
      return { texts: new Map([[target.element.file, magic.toString()]]) }
    }

    const source = attributeValueSource(value)
    if (attribute) {
      if (attribute.value)
        magic.overwrite(attribute.value.start as number, attribute.value.end as number, source)
      else magic.appendLeft(attribute.name.end as number, `=${source}`)
      return { texts: new Map([[target.element.file, magic.toString()]]) }
    }

    appendAttribute(magic, code, opening, target.file.source.eol, `${propName}=${source}`)
    return { texts: new Map([[target.element.file, magic.toString()]]) }
  })
  return { ...response, toast: PROP_CHANGED_TOAST }
}
