import type { Node } from '@babel/types'
import { MutateError } from '../edit/mutate-error.ts'
import { type EditOutcome, runEdit } from '../edit/mutation.ts'
import { EditPlan, relocateAcross } from '../structure/edit-plan.ts'
import { ancestry, isInertChild, placementOf, templateRanges } from '../structure/jsx-context.ts'
import { aloneOnLines, indentAt, indentUnit, reindent } from '../structure/layout.ts'
import type { Operation } from './operation.ts'

/**
 * WRAP_DIV: wraps one element, or neighbouring siblings, in a `<div>`; the wrapped code moves one
 * level deeper.
 *
 *   before:  <main>\n  <h1 />\n  <p />\n</main>
 *   after:   <main>\n  <div>\n    <h1 />\n    <p />\n  </div>\n</main>
 *
 * Several elements must be children of one parent with nothing rendered between them (whitespace and
 * comments are fine); otherwise 422. A keyed list entry's key moves to the wrapper:
 *
 *   before:  {items.map((item) => <li key={item.id}>…</li>)}
 *   after:   {items.map((item) => <div key={item.id}><li>…</li></div>)}
 */
export const wrapInDiv: Operation<'wrapInDiv'> = async (body, services, canvasId) => {
  const ids = body.reactElements

  return runEdit(services, canvasId, ids, (targets): EditOutcome => {
    const first = targets[0]
    if (!first) throw new MutateError('INTERNAL', 'wrapInDiv ran without elements.')
    if (targets.some((target) => target.element.file !== first.element.file)) {
      throw new MutateError(
        'EDIT_IMPOSSIBLE',
        'Elements of different files cannot be wrapped together; wrap them one file at a time.',
      )
    }
    const code = first.file.source.text
    const eol = first.file.source.eol
    const placements = targets
      .map((target) => {
        const path = ancestry(target.file.ast, target.element.start, target.element.end)
        if (path.length === 0)
          throw new MutateError('STALE_ELEMENT', `The element ${target.element.id} is no longer in its file.`)
        return { placement: placementOf(path), path }
      })
      .sort((a, b) => (a.placement.element.start as number) - (b.placement.element.start as number))

    let start: number
    let end: number
    if (placements.length === 1) {
      const only = (placements[0] as (typeof placements)[number]).placement.element
      start = only.start as number
      end = only.end as number
    } else {
      const parent = placements[0]?.placement.kind === 'child' ? placements[0].placement.parent : undefined
      if (
        !parent ||
        placements.some(({ placement }) => placement.kind !== 'child' || placement.parent !== parent)
      ) {
        throw new MutateError(
          'EDIT_IMPOSSIBLE',
          'Only siblings (children of one element) can be wrapped together. Select elements that share a parent.',
        )
      }
      const children = parent.children as Node[]
      const chosen = new Set(placements.map(({ placement }) => placement.element as Node))
      const from = children.indexOf(placements[0]?.placement.element as Node)
      const to = children.indexOf(placements.at(-1)?.placement.element as Node)
      const gap = children
        .slice(from, to + 1)
        .find(
          (child) =>
            !chosen.has(child) &&
            !isInertChild(child) &&
            !(child.type === 'JSXText' && child.value.trim() === ''),
        )
      if (gap) {
        const what = code
          .slice(gap.start as number, gap.end as number)
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 40)
        throw new MutateError(
          'EDIT_IMPOSSIBLE',
          `The elements are not next to each other: "${what}" lies between them. Select neighbouring siblings.`,
        )
      }
      start = placements[0]?.placement.element.start as number
      end = placements.at(-1)?.placement.element.end as number
    }

    const plan = new EditPlan(first.element.file, code)
    const only = placements.length === 1 ? placements[0]?.placement : undefined
    const keyAttribute =
      only && only.kind !== 'child'
        ? only.element.openingElement.attributes.find(
            (attribute) => attribute.type === 'JSXAttribute' && attribute.name.name === 'key',
          )
        : undefined
    const open = keyAttribute
      ? `<div ${code.slice(keyAttribute.start as number, keyAttribute.end as number)}>`
      : '<div>'
    // The key moves: the wrapper is the list entry now, and the element keeps no key of its own.
    let cutFrom = keyAttribute ? (keyAttribute.start as number) : 0
    while (keyAttribute && cutFrom > 0 && /\s/.test(code[cutFrom - 1] as string)) cutFrom -= 1
    const cutTo = keyAttribute ? (keyAttribute.end as number) : 0
    const wrapped = keyAttribute ? code.slice(0, cutFrom) + code.slice(cutTo) : code
    /** Where an offset of `code` is in `wrapped`. */
    const shift = (offset: number) =>
      offset >= cutTo ? offset - (cutTo - cutFrom) : offset > cutFrom ? cutFrom : offset
    const wrappedEnd = shift(end)
    const path = placements[0]?.path ?? []
    const ownLines = aloneOnLines(code, start, end) || /\n/.test(code.slice(start, end))
    let text: string
    let offsetOf: (offset: number) => number
    if (ownLines) {
      const outer = indentAt(code, start)
      const inner = `${outer}${indentUnit(code)}`
      const templates = templateRanges(path).map(([a, b]): [number, number] => [shift(a), shift(b)])
      const moved = reindent(wrapped, start, wrappedEnd, outer, inner, templates)
      const head = `${open}${eol}${inner}`
      text = `${head}${moved.text}${eol}${outer}</div>`
      offsetOf = (offset) => head.length + moved.map(shift(offset) - start)
    } else {
      text = `${open}${wrapped.slice(start, wrappedEnd)}</div>`
      offsetOf = (offset) => open.length + shift(offset) - start
    }
    const placed = plan.replace(start, end, text, { file: first.element.file, start, end, map: offsetOf })
    const texts = new Map([[first.element.file, plan.apply()]])
    return {
      texts,
      relocate: relocateAcross([plan]),
      created: [{ file: first.element.file, offset: placed.start }],
    }
  })
}
