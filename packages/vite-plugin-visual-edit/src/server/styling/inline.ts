import type { Expression, JSXAttribute, Node, ObjectExpression } from '@babel/types'
import MagicString from 'magic-string'
import { MutateError } from '../edit/mutate-error.ts'
import type { Target } from '../edit/mutation.ts'
import { appendAttribute, findAttribute } from '../jsx/jsx-ast.ts'
import { spansLines } from '../jsx/source-edit.ts'
import { indentAt } from '../structure/layout.ts'

type Quote = "'" | '"'
type Entry = ObjectExpression['properties'][number]

/** A plain number that stays a number when it replaces a numeric style value (`padding: 8` -> `16`). */
const PLAIN_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/**
 * The React style key of a CSS property: `background-color` -> `backgroundColor`, `-webkit-transition` ->
 * `WebkitTransition`, `-ms-transform` -> `msTransform`; custom properties stay as written.
 */
export function styleKey(property: string): string {
  if (property.startsWith('--')) return property
  const name = property.startsWith('-ms-') ? property.slice(1) : property
  return name.replace(/-([a-z0-9])/gi, (_, letter: string) => letter.toUpperCase())
}

/**
 * Edits the element's `style={{ ... }}` object literal property by property; returns the file's new text.
 * `changes` maps CSS property names (kebab-case, checked) to their new value, or null to remove them.
 *
 *   before:  <div style={{ color: 'red', padding: 8 }}>        <p>
 *   after:   <div style={{ color: 'blue', padding: 16, fontSize: '12px' }}>   <p style={{ color: 'red' }}>
 *
 * Only literal keys written after the object's last spread or computed key are replaced (one written
 * before may be overridden by the spread); a property whose value is an expression is not replaced,
 * since the expression may be doing work. Removing the last property removes the attribute.
 */
export function applyInlineStyling(target: Target, changes: ReadonlyMap<string, string | null>): string {
  const code = target.file.source.text
  const eol = target.file.source.eol
  const tag = target.element.tagName
  const opening = target.opening
  const magic = new MagicString(code)
  const attribute = findAttribute(opening, 'style')
  for (const [property, value] of changes) {
    if (value !== null && /!\s*important/i.test(value)) {
      throw new MutateError(
        'INVALID_VALUE',
        `Inline styles cannot be !important (React drops such a value), so ${property} was not set. Use the CSS framework for !important.`,
      )
    }
  }

  if (!attribute) {
    const quote = fileQuote(target)
    const added = [...changes].flatMap(([property, value]) =>
      value === null ? [] : [propertySource(property, value, quote)],
    )
    if (added.length === 0) return code
    appendAttribute(magic, code, opening, eol, `style={{ ${added.join(', ')} }}`)
    return magic.toString()
  }

  const object = styleObject(attribute, code, tag)
  const entries = object.properties
  const keys = entries.map(literalKey)
  const lastBarrier = keys.lastIndexOf(null)
  const quote = objectQuote(object, code) ?? fileQuote(target)
  const removed = new Set<number>()
  const added: string[] = []

  for (const [property, value] of changes) {
    const key = styleKey(property)
    const matches = keys.flatMap((candidate, index) => (candidate === key ? [index] : []))
    if (value === null) {
      for (const index of matches) removed.add(index)
      continue
    }
    const index = matches.at(-1)
    if (index === undefined) {
      added.push(propertySource(property, value, quote))
      continue
    }
    const entry = entries[index] as Entry
    if (index < lastBarrier) {
      const barrier = code.slice(entries[lastBarrier]?.start as number, entries[lastBarrier]?.end as number)
      throw new MutateError(
        'EDIT_IMPOSSIBLE',
        `${key} in the style of <${tag}> is written before ${barrier}, which may override it. Move ${key} after it in your code, then edit again.`,
      )
    }
    if (entry.type !== 'ObjectProperty' || entry.shorthand || !isLiteralValue(entry.value)) {
      const current = entry.type === 'ObjectProperty' ? sourceOf(code, entry.value) : key
      throw new MutateError(
        'EDIT_IMPOSSIBLE',
        `${key} in the style of <${tag}> is the expression ${current}, which may be doing work, so it was not replaced. Change it in your code, or remove the property and set it again.`,
      )
    }
    const numeric = isNumericValue(entry.value) && PLAIN_NUMBER.test(value)
    magic.update(
      entry.value.start as number,
      entry.value.end as number,
      numeric ? value : stringLiteral(value, quote),
    )
  }

  if (removed.size === entries.length && added.length === 0) {
    if (entries.length === 0) return code
    // Nothing left: the attribute goes, with the whitespace before it, so no gap is left.
    let from = attribute.start as number
    while (from > 0 && /\s/.test(code[from - 1] as string)) from -= 1
    magic.remove(from, attribute.end as number)
    return magic.toString()
  }

  const first = entries[0]
  const multiline = first !== undefined && spansLines(code, object.start as number, first.start as number)
  const entryIndent = first ? indentAt(code, first.start as number) : ''
  const kept = entries.filter((_, index) => !removed.has(index))

  if (kept.length === 0) {
    // Every property replaced by new ones: rewrite the inside of the braces in the object's layout.
    const inner = multiline
      ? `${eol}${added.map((source) => `${entryIndent}${source}`).join(`,${eol}`)}${object.extra?.trailingComma !== undefined ? ',' : ''}${eol}${indentAt(code, object.end as number)}`
      : ` ${added.join(', ')} `
    const start = (object.start as number) + 1
    const end = (object.end as number) - 1
    if (start === end) magic.appendLeft(start, inner)
    else magic.overwrite(start, end, inner)
    return magic.toString()
  }

  removeRuns(magic, code, entries, removed)
  const anchor = kept.at(-1) as Entry
  const separator = multiline ? `,${eol}${indentAt(code, anchor.start as number)}` : ', '
  // After the anchor and before any trailing comma, so a trailing comma stays last.
  for (const source of added) magic.appendLeft(anchor.end as number, `${separator}${source}`)
  return magic.toString()
}

