import type { File, Node, Statement, TSPropertySignature, TSType, TSTypeElement } from '@babel/types'
import type { CodePlace, DeclaredProp, DeclaredProps, LiteralMember } from '../../protocol/element-props.ts'

/** A module read for the props type: its path relative to the root (posix), its text and AST. */
export interface PropsModule {
  file: string
  text: string
  ast: File
}

/**
 * Reads the module a relative import names (`./Button`, `../ui/types.js`) from `from`: the module, or
 * why not (not found, outside the project, not parsable).
 */
export type LoadModule = (from: PropsModule, specifier: string) => Promise<PropsModule | { note: string }>

/** How many type aliases deep a prop's type is followed (`type Tone = Base`, `type Base = 'a' | 'b'`). */
const MAX_ALIAS_DEPTH = 4
const MAX_TYPE_TEXT = 120

const cut = (text: string) => (text.length > MAX_TYPE_TEXT ? `${text.slice(0, MAX_TYPE_TEXT - 1)}…` : text)

const placeOf = (module: PropsModule, node: Node): CodePlace => ({
  file: module.file,
  line: node.loc?.start.line ?? 1,
  column: node.loc?.start.column ?? 0,
})

const isRelative = (specifier: string) => specifier.startsWith('./') || specifier.startsWith('../')

/** The statement of a top-level declaration, export wrappers taken off. */
function declarationOf(statement: Statement): Node | null {
  if (statement.type === 'ExportNamedDeclaration') return statement.declaration ?? null
  if (statement.type === 'ExportDefaultDeclaration') return statement.declaration
  return statement
}

/** What a name is bound to at the top of a module: its declaration there, or the import that brings it. */
type Found =
  | { kind: 'local'; node: Node }
  | { kind: 'import'; specifier: string; imported: string | 'default' }
  | { kind: 'none' }

function findBinding(body: readonly Statement[], name: string): Found {
  for (const statement of body) {
    if (statement.type === 'ImportDeclaration') {
      for (const specifier of statement.specifiers) {
        if (specifier.local.name !== name) continue
        if (specifier.type === 'ImportNamespaceSpecifier') return { kind: 'none' }
        const imported =
          specifier.type === 'ImportDefaultSpecifier'
            ? 'default'
            : specifier.imported.type === 'Identifier'
              ? specifier.imported.name
              : specifier.imported.value
        return { kind: 'import', specifier: statement.source.value, imported }
      }
      continue
    }
    const declaration = declarationOf(statement)
    if (!declaration) continue
    switch (declaration.type) {
      case 'FunctionDeclaration':
      case 'ClassDeclaration':
      case 'TSInterfaceDeclaration':
      case 'TSTypeAliasDeclaration':
        if (declaration.id?.name === name) return { kind: 'local', node: declaration }
        break
      case 'VariableDeclaration':
        for (const declarator of declaration.declarations)
          if (declarator.id.type === 'Identifier' && declarator.id.name === name)
            return { kind: 'local', node: declarator }
        break
      default:
        break
    }
  }
  return { kind: 'none' }
}

/** The node a module exports as `exported` (a name, or `default`), found among its top-level statements. */
function findExport(ast: File, exported: string | 'default'): Node | null {
  for (const statement of ast.program.body) {
    if (exported === 'default' && statement.type === 'ExportDefaultDeclaration') {
      const declaration = statement.declaration
      if (declaration.type === 'Identifier') {
        const found = findBinding(ast.program.body, declaration.name)
        return found.kind === 'local' ? found.node : null
      }
      return declaration
    }
    if (statement.type !== 'ExportNamedDeclaration' || exported === 'default') continue
    if (statement.declaration) {
      const found = findBinding([statement], exported)
      if (found.kind === 'local') return found.node
    }
    if (statement.source) continue
    for (const specifier of statement.specifiers) {
      if (specifier.type !== 'ExportSpecifier') continue
      const name =
        specifier.exported.type === 'Identifier' ? specifier.exported.name : specifier.exported.value
      if (name !== exported) continue
      const found = findBinding(ast.program.body, specifier.local.name)
      return found.kind === 'local' ? found.node : null
    }
  }
  return null
}

