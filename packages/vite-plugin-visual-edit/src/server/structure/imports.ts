import path from 'node:path'
import type { File } from '@babel/types'
import { MutateError } from '../edit/mutate-error.ts'
import { moduleBindings } from '../jsx/module-scope.ts'

/** How a module exports a component: as its default export or under its own name. */
export type ExportKind = 'default' | 'named'

/** How `source` (a module's text, already parsed as `ast`) exports `name`, or undefined. */
export function exportKindOf(ast: File, name: string): ExportKind | undefined {
  for (const statement of ast.program.body) {
    if (statement.type === 'ExportDefaultDeclaration') {
      const declaration = statement.declaration
      if (
        (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') &&
        declaration.id?.name === name
      )
        return 'default'
      if (declaration.type === 'Identifier' && declaration.name === name) return 'default'
    }
    if (statement.type === 'ExportNamedDeclaration') {
      const declaration = statement.declaration
      if (
        (declaration?.type === 'FunctionDeclaration' || declaration?.type === 'ClassDeclaration') &&
        declaration.id?.name === name
      )
        return 'named'
      if (
        declaration?.type === 'VariableDeclaration' &&
        declaration.declarations.some((entry) => entry.id.type === 'Identifier' && entry.id.name === name)
      ) {
        return 'named'
      }
      if (
        statement.specifiers.some(
          (specifier) => specifier.exported.type === 'Identifier' && specifier.exported.name === name,
        )
      )
        return 'named'
    }
  }
  return undefined
}

/** The specifier a module at `from` uses to import `to`: relative, posix, extension as the file's own imports write it. */
function importSpecifier(ast: File, from: string, to: string): string {
  const withExtension = ast.program.body.some(
    (statement) =>
      statement.type === 'ImportDeclaration' &&
      /^\.\.?\//.test(statement.source.value) &&
      /\.[cm]?[jt]sx?$/.test(statement.source.value),
  )
  let relative = path.relative(path.dirname(from), to).split(path.sep).join('/')
  if (!relative.startsWith('.')) relative = `./${relative}`
  return withExtension ? relative : relative.replace(/\.[cm]?[jt]sx?$/, '')
}

/**
 * The import statement a module needs before it can render `<name>` from `target`, and where it goes
 * (after the last import, else after directives like 'use client', else at the top). Undefined when the
 * module already imports `name` from that file. 422 when `name` is already bound to something else.
 */
export function importFor(
  ast: File,
  code: string,
  file: string,
  name: string,
  kind: ExportKind,
  target: string,
  eol: string,
): { at: number; text: string } | undefined {
  const specifier = importSpecifier(ast, file, target)
  const resolved = path.resolve(path.dirname(file), specifier).replace(/\.[cm]?[jt]sx?$/, '')
  const targetWithoutExtension = target.replace(/\.[cm]?[jt]sx?$/, '')
  for (const statement of ast.program.body) {
    if (statement.type !== 'ImportDeclaration') continue
    const from = path.resolve(path.dirname(file), statement.source.value).replace(/\.[cm]?[jt]sx?$/, '')
    if (from !== targetWithoutExtension && from !== resolved) continue
    if (statement.specifiers.some((specifier) => specifier.local.name === name)) return undefined
  }
  if (moduleBindings(ast).has(name)) {
    throw new MutateError(
      'EDIT_IMPOSSIBLE',
      `${name} already means something else in ${path.basename(file)}. Rename one of them, then add the component.`,
    )
  }
  const { quote, semicolon } = importStyle(code)
  const statement =
    kind === 'default'
      ? `import ${name} from ${quote}${specifier}${quote}${semicolon}`
      : `import { ${name} } from ${quote}${specifier}${quote}${semicolon}`

  return importStatementAt(ast, code, statement, eol)
}

/** The quote and statement ending the module's own imports use, so a new import matches them. */
function importStyle(code: string): { quote: string; semicolon: string } {
  return {
    quote: /import[^'"]*"/.test(code) ? '"' : "'",
    semicolon: /import[^\n]*;\s*$/m.test(code) ? ';' : '',
  }
}

/** Where a new import statement goes (after the last import, else after directives, else at the top) and its text. */
function importStatementAt(
  ast: File,
  code: string,
  statement: string,
  eol: string,
): { at: number; text: string } {
  const lastImport = ast.program.body.filter((entry) => entry.type === 'ImportDeclaration').at(-1)
  if (lastImport) return { at: lastImport.end as number, text: `${eol}${statement}` }
  const directive = ast.program.directives.at(-1)
  if (directive) return { at: directive.end as number, text: `${eol}${statement}` }
  const start = code.startsWith('\uFEFF') ? 1 : 0
  const afterShebang = code.startsWith('#!', start) ? code.indexOf('\n', start) + 1 : start
  return { at: afterShebang, text: `${statement}${eol}` }
}

/**
 * How the module writes React's Fragment, so a keyed fragment (`<Fragment key={...}>`) can be
 * written where `<>` cannot carry a key: the name an existing import from 'react' gives it
 * (`Fragment`, `React.Fragment`), else `Fragment` added to the module's `import { ... } from 'react'`
 * or in an import of its own. 422 when the module
 * already binds `Fragment` to something else.
 */
export function reactFragment(
  ast: File,
  code: string,
  eol: string,
): { name: string; addition?: { at: number; text: string } } {
  const imports = ast.program.body.filter((entry) => entry.type === 'ImportDeclaration')
  for (const statement of imports) {
    if (statement.source.value !== 'react' || statement.importKind === 'type') continue
    for (const specifier of statement.specifiers) {
      if (specifier.type === 'ImportDefaultSpecifier' || specifier.type === 'ImportNamespaceSpecifier')
        return { name: `${specifier.local.name}.Fragment` }
      const imported =
        specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value
      if (imported === 'Fragment' && specifier.importKind !== 'type') return { name: specifier.local.name }
    }
  }
  const named = imports.find(
    (statement) =>
      statement.source.value === 'react' &&
      statement.importKind !== 'type' &&
      statement.specifiers.at(-1)?.type === 'ImportSpecifier',
  )
  const bound = moduleBindings(ast).has('Fragment')
  const lastSpecifier = named?.specifiers.at(-1)
  if (lastSpecifier && !bound)
    return { name: 'Fragment', addition: { at: lastSpecifier.end as number, text: ', Fragment' } }
  if (bound) {
    throw new MutateError(
      'EDIT_IMPOSSIBLE',
      'This list entry needs a keyed <Fragment>, but Fragment already means something else in this module. Rename it, then duplicate again.',
    )
  }
  const { quote, semicolon } = importStyle(code)
  const statement = `import { Fragment } from ${quote}react${quote}${semicolon}`
  return { name: 'Fragment', addition: importStatementAt(ast, code, statement, eol) }
}
