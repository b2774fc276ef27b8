import type { JSXElement } from '@babel/types'
import { MutateError } from '../edit/mutate-error.ts'
import { type EditOutcome, runEdit } from '../edit/mutation.ts'
import { findAttribute } from '../jsx/jsx-ast.ts'
import { EditPlan, type Placed, relocateAcross } from '../structure/edit-plan.ts'
import { reactFragment } from '../structure/imports.ts'
import { ancestry, placementOf, templateRanges, withParentheses } from '../structure/jsx-context.ts'
import { aloneOnLines, indentAt, indentUnit, reindent } from '../structure/layout.ts'
import type { Operation } from './operation.ts'

/**
 * The edit that makes a copy's `key` different from the original's, so the two are never siblings
 * with the same key: `key="a"` -> `key="a-copy"`, `key={item.id}` -> `key={`${item.id}-copy`}`.
 * Offsets are in the file. Undefined when the element has no key.
 */
export function uniqueKeyEdit(
  code: string,
  element: JSXElement,
): { start: number; end: number; text: string } | undefined {
  const value = findAttribute(element.openingElement, 'key')?.value
  if (!value) return undefined
  const span = { start: value.start as number, end: value.end as number }
  if (value.type === 'StringLiteral') return { ...span, text: JSON.stringify(`${value.value}-copy`) }
  if (value.type === 'JSXExpressionContainer' && value.expression.type !== 'JSXEmptyExpression') {
    const expression = code.slice(value.expression.start as number, value.expression.end as number)
    return { ...span, text: `{\`\${${expression}}-copy\`}` }
  }
  return undefined
}

/** The element's source with edits (file offsets inside it) applied. */
export function elementSourceWith(
  code: string,
  element: JSXElement,
  edits: readonly { start: number; end: number; text: string }[],
): string {
  const base = element.start as number
  let text = code.slice(base, element.end as number)
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    text = text.slice(0, edit.start - base) + edit.text + text.slice(edit.end - base)
  }
  return text
}

/**
 * DUPLICATE: puts a copy right after each element, on its own line when the element has one.
 *
 *   before:  <ul>\n  <li key="a">One</li>\n</ul>
 *   after:   <ul>\n  <li key="a">One</li>\n  <li key="a-copy">One</li>\n</ul>
 *
 * An element that is not a JSX child (a returned root, `{open && <Menu />}`) cannot have a sibling
 * there, so it and its copy are wrapped in a fragment: `<>\n  <Menu />\n  <Menu />\n</>`. When it
 * has a key (a `.map()` entry), the fragment carries the key: `<Fragment key={item.id}>`, importing
 * Fragment from react unless the module already has it (or `React`).
 */
export const duplicate: Operation<'duplicate'> = async (body, services, canvasId) => {
  const ids = body.reactElements

  return runEdit(services, canvasId, ids, (targets): EditOutcome => {
    const nested = targets.find((target) =>
      targets.some(
        (other) =>
          other !== target &&
          other.element.file === target.element.file &&
          target.element.start >= other.element.start &&
          target.element.end <= other.element.end,
      ),
    )
    if (nested) {
      throw new MutateError(
        'EDIT_IMPOSSIBLE',
        'An element and one of its ancestors cannot be duplicated together; the copy of the ancestor already holds a copy of it.',
      )
    }
    const plans = new Map<string, EditPlan>()
    const copies: { file: string; placed: Placed; offset: number }[] = []
    const importsAdded = new Set<EditPlan>()
    for (const target of targets) {
      const code = target.file.source.text
      const eol = target.file.source.eol
      const path = ancestry(target.file.ast, target.element.start, target.element.end)
      if (path.length === 0)
        throw new MutateError('STALE_ELEMENT', `The element ${target.element.id} is no longer in its file.`)
      const placement = placementOf(path)
      const element = placement.element
      let plan = plans.get(target.element.file)
      if (!plan) {
        plan = new EditPlan(target.element.file, code)
        plans.set(target.element.file, plan)
      }
      const keyEdit = uniqueKeyEdit(code, element)
      const copy = elementSourceWith(code, element, keyEdit ? [keyEdit] : [])
      const start = element.start as number
      const end = element.end as number
      if (placement.kind === 'child') {
        const separator = aloneOnLines(code, start, end) ? `${eol}${indentAt(code, start)}` : ''
        copies.push({
          file: target.element.file,
          placed: plan.insert(end, `${separator}${copy}`),
          offset: separator.length,
        })
        continue
      }
      // Not a child: original and copy go into a fragment in the element's place. A keyed element (the
      // root a `.map()` callback returns) is a list entry: the fragment takes over its key.
      const span = withParentheses(code, element)
      const key = findAttribute(element.openingElement, 'key')
      let open = '<>'
      let close = '</>'
      if (key) {
        const named = reactFragment(target.file.ast, code, eol)
        if (named.addition && !importsAdded.has(plan)) {
          plan.insert(named.addition.at, named.addition.text)
          importsAdded.add(plan)
        }
        open = `<${named.name} ${code.slice(key.start as number, key.end as number)}>`
        close = `</${named.name}>`
      }
      const outer = indentAt(code, span.start)
      const unit = indentUnit(code)
      const fragment = `${outer}${unit}`
      const inner = `${fragment}${unit}`
      const indentFrom = indentAt(code, start)
      const original = reindent(code, start, end, indentFrom, inner, templateRanges(path))
      const copied = reindent(copy, 0, copy.length, indentFrom, inner)
      const head = `(${eol}${fragment}${open}${eol}${inner}`
      const text = `${head}${original.text}${eol}${inner}${copied.text}${eol}${fragment}${close}${eol}${outer})`
      const placed = plan.replace(span.start, span.end, text, {
        file: target.element.file,
        start,
        end,
        map: (offset) => head.length + original.map(offset - start),
      })
      copies.push({
        file: target.element.file,
        placed,
        offset: head.length + original.text.length + eol.length + inner.length,
      })
    }
    const texts = new Map([...plans].map(([file, plan]) => [file, plan.apply()]))
    return {
      texts,
      relocate: relocateAcross([...plans.values()]),
      created: copies.map(({ file, placed, offset }) => ({ file, offset: placed.start + offset })),
    }
  })
}