/** Where a name's declaration is: in this module, or (one level) in the relative module it is imported from. */
async function resolveName(
  module: PropsModule,
  name: string,
  load: LoadModule,
): Promise<{ module: PropsModule; node: Node } | { note: string }> {
  const found = findBinding(module.ast.program.body, name)
  if (found.kind === 'local') return { module, node: found.node }
  if (found.kind === 'none') return { note: `${name} is not declared or imported in ${module.file}` }
  if (!isRelative(found.specifier))
    return { note: `${name} comes from the package ${found.specifier}: its props are not read` }
  const loaded = await load(module, found.specifier)
  if ('note' in loaded) return loaded
  const node = findExport(loaded.ast, found.imported)
  if (!node)
    return {
      note: `${loaded.file} has no export ${found.imported === 'default' ? 'default' : found.imported} declared in it`,
    }
  return { module: loaded, node }
}

const FC_TYPES = /^(React\.)?(FC|VFC|FunctionComponent|ComponentType)$/
const WRAPPERS = /^(React\.)?(memo|forwardRef)$/

const calleeName = (node: Node): string =>
  node.type === 'Identifier'
    ? node.name
    : node.type === 'MemberExpression' &&
        node.object.type === 'Identifier' &&
        node.property.type === 'Identifier'
      ? `${node.object.name}.${node.property.name}`
      : ''

/**
 * The props type a component declaration is annotated with: its first parameter's annotation
 * (`function Button({ size }: ButtonProps)`), `React.FC<Props>` on its variable, or through `memo` /
 * `forwardRef` (their type arguments, else the function they wrap).
 */
function propsTypeOf(node: Node): TSType | null {
  switch (node.type) {
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression': {
      let param: Node | undefined = node.params[0]
      if (param?.type === 'AssignmentPattern') param = param.left
      const annotation =
        param && 'typeAnnotation' in param ? (param.typeAnnotation as Node | null | undefined) : undefined
      return annotation?.type === 'TSTypeAnnotation' ? annotation.typeAnnotation : null
    }
    case 'VariableDeclarator': {
      const annotation = node.id.type === 'Identifier' ? node.id.typeAnnotation : null
      if (annotation?.type === 'TSTypeAnnotation') {
        const type = annotation.typeAnnotation
        if (type.type === 'TSTypeReference' && FC_TYPES.test(typeName(type.typeName)))
          return type.typeParameters?.params[0] ?? null
      }
      return node.init ? propsTypeOf(node.init) : null
    }
    case 'CallExpression': {
      const name = calleeName(node.callee)
      if (!WRAPPERS.test(name)) return null
      const typeArguments = node.typeParameters?.params
      if (typeArguments && typeArguments.length > 0)
        return (name.endsWith('forwardRef') ? typeArguments[1] : typeArguments[0]) ?? null
      const wrapped = node.arguments[0]
      return wrapped ? propsTypeOf(wrapped) : null
    }
    default:
      return null
  }
}

function typeName(name: Node): string {
  if (name.type === 'Identifier') return name.name
  if (name.type === 'TSQualifiedName') return `${typeName(name.left)}.${name.right.name}`
  return ''
}

/** A type alias's or interface's declaration for a type reference, here or one relative import away. */
async function resolveType(
  module: PropsModule,
  name: string,
  load: LoadModule,
): Promise<{ module: PropsModule; node: Node } | null> {
  const resolved = await resolveName(module, name, load)
  if ('note' in resolved) return null
  const { node } = resolved
  return node.type === 'TSInterfaceDeclaration' || node.type === 'TSTypeAliasDeclaration' ? resolved : null
}

