import type {
  CallExpression,
  Expression,
  JSXAttribute,
  JSXOpeningElement,
  Node,
  StringLiteral,
  TemplateLiteral,
} from '@babel/types'
import MagicString from 'magic-string'
import { MutateError } from '../edit/mutate-error.ts'
import type { Target } from '../edit/mutation.ts'
import { appendAttribute, findAttribute } from './jsx-ast.ts'
import { attributeValueSource } from './jsx-values.ts'
import { replaceSpan } from './source-edit.ts'

/** The element a class edit reads and rewrites. */
export interface ElementSource {
  code: string
  opening: JSXOpeningElement
  tagName: string
  eol: '\n' | '\r\n'
}

export function elementSource(target: Target): ElementSource {
  return {
    code: target.file.source.text,
    opening: target.opening,
    tagName: target.element.tagName,
    eol: target.file.source.eol,
  }
}

/** What an element's class attribute holds, as far as visual-edit can edit it. */
export interface ClassList {
  /** 'className' or 'class'; null when the element has neither. */
  attributeName: 'className' | 'class' | null
  /** The classes written in literal text, in source order (a class written twice is listed twice). */
  classes: string[]
  /** Source of the parts that are code (`${x ? 'b' : ''}`, `isActive && 'c'`), for messages. */
  expressions: string[]
}

export interface ClassEdit {
  remove?: readonly string[]
  add?: readonly string[]
}

/** Longest class visual-edit writes; Tailwind's arbitrary values stay far below it. */
const MAX_CLASS_LENGTH = 500

/**
 * The classes of a request field: split on whitespace, each once. 400 naming the field for one
 * that is too long or holds a control character.
 */
export function splitClassNames(value: string | readonly string[], field: string): string[] {
  const classes = (typeof value === 'string' ? [value] : value).flatMap((entry) => entry.split(/\s+/))
  const out = [...new Set(classes.filter((className) => className !== ''))]
  for (const className of out) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
    if (className.length > MAX_CLASS_LENGTH || /[\u0000-\u001f\u007f]/.test(className)) {
      throw new MutateError(
        'BAD_REQUEST',
        `${field}: '${className.slice(0, 40)}' is not a class name (at most ${MAX_CLASS_LENGTH} characters, no control characters).`,
      )
    }
  }
  return out
}

/** Helpers whose string arguments are class lists. */
const CLASS_HELPERS = new Set(['cn', 'clsx', 'classNames', 'classnames', 'cx', 'twMerge', 'twJoin'])

/** How the text of a literal is delimited, which decides how a class is written into it. */
type Quoting = { kind: 'jsx' | 'js'; quote: string } | { kind: 'template' }

/** A run of literal class text: a string's content, or a static part of a template. */
interface Segment {
  /** Offsets of the text in the code, quotes and `${`/`}` excluded. */
  start: number
  end: number
  raw: string
  quoting: Quoting
  /** A template expression ends right before / starts right after this text. */
  dynamicBefore: boolean
  dynamicAfter: boolean
}

interface Token {
  value: string
  segment: Segment
  /** Index among the words of segment.raw (expression-touching ones included). */
  word: number
}

interface Model {
  attribute: JSXAttribute | undefined
  attributeName: 'className' | 'class' | null
  /** Each string or template, in source order, as its segments. */
  literals: Segment[][]
  tokens: Token[]
  expressions: string[]
  /** The class helper call, when the value is one (a new string argument goes into it). */
  call: CallExpression | undefined
}

/**
 * Reads the element's class list. An absent attribute is an empty list; a value that is neither
 * text, a template nor a class helper call is a 422 that says what it is and what would work.
 */
export function readClassList(source: ElementSource): ClassList {
  const model = analyse(source)
  return {
    attributeName: model.attributeName,
    classes: model.tokens.map((token) => token.value),
    expressions: model.expressions,
  }
}

/**
 * Removes and adds classes in the literal text only, keeping order and spacing; returns the new code.
 *
 *   before:  className={cn("card p-4 flex", active && "ring")}      remove p-4, add p-6
 *   after:   className={cn("card flex p-6", active && "ring")}
 *
 * A removed class takes one adjacent space with it; added ones go to the end of the first literal;
 * an absent attribute is created. Classes already present are not added again.
 */
export function editClassList(source: ElementSource, edit: ClassEdit): string {
  const model = analyse(source)
  const magic = new MagicString(source.code)
  const remove = new Set(edit.remove ?? [])
  const present = new Set(
    model.tokens.filter((token) => !remove.has(token.value)).map((token) => token.value),
  )
  const add = [...new Set(edit.add ?? [])].filter((className) => !present.has(className))

  const changed = new Map<Segment, string>()
  const removals = new Map<Segment, Token[]>()
  for (const token of model.tokens) {
    if (!remove.has(token.value)) continue
    removals.set(token.segment, [...(removals.get(token.segment) ?? []), token])
  }
  for (const [segment, tokens] of removals) changed.set(segment, withoutTokens(segment, tokens))

  if (add.length > 0) {
    const first = model.literals[0]
    const segment = first?.at(-1)
    if (segment) {
      for (const className of add) assertWritable(className, segment.quoting, source.tagName)
      const written = add.map((className) => escapeFor(className, segment.quoting))
      changed.set(segment, withClasses(changed.get(segment) ?? segment.raw, written, segment.dynamicBefore))
    } else if (model.call) {
      appendArgument(magic, source.code, model.call, add)
    } else if (!model.attribute) {
      appendClassAttribute(magic, source, add)
    }
  }

  for (const [segment, raw] of changed) {
    if (raw !== segment.raw) replaceSpan(magic, segment.start, segment.end, raw)
  }
  return magic.toString()
}

