import type { JSXElement, Node } from '@babel/types'
import { attributeInsertionPoint } from '../jsx/jsx-ast.ts'
import { isInertChild } from './jsx-context.ts'
import { aloneOnLines, indentAt } from './layout.ts'
import { attachedCommentsStart } from './removal.ts'

/**
 * Where new children go and what surrounds them: replace [at, end) with `before + code + after`,
 * the code's lines indented with `indent`.
 */
export interface InsertionPoint {
  at: number
  end: number
  before: string
  after: string
  indent: string
}

export type Position = { before: Node } | { after: Node } | 'last'

/**
 * Where code goes as a child of `container`: next to a sibling anchor, on its own line when the
 * sibling is on its own line (indented like it), inline otherwise; as the last child; or into an empty
 * or self-closing container, which then gets its children on their own lines, one level deeper.
 *
 *   before:  <ul>\n  <li>a</li>\n</ul>           <div className="x" />
 *   after:   <ul>\n  <li>a</li>\n  <li>b</li>\n</ul>   <div className="x">\n  <p />\n</div>
 */
export function insertionPoint(
  code: string,
  container: JSXElement,
  position: Position,
  unit: string,
  eol: string,
): InsertionPoint {
  if (position !== 'last' && 'before' in position) {
    const anchor = position.before
    const own = aloneOnLines(code, anchor.start as number, anchor.end as number)
    const indent = indentAt(code, anchor.start as number)
    const at = (own ? attachedCommentsStart(code, container, anchor) : undefined) ?? (anchor.start as number)
    return {
      at,
      end: at,
      before: '',
      after: own ? `${eol}${indent}` : '',
      indent,
    }
  }
  if (position !== 'last') return afterAnchor(code, position.after, eol)

  const children = container.children.filter(
    (child) => !isInertChild(child) && !(child.type === 'JSXText' && child.value.trim() === ''),
  )
  const last = children.at(-1)
  if (last) return afterAnchor(code, last, eol)

  const outer = indentAt(code, container.start as number)
  const inner = `${outer}${unit}`
  const opening = container.openingElement
  if (opening.selfClosing || !container.closingElement) {
    const tag = code.slice(opening.name.start as number, opening.name.end as number)
    const attributesEnd = attributeInsertionPoint(opening)
    const slash = code.lastIndexOf('/', (opening.end as number) - 1)
    return {
      at: /\n/.test(code.slice(attributesEnd, slash)) ? slash : attributesEnd,
      end: opening.end as number,
      before: `>${eol}${inner}`,
      after: `${eol}${outer}</${tag}>`,
      indent: inner,
    }
  }
  return {
    at: opening.end as number,
    end: container.closingElement.start as number,
    before: `${eol}${inner}`,
    after: `${eol}${outer}`,
    indent: inner,
  }
}

function afterAnchor(code: string, anchor: Node, eol: string): InsertionPoint {
  let end = anchor.end as number
  const lineEnd = code.indexOf('\n', end)
  const rest = code.slice(end, lineEnd === -1 ? code.length : lineEnd)
  const trailing = /^(?:\s*\{\s*\/\*[\s\S]*?\*\/\s*\})+/.exec(rest)
  if (trailing && rest.slice(trailing[0].length).trim() === '') end += trailing[0].length
  const own = aloneOnLines(code, anchor.start as number, end)
  const indent = indentAt(code, anchor.start as number)
  return {
    at: end,
    end,
    before: own ? `${eol}${indent}` : '',
    after: '',
    indent,
  }
}
