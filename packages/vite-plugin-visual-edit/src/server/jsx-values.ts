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