/**
 * Sets the class list to `classes`. A plain string (`"a b"`, `{"a b"}`, a template without
 * expressions) is rewritten with them in their order, its surrounding whitespace kept; any other
 * class list keeps its code and gets the difference (classes removed, then added).
 */
export function replaceClassList(source: ElementSource, classes: readonly string[]): string {
  const model = analyse(source)
  const wanted = [...new Set(classes)]
  const only = model.literals.length === 1 && !model.call ? model.literals[0] : undefined
  const segment = only?.length === 1 ? only[0] : undefined
  if (!segment) {
    const current = new Set(model.tokens.map((token) => token.value))
    const keep = new Set(wanted)
    return editClassList(source, {
      remove: [...current].filter((className) => !keep.has(className)),
      add: wanted.filter((className) => !current.has(className)),
    })
  }
  for (const className of wanted) assertWritable(className, segment.quoting, source.tagName)
  const leading = /^\s*/.exec(segment.raw)?.[0] ?? ''
  const trailing = segment.raw.trim() === '' ? '' : (/\s*$/.exec(segment.raw)?.[0] ?? '')
  const written = wanted.map((className) => escapeFor(className, segment.quoting))
  const raw = `${leading}${written.join(separatorOf(segment.raw))}${trailing}`
  if (raw === segment.raw) return source.code
  const magic = new MagicString(source.code)
  replaceSpan(magic, segment.start, segment.end, raw)
  return magic.toString()
}

// --- reading -------------------------------------------------------------------------------------

function analyse(source: ElementSource): Model {
  const { code, opening, tagName } = source
  const className = findAttribute(opening, 'className')
  const attribute = className ?? findAttribute(opening, 'class')
  const attributeName = className ? 'className' : attribute ? 'class' : null
  const model: Model = {
    attribute,
    attributeName,
    literals: [],
    tokens: [],
    expressions: [],
    call: undefined,
  }
  if (!attribute) return model

  const refuse = (what: string, node: Node): never => {
    throw new MutateError(
      'EDIT_IMPOSSIBLE',
      `The ${attributeName} of <${tagName}> is ${excerpt(code, node)}, ${what}, so its classes are not text visual-edit can edit. Write them as a string, a template or a cn()/clsx() call with string arguments, then try again.`,
    )
  }

  const value = attribute.value
  if (!value) return refuse('an attribute with no value', attribute)
  if (value.type === 'StringLiteral') {
    addLiteral(model, stringSegment(code, value, 'jsx'))
  } else if (value.type === 'JSXExpressionContainer') {
    const expression = value.expression
    if (expression.type === 'JSXEmptyExpression') return refuse('braces with no value', value)
    if (expression.type === 'StringLiteral') addLiteral(model, stringSegment(code, expression, 'js'))
    else if (expression.type === 'TemplateLiteral')
      addLiteral(model, templateSegments(code, expression, model))
    else if (isClassHelperCall(expression)) {
      model.call = expression
      for (const argument of expression.arguments) {
        if (argument.type === 'StringLiteral') addLiteral(model, stringSegment(code, argument, 'js'))
        else if (argument.type === 'TemplateLiteral')
          addLiteral(model, templateSegments(code, argument, model))
        else model.expressions.push(excerpt(code, argument))
      }
    } else {
      refuse(describeExpression(expression), value)
    }
  } else {
    refuse('a JSX element', value)
  }
  return model
}

function isClassHelperCall(expression: Expression): expression is CallExpression {
  return (
    expression.type === 'CallExpression' &&
    expression.callee.type === 'Identifier' &&
    CLASS_HELPERS.has(expression.callee.name)
  )
}

function describeExpression(expression: Expression): string {
  switch (expression.type) {
    case 'Identifier':
      return 'a variable'
    case 'MemberExpression':
    case 'OptionalMemberExpression':
      return 'a value read from an object'
    case 'CallExpression':
    case 'OptionalCallExpression':
      return 'a call to a function whose result is known only at run time (the string arguments of cn, clsx, classNames and twMerge calls are editable)'
    case 'ConditionalExpression':
      return 'a condition'
    case 'BinaryExpression':
      return 'a string built with +'
    case 'LogicalExpression':
      return 'a condition'
    default:
      return 'an expression'
  }
}

function addLiteral(model: Model, segments: Segment[]): void {
  model.literals.push(segments)
  for (const segment of segments) model.tokens.push(...tokensOf(segment))
}

