import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { Expression, JSXOpeningElement, Node } from '@babel/types'
import MagicString from 'magic-string'
import postcss, {
  type AtRule,
  type ChildNode,
  CssSyntaxError,
  type Declaration,
  type Root,
  type Rule,
} from 'postcss'
import {
  RESPONSIVE_BREAKPOINTS_REM,
  type ResponsiveModifier,
  STATE_MODIFIERS,
  type StateModifier,
  type StyleModifier,
} from '../../protocol/styling.ts'
import { findAttribute } from '../jsx-ast.ts'
import { MutateError } from '../mutate-error.ts'
import { type MutationServices, runEdit } from '../mutation.ts'
import { indentationAt } from '../source-edit.ts'
import { readSourceFile, resolveEditablePath, type SourceFile } from '../source-file.ts'

/** The rule an edit goes to: the stylesheet (real absolute path) and the selector without modifiers. */
export interface StylesheetRule {
  file: string
  selector: string
}

/** How many stylesheets under `src/` are searched for an element's rule, at most. */
const MAX_STYLESHEETS = 1000

/**
 * Why `text` (a declaration value or a selector) could break out of its place in a stylesheet or a
 * style object, or undefined when it is safe: no line break or control character, no `;`, `{`, `}`,
 * comment marker or `</style`, no trailing backslash, and balanced quotes, parentheses and brackets.
 */
export function cssTextProblem(text: string): string | undefined {
  if (/[\r\n\f\u2028\u2029]/.test(text)) return 'it contains a line break'
  for (const character of text) {
    const code = character.charCodeAt(0)
    if ((code < 0x20 && character !== '\t') || code === 0x7f) return 'it contains a control character'
  }
  if (/[;{}]/.test(text)) return 'it contains ;, { or }, which would end the declaration or the rule'
  if (/<\/style/i.test(text)) return 'it contains </style'
  if (/\/\*|\*\//.test(text)) return 'it contains a comment marker (/* or */)'
  let quote: string | null = null
  const closers: string[] = []
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]
    if (character === '\\') {
      if (index === text.length - 1) return 'it ends with a backslash, which would escape what follows'
      index += 1
    } else if (quote !== null) {
      if (character === quote) quote = null
    } else if (character === '"' || character === "'") {
      quote = character
    } else if (character === '(' || character === '[') {
      closers.push(character === '(' ? ')' : ']')
    } else if ((character === ')' || character === ']') && closers.pop() !== character) {
      return 'its parentheses or brackets are unbalanced'
    }
  }
  if (quote !== null) return 'its quotes are unbalanced'
  if (closers.length > 0) return 'its parentheses or brackets are unbalanced'
  return undefined
}

/** `(min-width: 48rem)` for `md`, null without a responsive modifier; two of them are refused. */
export function mediaQueryFor(modifiers: readonly StyleModifier[]): string | null {
  const responsive = modifiers.filter((modifier): modifier is ResponsiveModifier =>
    Object.hasOwn(RESPONSIVE_BREAKPOINTS_REM, modifier),
  )
  if (responsive.length > 1) {
    throw new MutateError(
      'INVALID_VALUE',
      `A CSS rule can sit in one breakpoint only, not ${responsive.join(' and ')}. Send one responsive modifier.`,
    )
  }
  const breakpoint = responsive[0]
  return breakpoint === undefined ? null : `(min-width: ${RESPONSIVE_BREAKPOINTS_REM[breakpoint]}rem)`
}

/**
 * The selector of the rule for `modifiers`: state modifiers add their pseudo-class and dark mode the
 * `.dark` ancestor to every selector of the list, unless it already has them (a selector the
 * processed-CSS-rules reply named may already be the `:hover` rule).
 *
 *   .card, .tile  + hover, dark  ->  .dark .card:hover, .dark .tile:hover
 */
export function variantSelector(selector: string, modifiers: readonly StyleModifier[]): string {
  const states = modifiers.filter((modifier): modifier is StateModifier =>
    (STATE_MODIFIERS as readonly string[]).includes(modifier),
  )
  const dark = modifiers.includes('dark')
  return postcss.list
    .comma(selector)
    .map((part) => {
      // Pseudo-classes inside :not(...) or :is(...) do not count.
      let compound = part.slice(lastCompoundStart(part))
      while (/\([^()]*\)/.test(compound)) compound = compound.replace(/\([^()]*\)/g, '')
      let out = part
      for (const state of states) {
        if (!new RegExp(`:${state}(?![\\w-])`).test(compound)) out += `:${state}`
      }
      return dark && !/^\.dark\s/.test(out) ? `.dark ${out}` : out
    })
    .join(', ')
}

