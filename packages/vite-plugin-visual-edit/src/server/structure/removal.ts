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
function removeChild(code: string, anchor: Node): Removal {
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

/**
 * The JSX comments written right above a child (a `{/* ... *\/}` child on the line before it, no
 * blank line between): they belong to it and move with it.
 */
function commentsAbove(code: string, placement: Placement, anchor: Node): Node | undefined {
  if (placement.kind === 'root') return undefined
  const children = placement.parent.children as Node[]
  let index = children.indexOf(anchor)
  let first: Node | undefined
  while (index > 0) {
    const gap = children[index - 1] as Node
    const comment = children[index - 2]
    const gapIsOneLineBreak =
      gap.type === 'JSXText' && gap.value.trim() === '' && gap.value.split('\n').length === 2
    if (
      !gapIsOneLineBreak ||
      comment?.type !== 'JSXExpressionContainer' ||
      comment.expression.type !== 'JSXEmptyExpression' ||
      !aloneOnLines(code, comment.start as number, comment.end as number)
    )
      break
    first = comment
    index -= 2
  }
  return first
}

/** The code that moves with an element: comments right above it, and a conditional `{open && <Menu />}` whole. */
export interface MovedCode {
  start: number
  end: number
  /** The node whose names the code reads (the element, or the conditional holding it). */
  node: Node
  /** Where to take it out: a child with its comments and lines, else as removalOf says. */
  removal: Removal
}

export function movedCodeOf(code: string, placement: Placement): MovedCode {
  const node =
    placement.kind === 'in-expression' && onlyHoldsElement(placement) ? placement.anchor : placement.element
  const comment =
    placement.kind === 'root' || node !== placement.anchor ? undefined : commentsAbove(code, placement, node)
  const start = (comment ?? node).start as number
  const end = node.end as number
  const removal =
    comment === undefined && node === placement.element
      ? removalOf(code, placement)
      : removeChild(code, { start, end } as Node)
  return { start, end, node, removal }
}

/** Start of the JSX comments attached above a child of `parent` (see commentsAbove), or undefined. */
export function attachedCommentsStart(code: string, parent: Node, anchor: Node): number | undefined {
  if (parent.type !== 'JSXElement' && parent.type !== 'JSXFragment') return undefined
  const comment = commentsAbove(code, { kind: 'child', parent, element: anchor, anchor } as Placement, anchor)
  return comment?.start ?? undefined
}