/** The property signatures of a props type: a type literal, an interface, an alias of them, an intersection. */
async function membersOf(
  module: PropsModule,
  type: TSType,
  load: LoadModule,
  depth: number,
): Promise<{ module: PropsModule; member: TSPropertySignature }[] | null> {
  const of = (elements: TSTypeElement[], where: PropsModule) =>
    elements
      .filter((element): element is TSPropertySignature => element.type === 'TSPropertySignature')
      .map((member) => ({ module: where, member }))
  switch (type.type) {
    case 'TSTypeLiteral':
      return of(type.members, module)
    case 'TSParenthesizedType':
      return membersOf(module, type.typeAnnotation, load, depth)
    case 'TSIntersectionType': {
      const parts = await Promise.all(type.types.map((part) => membersOf(module, part, load, depth)))
      const known = parts.filter((part) => part !== null)
      return known.length > 0 ? known.flat() : null
    }
    case 'TSTypeReference': {
      if (depth >= MAX_ALIAS_DEPTH || type.typeName.type !== 'Identifier') return null
      const resolved = await resolveType(module, type.typeName.name, load)
      if (!resolved) return null
      if (resolved.node.type === 'TSInterfaceDeclaration') return of(resolved.node.body.body, resolved.module)
      if (resolved.node.type === 'TSTypeAliasDeclaration')
        return membersOf(resolved.module, resolved.node.typeAnnotation, load, depth + 1)
      return null
    }
    default:
      return null
  }
}

/** A literal type's value: `'sm'`, `2`, `-1`, `true`. */
function literalOf(type: TSType): LiteralMember | undefined {
  if (type.type !== 'TSLiteralType') return undefined
  const literal = type.literal
  switch (literal.type) {
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'BooleanLiteral':
      return literal.value
    case 'TemplateLiteral':
      return literal.expressions.length === 0 ? (literal.quasis[0]?.value.cooked ?? undefined) : undefined
    case 'UnaryExpression':
      return literal.operator === '-' && literal.argument.type === 'NumericLiteral'
        ? -literal.argument.value
        : undefined
    default:
      return undefined
  }
}

/** One member of a flattened union: a literal, a keyword, `undefined`/`null`, or anything else. */
type UnionPart =
  | { literal: LiteralMember }
  | { keyword: 'string' | 'number' | 'boolean' }
  | { nullish: true }
  | { other: true }

/** The flat members of a union, type aliases followed (here or one relative import away). */
async function unionParts(
  module: PropsModule,
  type: TSType,
  load: LoadModule,
  depth: number,
): Promise<UnionPart[]> {
  switch (type.type) {
    case 'TSParenthesizedType':
      return unionParts(module, type.typeAnnotation, load, depth)
    case 'TSUnionType':
      return (await Promise.all(type.types.map((part) => unionParts(module, part, load, depth)))).flat()
    case 'TSUndefinedKeyword':
    case 'TSNullKeyword':
      return [{ nullish: true }]
    case 'TSStringKeyword':
      return [{ keyword: 'string' }]
    case 'TSNumberKeyword':
      return [{ keyword: 'number' }]
    case 'TSBooleanKeyword':
      return [{ keyword: 'boolean' }]
    case 'TSLiteralType': {
      const literal = literalOf(type)
      return [literal === undefined ? { other: true } : { literal }]
    }
    case 'TSTypeReference': {
      if (depth >= MAX_ALIAS_DEPTH || type.typeName.type !== 'Identifier') return [{ other: true }]
      const resolved = await resolveType(module, type.typeName.name, load)
      if (resolved?.node.type !== 'TSTypeAliasDeclaration') return [{ other: true }]
      return unionParts(resolved.module, resolved.node.typeAnnotation, load, depth + 1)
    }
    default:
      return [{ other: true }]
  }
}

