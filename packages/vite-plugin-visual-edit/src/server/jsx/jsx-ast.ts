import type { JSXAttribute, JSXOpeningElement } from '@babel/types'
import type MagicString from 'magic-string'
import { openingNameEnd } from '../../transform/tag-jsx.ts'

/** The attribute named `name` written directly on the element (spreads are not looked into). */
export function findAttribute(opening: JSXOpeningElement, name: string): JSXAttribute | undefined {
  for (const attribute of opening.attributes) {
    if (attribute.type !== 'JSXAttribute') continue
    const attributeName =
      attribute.name.type === 'JSXIdentifier'
        ? attribute.name.name
        : `${attribute.name.namespace.name}:${attribute.name.name.name}`
    if (attributeName === name) return attribute
  }
  return undefined
}

/** Offset right after the tag name (and its type arguments), where new attributes go. */
export function attributeInsertionPoint(opening: JSXOpeningElement): number {
  const last = opening.attributes.at(-1)
  return last ? (last.end as number) : openingNameEnd(opening)
}

/**
 * Adds `attribute` (`name="value"`) after the element's last attribute; on its own line, indented like
 * the others, when the attributes are written one per line.
 *   before:  <input type="text" />        <input\n  type="text"\n/>
 *   after:   <input type="text" a="b" />  <input\n  type="text"\n  a="b"\n/>
 */
export function appendAttribute(
  magic: MagicString,
  code: string,
  opening: JSXOpeningElement,
  eol: string,
  attribute: string,
): void {
  const last = opening.attributes.at(-1)
  const onOwnLines =
    last !== undefined && /[\r\n]/.test(code.slice(opening.name.end as number, last.start as number))
  const lineStart = last ? code.lastIndexOf('\n', (last.start as number) - 1) + 1 : 0
  const separator = onOwnLines ? `${eol}${/^[ \t]*/.exec(code.slice(lineStart))?.[0] ?? ''}` : ' '
  magic.appendLeft(attributeInsertionPoint(opening), `${separator}${attribute}`)
}
