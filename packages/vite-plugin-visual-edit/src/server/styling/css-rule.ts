/**
 * Which CSS rule a styling edit with the CSS framework goes to: the rule named by the request, or the
 * one top-level rule for one of the element's classes: its static classes in the stylesheets under
 * `src/`, the classes it reads of a CSS module (`styles.card`) in that module. The edit itself is
 * css.ts's applyCssStyling.
 */
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { Expression, JSXOpeningElement, Node } from '@babel/types'
import type { Root } from 'postcss'
import { MutateError } from '../edit/mutate-error.ts'
import { type MutationServices, runEdit } from '../edit/mutation.ts'
import { readSourceFile, resolveEditablePath, type SourceFile } from '../edit/source-file.ts'
import { findAttribute } from '../jsx/jsx-ast.ts'
import { cssTextProblem, inContext, normalizeSelector, parseSheet } from './css.ts'
import { cssModuleClasses, type ModuleClasses, moduleClassSelectors } from './css-module-classes.ts'

/** The rule an edit goes to: the stylesheet (real absolute path) and the selector without modifiers. */
export interface StylesheetRule {
  file: string
  selector: string
}

/** How many stylesheets under `src/` are searched for an element's rule, at most. */
const MAX_STYLESHEETS = 1000

/**
 * The classes written as string literals in the element's className: `"card big"`, `{'card'}`, the
 * whole words of a template's text, and string arguments of a call (`cn('card', active && 'on')` gives
 * `card`).
 */
export function staticClassNames(opening: JSXOpeningElement): string[] {
  const attribute = findAttribute(opening, 'className') ?? findAttribute(opening, 'class')
  const value = attribute?.value
  if (!value) return []
  const words = (text: string) => text.split(/\s+/).filter((word) => word !== '')
  const collect = (node: Node, inCall: boolean): string[] => {
    if (node.type === 'StringLiteral') return words(node.value)
    if (node.type === 'TemplateLiteral') {
      return node.quasis.flatMap((quasi, index) => {
        const text = quasi.value.cooked ?? ''
        const list = words(text)
        // A word touching `${...}` is only part of a class.
        if (index > 0 && !/^\s/.test(text)) list.shift()
        if (index < node.quasis.length - 1 && !/\s$/.test(text)) list.pop()
        return list
      })
    }
    if (node.type === 'CallExpression' && !inCall) {
      return node.arguments.flatMap((argument) => collect(argument, true))
    }
    return []
  }
  const classes =
    value.type === 'StringLiteral'
      ? words(value.value)
      : value.type === 'JSXExpressionContainer' && value.expression.type !== 'JSXEmptyExpression'
        ? collect(value.expression as Expression, false)
        : []
  return [...new Set(classes)]
}

function classSelector(className: string): string {
  return `.${className.replace(/[^\w\-\u0080-\uffff]/g, '\\$&')}`
}

/**
 * Finds the rule a CSS styling edit goes to, before the edit takes its locks: `customProperties.selector`
 * in `customProperties.filename` when both are given; otherwise the one top-level rule (outside media
 * queries; `@layer` blocks count as top level) whose selector is the given selector or `.<class>` for
 * one of the element's static classes, in the given file or in the `.css` files under `src/` (CSS
 * modules excluded: their classes are renamed), or `.<name>` for a class the element reads of a CSS
 * module, in that module (css-module-classes.ts). None or several: 422 with the fix or the list.
 *
 *   <div className={styles.card}>  with  import styles from './Card.module.css'
 *     ->  { file: '<root>/src/Card.module.css', selector: '.card' }
 */
export async function locateStylesheetRule(
  services: MutationServices,
  canvasId: string,
  id: string,
  customProperties: Readonly<Record<string, string>>,
): Promise<StylesheetRule> {
  const selector = customProperties.selector?.trim() || undefined
  const filename = customProperties.filename?.trim() || undefined
  if (selector !== undefined) {
    const problem = selector.length > 1000 ? 'it is longer than 1000 characters' : cssTextProblem(selector)
    if (problem) {
      throw new MutateError(
        'INVALID_VALUE',
        `customProperties.selector ${JSON.stringify(selector)} cannot be used: ${problem}. Send the rule's selector as the stylesheet has it.`,
      )
    }
  }
  const file = filename === undefined ? undefined : await stylesheetPath(services, filename)
  if (selector !== undefined && file !== undefined) return { file, selector }

  let selectors: string[]
  let modules: ModuleClasses = { classes: [], unfollowed: [] }
  if (selector !== undefined) selectors = [selector]
  else {
    let classes: string[] = []
    let tag = ''
    // Read through runEdit so the element is found (and checked current) exactly as edits find it;
    // it changes nothing, so nothing is written or recorded.
    await runEdit(services, canvasId, [id], ([target]) => {
      if (target) {
        classes = staticClassNames(target.opening)
        modules = cssModuleClasses(target.opening, () => target.file.ast, target.element.file)
        tag = target.element.tagName
      }
      return { texts: new Map() }
    })
    if (classes.length === 0 && modules.classes.length === 0) {
      const unfollowed =
        modules.unfollowed.length === 0
          ? ''
          : ` (${list(modules.unfollowed)} names a CSS module class the editor cannot follow: a computed name, or a module imported by a path that is not relative)`
      throw new MutateError(
        'EDIT_IMPOSSIBLE',
        `<${tag}> has no static class to find its CSS rule by${unfollowed}. Give it a className, send customProperties.selector and customProperties.filename, or use the Inline or Tailwind framework.`,
      )
    }
    selectors = classes.map(classSelector)
  }

  const wanted = new Set(selectors.map(normalizeSelector))
  const files = selectors.length === 0 ? [] : file === undefined ? await listStylesheets(services) : [file]
  const found: Found[] = []
  const searched: string[] = []
  for (const candidate of files) {
    let sheet: SourceFile
    let root: Root
    try {
      sheet = await readSourceFile(services.fs, services.root, candidate)
      root = parseSheet(sheet)
    } catch (error) {
      // A stylesheet named by the request must be readable; others that are not are just not searched.
      if (file !== undefined || !(error instanceof MutateError)) throw error
      continue
    }
    searched.push(sheet.relativePath)
    root.walkRules((rule) => {
      const normalized = normalizeSelector(rule.selector)
      if (wanted.has(normalized) && inContext(rule, null)) {
        found.push({
          file: sheet.path,
          relativePath: sheet.relativePath,
          selector: normalized,
          line: rule.source?.start?.line ?? 0,
        })
      }
    })
  }

  const moduleSearch = await findModuleRules(services, modules, file)
  found.push(...moduleSearch.found)
  searched.push(...moduleSearch.searched)

  const names = [...wanted, ...moduleSearch.wanted].join(' or ')
  if (found.length === 0) {
    const where =
      searched.length === 0
        ? file === undefined
          ? 'there is no .css file under src/'
          : 'the stylesheet could not be read'
        : `it is not in ${list(searched)}`
    const example = selectors[0] ?? moduleSearch.wanted[0]?.split(' in ')[0]
    throw new MutateError(
      'EDIT_IMPOSSIBLE',
      `No top-level CSS rule ${names} was found: ${where}. Add a rule such as ${example} { } to ${selectors.length === 0 ? 'the module' : 'a stylesheet'}, or send customProperties.selector and customProperties.filename naming the rule to edit.`,
    )
  }
  if (found.length > 1) {
    throw new MutateError(
      'EDIT_IMPOSSIBLE',
      `Several CSS rules could be the one to edit: ${list(found.map((rule) => `${rule.selector} in ${rule.relativePath}:${rule.line}`))}. Send customProperties.selector and customProperties.filename to say which.`,
    )
  }
  const [rule] = found as [(typeof found)[number]]
  return { file: rule.file, selector: rule.selector }
}

