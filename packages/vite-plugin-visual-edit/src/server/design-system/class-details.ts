import { resolveCssValue } from '../tailwind/css-value.ts'
import type { CssNode } from '../tailwind/design-system.ts'

/** What a suggestion shows beside a class: its declarations, and its colour or value when it has one. */
export interface ClassDetails {
  css: string | null
  color?: string
  value?: string
}

interface Declaration {
  property: string
  value: string
  important: boolean
}

/** Properties that hold a colour a swatch can show (`color`, `background-color`, `--tw-ring-color`, `fill`). */
const COLOR_PROPERTY = /(?:^|-)color$|^(?:fill|stroke)$/
/** Values that are no colour of their own. */
const NOT_A_COLOR = /^(?:inherit|initial|unset|revert|revert-layer|currentcolor|none)$/i

/**
 * A class's details for the suggestion list, from its CSS as Tailwind generates it (`ast`, variants
 * left out) and the theme's variables:
 *
 *   p-4          css `padding: calc(var(--spacing) * 4);`                   value `1rem`
 *   bg-blue-600  css `background-color: var(--color-blue-600);`            color `oklch(...)`, value too
 *   text-sm      css `font-size: ...;\nline-height: ...;`                   neither (two values)
 *
 * `css` holds every declaration, one a line, nested rules (`space-x-4`'s children) included and
 * `@property` registrations left out. A colour is the one value the class's colour properties resolve
 * to (its own variables, like Tailwind 3's `--tw-text-opacity`, and the theme's put in); a value the one
 * value its other declarations resolve to. Either is left out when a variable stays unresolved.
 */
export function classDetails(
  ast: readonly CssNode[],
  theme: (name: `--${string}`) => string | null,
): ClassDetails {
  const declarations = collectDeclarations(ast)
  if (declarations.length === 0) return { css: null }
  const css = declarations
    .map(
      (declaration) =>
        `${declaration.property}: ${declaration.value}${declaration.important ? ' !important' : ''};`,
    )
    .join('\n')

  const own = new Map<string, string>()
  for (const declaration of declarations)
    if (declaration.property.startsWith('--')) own.set(declaration.property, declaration.value)
  const resolve = (value: string) => {
    let unresolved = false
    const resolved = resolveCssValue(value, (name) => {
      const found = own.get(name) ?? theme(name)
      if (found === null) unresolved = true
      return found
    })
    // A variable neither the class nor the theme sets belongs to other classes (`--tw-ring-shadow`
    // beside `shadow-md`): the value depends on them, so there is no one value to show.
    return unresolved ? null : resolved.replace(/\s+/g, ' ')
  }

  const details: ClassDetails = { css }
  const color = oneValue(
    declarations.filter((declaration) => COLOR_PROPERTY.test(declaration.property)),
    resolve,
  )
  // Tailwind 3's opaque colours read `rgb(37 99 235 / 1)` once their opacity variable is put in.
  if (color !== undefined && !NOT_A_COLOR.test(color)) details.color = color.replace(/\s*\/\s*1\)$/, ')')
  const value = oneValue(
    declarations.filter((declaration) => !declaration.property.startsWith('--')),
    resolve,
  )
  if (value !== undefined) details.value = value
  return details
}

/**
 * The one value the declarations resolve to (the last of each property counts); undefined for none,
 * several, or one that does not resolve.
 */
function oneValue(
  declarations: readonly Declaration[],
  resolve: (value: string) => string | null,
): string | undefined {
  const last = new Map<string, string>()
  for (const declaration of declarations) last.set(declaration.property, declaration.value)
  const values = new Set([...last.values()].map(resolve))
  const [only] = values
  return values.size === 1 && typeof only === 'string' && only !== '' && !only.includes('var(')
    ? only
    : undefined
}

function collectDeclarations(ast: readonly CssNode[]): Declaration[] {
  const out: Declaration[] = []
  const visit = (nodes: readonly CssNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'declaration') {
        if (node.value !== undefined)
          out.push({ property: node.property, value: node.value, important: node.important })
      } else if ('nodes' in node && !(node.kind === 'at-rule' && node.name === '@property')) {
        visit(node.nodes)
      }
    }
  }
  visit(ast)
  return out
}
