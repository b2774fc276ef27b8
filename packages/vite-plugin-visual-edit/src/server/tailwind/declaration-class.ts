import { type CssDeclaration, ownCustomProperties, plainDeclarations } from './css-ast.ts'
import { normalizeCssValue } from './css-value.ts'
import type { CssNode, DesignSystem } from './design-system.ts'

/**
 * The Tailwind class (without variants) whose CSS is exactly `property: value`, found by asking the
 * design system, never from a table of our own:
 *
 * 1. the functional utilities whose arbitrary value sets exactly that property (`p-[16px]` gives
 *    `padding: 16px`, `px-[16px]` does not), then their named theme values, keeping one whose CSS
 *    resolves to the same value:                       padding: 16px  ->  p-4
 * 2. a static utility with that one declaration:      display: flex  ->  flex
 * 3. the arbitrary value of such a utility:           padding: 13px  ->  p-[13px]
 * 4. an arbitrary property:                           text-wrap: stable  ->  [text-wrap:stable]
 *
 * Null when not even an arbitrary property gives that CSS.
 */
export function classForDeclaration(system: DesignSystem, property: string, value: string): string | null {
  const theme = (name: `--${string}`) => themeValue(system, name)
  const sets = declarationMatcher(property, value, theme)

  const arbitrary = arbitraryValue(value)
  const matchingRoots = rootsSetting(system, property, value, (classes) => {
    const asts = system.candidatesToAst(classes.map((root) => `${root}-[${arbitrary}]`))
    return classes.filter((_, index) => sets(asts[index] ?? []))
  })

  const named: string[] = []
  const negative = normalizeCssValue(value, theme).startsWith('-')
  for (const root of matchingRoots) {
    for (const group of system.utilities.getCompletions(root)) {
      for (const name of group.values) {
        if (name === null) named.push(root)
        else named.push(negative && group.supportsNegative ? `-${root}-${name}` : `${root}-${name}`)
      }
    }
  }
  const namedAsts = system.candidatesToAst(named)
  const namedMatch = named.find((_, index) => sets(namedAsts[index] ?? []))
  if (namedMatch) return namedMatch

  const staticMatch = staticUtilities(system)
    .get(property)
    ?.find((entry) => entry.declarations.length === 1 && sets(entry.ast))
  if (staticMatch) return staticMatch.className

  const arbitraryRoot = matchingRoots[0]
  if (arbitraryRoot) return `${arbitraryRoot}-[${arbitrary}]`

  const propertyClass = arbitraryProperty(property, value)
  const [propertyAst] = system.candidatesToAst([propertyClass])
  return sets(propertyAst ?? []) ? propertyClass : null
}

/**
 * Whether a class's CSS (its AST) is exactly `property: value`: one plain rule for the class, every
 * declaration of that property, not `!important`, its value the same once the theme's and the rule's
 * own variables are put in (css-value.ts). Shared by Tailwind 4 and 3.
 */
export function declarationMatcher(
  property: string,
  value: string,
  theme: (name: `--${string}`) => string | null,
): (ast: readonly CssNode[]) => boolean {
  const wanted = normalizeCssValue(value, theme)
  return (ast) => {
    const declarations = plainDeclarations(ast)
    if (declarations === null || declarations.length === 0) return false
    const own = ownCustomProperties(ast)
    const resolve = (name: `--${string}`) => own.get(name) ?? theme(name)
    return declarations.every(
      (declaration) =>
        declaration.property === property &&
        !declaration.important &&
        normalizeCssValue(declaration.value, resolve) === wanted,
    )
  }
}

const rootIndexes = new WeakMap<DesignSystem, Map<string, Map<string, string[]>>>()

/**
 * The functional utilities whose arbitrary value sets exactly the declaration, shortest first.
 * Trying all of them (~315) costs 40-80 ms warm and 100-400 ms cold, so it is done once per value
 * shape (`#123456` and `#654321` share one, as do `13px` and `14px`, since Tailwind infers a value's
 * type from its syntax) for every property at once: the roots by the one property their arbitrary
 * value declares (`p-[13px]` -> padding, `pt-[13px]` -> padding-top). Every property of a shape after
 * the first is a lookup; the roots found are still checked with the value at hand (`keepSetting`).
 */
