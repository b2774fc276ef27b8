import { type File, type Node, VISITOR_KEYS } from '@babel/types'

const isScope = (node: Node) =>
  node.type === 'Program' ||
  node.type === 'FunctionDeclaration' ||
  node.type === 'FunctionExpression' ||
  node.type === 'ArrowFunctionExpression' ||
  node.type === 'ObjectMethod' ||
  node.type === 'ClassMethod'

function patternNames(pattern: Node | null | undefined, out: string[]): string[] {
  if (!pattern) return out
  switch (pattern.type) {
    case 'Identifier':
      out.push(pattern.name)
      break
    case 'ObjectPattern':
      for (const property of pattern.properties)
        patternNames(property.type === 'RestElement' ? property.argument : (property.value as Node), out)
      break
    case 'ArrayPattern':
      for (const element of pattern.elements) patternNames(element, out)
      break
    case 'RestElement':
      patternNames(pattern.argument, out)
      break
    case 'AssignmentPattern':
      patternNames(pattern.left, out)
      break
    case 'TSParameterProperty':
      patternNames(pattern.parameter, out)
      break
    default:
      break
  }
  return out
}

/** A name bound somewhere in a file, and the scope node (program or function) that binds it. */
export interface Binding {
  name: string
  scope: Node
}

/**
 * Every binding of the file, by the function (or the program) it belongs to. Block scoping is not
 * modelled: a `const` in an `if` counts for its whole function, which only makes the checks below
 * stricter, never looser.
 */
function bindingsOf(ast: File): Binding[] {
  const bindings: Binding[] = []
  const visit = (node: Node, scope: Node) => {
    const inner = isScope(node) ? node : scope
    switch (node.type) {
      case 'ImportSpecifier':
      case 'ImportDefaultSpecifier':
      case 'ImportNamespaceSpecifier':
        bindings.push({ name: node.local.name, scope })
        break
      case 'FunctionDeclaration':
      case 'ClassDeclaration':
        if (node.id) bindings.push({ name: node.id.name, scope })
        break
      case 'VariableDeclarator':
        for (const name of patternNames(node.id, [])) bindings.push({ name, scope })
        break
      case 'CatchClause':
        for (const name of patternNames(node.param, [])) bindings.push({ name, scope })
        break
      default:
        break
    }
    if (isScope(node) && 'params' in node) {
      for (const param of node.params)
        for (const name of patternNames(param as Node, [])) bindings.push({ name, scope: inner })
    }
    if ((node.type === 'FunctionExpression' || node.type === 'ClassExpression') && node.id)
      bindings.push({ name: node.id.name, scope: inner })
    for (const key of VISITOR_KEYS[node.type] ?? []) {
      const value = (node as unknown as Record<string, unknown>)[key]
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === 'object' && 'type' in child) visit(child as Node, inner)
      }
    }
  }
  visit(ast.program, ast.program)
  return bindings
}

/**
 * Names the code in `node` reads that it does not bind itself: identifiers in expression positions,
 * component names (`<Card>`, the `Tabs` of `<Tabs.List>`). Property names, object keys and attribute
 * names are not reads.
 */
function referencedNames(node: Node): Set<string> {
  const names = new Set<string>()
  const visit = (current: Node, parent: Node | undefined, key: string) => {
    if (current.type === 'Identifier') {
      const isPropertyName =
        (parent?.type === 'MemberExpression' || parent?.type === 'OptionalMemberExpression') &&
        key === 'property' &&
        !parent.computed
      const isKey =
        (parent?.type === 'ObjectProperty' || parent?.type === 'ObjectMethod') &&
        key === 'key' &&
        !parent.computed
      if (!isPropertyName && !isKey) names.add(current.name)
    } else if (current.type === 'JSXIdentifier') {
      const isElementName =
        (parent?.type === 'JSXOpeningElement' || parent?.type === 'JSXClosingElement') && key === 'name'
      const isMemberRoot = parent?.type === 'JSXMemberExpression' && key === 'object'
      if ((isElementName && /^[A-Z_$]/.test(current.name)) || isMemberRoot) names.add(current.name)
    }
    for (const childKey of VISITOR_KEYS[current.type] ?? []) {
      const value = (current as unknown as Record<string, unknown>)[childKey]
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === 'object' && 'type' in child) visit(child as Node, current, childKey)
      }
    }
  }
  visit(node, undefined, '')
  return names
}

const contains = (outer: Node, offset: number) => (outer.start ?? 0) <= offset && offset <= (outer.end ?? 0)

/**
 * The bindings of its file that the code at [start, end) depends on: for each name it reads, the
 * innermost enclosing scope that binds it (bindings made inside the code itself do not count; names
 * no scope binds are globals).
 */
export function dependencies(ast: File, node: Node): Binding[] {
  const start = node.start as number
  const end = node.end as number
  const bindings = bindingsOf(ast).filter(
    (binding) => !((binding.scope.start ?? 0) >= start && (binding.scope.end ?? 0) <= end),
  )
  const found: Binding[] = []
  for (const name of referencedNames(node)) {
    const candidates = bindings.filter((binding) => binding.name === name && contains(binding.scope, start))
    // Innermost: the scope that starts last.
    const binding = candidates.sort((a, b) => (b.scope.start ?? 0) - (a.scope.start ?? 0))[0]
    if (binding) found.push(binding)
  }
  return found
}
