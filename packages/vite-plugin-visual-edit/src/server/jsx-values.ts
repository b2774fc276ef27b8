import type { Expression, JSXAttribute, Node } from '@babel/types'
import type { PropValue } from '../protocol/change-types.ts'
import { CODEBASE_ID_ATTRIBUTE } from '../protocol/ids.ts'
import { MutateError } from './mutate-error.ts'

/** JSX attribute names: `name`, `aria-label`, `xlink:href`. */
const ATTRIBUTE_NAME = /^[A-Za-z_$][\w$-]*(?::[A-Za-z_$][\w$-]*)?$/

/**
 * Refuses prop names that would run code or break the editor: event handlers (`on*`),
 * `dangerouslySetInnerHTML`, `ref`, prototype keys, the codebase id attribute, and anything that is
 * not a JSX attribute name.
 */
export function assertEditablePropName(name: string): void {
  const refuse = (why: string) => {
    throw new MutateError('INVALID_VALUE', `The prop '${name}' cannot be set visually: ${why}.`)
  }
  if (!ATTRIBUTE_NAME.test(name)) refuse('it is not a valid JSX attribute name')
  if (/^on/i.test(name)) refuse('event handlers are code; write them in your editor')
  if (name === 'dangerouslySetInnerHTML') refuse('raw HTML is code; write it in your editor')
  if (name === 'ref') refuse('refs are code; write them in your editor')
  if (name === '__proto__' || name === 'constructor' || name === 'prototype') refuse('it is reserved')
  if (name === CODEBASE_ID_ATTRIBUTE) refuse('visual-edit manages it')
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

/** Elements that cannot have children (React throws if they get some). */
export const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
])

/** Refuses anything that is not an HTML tag (`section`, `my-widget`) or a component name (`Card`, `Tabs.List`), and fragments. */
export function assertTagName(tag: string): void {
  if (!HOST_TAG.test(tag) && !COMPONENT_TAG.test(tag)) {
    throw new MutateError(
      'INVALID_VALUE',
      `'${tag}' is not a tag name: use a lowercase HTML tag (section, my-widget) or a component name (Card, Tabs.List).`,
    )
  }
  if (tag === 'Fragment' || tag.endsWith('.Fragment')) {
    throw new MutateError(
      'INVALID_VALUE',
      'An element cannot be a fragment here: fragments take no className or id.',
    )
  }
}
