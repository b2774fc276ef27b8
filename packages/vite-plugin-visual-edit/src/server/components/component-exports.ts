import type { File, Node, Statement } from '@babel/types'

/** One component a module exports: its name, how it is exported, and the node that declares it. */
export interface ComponentExport {
  name: string
  exportKind: 'named' | 'default'
  node: Node
}

/** Initialisers a component can be: a function, `memo(...)`/`forwardRef(...)`, `styled.div`... */
const COMPONENT_INIT = new Set([
  'ArrowFunctionExpression',
  'FunctionExpression',
  'CallExpression',
  'ClassExpression',
  'TaggedTemplateExpression',
])

/** A component's name: capitalised, not a constant in capitals (`MAX_ROWS`). */
const isComponentName = (name: string) => /^[A-Z]/.test(name) && !/^[A-Z0-9_]+$/.test(name)

/** The top-level components of a module by name (function, class, variable holding one), exported or not. */
function localComponents(body: readonly Statement[]): Map<string, Node> {
  const found = new Map<string, Node>()
  for (const statement of body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration'
        ? statement.declaration
        : statement
    if (!declaration) continue
    if (
      (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') &&
      declaration.id &&
      isComponentName(declaration.id.name)
    )
      found.set(declaration.id.name, declaration)
    else if (declaration.type === 'VariableDeclaration')
      for (const declarator of declaration.declarations)
        if (
          declarator.id.type === 'Identifier' &&
          isComponentName(declarator.id.name) &&
          declarator.init &&
          COMPONENT_INIT.has(declarator.init.type)
        )
          found.set(declarator.id.name, declarator)
  }
  return found
}

/**
 * The components a module exports under a name ADD_JSX can insert them by (the name is the binding
 * the import brings in, so a default export counts only when it has one):
 *
 *   export function Badge() {}          -> Badge, named
 *   export default function Hero() {}   -> Hero, default
 *   const Card = memo(...); export { Card }; export default Card  -> Card, named (the first found)
 *   export default () => <div />        -> nothing (no name to insert it by)
 */
export function componentExports(ast: File): ComponentExport[] {
  const body = ast.program.body
  const local = localComponents(body)
  const out = new Map<string, ComponentExport>()
  const add = (name: string, exportKind: ComponentExport['exportKind']) => {
    const node = local.get(name)
    if (node && !out.has(name)) out.set(name, { name, exportKind, node })
  }
  for (const statement of body) {
    if (statement.type === 'ExportNamedDeclaration') {
      const declaration = statement.declaration
      if (declaration?.type === 'FunctionDeclaration' || declaration?.type === 'ClassDeclaration') {
        if (declaration.id) add(declaration.id.name, 'named')
      } else if (declaration?.type === 'VariableDeclaration') {
        for (const declarator of declaration.declarations)
          if (declarator.id.type === 'Identifier') add(declarator.id.name, 'named')
      } else if (!statement.source) {
        for (const specifier of statement.specifiers)
          if (
            specifier.type === 'ExportSpecifier' &&
            specifier.exported.type === 'Identifier' &&
            specifier.exported.name === specifier.local.name
          )
            add(specifier.local.name, 'named')
      }
    } else if (statement.type === 'ExportDefaultDeclaration') {
      const declaration = statement.declaration
      if (
        (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') &&
        declaration.id
      )
        add(declaration.id.name, 'default')
      else if (declaration.type === 'Identifier') add(declaration.name, 'default')
    }
  }
  return [...out.values()]
}
