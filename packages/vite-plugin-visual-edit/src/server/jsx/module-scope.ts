import type { File } from '@babel/types'

/** Names bound at the top of a module: imports, and declared functions, classes and variables. */
export function moduleBindings(ast: File): Set<string> {
  const names = new Set<string>()
  const addPattern = (pattern: unknown) => {
    const node = pattern as {
      type?: string
      name?: string
      properties?: unknown[]
      elements?: unknown[]
      argument?: unknown
      left?: unknown
      value?: unknown
    }
    if (!node || typeof node !== 'object') return
    if (node.type === 'Identifier' && node.name) names.add(node.name)
    else if (node.type === 'ObjectPattern')
      for (const property of node.properties ?? [])
        addPattern(
          (property as { value?: unknown; argument?: unknown }).value ??
            (property as { argument?: unknown }).argument,
        )
    else if (node.type === 'ArrayPattern') for (const element of node.elements ?? []) addPattern(element)
    else if (node.type === 'RestElement') addPattern(node.argument)
    else if (node.type === 'AssignmentPattern') addPattern(node.left)
  }
  for (const statement of ast.program.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration'
        ? statement.declaration
        : statement
    if (!declaration) continue
    switch (declaration.type) {
      case 'ImportDeclaration':
        for (const specifier of declaration.specifiers) names.add(specifier.local.name)
        break
      case 'FunctionDeclaration':
      case 'ClassDeclaration':
        if (declaration.id) names.add(declaration.id.name)
        break
      case 'VariableDeclaration':
        for (const declarator of declaration.declarations) addPattern(declarator.id)
        break
      default:
        break
    }
  }
  return names
}
