import type { JSXElement } from '@babel/types'

/**
 * The text a JSXText renders, by JSX's whitespace rule: lines are trimmed where they meet a line break,
 * blank lines vanish, the rest join with one space. Takes Babel's `value`, whose entities are already
 * decoded.
 */
function renderJsxText(value: string): string {
  const lines = value.split(/\r\n|\n|\r/)
  const kept: string[] = []
  lines.forEach((line, index) => {
    let text = line
    if (index > 0) text = text.replace(/^[ \t]+/, '')
    if (index < lines.length - 1) text = text.replace(/[ \t]+$/, '')
    if (text !== '') kept.push(text)
  })
  return kept.join(' ')
}

/** Why an element's text cannot be edited in place, or null when it can (plain text children only). */
export function staticTextProblem(element: JSXElement): string | null {
  for (const child of element.children) {
    switch (child.type) {
      case 'JSXText':
        break
      case 'JSXExpressionContainer': {
        const expression = child.expression
        if (expression.type === 'StringLiteral') break
        if (expression.type === 'TemplateLiteral' && expression.expressions.length === 0) break
        if (expression.type === 'JSXEmptyExpression')
          return 'it holds a comment between its text; edit it in code'
        return 'its text comes from an expression; edit the expression in code'
      }
      case 'JSXSpreadChild':
        return 'its children come from a spread; edit it in code'
      default:
        return 'its text is mixed with elements; select the element that holds the text'
    }
  }
  return null
}

/** The text an element with plain-text children renders (see {@link staticTextProblem}). */
export function elementText(element: JSXElement): string {
  let text = ''
  for (const child of element.children) {
    if (child.type === 'JSXText') text += renderJsxText(child.value)
    else if (child.type === 'JSXExpressionContainer') {
      const expression = child.expression
      if (expression.type === 'StringLiteral') text += expression.value
      else if (expression.type === 'TemplateLiteral') text += expression.quasis[0]?.value.cooked ?? ''
    }
  }
  return text
}

/** Whitespace-insensitive comparison of a text the page showed with the code's text. */
export function sameVisibleText(a: string, b: string): boolean {
  const normalize = (value: string) => value.replace(/[\s\u00a0]+/g, ' ').trim()
  return normalize(a) === normalize(b)
}

/**
 * `text` as JSX children that render exactly `text`: characters JSX would read as syntax become
 * entities, line breaks become `{'\n'}`, and spaces at the edges become `{' '}` when `edgesTouchLineBreaks`
 * (the children sit on their own lines, where JSX would trim them).
 *   before:  a < b {x}     after:  a &lt; b &#123;x&#125;
 */
export function toJsxChildren(text: string, edgesTouchLineBreaks: boolean): string {
  const escaped = (part: string) =>
    part.replace(
      /[&<>{}]/g,
      (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '{': '&#123;', '}': '&#125;' })[char] as string,
    )
  const lines = text.split(/\r\n|\n|\r/)
  let out = lines.map(escaped).join("{'\\n'}")
  if (edgesTouchLineBreaks) {
    out = out.replace(/^[ \t]+/, (spaces) => `{'${spaces}'}`).replace(/[ \t]+$/, (spaces) => `{'${spaces}'}`)
  }
  return out
}
