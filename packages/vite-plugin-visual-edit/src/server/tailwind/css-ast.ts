import type { CssNode } from './design-system.ts'

export interface CssDeclaration {
  property: string
  value: string
  important: boolean
}

/** `.p-4`, `.bg-\[\#123456\]`, `.\[padding\:13px\]`: one class, no pseudo-class or combinator. */
const SINGLE_CLASS_SELECTOR = /^\.(?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+$/

/**
 * Tailwind's own bookkeeping: `--tw-*` custom properties and `@property` rules that go with a
 * declaration (`font-bold` also sets --tw-font-weight). They do not change what a class styles.
 */
function isBookkeeping(node: CssNode): boolean {
  return (
    (node.kind === 'at-rule' && node.name === '@property') ||
    (node.kind === 'declaration' && node.property.startsWith('--tw-'))
  )
}

/**
 * The declarations of a class without variants when its CSS is one plain rule for the class itself
 * (`.p-4 { padding: ... }`); null for anything else (`placeholder-*` styles `::placeholder`,
 * `space-x-*` styles children), so such classes never stand for a declaration of the element.
 */
export function plainDeclarations(ast: readonly CssNode[]): CssDeclaration[] | null {
  const declarations: CssDeclaration[] = []
  let rules = 0
  for (const node of ast) {
    if (isBookkeeping(node)) continue
    if (node.kind !== 'rule' || !SINGLE_CLASS_SELECTOR.test(node.selector)) return null
    rules += 1
    for (const child of node.nodes) {
      if (isBookkeeping(child)) continue
      if (child.kind !== 'declaration' || child.value === undefined) return null
      declarations.push({ property: child.property, value: child.value, important: child.important })
    }
  }
  return rules === 1 ? declarations : null
}

/** Every property a class declares, under whatever variants wrap it. */
export function declaredProperties(ast: readonly CssNode[]): Set<string> {
  const properties = new Set<string>()
  const visit = (nodes: readonly CssNode[]) => {
    for (const node of nodes) {
      if (isBookkeeping(node)) continue
      if (node.kind === 'declaration') properties.add(node.property)
      else if ('nodes' in node) visit(node.nodes)
    }
  }
  visit(ast)
  return properties
}

/**
 * The custom properties a class's own rules set (`--tw-text-opacity: 1`), which its other declarations
 * may read: Tailwind 3 writes a colour as `rgb(37 99 235 / var(--tw-text-opacity, 1))` beside it.
 */
export function ownCustomProperties(ast: readonly CssNode[]): Map<`--${string}`, string> {
  const properties = new Map<`--${string}`, string>()
  for (const node of ast) {
    if (node.kind !== 'rule') continue
    for (const child of node.nodes) {
      if (child.kind === 'declaration' && child.property.startsWith('--') && child.value !== undefined)
        properties.set(child.property as `--${string}`, child.value)
    }
  }
  return properties
}