/**
 * Removes each run of consecutive removed entries with its commas and whitespace: a run followed by a
 * kept entry goes up to that entry (or to its comments on lines of their own); a run at the end goes from the end of the
 * entry before it, so a trailing comma, when the object has one, stays after the new last entry.
 */
function removeRuns(magic: MagicString, code: string, entries: Entry[], removed: ReadonlySet<number>): void {
  let index = 0
  while (index < entries.length) {
    if (!removed.has(index)) {
      index += 1
      continue
    }
    let end = index
    while (removed.has(end + 1)) end += 1
    const next = entries[end + 1]
    if (next) {
      // Up to the next entry's own comments; a comment on the removed entry's line goes with it.
      const lastRemovedEnd = entries[end]?.end as number
      let nextStart = next.start as number
      for (const comment of next.leadingComments ?? []) {
        if (spansLines(code, lastRemovedEnd, comment.start as number)) {
          nextStart = Math.min(nextStart, comment.start as number)
        }
      }
      magic.remove(entries[index]?.start as number, nextStart)
    } else {
      magic.remove(entries[index - 1]?.end as number, entries[end]?.end as number)
    }
    index = end + 1
  }
}

/** The object literal of `style={{ ... }}` (through `as` / `satisfies`), or a 422 saying why not. */
function styleObject(attribute: JSXAttribute, code: string, tag: string): ObjectExpression {
  const value = attribute.value
  const refuse = (what: string): never => {
    throw new MutateError(
      'EDIT_IMPOSSIBLE',
      `The style of <${tag}> is ${what}, not an object literal, so its properties cannot be edited here. Change it in your code, or style the element with the CSS or Tailwind framework.`,
    )
  }
  if (!value) return refuse('an attribute without a value')
  if (value.type !== 'JSXExpressionContainer') return refuse(`the string ${sourceOf(code, value)}`)
  let expression: Node = value.expression
  while (
    expression.type === 'TSAsExpression' ||
    expression.type === 'TSSatisfiesExpression' ||
    expression.type === 'TSNonNullExpression' ||
    expression.type === 'ParenthesizedExpression'
  ) {
    expression = expression.expression
  }
  if (expression.type !== 'ObjectExpression') return refuse(`the expression ${sourceOf(code, expression)}`)
  return expression
}

/** The style key an entry sets (`color`, `'--brand'`, `['--brand']`), or null when it is not known. */
function literalKey(entry: Entry): string | null {
  if (entry.type === 'SpreadElement') return null
  const key = entry.key
  if (!entry.computed && key.type === 'Identifier') return styleKey(key.name)
  if (key.type === 'StringLiteral') return styleKey(key.value)
  if (key.type === 'TemplateLiteral' && key.expressions.length === 0)
    return styleKey(key.quasis[0]?.value.cooked ?? '')
  return null
}

function isNumericValue(node: Node): boolean {
  return (
    node.type === 'NumericLiteral' ||
    (node.type === 'UnaryExpression' &&
      (node.operator === '-' || node.operator === '+') &&
      node.argument.type === 'NumericLiteral')
  )
}

function isLiteralValue(node: Node): node is Expression {
  return (
    node.type === 'StringLiteral' ||
    (node.type === 'TemplateLiteral' && node.expressions.length === 0) ||
    isNumericValue(node)
  )
}

function propertySource(property: string, value: string, quote: Quote): string {
  const key = styleKey(property)
  return `${IDENTIFIER.test(key) ? key : stringLiteral(key, quote)}: ${stringLiteral(value, quote)}`
}

/** A JavaScript string literal: only the quote, backslashes and line terminators need escaping. */
export function stringLiteral(value: string, quote: Quote): string {
  const escaped = value.replace(/[\\'"\r\n\u2028\u2029]/g, (character) => {
    if (character === '\\') return '\\\\'
    if (character === '\r') return '\\r'
    if (character === '\n') return '\\n'
    if (character === '\u2028') return '\\u2028'
    if (character === '\u2029') return '\\u2029'
    return character === quote ? `\\${quote}` : character
  })
  return `${quote}${escaped}${quote}`
}

/** The quote of the object's first string value, so new values look like their neighbours. */
function objectQuote(object: ObjectExpression, code: string): Quote | undefined {
  for (const entry of object.properties) {
    if (entry.type === 'ObjectProperty' && entry.value.type === 'StringLiteral') {
      return code[entry.value.start as number] === '"' ? '"' : "'"
    }
  }
  return undefined
}

/** The quote of the module's first import, else single quotes. */
function fileQuote(target: Target): Quote {
  for (const statement of target.file.ast.program.body) {
    if (statement.type === 'ImportDeclaration') {
      return target.file.source.text[statement.source.start as number] === '"' ? '"' : "'"
    }
  }
  return "'"
}

function sourceOf(code: string, node: Node): string {
  const text = code.slice(node.start as number, node.end as number).replace(/\s+/g, ' ')
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}