function stringSegment(code: string, literal: StringLiteral, kind: 'jsx' | 'js'): Segment[] {
  const start = (literal.start as number) + 1
  const end = (literal.end as number) - 1
  return [
    {
      start,
      end,
      raw: code.slice(start, end),
      quoting: { kind, quote: code[start - 1] as string },
      dynamicBefore: false,
      dynamicAfter: false,
    },
  ]
}

function templateSegments(code: string, template: TemplateLiteral, model: Model): Segment[] {
  for (const expression of template.expressions) model.expressions.push(`\${${excerpt(code, expression)}}`)
  return template.quasis.map((quasi, index) => ({
    start: quasi.start as number,
    end: quasi.end as number,
    raw: code.slice(quasi.start as number, quasi.end as number),
    quoting: { kind: 'template' },
    dynamicBefore: index > 0,
    dynamicAfter: index < template.quasis.length - 1,
  }))
}

/** The classes of a segment; a class touching `${` or `}` is part of an expression and left out. */
function tokensOf(segment: Segment): Token[] {
  const tokens: Token[] = []
  let word = 0
  for (const match of segment.raw.matchAll(/\S+/g)) {
    const start = match.index
    const end = start + match[0].length
    const touches =
      (start === 0 && segment.dynamicBefore) || (end === segment.raw.length && segment.dynamicAfter)
    if (!touches) tokens.push({ value: cooked(match[0], segment.quoting), segment, word })
    word += 1
  }
  return tokens
}

/** A class as the program sees it: JS and template escapes (`\'`, `\\`) undone. */
function cooked(raw: string, quoting: Quoting): string {
  return quoting.kind === 'jsx' ? raw : raw.replace(/\\(.)/g, '$1')
}

function excerpt(code: string, node: Node): string {
  const text = code.slice(node.start as number, node.end as number).replace(/\s+/g, ' ')
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

// --- writing -------------------------------------------------------------------------------------

/**
 * The segment text without the classes `tokens`, each taking one adjacent gap of whitespace: the gap
 * after it when something follows (a class or an expression), else the gap before it. So `a b c`
 * loses `b ` or ` c`, and a one-class-per-line list loses the class's whole line.
 */
function withoutTokens(segment: Segment, tokens: readonly Token[]): string {
  const words = segment.raw.match(/\S+/g) ?? []
  const gaps = segment.raw.split(/\S+/)
  const remove = [...new Set(tokens.map((token) => token.word))].sort((a, b) => b - a)
  for (const word of remove) {
    const followed = word < words.length - 1 || segment.dynamicAfter
    words.splice(word, 1)
    gaps.splice(followed ? word + 1 : word, 1)
  }
  return gaps.map((gap, index) => gap + (words[index] ?? '')).join('')
}

/** The segment text with `classes` (escaped for it) after its last class, separated the way its classes are. */
function withClasses(raw: string, classes: readonly string[], dynamicBefore: boolean): string {
  const at = raw.trimEnd().length
  const separator = separatorOf(raw)
  const lead = at > 0 || dynamicBefore ? separator : ''
  return `${raw.slice(0, at)}${lead}${classes.join(separator)}${raw.slice(at)}`
}

/** The whitespace between the last two classes when it breaks the line (one class per line), else ' '. */
function separatorOf(raw: string): string {
  const gaps = raw.trim().match(/\s+/g)
  const last = gaps?.at(-1)
  return last && /[\r\n]/.test(last) ? last : ' '
}

/** 422 for a class that cannot be written into this kind of literal. */
function assertWritable(className: string, quoting: Quoting, tagName: string): void {
  if (quoting.kind === 'jsx' && (className.includes(quoting.quote) || /&[#\w]+;/.test(className))) {
    throw new MutateError(
      'INVALID_VALUE',
      `The class '${className}' cannot be written inside the ${quoting.quote}-quoted className of <${tagName}>. Write the className as {"..."} first, or pick another class.`,
    )
  }
}

/** A class as source text in a literal of this kind: backslashes and the delimiter escaped. */
function escapeFor(className: string, quoting: Quoting): string {
  if (quoting.kind === 'jsx') return className
  const escaped = className.replace(/\\/g, '\\\\')
  if (quoting.kind === 'template') return escaped.replace(/`/g, '\\`').replace(/\$\{/g, '\\${')
  return escaped.split(quoting.quote).join(`\\${quoting.quote}`)
}

function appendArgument(
  magic: MagicString,
  code: string,
  call: CallExpression,
  classes: readonly string[],
): void {
  const value = JSON.stringify(classes.join(' '))
  const last = call.arguments.at(-1)
  if (last) magic.appendLeft(last.end as number, `, ${value}`)
  else magic.appendLeft(code.lastIndexOf(')', (call.end as number) - 1), value)
}

function appendClassAttribute(magic: MagicString, source: ElementSource, classes: readonly string[]): void {
  appendAttribute(
    magic,
    source.code,
    source.opening,
    source.eol,
    `className=${attributeValueSource(classes.join(' '))}`,
  )
}
