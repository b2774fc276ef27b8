/**
 * Styling edits written to a plain stylesheet (the CSS framework): the rule for the edit's modifiers
 * found or created, its declarations set or removed with magic-string. Which rule an element's edit
 * goes to is css-rule.ts.
 */
import MagicString from 'magic-string'
import postcss, {
  type AtRule,
  type ChildNode,
  CssSyntaxError,
  type Declaration,
  type Root,
  type Rule,
} from 'postcss'
import type { StyleModifier } from '../../protocol/styling.ts'
import { MutateError } from '../edit/mutate-error.ts'
import type { SourceFile } from '../edit/source-file.ts'
import { indentAt } from '../structure/layout.ts'
import { assertOnlyRuleChanged, declarationValueProblem } from './css-structure.ts'
import { variantRule } from './css-variants.ts'

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

export function normalizeSelector(selector: string): string {
  return selector
    .trim()
    .replace(/\s*,\s*/g, ', ')
    .replace(/\s+/g, ' ')
}

function normalizeParams(params: string): string {
  return params.replace(/\s+/g, '').toLowerCase()
}

/** Parses a stylesheet with offsets that match its text (postcss drops a BOM; a space keeps the place). */
export function parseSheet(sheet: SourceFile): Root {
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
export function inContext(rule: Rule, media: string | null): boolean {
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
 * of an existing media block for the breakpoint). A stylesheet that turns dark by the media query
 * (darkByMedia) gets a dark edit in its `@media (prefers-color-scheme: dark)` block instead of `.dark`.
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
  const { selector, media } = variantRule(root, args.selector, modifiers, /\.module\.css$/i.test(sheet.path))
  for (const [property, value] of changes) {
    const problem = value === null ? undefined : declarationValueProblem(value, cssTextProblem)
    if (problem) {
      throw new MutateError('INVALID_VALUE', `The value of ${property} cannot be written: ${problem}.`)
    }
  }
  const wanted = normalizeSelector(selector)
  const locate = (sheetRoot: Root) => {
    const found: Rule[] = []
    sheetRoot.walkRules((rule) => {
      if (normalizeSelector(rule.selector) === wanted && inContext(rule, media)) found.push(rule)
    })
    return found
  }
  const rules = locate(root)
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
  let after: Root
  try {
    after = postcss.parse(output)
  } catch {
    throw new MutateError(
      'EDIT_IMPOSSIBLE',
      `The edit would leave ${sheet.relativePath} unable to parse, so nothing was written.`,
    )
  }
  assertOnlyRuleChanged({
    before: root,
    after,
    locate,
    changes,
    sameProperty,
    relativePath: sheet.relativePath,
  })
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
    const separator = multiline ? `${eol}${indentAt(code, startOf(anchor))}` : ' '
    magic.appendLeft(
      end,
      `${code[end - 1] === ';' ? '' : ';'}${added.map((declaration) => `${separator}${declaration};`).join('')}`,
    )
  } else if (multiline) {
    const indent = `${indentAt(code, startOf(rule))}${unit}`
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
      const indent = `${indentAt(code, startOf(existing))}${unit}`
      const last = existing.last
      if (last) {
        magic.appendLeft(endOf(last), `${eol}${block(indent)}`)
        return
      }
      const open = openBraceOf(code, existing)
      const close = endOf(existing) - 1
      const inner = `${eol}${block(indent)}${eol}${indentAt(code, startOf(existing))}`
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
