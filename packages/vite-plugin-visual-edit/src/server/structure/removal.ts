import type { Node } from '@babel/types'
import { type Placement, withParentheses } from './jsx-context.ts'
import { aloneOnLines, lineStart, nextLineStart } from './layout.ts'

/** Replace [start, end) with `text` to take an element out of its code. */
export interface Removal {
  start: number
  end: number
  text: string
}

/** A JSX child taken out with its whole line(s) when it has them to itself, else just its span. */
export function removeChild(code: string, anchor: Node): Removal {
  const start = anchor.start as number
  const end = anchor.end as number
  if (aloneOnLines(code, start, end))
    return { start: lineStart(code, start), end: nextLineStart(code, end), text: '' }
  return { start, end, text: '' }
}

/** Whether `{...}` renders nothing but the element: `{<X />}` or `{cond && <X />}`. */
function onlyHoldsElement(placement: Extract<Placement, { kind: 'in-expression' }>): boolean {
  const expression = placement.anchor.expression
  if (expression === placement.element) return true
  return (
    expression.type === 'LogicalExpression' &&
    expression.operator === '&&' &&
    expression.right === placement.element
  )
}

/**
 * How to remove an element so the code stays valid and means "nothing here":
 *   <ul>\n  <li />\n</ul>          the line goes
 *   {open && <Menu />}             the whole `{...}` goes
 *   {open ? <A /> : <B />}         the element becomes null: {open ? null : <B />}
 *   return (\n  <div />\n)         the element and its parentheses become null: return null
 */
export function removalOf(code: string, placement: Placement): Removal {
  if (placement.kind === 'child') return removeChild(code, placement.anchor)
  if (placement.kind === 'in-expression' && onlyHoldsElement(placement))
    return removeChild(code, placement.anchor)
  const span = withParentheses(code, placement.element)
  return { ...span, text: 'null' }
}

/** The code that moves with an element: a conditional `{open && <Menu />}` moves as a whole. */
export function movedSpanOf(placement: Placement): Node {
  if (placement.kind === 'in-expression' && onlyHoldsElement(placement)) return placement.anchor
  return placement.element
}