/** A rule that could be the one to edit. */
interface Found {
  file: string
  relativePath: string
  selector: string
  line: number
}

/**
 * The top-level rules of the CSS modules the element reads (`.card` for `styles.card`, or its dashed
 * form, see moduleClassSelectors), each module read once; only `file`'s when the request names one.
 * `wanted` names them for messages (`.card in src/Card.module.css`). A module the code imports must be
 * readable: its error is the answer.
 */
async function findModuleRules(
  services: MutationServices,
  modules: ModuleClasses,
  file: string | undefined,
): Promise<{ found: Found[]; searched: string[]; wanted: string[] }> {
  const out = { found: [] as Found[], searched: [] as string[], wanted: [] as string[] }
  const byFile = new Map<string, string[]>()
  for (const { file: module, name } of modules.classes)
    byFile.set(module, [...(byFile.get(module) ?? []), ...moduleClassSelectors(name)])
  for (const [module, selectors] of byFile) {
    const sheet = await readSourceFile(services.fs, services.root, module)
    if (file !== undefined && sheet.path !== file) continue
    const wanted = new Set(selectors.map(normalizeSelector))
    out.searched.push(sheet.relativePath)
    out.wanted.push(...[...wanted].map((selector) => `${selector} in ${sheet.relativePath}`))
    parseSheet(sheet).walkRules((rule) => {
      const normalized = normalizeSelector(rule.selector)
      if (wanted.has(normalized) && inContext(rule, null)) {
        out.found.push({
          file: sheet.path,
          relativePath: sheet.relativePath,
          selector: normalized,
          line: rule.source?.start?.line ?? 0,
        })
      }
    })
  }
  return out
}

function list(items: readonly string[]): string {
  return items.length > 10
    ? `${items.slice(0, 10).join(', ')} and ${items.length - 10} more`
    : items.join(', ')
}

/** `customProperties.filename` (root-relative; a leading `/` and a query as Vite serves it are allowed). */
async function stylesheetPath(services: MutationServices, filename: string): Promise<string> {
  const relative = filename.replace(/[?#].*$/, '').replace(/^\/+/, '')
  if (!/\.css$/i.test(relative)) {
    throw new MutateError(
      'FILE_NOT_EDITABLE',
      `customProperties.filename ${JSON.stringify(filename)} is not a .css file; the CSS framework edits plain .css stylesheets only.`,
    )
  }
  const absolute = path.resolve(services.root, relative)
  const lexical = path.relative(path.resolve(services.root), absolute)
  if (lexical === '' || lexical === '..' || lexical.startsWith(`..${path.sep}`) || path.isAbsolute(lexical)) {
    throw new MutateError(
      'FILE_NOT_EDITABLE',
      `customProperties.filename ${JSON.stringify(filename)} is outside the project root; send a path relative to it, such as src/index.css.`,
    )
  }
  return (await resolveEditablePath(services.fs, services.root, absolute)).path
}

/** The `.css` files under the root's `src/`, sorted; no node_modules, dot folders, symlinks or CSS modules. */
async function listStylesheets(services: MutationServices): Promise<string[]> {
  const out: string[] = []
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (depth > 20 || out.length >= MAX_STYLESHEETS) return
    let entries: import('node:fs').Dirent[]
    try {
      entries = await readdir(dir, { withFileTypes: true })
    } catch {
      return
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const entry of entries) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) await walk(full, depth + 1)
      else if (entry.isFile() && /\.css$/i.test(entry.name) && !/\.module\.css$/i.test(entry.name)) {
        if (out.length < MAX_STYLESHEETS) out.push(full)
      }
    }
  }
  await walk(path.join(await services.fs.realpath(services.root), 'src'), 0)
  return out
}
