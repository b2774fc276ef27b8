import path from 'node:path'
import type { File, JSXAttribute, JSXOpeningElement, JSXSpreadAttribute, Node, Statement } from '@babel/types'
import type { PropValue } from '../../protocol/change-types.ts'
import type { CodePlace, ElementPropsResponse, WrittenProp } from '../../protocol/element-props.ts'
import { CODEBASE_ID_ATTRIBUTE } from '../../protocol/ids.ts'
import { sourceHash } from '../../transform/element-index.ts'
import { parseModule, parseOpeningAt } from '../../transform/parse-module.ts'
import { MutateError } from '../edit/mutate-error.ts'
import type { MutationServices } from '../edit/mutation.ts'
import { readSourceFile } from '../edit/source-file.ts'
import { declaredProps, type LoadModule, type PropsModule } from './declared-props.ts'

const MAX_SOURCE_TEXT = 120

const cut = (text: string) =>
  text.length > MAX_SOURCE_TEXT ? `${text.slice(0, MAX_SOURCE_TEXT - 1)}…` : text

/** Extensions a relative import may leave out, tried in this order (then the folder's index). */
const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js']

/**
 * The files a relative import may name: as written, its `.js` as TypeScript writes it for a `.ts(x)`,
 * with each extension, and the folder's index.
 *
 *   './Button' -> Button, Button.tsx, Button.ts, ..., Button/index.tsx, ...
 */
export function importCandidates(fromFile: string, specifier: string): string[] {
  const base = path.resolve(path.dirname(fromFile), specifier)
  const candidates = [base]
  const js = /\.(m|c)?jsx?$/.exec(base)
  if (js) candidates.push(`${base.slice(0, -js[0].length)}.tsx`, `${base.slice(0, -js[0].length)}.ts`)
  for (const extension of EXTENSIONS) candidates.push(`${base}${extension}`)
  for (const extension of EXTENSIONS) candidates.push(path.join(base, `index${extension}`))
  return [...new Set(candidates)]
}

/**
 * Reads relative modules for declaredProps, inside the project only (readSourceFile refuses anything
 * outside the root or in node_modules): the first candidate file that exists, parsed.
 */
export function moduleLoader(services: MutationServices): LoadModule {
  return async (from, specifier) => {
    const fromAbsolute = path.join(services.root, from.file)
    for (const candidate of importCandidates(fromAbsolute, specifier)) {
      const exists = await services.fs.lstat(candidate).then(
        (stats) => stats.isFile() || stats.isSymbolicLink(),
        () => false,
      )
      if (!exists) continue
      let source: Awaited<ReturnType<typeof readSourceFile>>
      try {
        source = await readSourceFile(services.fs, services.root, candidate)
      } catch (error) {
        return { note: `${specifier} (from ${from.file}) is not read: ${(error as Error).message}` }
      }
      try {
        return { file: source.relativePath, text: source.text, ast: parseModule(source.text, source.path) }
      } catch (error) {
        return { note: `${source.relativePath} does not parse: ${(error as Error).message}` }
      }
    }
    return { note: `${specifier} (from ${from.file}) is not a file of the project` }
  }
}

/** The value of a literal attribute (`"sm"`, `{2}`, `{-1}`, `{true}`, `{null}`, `` {`a`} ``, bare: true), else undefined. */
function literalValue(attribute: JSXAttribute): PropValue | undefined {
  const value = attribute.value
  if (value === null || value === undefined) return true
  if (value.type === 'StringLiteral') return value.value
  if (value.type !== 'JSXExpressionContainer') return undefined
  const expression = value.expression
  switch (expression.type) {
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'BooleanLiteral':
      return expression.value
    case 'NullLiteral':
      return null
    case 'TemplateLiteral':
      return expression.expressions.length === 0
        ? (expression.quasis[0]?.value.cooked ?? undefined)
        : undefined
    case 'UnaryExpression':
      if (expression.argument.type !== 'NumericLiteral') return undefined
      if (expression.operator === '-') return -expression.argument.value
      return expression.operator === '+' ? expression.argument.value : undefined
    default:
      return undefined
  }
}

const placeIn = (file: string, node: Node): CodePlace => ({
  file,
  line: node.loc?.start.line ?? 1,
  column: node.loc?.start.column ?? 0,
})

/** One attribute as written: a literal, an expression (its code), or a spread. */
function writtenProp(code: string, file: string, attribute: JSXAttribute | JSXSpreadAttribute): WrittenProp {
  const at = placeIn(file, attribute)
  if (attribute.type === 'JSXSpreadAttribute')
    return {
      name: '...',
      kind: 'spread',
      source: cut(code.slice(attribute.argument.start ?? 0, attribute.argument.end ?? 0)),
      at,
    }
  const name =
    attribute.name.type === 'JSXIdentifier'
      ? attribute.name.name
      : `${attribute.name.namespace.name}:${attribute.name.name.name}`
  const value = literalValue(attribute)
  if (value !== undefined) return { name, kind: 'literal', value, at }
  const container = attribute.value
  const expression =
    container?.type === 'JSXExpressionContainer' ? container.expression : (container ?? attribute)
  return { name, kind: 'expression', source: cut(code.slice(expression.start ?? 0, expression.end ?? 0)), at }
}