/** Index where the last compound selector of `selector` starts (after its last combinator). */
function lastCompoundStart(selector: string): number {
  let depth = 0
  let quote: string | null = null
  let start = 0
  for (let index = 0; index < selector.length; index += 1) {
    const character = selector[index] as string
    if (character === '\\') index += 1
    else if (quote !== null) {
      if (character === quote) quote = null
    } else if (character === '"' || character === "'") quote = character
    else if (character === '(' || character === '[') depth += 1
    else if (character === ')' || character === ']') depth -= 1
    else if (depth === 0 && /[\s>+~]/.test(character)) start = index + 1
  }
  return start
}

function normalizeSelector(selector: string): string {
  return selector
    .trim()
    .replace(/\s*,\s*/g, ', ')
    .replace(/\s+/g, ' ')
}

function normalizeParams(params: string): string {
  return params.replace(/\s+/g, '').toLowerCase()
}

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
 * modules excluded: their classes are renamed). None or several: 422 with the fix or the list.
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
  if (selector !== undefined) selectors = [selector]
  else {
    let classes: string[] = []
    let tag = ''
    // Read through runEdit so the element is found (and checked current) exactly as edits find it;
    // it changes nothing, so nothing is written or recorded.
    await runEdit(services, canvasId, [id], ([target]) => {
      if (target) {
        classes = staticClassNames(target.opening)
        tag = target.element.tagName
      }
      return { texts: new Map() }
    })
    if (classes.length === 0) {
      throw new MutateError(
        'EDIT_IMPOSSIBLE',
        `<${tag}> has no static class to find its CSS rule by. Give it a className, send customProperties.selector and customProperties.filename, or use the Inline or Tailwind framework.`,
      )
    }
    selectors = classes.map(classSelector)
  }

  const wanted = new Set(selectors.map(normalizeSelector))
  const files = file === undefined ? await listStylesheets(services) : [file]
  const found: { file: string; relativePath: string; selector: string; line: number }[] = []
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

  const names = [...wanted].join(' or ')
  if (found.length === 0) {
    const where =
      searched.length === 0
        ? file === undefined
          ? 'there is no .css file under src/'
          : 'the stylesheet could not be read'
        : `it is not in ${list(searched)}`
    throw new MutateError(
      'EDIT_IMPOSSIBLE',
      `No top-level CSS rule ${names} was found: ${where}. Add a rule such as ${selectors[0]} { } to a stylesheet, or send customProperties.selector and customProperties.filename naming the rule to edit.`,
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

/** Parses a stylesheet with offsets that match its text (postcss drops a BOM; a space keeps the place). */
function parseSheet(sheet: SourceFile): Root {
  const text = sheet.text.startsWith('\uFEFF') ? ` ${sheet.text.slice(1)}` : sheet.text
  try {
    return postcss.parse(text)
  } catch (error) {
    if (!(error instanceof CssSyntaxError)) throw error
    throw new MutateError(
      'EDIT_IMPOSSIBLE',
      `${sheet.relativePath}:${error.line ?? 0}:${error.column ?? 0} does not parse as CSS (${error.reason}). Fix it, then edit again.`,
    )
  }
}

/** Whether `rule` sits at the top level (through `@layer` blocks), or directly in a matching media block. */
function inContext(rule: Rule, media: string | null): boolean {
  let parent = rule.parent
  if (media !== null) {
    if (!isMedia(parent, media)) return false
    parent = parent.parent
  }
  return isTopLevel(parent)
}

function isMedia(node: unknown, media: string): node is AtRule {
  const atRule = node as AtRule | undefined
  return (
    atRule?.type === 'atrule' &&
    atRule.name.toLowerCase() === 'media' &&
    normalizeParams(atRule.params) === normalizeParams(media)
  )
}

function isTopLevel(node: unknown): boolean {
  let parent = node as Root | AtRule | Rule | undefined
  while (parent?.type === 'atrule' && parent.name.toLowerCase() === 'layer') parent = parent.parent as AtRule
  return parent?.type === 'root'
}

function startOf(node: ChildNode): number {
  return node.source?.start?.offset as number
}

function endOf(node: ChildNode): number {
  return node.source?.end?.offset as number
}

/**
 * Edits the rule `selector` + `modifiers` in `sheet`; returns the stylesheet's new text. `changes` maps
 * property names (kebab-case, checked) to their new value, or null to remove them.
 *
 *   before:  .card {\n  color: red;\n  margin: 0;\n}
 *   after:   .card {\n  color: blue;\n  padding: 8px;\n}
 *
 * A value replaces the last declaration of the property (earlier ones are fallbacks) and carries
 * `!important` only when the new value says so; a removal takes every declaration of the property with
 * its line. A missing `:hover`, `.dark` or `@media` rule is created at the end of the stylesheet (or
 * of an existing media block for the breakpoint).
 */
export function applyCssStyling(args: {
  sheet: SourceFile
  selector: string
  modifiers: readonly StyleModifier[]
  changes: ReadonlyMap<string, string | null>
}): string {
  const { sheet, changes, modifiers } = args
  const code = sheet.text
  const root = parseSheet(sheet)
  const media = mediaQueryFor(modifiers)
  const selector = variantSelector(args.selector, modifiers)
  const wanted = normalizeSelector(selector)
  const rules: Rule[] = []
  root.walkRules((rule) => {
    if (normalizeSelector(rule.selector) === wanted && inContext(rule, media)) rules.push(rule)
  })
  const where = media === null ? selector : `${selector} in @media ${media}`
  if (rules.length > 1) {
    const lines = rules.map((rule) => `${sheet.relativePath}:${rule.source?.start?.line ?? 0}`)
    throw new MutateError(
      'EDIT_IMPOSSIBLE',
      `${where} is written ${rules.length} times (${lines.join(', ')}), so which one to edit is unclear. Merge them in your code, then edit again.`,
    )
  }

  const magic = new MagicString(code)
  const unit = indentUnit(root)
  const rule = rules[0]
  const sets = [...changes].flatMap(([property, value]) => (value === null ? [] : [`${property}: ${value}`]))
  if (rule) {
    editRule(magic, code, rule, changes, sheet.eol, unit)
  } else {
    if (sets.length === 0) return code
    if (modifiers.length === 0) {
      throw new MutateError(
        'EDIT_IMPOSSIBLE',
        `There is no top-level rule ${selector} in ${sheet.relativePath}. Reload the preview and pick the rule again, or add it to the stylesheet.`,
      )
    }
    createRule(magic, code, root, selector, media, sets, sheet.eol, unit)
  }

  const output = magic.toString()
  try {
    postcss.parse(output)
  } catch {
    throw new MutateError(
      'EDIT_IMPOSSIBLE',
      `The edit would leave ${sheet.relativePath} unable to parse, so nothing was written.`,
    )
  }
  return output
}

function sameProperty(written: string, property: string): boolean {
  return property.startsWith('--') ? written === property : written.toLowerCase() === property
}

function editRule(
  magic: MagicString,
  code: string,
  rule: Rule,
  changes: ReadonlyMap<string, string | null>,
  eol: string,
  unit: string,
): void {
  const declarations = rule.nodes.filter((node): node is Declaration => node.type === 'decl')
  const removed = new Set<Declaration>()
  const added: string[] = []
  for (const [property, value] of changes) {
    const matches = declarations.filter((declaration) => sameProperty(declaration.prop, property))
    if (value === null) {
      for (const declaration of matches) removed.add(declaration)
      continue
    }
    const last = matches.at(-1)
    if (!last) {
      added.push(`${property}: ${value}`)
      continue
    }
    const { start, end } = valueSpan(code, last)
    if (start === end) magic.appendLeft(start, value)
    else magic.update(start, end, value)
  }
  for (const declaration of removed) removeDeclaration(magic, code, declaration)
  if (added.length === 0) return

  const open = openBraceOf(code, rule)
  const close = endOf(rule) - 1
  const multiline = /[\r\n]/.test(code.slice(open, close))
  const anchor = declarations.filter((declaration) => !removed.has(declaration)).at(-1)
  if (anchor) {
    const end = endOf(anchor)
    const separator = multiline ? `${eol}${indentationAt(code, startOf(anchor))}` : ' '
    magic.appendLeft(
      end,
      `${code[end - 1] === ';' ? '' : ';'}${added.map((declaration) => `${separator}${declaration};`).join('')}`,
    )
  } else if (multiline) {
    const indent = `${indentationAt(code, startOf(rule))}${unit}`
    magic.appendLeft(open + 1, added.map((declaration) => `${eol}${indent}${declaration};`).join(''))
  } else if (code.slice(open + 1, close).trim() === '') {
    const inner = ` ${added.map((declaration) => `${declaration};`).join(' ')} `
    if (open + 1 === close) magic.appendLeft(close, inner)
    else magic.overwrite(open + 1, close, inner)
  } else {
    magic.appendLeft(open + 1, added.map((declaration) => ` ${declaration};`).join(''))
  }
}

/** [start, end) of the value as written, `!important` included, trailing spaces and `;` excluded. */
function valueSpan(code: string, declaration: Declaration): { start: number; end: number } {
  const declarationStart = startOf(declaration)
  if (code.slice(declarationStart, declarationStart + declaration.prop.length) !== declaration.prop) {
    throw new MutateError(
      'EDIT_IMPOSSIBLE',
      `The declaration of ${declaration.prop} is written in a way the editor cannot place (a hack or a comment before it). Change it in your code.`,
    )
  }
  const start = declarationStart + declaration.prop.length + (declaration.raws.between ?? '').length
  let end = endOf(declaration)
  if (code[end - 1] === ';') end -= 1
  while (end > start && /\s/.test(code[end - 1] as string)) end -= 1
  return { start, end }
}

/** Removes a declaration with its line when it is alone on it, else with the spaces before it. */
function removeDeclaration(magic: MagicString, code: string, declaration: Declaration): void {
  const start = startOf(declaration)
  const end = endOf(declaration)
  const lineStart = code.lastIndexOf('\n', start - 1) + 1
  const newline = code.indexOf('\n', end)
  const lineEnd = newline === -1 ? code.length : newline
  if (/^[ \t]*$/.test(code.slice(lineStart, start)) && /^[ \t\r]*$/.test(code.slice(end, lineEnd))) {
    magic.remove(lineStart, newline === -1 ? lineEnd : newline + 1)
    return
  }
  let from = start
  while (from > 0 && /[ \t]/.test(code[from - 1] as string)) from -= 1
  magic.remove(from, end)
}

function openBraceOf(code: string, node: Rule | AtRule): number {
  return code.indexOf('{', startOf(node))
}

/** The indentation of the first declaration of a top-level rule written on its own line; else 2 spaces. */
function indentUnit(root: Root): string {
  let unit: string | undefined
  root.walkDecls((declaration) => {
    if (declaration.parent?.type !== 'rule' || declaration.parent.parent?.type !== 'root') return
    const before = declaration.raws.before ?? ''
    const indent = before.slice(before.lastIndexOf('\n') + 1)
    if (before.includes('\n') && /^[ \t]+$/.test(indent)) {
      unit = indent
      return false
    }
    return undefined
  })
  return unit ?? '  '
}

function createRule(
  magic: MagicString,
  code: string,
  root: Root,
  selector: string,
  media: string | null,
  declarations: readonly string[],
  eol: string,
  unit: string,
): void {
  const block = (indent: string) =>
    `${indent}${selector} {${eol}${declarations.map((declaration) => `${indent}${unit}${declaration};${eol}`).join('')}${indent}}`

  if (media !== null) {
    const existing = root.nodes.filter((node) => isMedia(node, media) && isTopLevel(node.parent)).at(-1) as
      | AtRule
      | undefined
    if (existing) {
      const indent = `${indentationAt(code, startOf(existing))}${unit}`
      const last = existing.last
      if (last) {
        magic.appendLeft(endOf(last), `${eol}${block(indent)}`)
        return
      }
      const open = openBraceOf(code, existing)
      const close = endOf(existing) - 1
      const inner = `${eol}${block(indent)}${eol}${indentationAt(code, startOf(existing))}`
      if (open + 1 === close) magic.appendLeft(close, inner)
      else magic.overwrite(open + 1, close, inner)
      return
    }
  }

  const text = media === null ? block('') : `@media ${media} {${eol}${block(unit)}${eol}}`
  const separator =
    code.trim() === ''
      ? ''
      : /\n[ \t\r]*\n[ \t\r]*$/.test(code)
        ? ''
        : /\n$/.test(code)
          ? eol
          : `${eol}${eol}`
  magic.append(`${separator}${text}${eol}`)
}