/**
 * What a prop's type lets the panel edit, from its union's parts (`undefined` and `null` left out): a
 * keyword (`string`, `number`, `boolean`; literals of the keyword's own type absorbed), literals only
 * (a union, `boolean` counting as true and false; just true and false is a boolean), or other.
 *
 *   'sm' | 'md' | undefined -> union ['sm', 'md']    boolean | undefined -> boolean    string | number -> other
 */
function kindOf(parts: readonly UnionPart[]): Pick<DeclaredProp, 'kind' | 'members'> {
  const present = parts.filter((part) => !('nullish' in part))
  if (present.length === 0 || present.some((part) => 'other' in part)) return { kind: 'other' }
  const keywords = new Set(present.flatMap((part) => ('keyword' in part ? [part.keyword] : [])))
  const literals = present.flatMap((part) => ('literal' in part ? [part.literal] : []))
  if (keywords.has('boolean')) {
    keywords.delete('boolean')
    literals.push(true, false)
  }
  const members = [...new Set(literals)]
  if (keywords.size === 0) {
    const booleans = members.every((member) => typeof member === 'boolean')
    return booleans && members.length === 2 ? { kind: 'boolean' } : { kind: 'union', members }
  }
  const [keyword] = keywords
  if (keywords.size === 1 && keyword && members.every((member) => typeof member === keyword))
    return { kind: keyword }
  return { kind: 'other' }
}

/**
 * The props a component declares in its TypeScript props type, read from the file that uses it: the
 * component declared there, or imported from a relative module (followed one level); its props type
 * inline, a local interface or type alias, or one imported from a relative module. For each prop,
 * whether it is a string, a number, a boolean, a union of literals (with its members) or other.
 *
 *   // Button.tsx
 *   interface ButtonProps { variant?: 'primary' | 'ghost'; label: string }
 *   export function Button({ variant, label }: ButtonProps) { ... }
 *   // <Button variant="primary" /> in App.tsx ->
 *   { component: 'Button', at: Button.tsx:1, props: [{ variant, union, ['primary', 'ghost'] }, { label, string }] }
 */
export async function declaredProps(
  usage: PropsModule,
  componentName: string,
  load: LoadModule,
): Promise<{ declared: DeclaredProps } | { note: string }> {
  if (componentName.includes('.'))
    return { note: `${componentName} is a member of ${componentName.split('.')[0]}: its props are not read` }
  const component = await resolveName(usage, componentName, load)
  if ('note' in component) return component
  const type = propsTypeOf(component.node)
  if (!type)
    return {
      note: `${componentName} in ${component.module.file} has no props type annotation (its first parameter's, or React.FC<Props>)`,
    }
  const members = await membersOf(component.module, type, load, 0)
  if (!members)
    return {
      note: `${componentName}'s props type (${cut(component.module.text.slice(type.start ?? 0, type.end ?? 0))}) is not an object type, an interface or an alias of one`,
    }
  let at: CodePlace = placeOf(component.module, type)
  if (type.type === 'TSTypeReference' && type.typeName.type === 'Identifier') {
    const declaration = await resolveType(component.module, type.typeName.name, load)
    if (declaration) at = placeOf(declaration.module, declaration.node)
  }
  const props: DeclaredProp[] = []
  const seen = new Set<string>()
  for (const { module, member } of members) {
    const key = member.key
    const name = key.type === 'Identifier' ? key.name : key.type === 'StringLiteral' ? key.value : undefined
    if (name === undefined || member.computed || seen.has(name)) continue
    seen.add(name)
    const annotation = member.typeAnnotation?.typeAnnotation
    const { kind, members: literals } = annotation
      ? kindOf(await unionParts(module, annotation, load, 0))
      : { kind: 'other' as const, members: undefined }
    props.push({
      name,
      optional: Boolean(member.optional),
      kind,
      ...(literals ? { members: literals } : {}),
      type: annotation ? cut(module.text.slice(annotation.start ?? 0, annotation.end ?? 0)) : 'any',
    })
  }
  return { declared: { component: componentName, at, props } }
}
