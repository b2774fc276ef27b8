import {
  type File,
  type JSXElement,
  type JSXExpressionContainer,
  type JSXFragment,
  type Node,
  VISITOR_KEYS,
} from '@babel/types'

/** The nodes from the program down to the node spanning exactly [start, end), that node last. */
export function ancestry(ast: File, start: number, end: number): Node[] {
  const path: Node[] = []
  let node: Node | undefined = ast.program
  while (node) {
    path.push(node)
    if (node.start === start && node.end === end && node.type === 'JSXElement') return path
    let next: Node | undefined
    for (const key of VISITOR_KEYS[node.type] ?? []) {
      const value = (node as unknown as Record<string, unknown>)[key]
      for (const candidate of Array.isArray(value) ? value : [value]) {
        const child = candidate as Node | null | undefined
        if (
          child &&
          typeof child === 'object' &&
          'type' in child &&
          (child.start ?? 0) <= start &&
          (child.end ?? 0) >= end
        ) {
          next = child
          break
        }
      }
      if (next) break
    }
    node = next
  }
  return []
}

/**
 * How an element sits in its code:
 * - `child`: directly among the children of a JSX element or fragment (`<ul><li /></ul>`);
 * - `in-expression`: inside an expression that is such a child (`{open && <Menu />}`,
 *   `{items.map((item) => <li />)}`); `anchor` is that `{...}` child;
 * - `root`: not inside any JSX children (the element a component returns, a prop value, a variable).
 */
export type Placement =
  | { kind: 'child'; element: JSXElement; parent: JSXElement | JSXFragment; anchor: JSXElement }
  | {
      kind: 'in-expression'
      element: JSXElement
      parent: JSXElement | JSXFragment
      anchor: JSXExpressionContainer
      /** The node directly holding the element (a `&&`, a ternary, an arrow function, a return...). */
      holder: Node
    }
  | { kind: 'root'; element: JSXElement; holder: Node | undefined }

const isJsxParent = (node: Node | undefined): node is JSXElement | JSXFragment =>
  node?.type === 'JSXElement' || node?.type === 'JSXFragment'

export function placementOf(path: readonly Node[]): Placement {
  const element = path.at(-1) as JSXElement
  const holder = path.at(-2)
  if (isJsxParent(holder) && (holder.children as Node[]).includes(element)) {
    return { kind: 'child', element, parent: holder, anchor: element }
  }
  // Look up for the nearest `{...}` that is a JSX child; stop at the first enclosing JSX element, whose
  // props (not children) would then hold us.
  for (let index = path.length - 2; index > 0; index--) {
    const node = path[index] as Node
    const parent = path[index - 1]
    if (
      node.type === 'JSXExpressionContainer' &&
      isJsxParent(parent) &&
      (parent.children as Node[]).includes(node)
    ) {
      return { kind: 'in-expression', element, parent, anchor: node, holder: holder as Node }
    }
    if (node.type === 'JSXElement' || node.type === 'JSXAttribute') break
  }
  return { kind: 'root', element, holder }
}

/** The child of `parent` that is or holds the span [start, end): the anchor siblings are counted by. */
export function childAnchor(parent: JSXElement | JSXFragment, start: number, end: number): Node | undefined {
  return (parent.children as Node[]).find((child) => (child.start ?? 0) <= start && (child.end ?? 0) >= end)
}

/** Whether a JSX child renders nothing: whitespace-only text with a line break, or a JSX comment. */
export function isInertChild(node: Node): boolean {
  if (node.type === 'JSXText') return node.value.trim() === '' && /[\r\n]/.test(node.value)
  return node.type === 'JSXExpressionContainer' && node.expression.type === 'JSXEmptyExpression'
}

/** The span of a node with the parentheses Babel recorded around it (`return (\n <div />\n)`). */
export function withParentheses(code: string, node: Node): { start: number; end: number } {
  const extra = node.extra as { parenthesized?: boolean; parenStart?: number } | undefined
  if (!extra?.parenthesized || extra.parenStart === undefined)
    return { start: node.start as number, end: node.end as number }
  let end = node.end as number
  let depth = 0
  // The closing parentheses that match the opening ones before the node.
  const opening = code.slice(extra.parenStart, node.start as number).split('(').length - 1
  while (end < code.length && depth < opening) {
    const char = code[end] as string
    if (char === ')') depth += 1
    else if (!/\s/.test(char)) break
    end += 1
  }
  return { start: extra.parenStart, end }
}

/** Ranges of template literal text inside [start, end), whose whitespace must not be re-indented. */
export function templateRanges(path: readonly Node[]): [number, number][] {
  const element = path.at(-1)
  if (!element) return []
  const ranges: [number, number][] = []
  const visit = (node: Node) => {
    if (node.type === 'TemplateLiteral') ranges.push([node.start as number, node.end as number])
    for (const key of VISITOR_KEYS[node.type] ?? []) {
      const value = (node as unknown as Record<string, unknown>)[key]
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === 'object' && 'type' in child) visit(child as Node)
      }
    }
  }
  visit(element)
  return ranges
}