function rootsSetting(
  system: DesignSystem,
  property: string,
  value: string,
  keepSetting: (roots: string[]) => string[],
): string[] {
  const byShape = rootIndexes.get(system) ?? new Map<string, Map<string, string[]>>()
  rootIndexes.set(system, byShape)
  const shape = valueShape(value)
  let index = byShape.get(shape)
  if (!index) {
    index = rootsByProperty(system, value)
    byShape.set(shape, index)
  }
  return keepSetting(index.get(property) ?? [])
}

/** Every functional utility, shortest first, by the one property its arbitrary `value` declares. */
function rootsByProperty(system: DesignSystem, value: string): Map<string, string[]> {
  const roots = system.utilities
    .keys('functional')
    .slice()
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1))
  const arbitrary = arbitraryValue(value)
  const asts = system.candidatesToAst(roots.map((root) => `${root}-[${arbitrary}]`))
  const index = new Map<string, string[]>()
  roots.forEach((root, position) => {
    const declarations = plainDeclarations(asts[position] ?? [])
    if (!declarations || declarations.length === 0) return
    const properties = new Set(declarations.map((declaration) => declaration.property))
    if (properties.size !== 1) return
    const declared = [...properties][0] as string
    const list = index.get(declared) ?? []
    list.push(root)
    index.set(declared, list)
  })
  return index
}

/** `#123456` -> `#000000`, `13.5px` -> `0px`, `1px 2px` -> `0px 0px`. */
function valueShape(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/#[0-9a-f]+/g, (hex) => `#${'0'.repeat(hex.length - 1)}`)
    .replace(/\d+(?:\.\d+)?/g, '0')
}

/** A value as Tailwind's arbitrary-value syntax writes it: spaces as `_`, a literal `_` escaped. */
export function arbitraryValue(value: string): string {
  return value.trim().replace(/_/g, '\\_').replace(/\s+/g, '_')
}

/** The arbitrary-property class for a declaration (Tailwind 3 and 4): `text-wrap: stable` -> `[text-wrap:stable]`. */
export function arbitraryProperty(property: string, value: string): string {
  return `[${property}:${arbitraryValue(value)}]`
}

/**
 * The variants of a class as written (`md:hover:p-4` -> md, hover): the parts before its last
 * top-level `:` (one inside `[...]` or `(...)` belongs to an arbitrary value or variant).
 */
export function variantsAsWritten(className: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let index = 0; index < className.length; index++) {
    const char = className[index]
    if (char === '[' || char === '(') depth += 1
    else if (char === ']' || char === ')') depth = Math.max(0, depth - 1)
    else if (char === ':' && depth === 0) {
      parts.push(className.slice(start, index))
      start = index + 1
    }
  }
  return parts
}

function themeValue(system: DesignSystem, name: `--${string}`): string | null {
  try {
    return system.theme.get([name])
  } catch {
    return null
  }
}

interface StaticEntry {
  className: string
  declarations: CssDeclaration[]
  ast: CssNode[]
}

const staticIndexes = new WeakMap<DesignSystem, Map<string, StaticEntry[]>>()

/** Static utilities by the property they declare, compiled once per design system (~80 ms). */
function staticUtilities(system: DesignSystem): Map<string, StaticEntry[]> {
  const cached = staticIndexes.get(system)
  if (cached) return cached
  const index = new Map<string, StaticEntry[]>()
  const names = system.utilities.keys('static')
  const asts = system.candidatesToAst(names)
  names.forEach((className, position) => {
    const ast = asts[position] ?? []
    const declarations = plainDeclarations(ast)
    if (!declarations || declarations.length === 0) return
    for (const property of new Set(declarations.map((declaration) => declaration.property))) {
      const entries = index.get(property) ?? []
      entries.push({ className, declarations, ast })
      index.set(property, entries)
    }
  })
  for (const entries of index.values())
    entries.sort((a, b) => a.className.length - b.className.length || (a.className < b.className ? -1 : 1))
  staticIndexes.set(system, index)
  return index
}