/** Top-level declarations whose initialiser can be a component (not a constant, an object, a list). */
const COMPONENT_INIT = new Set([
  'ArrowFunctionExpression',
  'FunctionExpression',
  'CallExpression',
  'ClassExpression',
  'MemberExpression',
  'TaggedTemplateExpression',
])

/**
 * The components an element of this file can become (Change tag): capitalised names bound at its top
 * (value imports, function and class declarations, variables holding a function, a call such as
 * `memo(...)` or `styled.div`...), sorted; not `Fragment`, not constants in capitals (`MAX_ROWS`), not
 * the component whose code holds the element (it would render itself).
 */
export function componentsInScope(ast: File, elementStart: number): string[] {
  const names = new Set<string>()
  const isComponentName = (name: string) => /^[A-Z]/.test(name) && !/^[A-Z0-9_]+$/.test(name)
  let enclosing: string | null = null
  const encloses = (node: Node) => (node.start ?? 0) <= elementStart && elementStart < (node.end ?? 0)
  for (const statement of ast.program.body) {
    if (statement.type === 'ImportDeclaration') {
      if (statement.importKind === 'type' || statement.importKind === 'typeof') continue
      for (const specifier of statement.specifiers) {
        if (specifier.type === 'ImportNamespaceSpecifier') continue
        if (specifier.type === 'ImportSpecifier' && specifier.importKind === 'type') continue
        names.add(specifier.local.name)
      }
      continue
    }
    const declaration: Node | null | undefined =
      statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration'
        ? statement.declaration
        : (statement as Statement)
    if (!declaration) continue
    if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') {
      if (!declaration.id) continue
      names.add(declaration.id.name)
      if (encloses(declaration)) enclosing = declaration.id.name
    } else if (declaration.type === 'VariableDeclaration') {
      for (const declarator of declaration.declarations) {
        if (
          declarator.id.type !== 'Identifier' ||
          !declarator.init ||
          !COMPONENT_INIT.has(declarator.init.type)
        )
          continue
        names.add(declarator.id.name)
        if (encloses(declarator)) enclosing = declarator.id.name
      }
    }
  }
  return [...names]
    .filter((name) => isComponentName(name) && name !== 'Fragment' && name !== enclosing)
    .sort((a, b) => a.localeCompare(b))
}

/**
 * POST /__visual-edit/element-props (protocol/element-props.ts): the element's props as written, its
 * component's declared props, and the components of its file. 404 UNKNOWN_ELEMENT for an id the index
 * does not know, 409 FILE_CHANGED when its file changed on disk since it was indexed (the editor asks
 * again once the page shows the new version). Only paths relative to the root leave the server.
 */
export async function elementProps(services: MutationServices, id: string): Promise<ElementPropsResponse> {
  const element = services.index.get(id)
  if (!element)
    throw new MutateError(
      'UNKNOWN_ELEMENT',
      `No element with codebase id ${id} is known. Reload the preview so it shows the current code.`,
    )
  const source = await readSourceFile(services.fs, services.root, element.file)
  const hash = sourceHash(source.text)
  if (hash !== services.index.sourceHashOf(element.file))
    throw new MutateError(
      'FILE_CHANGED',
      `${source.relativePath} changed on disk since the preview showed it; its props are read again once the preview shows the change.`,
    )
  const ast = services.parsed?.get(element.file, hash) ?? parseModule(source.text, source.path)
  const opening: JSXOpeningElement | undefined = parseOpeningAt(source.text, source.path, element)
  if (!opening)
    throw new MutateError(
      'STALE_ELEMENT',
      `The element ${id} is no longer at ${element.relativeFile}:${element.line}. Reload the preview and select it again.`,
    )
  const written = opening.attributes
    .map((attribute) => writtenProp(source.text, source.relativePath, attribute))
    .filter((prop) => prop.name !== CODEBASE_ID_ATTRIBUTE)
  const usage: PropsModule = { file: source.relativePath, text: source.text, ast }
  const declared = element.isComponent
    ? await declaredProps(usage, element.tagName, moduleLoader(services))
    : null
  return {
    id,
    tagName: element.tagName,
    isComponent: element.isComponent,
    at: { file: element.relativeFile, line: element.line, column: element.column },
    written,
    declared: declared && 'declared' in declared ? declared.declared : null,
    ...(declared && 'note' in declared ? { declaredNote: declared.note } : {}),
    componentsInScope: componentsInScope(ast, element.start),
  }
}
