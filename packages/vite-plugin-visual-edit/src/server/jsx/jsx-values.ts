import type { Expression, JSXAttribute, Node } from '@babel/types'
import type { PropValue } from '../../protocol/change-types.ts'
import { propNameProblem, SCRIPT_SINK_TAGS, VOID_ELEMENTS } from '../../protocol/tags.ts'
import { MutateError } from '../edit/mutate-error.ts'

/**
 * Refuses prop names that would run code or break the editor (protocol/tags.ts, propNameProblem):
 * event handlers (`on*`), `dangerouslySetInnerHTML`, `ref`, prototype keys, the codebase id
 * attribute, and anything that is not a JSX attribute name.
 */
export function assertEditablePropName(name: string): void {
  const problem = propNameProblem(name)
  if (problem)
    throw new MutateError('INVALID_VALUE', `The prop '${name}' cannot be set visually: ${problem}.`)
}

/** Props whose value is a URL the browser may load or navigate to (any case, React and HTML spellings). */
const URL_PROPS = new Set([
  'href',
  'src',
  'srcset',
  'action',
  'formaction',
  'xlinkhref',
  'xlink:href',
  'poster',
  'data',
  'codebase',
  'cite',
  'background',
  'ping',
  'manifest',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'profile',
  'classid',
  'archive',
  'icon',
])

/**
 * Whether a URL value runs code: a `javascript:` or `vbscript:` URL, or a `data:` URL other than an
 * image, in any of its parts (`srcset` and `ping` hold several). Read as the browser's URL parser
 * does: tabs, line breaks and other control characters and spaces do not hide a scheme.
 */
function isScriptUrl(value: string): boolean {
  let plain = ''
  for (const char of value) {
    const code = char.charCodeAt(0)
    if (code > 0x20 && (code < 0x7f || code > 0x9f)) plain += char.toLowerCase()
  }
  return plain
    .split(',')
    .some(
      (part) =>
        part.startsWith('javascript:') ||
        part.startsWith('vbscript:') ||
        (part.startsWith('data:') && !part.startsWith('data:image/')),
    )
}

/** Whether an indexed element renders children of its own (text or elements). */
export const hasChildren = (element: { selfClosing: boolean; text: string; childIds: readonly string[] }) =>
  !element.selfClosing && (element.text !== 'none' || element.childIds.length > 0)

/**
 * Refuses a prop value that would run code or that React refuses to render (it throws, and the page
 * goes blank): a script URL in a URL prop, a `style` that is not an object, `children` on an element
 * that cannot have any, `value`/`defaultValue` on a `<textarea>` that has children.
 */
export function assertPropValue(
  element: { tagName: string; hasChildren: boolean },
  name: string,
  value: PropValue,
): void {
  const refuse = (why: string) => {
    throw new MutateError(
      'INVALID_VALUE',
      `The prop '${name}' cannot be set to ${JSON.stringify(value)}: ${why}.`,
    )
  }
  const lower = name.toLowerCase()
  if (typeof value === 'string' && URL_PROPS.has(lower) && isScriptUrl(value))
    refuse('a javascript:, vbscript: or non-image data: URL runs code; use an http(s) or relative URL')
  if (name === 'style' && value !== null)
    refuse("React's style prop takes an object, not a value; set styles with the styling route (Inline)")
  if (name === 'children' && value !== null && VOID_ELEMENTS.has(element.tagName))
    refuse(`<${element.tagName}> cannot have children (React throws)`)
  if (element.tagName === 'textarea' && (name === 'value' || name === 'defaultValue') && element.hasChildren)
    refuse('a <textarea> with children cannot also take a value (React throws); remove its children first')
}

/**
 * A prop value as JSX attribute source. Strings that JSX can hold between double quotes stay plain
 * (`title="Hello"`); any other string becomes a JavaScript string literal in braces, so quotes,
 * backslashes, ampersands and line breaks stay text: `title={"x\" onClick={...}"}`.
 */
export function attributeValueSource(value: PropValue): string {
  if (typeof value === 'string')
    return /^[^"&\\\r\n\u2028\u2029]*$/.test(value) ? `"${value}"` : `{${JSON.stringify(value)}}`
  return `{${String(value)}}`
}

/** Whether an attribute's value is a literal the server may overwrite without being told to. */
export function isLiteralAttribute(attribute: JSXAttribute): boolean {
  const value = attribute.value
  if (value === null || value === undefined || value.type === 'StringLiteral') return true
  if (value.type !== 'JSXExpressionContainer') return false
  return isLiteralExpression(value.expression)
}

function isLiteralExpression(expression: Expression | Node): boolean {
  switch (expression.type) {
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'BooleanLiteral':
    case 'NullLiteral':
      return true
    case 'TemplateLiteral':
      return expression.expressions.length === 0
    case 'UnaryExpression':
      return (
        (expression.operator === '-' || expression.operator === '+') &&
        expression.argument.type === 'NumericLiteral'
      )
    default:
      return false
  }
}

const HOST_TAG = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/
const COMPONENT_TAG = /^[A-Z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/

export const isComponentName = (tag: string): boolean => COMPONENT_TAG.test(tag)

/** Refuses anything that is not an HTML tag (`section`, `my-widget`) or a component name (`Card`, `Tabs.List`), fragments, and tags that run code. */
export function assertTagName(tag: string): void {
  if (!HOST_TAG.test(tag) && !COMPONENT_TAG.test(tag)) {
    throw new MutateError(
      'INVALID_VALUE',
      `'${tag}' is not a tag name: use a lowercase HTML tag (section, my-widget) or a component name (Card, Tabs.List).`,
    )
  }
  if (SCRIPT_SINK_TAGS.has(tag)) {
    throw new MutateError(
      'INVALID_VALUE',
      `<${tag}> cannot be added or set visually: it loads or runs code. Write it in your editor.`,
    )
  }
  if (tag === 'Fragment' || tag.endsWith('.Fragment')) {
    throw new MutateError(
      'INVALID_VALUE',
      'An element cannot be a fragment here: fragments take no className or id.',
    )
  }
}
