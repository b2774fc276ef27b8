/**
 * The classes an element takes from CSS modules, read from its className and the imports of its file,
 * so a CSS styling edit can go to the module's rule (css-rule.ts):
 *
 *   import styles from './Card.module.css'        <div className={styles.card}>   ->  .card in src/Card.module.css
 *   import { title } from './Card.module.css'     <h2 className={cn(title, big && styles['is-big'])}>
 *                                                                                   ->  .title, .is-big
 */
import path from 'node:path'
import type { File, JSXOpeningElement, Node } from '@babel/types'
import { findAttribute } from '../jsx/jsx-ast.ts'

/** A class of a CSS module as the code names it. */
export interface ModuleClass {
  /** The module's absolute path, resolved from the importing file (not checked to exist here). */
  file: string
  /** The name the code reads (`card`, `cardTitle`): the module's export. */
  name: string
}

export interface ModuleClasses {
  classes: ModuleClass[]
  /**
   * What the className reads of a module that cannot be followed, as written: a computed name
   * (`styles[variant]`) or a module imported by a path that is not relative (`@/Card.module.css`).
   */
  unfollowed: string[]
}

/** A stylesheet Vite treats as a CSS module and the CSS framework can edit (plain CSS, no query). */
const CSS_MODULE = /\.module\.css$/i

interface ModuleImport {
  source: string
  /** The export a named import reads (`title` of `import { title as t }`); undefined for the whole module. */
  imported?: string
}

/**
 * Every member of an imported CSS module the element's `className` (or `class`) reads, anywhere in
 * its expression (calls such as `cn(...)`, conditions, templates, arrays, object keys), in the order
 * written, each once. Reads of a local binding that shadows the import are not told apart from the
 * import: a component rarely names a variable like its styles object.
 */
export function cssModuleClasses(
  opening: JSXOpeningElement,
  ast: () => File,
  elementFile: string,
): ModuleClasses {
  const out: ModuleClasses = { classes: [], unfollowed: [] }
  const value = (findAttribute(opening, 'className') ?? findAttribute(opening, 'class'))?.value
  if (value?.type !== 'JSXExpressionContainer' || value.expression.type === 'JSXEmptyExpression') return out
  // Only now the whole file: a className written as a string needs no parse of it.
  const imports = moduleImports(ast())
  if (imports.size === 0) return out

  const seen = new Set<string>()
  const add = (module: ModuleImport, name: string, written: string) => {
    if (!/^\.\.?\//.test(module.source)) {
      if (!out.unfollowed.includes(written)) out.unfollowed.push(written)
      return
    }
    const file = path.resolve(path.dirname(elementFile), module.source)
    const key = `${file}\u0000${name}`
    if (seen.has(key)) return
    seen.add(key)
    out.classes.push({ file, name })
  }
  const visit = (node: Node | null | undefined): void => {
    if (!node || typeof node !== 'object') return
    if (node.type === 'Identifier') {
      const named = imports.get(node.name)
      if (named?.imported !== undefined) add(named, named.imported, node.name)
      return
    }
    if (node.type === 'MemberExpression' && node.object.type === 'Identifier') {
      const module = imports.get(node.object.name)
      if (module && module.imported === undefined) {
        const property = node.property
        if (!node.computed && property.type === 'Identifier')
          add(module, property.name, `${node.object.name}.${property.name}`)
        else if (property.type === 'StringLiteral')
          add(module, property.value, `${node.object.name}[${JSON.stringify(property.value)}]`)
        else if (!out.unfollowed.includes(`${node.object.name}[...]`))
          out.unfollowed.push(`${node.object.name}[...]`)
        return
      }
    }
    // `x.card` and `{ card: x }` name a property, not the binding `card`.
    if (node.type === 'MemberExpression' && !node.computed) {
      visit(node.object)
      return
    }
    if (node.type === 'ObjectProperty' && !node.computed) {
      visit(node.value)
      return
    }
    for (const key of Object.keys(node) as (keyof Node)[]) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue
      const child = node[key] as unknown
      if (Array.isArray(child)) for (const entry of child) visit(entry as Node)
      else if (child && typeof child === 'object' && 'type' in child) visit(child as Node)
    }
  }
  visit(value.expression)
  return out
}

/** Local names bound to CSS modules by the file's imports. */
function moduleImports(ast: File): Map<string, ModuleImport> {
  const imports = new Map<string, ModuleImport>()
  for (const statement of ast.program.body) {
    if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue
    const source = statement.source.value
    if (!CSS_MODULE.test(source)) continue
    for (const specifier of statement.specifiers) {
      if (specifier.type === 'ImportSpecifier') {
        const imported =
          specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value
        // `import { default as styles }` is the whole module.
        imports.set(specifier.local.name, imported === 'default' ? { source } : { source, imported })
      } else imports.set(specifier.local.name, { source })
    }
  }
  return imports
}

/**
 * The selectors a module class may be written as in its stylesheet: its name, and for a camelCase name
 * the dashed one a `localsConvention: 'camelCase'` export comes from (`cardTitle` -> `.card-title`).
 */
export function moduleClassSelectors(name: string): string[] {
  const selector = (className: string) => `.${className.replace(/[^\w\-\u0080-\uffff]/g, '\\$&')}`
  const dashed = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
  return dashed === name ? [selector(name)] : [selector(name), selector(dashed)]
}
